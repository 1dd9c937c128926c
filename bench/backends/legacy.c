// SPDX-License-Identifier: GPL-2.0
/* legacy.c - backend: the 2013 Android sync framework port (/dev/sw_sync). */
#include "timeline.h"

/* The framework's own ABI: SYNC_IOC_LEGACY_MERGE and SYNC_IOC_LEGACY_WAIT. */
static const struct fb_backend fb_backend_legacy = {
	.name = "legacy",
	.desc = "2013 Android sync framework + sw_sync, out of tree (/dev/sw_sync)",
	.order = 10,
	.kind = FB_KIND_FENCE,
	.colour = "#d62728",
	/* The one tracepoint of its signal path, on entry to sync_timeline_signal(). */
	.signal_event = "sync_legacy:sync_timeline",
	FB_TL_FRAMEWORK_2013_OPS,
};

FB_BACKEND_REGISTER(fb_backend_legacy);
