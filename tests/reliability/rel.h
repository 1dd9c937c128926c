/* SPDX-License-Identifier: GPL-2.0 */
/* rel.h - test harness of the reliability programs: backends, cases, figures. */
#ifndef REL_H
#define REL_H

#include <stdatomic.h>
#include <stdbool.h>

#include "cli.h"
#include "syncdev.h"

#define REL_MAX_BACKENDS 8

/* What every program reports per backend at its end. */
struct rel_figures {
	atomic_ullong ops;		/* ioctls / syscalls on fence objects */
	atomic_ullong bad_inputs;	/* hostile inputs tried */
	atomic_ullong faults;		/* allocation failures injected */
	atomic_ullong splats;		/* kernel reports seen in the log */
	atomic_ullong leaks;		/* fds (or objects) left behind */
};

/* Start the program: name used in messages, opens the kernel log watcher. */
void rel_begin(const char *prog);

/*
 * The command line of a reliability program (cli.h): --backend LIST
 * (default all), the parameters @params, the options @opts (either NULL if
 * none) and --help. Parse it, rel_begin(@prog), and fill @out with the
 * backends (at most REL_MAX_BACKENDS). Returns their number, or -1 with
 * the program's exit code in *@exit_code (0 after --help, 2 on bad usage
 * or when a backend of the registry declares inconsistent capabilities:
 * fb_syncdev_check(), no test guesses the rules of a backend).
 */
int rel_begin_backends(int argc, char **argv, const char *prog,
		       const struct fb_param *params, const struct fb_opt *opts,
		       const struct fb_syncdev **out, int *exit_code);

/* 1 if FB_REQUIRE_BACKENDS (comma/space separated) names @name. */
bool rel_backend_required(const char *name);

/*
 * Select @dev as the current backend (figures go to it). Returns true if it
 * can be used; otherwise records a skip (absent, not required) or a failure
 * (absent but required) for @what and returns false.
 */
bool rel_backend_use(const struct fb_syncdev *dev, const char *what);

/* Make @dev (already checked with rel_backend_use) current again. */
void rel_backend_switch(const struct fb_syncdev *dev);

/* Figures of the current backend. */
struct rel_figures *rel_fig(void);
const struct fb_syncdev *rel_backend(void);

/* Cases: begin, any number of checks, then end (or skip). */
void rel_case_begin(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
bool rel_check_at(bool ok, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
#define REL_CHECK(ok, ...) rel_check_at(!!(ok), __FILE__, __LINE__, __VA_ARGS__)
/* Ends the case: also fails it on a kernel splat logged since it began. */
bool rel_case_end(void);
void rel_case_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Has the current case failed a check so far? */
bool rel_case_failed(void);

/* Number of open fds of this process (for leak checks), -1 on error. */
int rel_count_fds(void);

/* Print the figures of every backend used and the closing line; exit code. */
int rel_finish(void);

/* Monotonic time in ns / deadline helper. */
unsigned long long rel_now_ns(void);

#endif /* REL_H */
