// SPDX-License-Identifier: GPL-2.0
/* syncdev.c - wrappers of the sw_sync style ABI shared by the fence backends. */
#include "syncdev.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/sync_file.h>
#include "../module/include/uapi/fencebench_sync.h"

/* A field left out is false, NULL or 0 (see struct fb_syncdev). */
const struct fb_syncdev fb_syncdevs[] = {
	{ .name = "legacy", .path = "/dev/sw_sync", .module = "sw_sync_legacy",
	  .caps = FB_CAP_LEGACY_ABI,
	  .poll_err_module = "sync_legacy", .poll_err_default = true,
	  .nofile_errno = ENFILE, .half_wrap_pending = true },
	{ .name = "dma", .path = "/dev/sw_sync_dma", .module = "sw_sync_dma",
	  .caps = FB_CAP_LEGACY_ABI | FB_CAP_DMA_INTEROP,
	  .poll_err_module = "sync_dma", .nofile_errno = ENFILE,
	  .deadline_abi = true },
	{ .name = "mainline", .path = "/sys/kernel/debug/sync/sw_sync",
	  .caps = FB_CAP_SYNC_FILE, .nofile_errno = ENOMEM,
	  .deadline_abi = true },
	{ .name = NULL },
};

const char *fb_syncdev_name(size_t i)
{
	for (const struct fb_syncdev *d = fb_syncdevs; d->name; d++)
		if (!i--)
			return d->name;
	return NULL;
}

const struct fb_syncdev *fb_syncdev_find(const char *name)
{
	for (const struct fb_syncdev *d = fb_syncdevs; d->name; d++)
		if (!strcmp(d->name, name))
			return d;
	return NULL;
}

const struct fb_syncdev *fb_syncdev_with(unsigned int caps)
{
	for (const struct fb_syncdev *d = fb_syncdevs; d->name; d++)
		if ((d->caps & caps) == caps)
			return d;
	return NULL;
}

const char *fb_syncdev_check(const struct fb_syncdev *dev)
{
	unsigned int kind = dev->caps & (FB_CAP_LEGACY_ABI | FB_CAP_SYNC_FILE);

	if (dev->caps & ~(FB_CAP_LEGACY_ABI | FB_CAP_DMA_INTEROP | FB_CAP_SYNC_FILE))
		return "unknown FB_CAP_* bits";
	if (!kind)
		return "neither FB_CAP_LEGACY_ABI nor FB_CAP_SYNC_FILE: what its fence fds are is unknown";
	if (kind != FB_CAP_LEGACY_ABI && kind != FB_CAP_SYNC_FILE)
		return "both FB_CAP_LEGACY_ABI and FB_CAP_SYNC_FILE";
	if ((dev->caps & FB_CAP_DMA_INTEROP) && !(dev->caps & FB_CAP_LEGACY_ABI))
		return "FB_CAP_DMA_INTEROP without FB_CAP_LEGACY_ABI";
	if (dev->nofile_errno <= 0)
		return "no nofile_errno";
	return NULL;
}

int fb_syncdev_present(const struct fb_syncdev *dev)
{
	int fd = fb_timeline_open(dev);

	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

int fb_syncdev_required(const struct fb_syncdev *dev, const char *load_list)
{
	char line[256];
	int found = 0;
	FILE *f;

	if (!dev->module)
		return 1;
	f = load_list ? fopen(load_list, "r") : NULL;
	while (f && !found && fgets(line, sizeof(line), f)) {
		const char *base = strrchr(line, '/');
		size_t n;

		base = base ? base + 1 : line;
		n = strcspn(base, ".\n");
		found = n == strlen(dev->module) && !strncmp(base, dev->module, n);
	}
	if (f)
		fclose(f);
	return found;
}

int fb_timeline_open(const struct fb_syncdev *dev)
{
	int fd = open(dev->path, O_RDWR | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

int fb_timeline_inc(int timeline, uint32_t n)
{
	return ioctl(timeline, SW_SYNC_IOC_INC, &n) < 0 ? -errno : 0;
}

static void copy_name(char dst[SYNC_LEGACY_NAME_LEN], const char *name)
{
	memset(dst, 0, SYNC_LEGACY_NAME_LEN);
	if (name)
		strncpy(dst, name, SYNC_LEGACY_NAME_LEN - 1);
}

int fb_fence_create(int timeline, uint32_t value, const char *name)
{
	struct sw_sync_create_fence_data d = { .value = value };

	copy_name(d.name, name);
	if (ioctl(timeline, SW_SYNC_IOC_CREATE_FENCE, &d) < 0)
		return -errno;
	return d.fence;
}

int fb_fence_merge(int a, int b, const char *name)
{
	struct sync_merge_data d = { .fd2 = b };

	copy_name(d.name, name);
	if (ioctl(a, SYNC_IOC_MERGE, &d) < 0)
		return -errno;
	return d.fence;
}

int fb_fence_merge_legacy(int a, int b, const char *name)
{
	struct sync_legacy_merge_data d = { .fd2 = b };

	copy_name(d.name, name);
	if (ioctl(a, SYNC_IOC_LEGACY_MERGE, &d) < 0)
		return -errno;
	return d.fence;
}

int fb_fence_wait_ioctl(int fence, int timeout_ms)
{
	__s32 t = timeout_ms;

	return ioctl(fence, SYNC_IOC_LEGACY_WAIT, &t) < 0 ? -errno : 0;
}

int fb_fence_poll(int fence, int timeout_ms)
{
	struct pollfd p = { .fd = fence, .events = POLLIN };
	int n;

	do {
		n = poll(&p, 1, timeout_ms);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if (n == 0)
		return 0;
	if (p.revents & (POLLERR | POLLNVAL))
		return p.revents & POLLNVAL ? -EBADF : -EIO;
	return 1;
}

int fb_fence_status(int fence, uint32_t *num_fences)
{
	struct sync_file_info info;

	memset(&info, 0, sizeof(info));
	if (ioctl(fence, SYNC_IOC_FILE_INFO, &info) < 0)
		return -errno;
	if (num_fences)
		*num_fences = info.num_fences;
	return info.status;
}

int fb_fence_export_sync_file(int fence)
{
	struct sync_dma_export_data d = { .fd = -1 };

	if (ioctl(fence, SYNC_IOC_DMA_EXPORT_SYNC_FILE, &d) < 0)
		return -errno;
	return d.fd;
}
