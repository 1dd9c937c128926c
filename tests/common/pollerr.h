/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pollerr.h - what poll() reports, per backend, for a fence that signaled
 * with an error (issue 15, docs/semantics.md): POLLERR or POLLIN.
 *
 * legacy and dma choose with their module parameter poll_err
 * (/sys/module/sync_legacy/parameters/poll_err, .../sync_dma/...; 0644, so
 * a test may flip it at run time): legacy defaults to Y (the 2013
 * framework's POLLERR), dma to N (mainline sync_file's POLLIN). mainline
 * always reports POLLIN. Tests read the parameter at each use, so they
 * check the behaviour the module has now.
 *
 * Header-only: conformance, dma and reliability programs include it.
 */
#ifndef FB_TESTS_POLLERR_H
#define FB_TESTS_POLLERR_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* The module of @backend that owns the parameter, or NULL (mainline). */
static inline const char *fb_poll_err_module(const char *backend)
{
	if (!strcmp(backend, "legacy"))
		return "sync_legacy";
	if (!strcmp(backend, "dma"))
		return "sync_dma";
	return NULL;
}

/* The default of the parameter on @backend (mainline: no POLLERR). */
static inline int fb_poll_err_default(const char *backend)
{
	return !strcmp(backend, "legacy");
}

/*
 * 1 if poll() on an error-signaled fence of @backend reports POLLERR now,
 * 0 if it reports POLLIN, -errno if the parameter cannot be read. A module
 * without the parameter (built before it existed) is held to the default;
 * tests/guest/30-conformance.sh checks that the parameter is there.
 */
static inline int fb_poll_err(const char *backend)
{
	const char *mod = fb_poll_err_module(backend);
	char path[128], c = 0;
	FILE *f;

	if (!mod)
		return 0;
	snprintf(path, sizeof(path), "/sys/module/%s/parameters/poll_err", mod);
	f = fopen(path, "r");
	if (!f)
		return errno == ENOENT ? fb_poll_err_default(backend) : -errno;
	if (fread(&c, 1, 1, f) != 1)
		c = 0;
	fclose(f);
	if (c == 'Y' || c == '1')
		return 1;
	if (c == 'N' || c == '0')
		return 0;
	return -EPROTO;
}

/*
 * What fb_fence_poll() (lib/syncdev.h) returns for an error-signaled
 * fence of @backend: -EIO for POLLERR, 1 for POLLIN; -errno as above.
 */
static inline int fb_poll_err_result(const char *backend)
{
	int e = fb_poll_err(backend);

	return e < 0 ? e : e ? -EIO : 1;
}

#endif /* FB_TESTS_POLLERR_H */
