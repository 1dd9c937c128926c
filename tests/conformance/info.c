// SPDX-License-Identifier: GPL-2.0
/*
 * info.c - conformance cases: fence information through mainline's
 * SYNC_IOC_FILE_INFO and the 2013 SYNC_IOC_LEGACY_FENCE_INFO, and the
 * agreement between the two.
 *
 * Names: the 2013 framework names a fence after the name given to
 * SW_SYNC_IOC_CREATE_FENCE; mainline's sw_sync ignores that name and
 * sync_file_get_name() makes one up as "<driver>-<timeline><context>-<seqno>"
 * (drivers/dma-buf/sync_file.c, 6.1). Timelines are named after the comm of
 * their opener and all sw_sync drivers' names start with "sw_sync".
 */
#include "conformance.h"

#include <stdio.h>
#include <string.h>

static int terminated(const char *s, size_t len)
{
	return memchr(s, '\0', len) != NULL;
}

static enum conf_result check_name(struct conf_ctx *ctx, const char *got,
				   const char *given, const char *driver,
				   const char *timeline, const char *abi)
{
	char prefix[80];

	CHECK(ctx, terminated(got, SYNC_LEGACY_NAME_LEN),
	      "%s: fence name not terminated", abi);
	if (conf_is_2013(ctx)) {
		CHECK(ctx, !strcmp(got, given), "%s: fence name '%s', want '%s'",
		      abi, got, given);
		return CONF_PASS;
	}
	snprintf(prefix, sizeof(prefix), "%s-%s", driver, timeline);
	prefix[SYNC_LEGACY_NAME_LEN - 1] = '\0';
	CHECK(ctx, !strncmp(got, prefix, strlen(prefix)),
	      "%s: fence name '%s' does not start with '%s'", abi, got, prefix);
	return CONF_PASS;
}

/* FILE_INFO of a one-point fence, before and after it signals. */
static enum conf_result file_info(struct conf_ctx *ctx)
{
	struct sync_fence_info rec[2];
	struct sync_file_info info;
	enum conf_result r;
	int tl, f;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "info-name"));
	/* num_fences 0: only the count, the status and the name. */
	CHECK_OK(ctx, conf_file_info(f, &info, NULL, 0));
	CHECK(ctx, info.num_fences == 1, "num_fences %u, want 1", info.num_fences);
	CHECK(ctx, info.status == 0, "status %d, want 0", info.status);
	CHECK(ctx, !info.flags, "flags %#x in the answer", info.flags);
	CHECK_OK(ctx, conf_file_info(f, &info, rec, 2));
	CHECK(ctx, info.num_fences == 1, "num_fences %u, want 1", info.num_fences);
	CHECK(ctx, info.status == 0, "status %d, want 0", info.status);
	CHECK(ctx, terminated(rec[0].obj_name, sizeof(rec[0].obj_name)) &&
	      terminated(rec[0].driver_name, sizeof(rec[0].driver_name)),
	      "record names not terminated");
	CHECK(ctx, !strcmp(rec[0].obj_name, conf_comm()),
	      "timeline name '%s', want the opener's comm '%s'",
	      rec[0].obj_name, conf_comm());
	CHECK(ctx, !strncmp(rec[0].driver_name, "sw_sync", 7),
	      "driver name '%s' does not start with sw_sync",
	      rec[0].driver_name);
	CHECK(ctx, rec[0].status == 0 && rec[0].timestamp_ns == 0 &&
	      rec[0].flags == 0, "active record: status %d ts %llu flags %#x",
	      rec[0].status, (unsigned long long)rec[0].timestamp_ns,
	      rec[0].flags);
	CHECK(ctx, rec[1].obj_name[0] == '\0' && rec[1].status == 0,
	      "FILE_INFO wrote a second record for a one-point fence");
	if ((r = check_name(ctx, info.name, "info-name", rec[0].driver_name,
			    rec[0].obj_name, "FILE_INFO")))
		return r;
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	CHECK_OK(ctx, conf_file_info(f, &info, rec, 1));
	CHECK(ctx, info.status == 1 && rec[0].status == 1,
	      "after signal: status %d, record status %d", info.status,
	      rec[0].status);
	CHECK(ctx, rec[0].timestamp_ns != 0, "signaled record has no timestamp");
	return CONF_PASS;
}

/* LEGACY_FENCE_INFO of a one-point fence: header, record, driver data. */
static enum conf_result legacy_info(struct conf_ctx *ctx)
{
	struct conf_legacy_info li;
	char why[128] = "";
	int tl, f, err;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 7, "legacy-info"));
	err = conf_legacy_info(f, &li, why, sizeof(why));
	CHECK(ctx, !err, "LEGACY_FENCE_INFO: %s %s", conf_errname(-err), why);
	CHECK(ctx, terminated(li.name, sizeof(li.name)) &&
	      !strcmp(li.name, "legacy-info"), "name '%.32s', want 'legacy-info'",
	      li.name);
	CHECK(ctx, li.status == 0, "status %d, want 0", li.status);
	CHECK(ctx, li.num_pts == 1, "%u records, want 1", li.num_pts);
	CHECK(ctx, li.len == sizeof(struct sync_fence_info_data) + li.pt[0].len,
	      "answer len %u != header + record (%zu + %u)", li.len,
	      sizeof(struct sync_fence_info_data), li.pt[0].len);
	CHECK(ctx, !strcmp(li.pt[0].obj_name, conf_comm()),
	      "timeline name '%.32s', want '%s'", li.pt[0].obj_name, conf_comm());
	CHECK(ctx, !strncmp(li.pt[0].driver_name, "sw_sync", 7),
	      "driver name '%.32s'", li.pt[0].driver_name);
	CHECK(ctx, li.pt[0].status == 0 && li.pt[0].timestamp_ns == 0,
	      "active point: status %d ts %llu", li.pt[0].status,
	      (unsigned long long)li.pt[0].timestamp_ns);
	/* sw_sync's fill_driver_data: the point's u32 value. */
	CHECK(ctx, li.pt[0].data_len == sizeof(uint32_t),
	      "driver data of %u bytes, want the 4 byte value", li.pt[0].data_len);
	CHECK(ctx, li.pt[0].value == 7, "driver data value %u, want 7",
	      li.pt[0].value);
	CHECK_OK(ctx, fb_timeline_inc(tl, 7));
	err = conf_legacy_info(f, &li, why, sizeof(why));
	CHECK(ctx, !err, "LEGACY_FENCE_INFO: %s %s", conf_errname(-err), why);
	CHECK(ctx, li.status == 1 && li.pt[0].status == 1 &&
	      li.pt[0].timestamp_ns != 0, "signaled: status %d/%d ts %llu",
	      li.status, li.pt[0].status,
	      (unsigned long long)li.pt[0].timestamp_ns);
	return CONF_PASS;
}

/*
 * Both ABIs describe the same merged fence (one point signaled, one not,
 * so the points can be told apart) the same way.
 */
static enum conf_result agree(struct conf_ctx *ctx)
{
	struct sync_fence_info rec[4];
	struct sync_file_info info;
	struct conf_legacy_info li;
	int a, b, fa, fb, m, err, matched[4] = { 0 };
	char why[128] = "";

	CHECK_OK(ctx, a = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, b = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fa = fb_fence_create(a, 1, "fa"));
	CHECK_OK(ctx, fb = fb_fence_create(b, 5, "fb"));
	CHECK_OK(ctx, m = fb_fence_merge(fa, fb, "agree"));
	CHECK_OK(ctx, fb_timeline_inc(a, 1));
	CHECK_OK(ctx, conf_file_info(m, &info, rec, 4));
	err = conf_legacy_info(m, &li, why, sizeof(why));
	CHECK(ctx, !err, "LEGACY_FENCE_INFO: %s %s", conf_errname(-err), why);
	CHECK(ctx, !strcmp(info.name, li.name) && !strcmp(li.name, "agree"),
	      "names: FILE_INFO '%.32s', LEGACY '%.32s', want 'agree'",
	      info.name, li.name);
	CHECK(ctx, info.status == li.status && li.status == 0,
	      "status: FILE_INFO %d, LEGACY %d, want 0", info.status, li.status);
	CHECK(ctx, info.num_fences == li.num_pts && li.num_pts == 2,
	      "points: FILE_INFO %u, LEGACY %u, want 2", info.num_fences,
	      li.num_pts);
	for (unsigned int i = 0; i < li.num_pts; i++) {
		unsigned int j;

		CHECK(ctx, li.pt[i].value == (li.pt[i].status ? 1u : 5u),
		      "LEGACY point value %u with status %d", li.pt[i].value,
		      li.pt[i].status);
		for (j = 0; j < info.num_fences; j++) {
			if (matched[j] || rec[j].status != li.pt[i].status ||
			    rec[j].timestamp_ns != li.pt[i].timestamp_ns ||
			    strcmp(rec[j].obj_name, li.pt[i].obj_name) ||
			    strcmp(rec[j].driver_name, li.pt[i].driver_name))
				continue;
			matched[j] = 1;
			break;
		}
		CHECK(ctx, j < info.num_fences,
		      "LEGACY point %u (%.32s/%.32s status %d ts %llu) not in FILE_INFO",
		      i, li.pt[i].obj_name, li.pt[i].driver_name,
		      li.pt[i].status, (unsigned long long)li.pt[i].timestamp_ns);
	}
	return CONF_PASS;
}

static const struct conf_case conf_cases_info[] = {
	{ "info_file", file_info, 0 },
	{ "info_legacy", legacy_info, FB_CAP_LEGACY_ABI },
	{ "info_agree", agree, FB_CAP_LEGACY_ABI },
	{ NULL, NULL, 0 },
};

CONF_CASES_REGISTER(conf_cases_info, 40);
