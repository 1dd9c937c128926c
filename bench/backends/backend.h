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
 * Besides its ops a backend declares what the rest of the suite needs to
 * know of it: its kind, its role as a control (the reference, or the
 * floor of a wait), its colour in the plots, whether a run may lack it,
 * and the trace event of its fence being signalled. fencebench writes
 * these into each run's metadata (bench/declare.c), where the host side
 * (fbtool, bench/plot) reads them: nothing else names a backend.
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

/*
 * What a backend's sources are; it must say (0 is refused), and FB_OP_CREATE
 * must agree (fb_backends_check()).
 */
enum fb_backend_kind {
	FB_KIND_FENCE = 1,	/* fences on a timeline */
	FB_KIND_RAW,		/* a raw wake-up object: no fences */
};

struct fb_backend {
	const char *name;
	const char *desc;
	int order;			/* run and list order: lower first */
	enum fb_backend_kind kind;
	unsigned int ops;		/* FB_OP_* */
	/*
	 * Its role as a control (workload.h, floor): @reference, the
	 * kernel's own fences, divide the fence figures that have no raw
	 * counterpart (create, merge, signal cost); @floor, the waits
	 * (FB_OP_POLL: poll and epoll; FB_OP_WAIT: the native wait) whose
	 * wake-up floor it is, divides the wake-up figures of those waits.
	 * One reference at most, one floor per wait at most.
	 */
	int reference;
	unsigned int floor;
	/*
	 * Its colour in every plot, "#rrggbb"; NULL: the first colour of
	 * fb_backend_palette that no backend declares and no earlier one
	 * (in @order) took.
	 */
	const char *colour;
	/*
	 * 0: a run must have it when the guest has what it needs (always,
	 * or, for a backend with a lib/syncdev device, when the device is
	 * built in or its module is in the guest): a run without it fails
	 * the regression gate. 1: a run may lack it (a skip).
	 */
	int optional;
	/*
	 * The trace event ("system:event") that says one of its fences
	 * signalled, first on the signal path: the end of the signal stage
	 * of the breakdown workload. NULL: none (raw objects).
	 */
	const char *signal_event;
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

/* "fence" or "raw", as the run's metadata says it. */
const char *fb_backend_kind_name(const struct fb_backend *b);
/* The reference backend; NULL if none is registered. */
const struct fb_backend *fb_backend_reference(void);
/* The floor of waits by @op (FB_OP_POLL or FB_OP_WAIT); NULL if none. */
const struct fb_backend *fb_backend_floor(unsigned int op);
/* Its plot colour: declared, or from the palette (see @colour). */
const char *fb_backend_colour(const struct fb_backend *b);
/*
 * 1 if a run in a guest whose module load list is @load_list (see
 * fb_syncdev_required()) must have @b (see @optional).
 */
int fb_backend_required(const struct fb_backend *b, const char *load_list);
/*
 * NULL if the declarations of the registered backends hold together (a
 * kind that matches the ops, a floor of a wait it has, one reference and
 * one floor per wait at most, a colour "#rrggbb"), else what is wrong,
 * naming the backend, in @buf.
 */
const char *fb_backends_check(char *buf, size_t n);

#endif /* FB_BACKEND_H */
