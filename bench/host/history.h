/* SPDX-License-Identifier: GPL-2.0 */
/* history.h - fbtool history: trend data of every gated figure over runs (history.c). */
#ifndef FB_HISTORY_H
#define FB_HISTORY_H

/* fbtool history OUTDIR BASELINE.json RUN.json...; 0, 1 (error) or 2 (usage). */
int fb_cmd_history(int argc, char **argv);

#endif /* FB_HISTORY_H */
