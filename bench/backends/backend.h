/* SPDX-License-Identifier: GPL-2.0 */
/*
 * backend.h - the ops table every benchmark backend fills in.
 *
 * A backend owns "sources": a fence timeline (legacy, dma, mainline) or a
 * raw wake-up object (eventfd, futex, pipe). Fence backends create fences
 * on a timeline and signal them by advancing it; raw backends only have the
 * wake-up half (arm, wait, signal, disarm), declared in @ops, so workloads
 * that need fences skip them. Adding a backend: one file defining a
 * struct fb_backend and registering it with FB_BACKEND_REGISTER();
 * docs/extending.md has a worked example.
 *
 * All functions return >= 0 on success, -errno on failure.
 */
#ifndef FB_BACKEND_H
#define FB_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "registry.h"

enum {
	FB_OP_CREATE	= 1u << 0,	/* create: fences at a timeline value */
	FB_OP_MERGE	= 1u << 1,	/* merge two fences */
	FB_OP_INFO	= 1u << 2,	/* info: status and number of points */
	FB_OP_POLL	= 1u << 3,	/* arm gives an fd for poll()/epoll */
	FB_OP_WAIT	= 1u << 4,	/* wait: a native blocking wait */
	FB_OP_WAIT_ALL	= 1u << 5,	/* wait on one handle wakes all waiters */
};

struct fb_backend {
	const char *name;
	const char *desc;
	int order;			/* run and list order: lower first */
	unsigned int ops;		/* FB_OP_* */
	const void *priv;		/* backend's own constant data */
	long wait_syscall;		/* system call @wait sleeps in */

	/* 0 if usable in this system, else -errno and a reason in @why. */
	int (*probe)(const struct fb_backend *b, char *why, size_t n);
	/* New source (timeline or object) in *@src; close frees it. */
	int (*open)(const struct fb_backend *b, void **src);
	void (*close)(void *src);
	/* Fence fd signalling @ahead steps past the current value. */
	int (*create)(void *src, uint32_t ahead);
	/* Advance by @n: what a fence signal or a raw wake-up is. */
	int (*signal)(void *src, uint32_t n);
	/* New fence fd of the points of @a and @b. */
	int (*merge)(int a, int b);
	/* 1 signaled, 0 active, <0 error; *@npts number of points. */
	int (*info)(int fence, uint32_t *npts);
	/*
	 * Handle for the next signal: a new fence fd at value + 1 for fence
	 * backends, the object's fd for raw ones (0 without FB_OP_POLL).
	 */
	int (*arm)(void *src);
	/* Block until @h (from arm) is signaled. */
	int (*wait)(void *src, int h);
	/* After the wake-up: release the fence fd, drain the object. */
	int (*disarm)(void *src, int h);
};

/* The backends, in @order (registry.h; defined in registry.c). */
extern struct fb_registry fb_backend_registry;

/* Register @b (a struct fb_backend) before main() runs. */
#define FB_BACKEND_REGISTER(b)						\
	FB_REGISTER(fb_backend_registry, b, (b).name, (b).order)

/* The @i-th backend in order; NULL past the last. */
static inline const struct fb_backend *fb_backend_at(size_t i)
{
	return fb_registry_at(&fb_backend_registry, i);
}

/* The backend named @name; NULL if none. */
static inline const struct fb_backend *fb_backend_find(const char *name)
{
	return fb_registry_find(&fb_backend_registry, name);
}

static inline int fb_backend_has(const struct fb_backend *b, unsigned int ops)
{
	return (b->ops & ops) == ops;
}

#endif /* FB_BACKEND_H */
