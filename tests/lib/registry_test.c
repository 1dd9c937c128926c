// SPDX-License-Identifier: GPL-2.0
/*
 * registry_test.c - unit tests of lib/registry.c: items kept in order
 * (then by name) whatever order they register in, found by name, and a
 * second item of a name stops the program.
 */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "registry.h"

struct item {
	const char *name;
	int order;
};

static struct fb_registry reg = { .kind = "item" };

static const struct item late = { "late", 90 };
static const struct item b_mid = { "b-mid", 50 };
static const struct item a_mid = { "a-mid", 50 };
static const struct item early = { "early", 10 };

/* Through the macro, as a plug-in file does: before main(). */
#define ITEM_REGISTER(it) FB_REGISTER(reg, it, (it).name, (it).order)
ITEM_REGISTER(late);
ITEM_REGISTER(b_mid);
ITEM_REGISTER(a_mid);
ITEM_REGISTER(early);

int main(void)
{
	static const char *const want[] = { "early", "a-mid", "b-mid", "late" };
	struct fb_registry full = { .kind = "item" };
	int status = 0;
	pid_t pid;

	for (size_t i = 0; i < 4; i++) {
		const struct item *it = fb_registry_at(&reg, i);

		CHECK(it && !strcmp(it->name, want[i]) &&
		      !strcmp(fb_registry_name(&reg, i), want[i]),
		      "item %zu in order is %s", i, want[i]);
	}
	CHECK(!fb_registry_at(&reg, 4) && !fb_registry_name(&reg, 4),
	      "past the last item: NULL");
	CHECK(fb_registry_find(&reg, "b-mid") == &b_mid, "found by name");
	CHECK(!fb_registry_find(&reg, "none"), "an unknown name: NULL");

	for (int i = 0; i < FB_REGISTRY_MAX; i++) {
		static char names[FB_REGISTRY_MAX][8];

		snprintf(names[i], sizeof(names[i]), "i%d", i);
		fb_registry_add(&full, &late, names[i], i);
	}
	CHECK(full.n == FB_REGISTRY_MAX, "%d items fit", FB_REGISTRY_MAX);

	/* What must stop the program: a name taken, one item too many. */
	for (int t = 0; t < 2; t++) {
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			if (!freopen("/dev/null", "w", stderr))
				_exit(1);
			if (t == 0)
				fb_registry_add(&reg, &early, "late", 1);
			else
				fb_registry_add(&full, &early, "one-more", 1);
			_exit(0);
		}
		waitpid(pid, &status, 0);
		CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
		      "%s: the program stops", t ? "one item too many" : "a name taken");
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
