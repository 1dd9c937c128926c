/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pollerr.h - what poll() reports, per backend, for a fence that signaled
 * with an error (issue 15, docs/semantics.md): POLLERR or POLLIN.
 *
 * A backend declares the module owning its poll_err parameter and the
 * parameter's default (struct fb_syncdev, lib/syncdev.c): legacy's
 * sync_legacy defaults to Y (the 2013 framework's POLLERR), dma's sync_dma
 * to N (mainline sync_file's POLLIN); mainline has no parameter and always
 * reports POLLIN. The parameter is 0644 (a test may flip it at run time):
 * tests read it at each use, so they check the behaviour the module has now.
 *
 * Header-only: conformance, dma and reliability programs include it.
 */
#ifndef FB_TESTS_POLLERR_H
#define FB_TESTS_POLLERR_H

#include <errno.h>
#include <stdio.h>

#include "syncdev.h"

/*
 * 1 if poll() on an error-signaled fence of @dev reports POLLERR now,
 * 0 if it reports POLLIN, -errno if the parameter cannot be read. A module
 * without the parameter (built before it existed) is held to the default;
 * tests/guest/30-conformance.sh checks that the parameter is there.
 */
static inline int fb_poll_err(const struct fb_syncdev *dev)
{
	char path[128], c = 0;
	FILE *f;

	if (!dev->poll_err_module)
		return 0;
	snprintf(path, sizeof(path), "/sys/module/%s/parameters/poll_err",
		 dev->poll_err_module);
	f = fopen(path, "r");
	if (!f)
		return errno == ENOENT ? dev->poll_err_default : -errno;
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
 * fence of @dev: -EIO for POLLERR, 1 for POLLIN; -errno as above.
 */
static inline int fb_poll_err_result(const struct fb_syncdev *dev)
{
	int e = fb_poll_err(dev);

	return e < 0 ? e : e ? -EIO : 1;
}

#endif /* FB_TESTS_POLLERR_H */
