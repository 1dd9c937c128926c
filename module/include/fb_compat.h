/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fb_compat.h - the kernel API changes between the kernels the modules are
 * built against (Debian's 6.1 and 6.12, or a KSRC tree), one small named
 * helper each, so that the module code reads the same on all of them.
 * Add a helper here, with the version and the change it covers, rather
 * than a version test in the code.
 */
#ifndef _FB_COMPAT_H
#define _FB_COMPAT_H

#include <linux/version.h>

/*
 * fb_assign_str() - __assign_str() of a trace event's string field.
 * @dst:	the field, declared with __string(dst, src)
 * @src:	the string, as given to __string()
 *
 * 6.10 ("tracing/treewide: Remove second parameter of __assign_str()")
 * dropped @src: the field's declaration names it already.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
#define fb_assign_str(dst, src)	__assign_str(dst)
#else
#define fb_assign_str(dst, src)	__assign_str(dst, src)
#endif

/*
 * FB_HAVE_FENCE_DEADLINE - dma_fence deadline hints: dma_fence_ops
 * .set_deadline, dma_fence_set_deadline() and sync_file's
 * SYNC_IOC_SET_DEADLINE came with 6.4 ("dma-buf/dma-fence: Add deadline
 * awareness"); before, a deadline is not part of the dma_fence API.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
#define FB_HAVE_FENCE_DEADLINE 1
#endif

#endif /* _FB_COMPAT_H */
