// SPDX-License-Identifier: GPL-2.0
/*
 * sync_dma_interop.c - interop of sync_dma fences with mainline sync_file:
 * export a fence as a real sync_file fd, import a sync_file's fences as the
 * second operand of a merge.
 *
 * A wait may take a sync_file as a second operand too (SYNC_IOC_DMA_WAIT_WITH).
 * An exported sync_file holds a dma_fence_array of the points (or the single
 * point); its fences keep their timelines, and so this module, alive: rmmod
 * is refused while the sync_file exists. Imported fences are unwrapped
 * (dma_fence_unwrap), so a fence never holds a container.
 */
#include <linux/dma-fence-array.h>
#include <linux/err.h>
#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sync_file.h>
#include <linux/uaccess.h>

#include "fencebench_sync.h"
#include "sync_dma_internal.h"

/**
 * sync_dma_fence_to_dma_fence() - one dma_fence standing for a fence
 * @fence:	the fence
 *
 * The single point, or a dma_fence_array (signal when all signaled) of
 * all points on a new context. Process context.
 *
 * Return: a new reference the caller must dma_fence_put(), or
 * ERR_PTR(-ENOMEM).
 */
struct dma_fence *sync_dma_fence_to_dma_fence(struct sync_dma_fence *fence)
{
	struct dma_fence_array *array;
	struct dma_fence **fences;
	unsigned int i;

	if (fence->num_pts == 1)
		return dma_fence_get(fence->cbs[0].pt);

	fences = kmalloc_array(fence->num_pts, sizeof(*fences), GFP_KERNEL);
	if (!fences)
		return ERR_PTR(-ENOMEM);
	for (i = 0; i < fence->num_pts; i++)
		fences[i] = dma_fence_get(fence->cbs[i].pt);
	/* On success the array owns @fences and their references. */
	array = dma_fence_array_create(fence->num_pts, fences,
				       dma_fence_context_alloc(1), 1, false);
	if (!array) {
		for (i = 0; i < fence->num_pts; i++)
			dma_fence_put(fences[i]);
		kfree(fences);
		return ERR_PTR(-ENOMEM);
	}
	/*
	 * Enable signalling now: 6.1's dma_fence_array_signaled(), asked
	 * before that, reports the array signaled without the error of a
	 * failed point (it clears the pending error); with its callbacks
	 * installed the first error is kept, as sync_dma fences do.
	 */
	dma_fence_enable_sw_signaling(&array->base);
	return &array->base;
}
EXPORT_SYMBOL_GPL(sync_dma_fence_to_dma_fence);

/*
 * The file-less merge of @a with the fence behind @fd2 (a sync_dma fence
 * or a mainline sync_file, whose fences are unwrapped). ERR_PTR(-ENOENT)
 * if @fd2 is neither, ERR_PTR(-ENOMEM).
 */
static struct sync_dma_fence *sync_dma_merge_fd_nofile(const char *name,
						       struct sync_dma_fence *a,
						       int fd2)
{
	struct sync_dma_fence *b, *fence;
	struct dma_fence *f;

	b = sync_dma_fence_fdget(fd2);
	if (b) {
		fence = sync_dma_fence_merge_two(name, a, b);
		sync_dma_fence_put(b);
	} else {
		f = sync_file_get_fence(fd2);
		if (!f)
			return ERR_PTR(-ENOENT);
		fence = sync_dma_fence_merge_dma_nofile(name, a, f);
		dma_fence_put(f);
	}
	return fence;
}

/**
 * sync_dma_fence_merge_fd() - merge a fence with the fence behind an fd
 * @name:	name of the new fence
 * @a:		a fence
 * @fd2:	a sync_dma fence fd or a mainline sync_file fd
 *
 * Return: the new fence, ERR_PTR(-ENOENT) if @fd2 is neither kind of
 * fence, ERR_PTR(-ENOMEM), or the error of creating its file.
 */
struct sync_dma_fence *sync_dma_fence_merge_fd(const char *name,
					       struct sync_dma_fence *a,
					       int fd2)
{
	return sync_dma_fence_finish(sync_dma_merge_fd_nofile(name, a, fd2));
}

/**
 * sync_dma_ioctl_wait_with() - SYNC_IOC_DMA_WAIT_WITH
 * @fence:	the fence
 * @arg:	user pointer to struct sync_dma_wait_with_data
 *
 * Waits, with the timeout rules of SYNC_IOC_LEGACY_WAIT, for @fence and the
 * fence behind fd2 (sync_dma or mainline sync_file) together, through a
 * merge that gets no file and is dropped after the wait.
 *
 * Return: as sync_dma_fence_wait(); -ENOENT if fd2 is no fence, -EINVAL
 * for nonzero flags, -ENOMEM, -EFAULT.
 */
long sync_dma_ioctl_wait_with(struct sync_dma_fence *fence, unsigned long arg)
{
	struct sync_dma_wait_with_data data;
	struct sync_dma_fence *both;
	long ret;

	if (copy_from_user(&data, (void __user *)arg, sizeof(data)))
		return -EFAULT;
	if (data.flags)
		return -EINVAL;
	both = sync_dma_merge_fd_nofile(fence->name, fence, data.fd2);
	if (IS_ERR(both))
		return PTR_ERR(both);
	ret = sync_dma_fence_wait(both, data.timeout);
	sync_dma_fence_free(both);
	return ret;
}

/**
 * sync_dma_ioctl_export() - SYNC_IOC_DMA_EXPORT_SYNC_FILE
 * @fence:	the fence
 * @arg:	user pointer to struct sync_dma_export_data
 *
 * Return: 0 with the new sync_file fd in the answer; -EINVAL for nonzero
 * flags, -ENOMEM, -EFAULT, or the error of reserving an fd.
 */
long sync_dma_ioctl_export(struct sync_dma_fence *fence, unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct sync_dma_export_data data;
	struct sync_file *sync_file;
	struct dma_fence *f;
	int fd, ret;

	if (copy_from_user(&data, uarg, sizeof(data)))
		return -EFAULT;
	if (data.flags)
		return -EINVAL;

	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0)
		return fd;
	f = sync_dma_fence_to_dma_fence(fence);
	if (IS_ERR(f)) {
		ret = PTR_ERR(f);
		goto err_fd;
	}
	sync_file = sync_file_create(f);	/* takes its own reference */
	dma_fence_put(f);
	if (!sync_file) {
		ret = -ENOMEM;
		goto err_fd;
	}
	strscpy(sync_file->user_name, fence->name,
		sizeof(sync_file->user_name));

	data.fd = fd;
	if (copy_to_user(uarg, &data, sizeof(data))) {
		fput(sync_file->file);
		ret = -EFAULT;
		goto err_fd;
	}
	fd_install(fd, sync_file->file);
	return 0;

err_fd:
	put_unused_fd(fd);
	return ret;
}
