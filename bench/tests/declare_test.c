// SPDX-License-Identifier: GPL-2.0
/*
 * declare_test.c - unit tests of what backends and workloads declare
 * (backend.h, workload.h) and of the metadata fencebench writes of it
 * (bench/declare.c): the reference and the floors, the colours of the
 * backends that declare none, who is required, and the checks that stop
 * a declaration that cannot work. Fake backends and a fake workload.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../declare.h"
#include "../workloads/waitmethod.h"
#include "../workloads/workload.h"
#include "check.h"

static const struct fb_backend be_ref = {
	.name = "ref", .order = 10, .kind = FB_KIND_FENCE, .ops = FB_OP_CREATE,
	.reference = 1, .colour = "#2ca02c",
};
static const struct fb_backend be_pollfloor = {
	.name = "pollfloor", .order = 20, .kind = FB_KIND_RAW,
	.ops = FB_OP_POLL | FB_OP_WAIT, .floor = FB_OP_POLL, .colour = "#7f7f7f",
};
static const struct fb_backend be_waitfloor = {
	.name = "waitfloor", .order = 30, .kind = FB_KIND_RAW,
	.ops = FB_OP_WAIT, .floor = FB_OP_WAIT,
};
/* A backend with a lib/syncdev device: required when its module is built. */
static const struct fb_backend be_module = {
	.name = "legacy", .order = 40, .kind = FB_KIND_FENCE,
	.ops = FB_OP_CREATE, .signal_event = "sync_legacy:sync_timeline",
};
static const struct fb_backend be_optional = {
	.name = "opt", .order = 50, .kind = FB_KIND_RAW, .ops = FB_OP_POLL,
	.optional = 1,
};

FB_BACKEND_REGISTER(be_ref);
FB_BACKEND_REGISTER(be_pollfloor);
FB_BACKEND_REGISTER(be_waitfloor);
FB_BACKEND_REGISTER(be_module);
FB_BACKEND_REGISTER(be_optional);

static const struct fb_plot fake_plots[] = {
	{ .kind = "sweep", .name = "fake-vs-n-{series}", .metric = "op_ns",
	  .xlabel = "N", .title = "fake, {series}" },
	{ 0 },
};

static const struct fb_workload wl_fake = {
	.name = "fake", .order = 10, .headline = "one:op_ns",
	.cross_vcpu = 1, .plots = fake_plots,
};

FB_WORKLOAD_REGISTER(wl_fake);

static int named(const struct fb_backend *b, const char *name)
{
	return b && !strcmp(b->name, name);
}

static int streq(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

static void test_roles(void)
{
	CHECK(named(fb_backend_reference(), "ref"), "the reference is the backend that declares it");
	CHECK(named(fb_backend_floor(FB_OP_POLL), "pollfloor"), "the floor of poll waits");
	CHECK(named(fb_backend_floor(FB_OP_WAIT), "waitfloor"), "the floor of native waits");
	CHECK(!fb_backend_floor(0), "no floor of no wait");
	CHECK(streq(fb_wait_floor("poll/cross"), "pollfloor") &&
	      streq(fb_wait_floor("own/epoll"), "pollfloor"),
	      "poll and epoll series: the poll floor");
	CHECK(streq(fb_wait_floor("shared/wait"), "waitfloor") &&
	      streq(fb_wait_floor("wait/same"), "waitfloor"),
	      "native wait series, method first or last: the wait floor");
	CHECK(!fb_wait_floor("points") && !fb_wait_floor("waiting/x"),
	      "a series that names no method (whole parts only) has no floor");
}

static void test_colours(void)
{
	CHECK(streq(fb_backend_colour(&be_ref), "#2ca02c"), "a declared colour is kept");
	/* The palette's first colours that no backend declares, in order. */
	CHECK(streq(fb_backend_colour(&be_waitfloor), "#1f77b4") &&
	      streq(fb_backend_colour(&be_module), "#ff7f0e") &&
	      streq(fb_backend_colour(&be_optional), "#d62728"),
	      "undeclared colours: the free palette colours by order (%s %s %s)",
	      fb_backend_colour(&be_waitfloor), fb_backend_colour(&be_module),
	      fb_backend_colour(&be_optional));
}

static void test_required(void)
{
	char list[] = "/tmp/fb-declare-test.XXXXXX";
	int fd = mkstemp(list);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	CHECK(f != NULL, "a scratch load list");
	if (!f)
		return;
	fprintf(f, "sync_legacy.ko\nsw_sync_legacy.ko\n");
	fclose(f);
	CHECK(fb_backend_required(&be_ref, NULL) && fb_backend_required(&be_waitfloor, NULL),
	      "a backend without a module is always required");
	CHECK(!fb_backend_required(&be_optional, list), "an optional backend never is");
	CHECK(fb_backend_required(&be_module, list), "a module's backend is when its module is listed");
	CHECK(!fb_backend_required(&be_module, NULL) &&
	      !fb_backend_required(&be_module, "/nonexistent/load.list"),
	      "... and is not without a load list");
	unlink(list);
}

static void test_meta(void)
{
	struct fb_meta m = { 0 };

	CHECK(!fb_declare(&m, NULL), "fb_declare writes the metadata");
	CHECK(streq(fb_meta_get(&m, "backends_declared"), "ref,pollfloor,waitfloor,legacy,opt"),
	      "backends_declared in order (%s)", fb_meta_get(&m, "backends_declared"));
	CHECK(streq(fb_meta_get(&m, "backends_required"), "ref,pollfloor,waitfloor"),
	      "backends_required (%s)", fb_meta_get(&m, "backends_required"));
	CHECK(streq(fb_meta_get(&m, "reference_backend"), "ref"), "reference_backend");
	CHECK(streq(fb_meta_get(&m, "floor_backend_poll"), "pollfloor") &&
	      streq(fb_meta_get(&m, "floor_backend_epoll"), "pollfloor") &&
	      streq(fb_meta_get(&m, "floor_backend_wait"), "waitfloor"),
	      "floor_backend_METHOD for each wait method");
	CHECK(streq(fb_meta_get(&m, "backend_waitfloor_kind"), "raw") &&
	      streq(fb_meta_get(&m, "backend_legacy_kind"), "fence") &&
	      streq(fb_meta_get(&m, "backend_legacy_colour"), "#ff7f0e"),
	      "backend_NAME_kind and backend_NAME_colour");
	CHECK(streq(fb_meta_get(&m, "workloads_declared"), "fake") &&
	      streq(fb_meta_get(&m, "workloads_cross_vcpu"), "fake") &&
	      streq(fb_meta_get(&m, "workloads_vcpu_sweep"), "") &&
	      streq(fb_meta_get(&m, "headline_fake"), "one:op_ns"),
	      "the workloads, their flags and headlines");
	CHECK(streq(fb_meta_get(&m, "plot_fake_1"),
		    "kind=sweep|name=fake-vs-n-{series}|metric=op_ns|xlabel=N|title=fake, {series}") &&
	      !fb_meta_get(&m, "plot_fake_2"),
	      "plot_fake_1 has the fields it sets (%s)", fb_meta_get(&m, "plot_fake_1"));
	fb_meta_free(&m);
}

/*
 * @b registered last (a high order), checked, and taken out again: the
 * check's message, or NULL.
 */
static const char *check_with(const struct fb_backend *b, char *buf, size_t n)
{
	size_t saved = fb_backend_registry.n;
	const char *bad;

	fb_registry_add(&fb_backend_registry, b, b->name, b->order);
	bad = fb_declarations_check(buf, n);
	fb_backend_registry.n = saved;
	return bad;
}

static const char *check_plot_with(const struct fb_plot *p, char *buf, size_t n)
{
	static struct fb_workload w = { .name = "badplot", .order = 1000 };
	size_t saved = fb_workload_registry.n;
	const char *bad;

	w.plots = p;
	fb_registry_add(&fb_workload_registry, &w, w.name, w.order);
	bad = fb_declarations_check(buf, n);
	fb_workload_registry.n = saved;
	return bad;
}

static void test_checks(void)
{
	static const struct fb_backend no_kind = {
		.name = "bad", .order = 1000, .ops = FB_OP_POLL,
	};
	static const struct fb_backend raw_create = {
		.name = "bad", .order = 1000, .kind = FB_KIND_RAW, .ops = FB_OP_CREATE,
	};
	static const struct fb_backend second_ref = {
		.name = "bad", .order = 1000, .kind = FB_KIND_FENCE,
		.ops = FB_OP_CREATE, .reference = 1,
	};
	static const struct fb_backend floor_no_op = {
		.name = "bad", .order = 1000, .kind = FB_KIND_RAW,
		.ops = FB_OP_WAIT, .floor = FB_OP_POLL,
	};
	static const struct fb_backend second_floor = {
		.name = "bad", .order = 1000, .kind = FB_KIND_RAW,
		.ops = FB_OP_WAIT, .floor = FB_OP_WAIT,
	};
	static const struct fb_backend same_colour = {
		.name = "bad", .order = 1000, .kind = FB_KIND_RAW,
		.ops = FB_OP_WAIT, .colour = "#2CA02C",
	};
	static const struct fb_backend bad_colour = {
		.name = "bad", .order = 1000, .kind = FB_KIND_RAW,
		.ops = FB_OP_WAIT, .colour = "red",
	};
	static const struct fb_plot unknown_kind[] = {
		{ .kind = "pie", .name = "x" }, { 0 },
	};
	static const struct fb_plot bar_in_field[] = {
		{ .kind = "sweep", .name = "x", .series = "s", .title = "a|b" }, { 0 },
	};
	static const struct fb_plot each_without_series[] = {
		{ .kind = "sweep", .name = "x" }, { 0 },
	};
	char buf[256];
	const char *bad;

	CHECK(!fb_declarations_check(buf, sizeof(buf)), "the fakes' declarations hold together");
	bad = check_with(&no_kind, buf, sizeof(buf));
	CHECK(bad && strstr(bad, "no kind"), "a backend that does not say its kind is refused (%s)",
	      bad ? bad : "accepted");
	bad = check_with(&raw_create, buf, sizeof(buf));
	CHECK(bad && strstr(bad, "backend bad") && strstr(bad, "kind raw"),
	      "a raw backend with FB_OP_CREATE is refused (%s)", bad ? bad : "accepted");
	bad = check_with(&second_ref, buf, sizeof(buf));
	CHECK(bad && strstr(bad, "second reference"), "a second reference is refused (%s)",
	      bad ? bad : "accepted");
	bad = check_with(&floor_no_op, buf, sizeof(buf));
	CHECK(bad && strstr(bad, "floor of a wait it does not have"),
	      "a floor of a wait it lacks is refused (%s)", bad ? bad : "accepted");
	bad = check_with(&second_floor, buf, sizeof(buf));
	CHECK(bad && strstr(bad, "second floor"), "a second floor of a wait is refused (%s)",
	      bad ? bad : "accepted");
	bad = check_with(&same_colour, buf, sizeof(buf));
	CHECK(bad && strstr(bad, "colour another backend declares"),
	      "a colour another backend declares (in capitals) is refused (%s)",
	      bad ? bad : "accepted");
	bad = check_with(&bad_colour, buf, sizeof(buf));
	CHECK(bad && strstr(bad, "#rrggbb"), "a colour not #rrggbb is refused (%s)",
	      bad ? bad : "accepted");
	bad = check_plot_with(unknown_kind, buf, sizeof(buf));
	CHECK(bad && strstr(bad, "workload badplot") && strstr(bad, "unknown kind"),
	      "a plot of an unknown kind is refused (%s)", bad ? bad : "accepted");
	bad = check_plot_with(bar_in_field, buf, sizeof(buf));
	CHECK(bad && strstr(bad, "'|'"), "a '|' in a plot field is refused (%s)",
	      bad ? bad : "accepted");
	bad = check_plot_with(each_without_series, buf, sizeof(buf));
	CHECK(bad && strstr(bad, "{series}"),
	      "a plot per series without {series} in its name is refused (%s)",
	      bad ? bad : "accepted");
	CHECK(!fb_declarations_check(buf, sizeof(buf)), "and the registries are as they were");
}

int main(void)
{
	test_roles();
	test_colours();
	test_required();
	test_meta();
	test_checks();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
