/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jsonobj.h - fbtool's small JSON objects for the shell scripts.
 *
 * fbtool object OUT.json KEY=STRING|KEY:=NUMBER...: write a flat object,
 *   in the order given, atomically; strings escaped as JSON needs.
 * fbtool get FILE.json KEY: print that top-level scalar; 1 if absent.
 * Both return fbtool's exit status (2: bad usage).
 */
#ifndef FB_JSONOBJ_H
#define FB_JSONOBJ_H

int fb_cmd_object(int argc, char **argv);
int fb_cmd_get(int argc, char **argv);

#endif /* FB_JSONOBJ_H */
