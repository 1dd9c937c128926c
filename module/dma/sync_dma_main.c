// SPDX-License-Identifier: GPL-2.0
/*
 * sync_dma_main.c - module entry of sync_dma.ko, the 2013 Android sync
 * framework rebuilt on dma_fence (see sync_dma.h for the design).
 *
 * Every exported symbol starts with sync_dma_, so this module loads beside
 * the legacy port, which exports the 2013 names.
 */
#include <linux/module.h>
#include <linux/rcupdate.h>

#include "sync_dma_internal.h"

static int __init sync_dma_init(void)
{
	sync_dma_debugfs_init();
	return 0;
}

static void __exit sync_dma_exit(void)
{
	/*
	 * No timeline is left: each pins this module until the RCU callback
	 * that frees it drops that reference (sync_dma_timeline_free_rcu()).
	 * That callback may still be returning: wait until every callback
	 * queued so far has run to its end before our text goes away. Points
	 * are freed by kfree_rcu (dma_fence_free), which runs no code of ours.
	 */
	rcu_barrier();
	sync_dma_debugfs_exit();
}

module_init(sync_dma_init);
module_exit(sync_dma_exit);

MODULE_DESCRIPTION("Android sync framework on dma_fence, with sync_file interop");
MODULE_LICENSE("GPL");
