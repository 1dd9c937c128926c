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

/*
 * Unloading is safe when the kernel can wait for a task preempted in our
 * text (sync_dma_exit()): always without preemptible RCU, and with it only
 * if the kernel has Tasks RCU. On a PREEMPT_RCU kernel without it, the
 * module pins itself at load and rmmod is refused (EBUSY).
 */
#if defined(CONFIG_PREEMPT_RCU) && !defined(CONFIG_TASKS_RCU)
#define SYNC_DMA_PIN_SELF	1
#endif

static int __init sync_dma_init(void)
{
#ifdef SYNC_DMA_PIN_SELF
	__module_get(THIS_MODULE);
	pr_info("sync_dma: preemptible RCU without Tasks RCU: unload disabled\n");
#endif
	sync_dma_debugfs_init();
	return 0;
}

static void __exit sync_dma_exit(void)
{
	/*
	 * No timeline is left: each pins this module until the RCU callback
	 * that frees it drops that reference (sync_dma_timeline_free_rcu()).
	 * That callback may still be returning: rcu_barrier() waits until
	 * every callback queued so far has run to its end. Points are freed
	 * by kfree_rcu (dma_fence_free), which runs no code of ours.
	 *
	 * The task that queued the last callback may still be in our text
	 * too, on its way back into the core after call_rcu() (the tail of
	 * sync_dma_timeline_free() and sync_dma_pt_release()). Without
	 * kernel preemption the grace period before that callback ran waited
	 * for it to leave. Under preemptible RCU it did not: a task preempted
	 * there, outside any read-side section, does not hold up a grace
	 * period. synchronize_rcu_tasks() waits until every task has passed a
	 * voluntary context switch (or user mode, or idle), which a task
	 * preempted in our text has not: then none is left in it. (Without
	 * Tasks RCU it is synchronize_rcu(), enough for the non-preemptible
	 * case; SYNC_DMA_PIN_SELF covers the rest.)
	 */
	rcu_barrier();
	synchronize_rcu_tasks();
	sync_dma_debugfs_exit();
}

module_init(sync_dma_init);
module_exit(sync_dma_exit);

MODULE_DESCRIPTION("Android sync framework on dma_fence, with sync_file interop");
MODULE_LICENSE("GPL");
