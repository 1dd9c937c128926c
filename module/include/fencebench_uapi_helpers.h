/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fencebench_uapi_helpers.h - the backend-independent half of the fence
 * file ioctls of module/legacy and module/dma: argument checks, the copies
 * from and to user space, and the fill of the info records. How a backend
 * merges and how it walks its points stay in the backend.
 *
 * Static inline only: each module compiles its own copy, so no module
 * exports anything for the other.
 */
#ifndef _FENCEBENCH_UAPI_HELPERS_H
#define _FENCEBENCH_UAPI_HELPERS_H

#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include <uapi/linux/sync_file.h>

#include "fencebench_sync.h"

/**
 * struct fb_merge_ops - how a backend merges fences, for the merge ioctls
 * @merge:	merge @fence and the fence of @fd2 into a new fence named
 *		@name; return it, or an ERR_PTR with nothing left behind
 * @install:	install the new fence at @fd (the copy-out succeeded)
 * @put:	drop the new fence (the copy-out failed)
 */
struct fb_merge_ops {
	void *(*merge)(void *fence, int fd2, const char *name);
	void (*install)(void *fence3, int fd);
	void (*put)(void *fence3);
};

/*
 * Merge into a new fence at a reserved fd, store the fd at @fence_fd in
 * @data (the argument, @size bytes) and copy it out to @uarg; install the
 * fence only once the copy succeeded. Every error path releases the fd.
 */
static __always_inline long fb_merge_commit(const struct fb_merge_ops *ops,
					    void *fence, int fd2,
					    const char *name,
					    void __user *uarg, void *data,
					    size_t size, __s32 *fence_fd)
{
	void *fence3;
	int fd;

	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0)
		return fd;

	fence3 = ops->merge(fence, fd2, name);
	if (IS_ERR(fence3)) {
		put_unused_fd(fd);
		return PTR_ERR(fence3);
	}

	*fence_fd = fd;
	if (copy_to_user(uarg, data, size)) {
		ops->put(fence3);
		put_unused_fd(fd);
		return -EFAULT;
	}

	ops->install(fence3, fd);
	return 0;
}

/* SYNC_IOC_LEGACY_MERGE (2013 ABI): no flags to check. */
static __always_inline long fb_ioctl_legacy_merge(const struct fb_merge_ops *ops,
						  void *fence,
						  unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct sync_legacy_merge_data data;

	if (copy_from_user(&data, uarg, sizeof(data)))
		return -EFAULT;

	data.name[sizeof(data.name) - 1] = '\0';
	return fb_merge_commit(ops, fence, data.fd2, data.name, uarg, &data,
			       sizeof(data), &data.fence);
}

/* Mainline's SYNC_IOC_MERGE: flags and pad must be 0. */
static __always_inline long fb_ioctl_merge(const struct fb_merge_ops *ops,
					   void *fence, unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct sync_merge_data data;

	if (copy_from_user(&data, uarg, sizeof(data)))
		return -EFAULT;

	if (data.flags || data.pad)
		return -EINVAL;

	data.name[sizeof(data.name) - 1] = '\0';
	return fb_merge_commit(ops, fence, data.fd2, data.name, uarg, &data,
			       sizeof(data), &data.fence);
}

/**
 * struct fb_pt_desc - what both info ABIs report of one point
 * @obj_name:		name of its timeline
 * @driver_name:	name of its driver
 * @status:		1 signaled, 0 active, <0 error
 * @timestamp_ns:	time of the status change, 0 while active
 */
struct fb_pt_desc {
	const char *obj_name;
	const char *driver_name;
	int status;
	u64 timestamp_ns;
};

/*
 * Write the struct sync_pt_info of @d, @len bytes long with its driver
 * data, at @buf. Records follow each other unaligned: copied, not stored.
 */
static inline void fb_pt_info_write(u8 *buf, u32 len,
				    const struct fb_pt_desc *d)
{
	struct sync_pt_info info = {
		.len = len,
		.status = d->status,
		.timestamp_ns = d->timestamp_ns,
	};

	strscpy(info.obj_name, d->obj_name, sizeof(info.obj_name));
	strscpy(info.driver_name, d->driver_name, sizeof(info.driver_name));
	memcpy(buf, &info, sizeof(info));
}

/*
 * SYNC_IOC_LEGACY_FENCE_INFO: a zeroed answer of @size bytes with the
 * fence's @name, or NULL. The caller sets the status and the records, then
 * hands it to fb_fence_info_data_put().
 */
static inline struct sync_fence_info_data *
fb_fence_info_data_alloc(size_t size, const char *name)
{
	struct sync_fence_info_data *data = kvzalloc(size, GFP_KERNEL);

	if (data)
		strscpy(data->name, name, sizeof(data->name));
	return data;
}

/* Copy the first @len bytes of the answer to @arg and free it. */
static inline long fb_fence_info_data_put(unsigned long arg,
					  struct sync_fence_info_data *data,
					  u32 len)
{
	long ret = 0;

	data->len = len;
	if (copy_to_user((void __user *)arg, data, len))
		ret = -EFAULT;
	kvfree(data);
	return ret;
}

/* The struct sync_fence_info (SYNC_IOC_FILE_INFO) of @d. */
static inline void fb_fence_info_fill(struct sync_fence_info *fi,
				      const struct fb_pt_desc *d)
{
	strscpy(fi->obj_name, d->obj_name, sizeof(fi->obj_name));
	strscpy(fi->driver_name, d->driver_name, sizeof(fi->driver_name));
	fi->status = d->status;
	fi->flags = 0;
	fi->timestamp_ns = d->timestamp_ns;
}

/*
 * SYNC_IOC_FILE_INFO, first half: copy in and check the argument of a
 * fence of @num points. Returns the zeroed array the caller fills with
 * fb_fence_info_fill(), NULL if only the count is asked (num_fences 0), or
 * ERR_PTR(-EFAULT, -EINVAL: flags, pad or a nonzero count below @num,
 * -ENOMEM).
 */
static inline struct sync_fence_info *
fb_file_info_begin(void __user *uarg, struct sync_file_info *info, u32 num)
{
	struct sync_fence_info *fi;

	if (copy_from_user(info, uarg, sizeof(*info)))
		return ERR_PTR(-EFAULT);

	if (info->flags || info->pad)
		return ERR_PTR(-EINVAL);

	if (!info->num_fences)
		return NULL;

	if (info->num_fences < num)
		return ERR_PTR(-EINVAL);

	fi = kvcalloc(num, sizeof(*fi), GFP_KERNEL);
	return fi ? fi : ERR_PTR(-ENOMEM);
}

/*
 * SYNC_IOC_FILE_INFO, second half: copy the array @fi (if any) to user
 * space, then the answer with the fence's @status and @name; frees @fi.
 */
static inline long fb_file_info_end(void __user *uarg,
				    struct sync_file_info *info,
				    struct sync_fence_info *fi, u32 num,
				    int status, const char *name)
{
	long ret = 0;

	if (fi && copy_to_user(u64_to_user_ptr(info->sync_fence_info), fi,
			       num * sizeof(*fi))) {
		ret = -EFAULT;
		goto out;
	}

	info->status = status;
	strscpy(info->name, name, sizeof(info->name));
	info->num_fences = num;
	if (copy_to_user(uarg, info, sizeof(*info)))
		ret = -EFAULT;
out:
	kvfree(fi);
	return ret;
}

#endif /* _FENCEBENCH_UAPI_HELPERS_H */
