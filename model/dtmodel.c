/*
 * dtmodel.c -- command-line front end of the dirty-throttling model.
 *
 * Usage (all arguments key=value; see model/README.md):
 *   dtmodel pos-ratio variant=v10|6.1 thresh=T bg_thresh=B dirty=D \
 *           bdi_thresh=BT bdi_dirty=BD write_bw=W [limit=L]
 *       prints pos_ratio as the kernel's integer (1024 = 1.0); pages, pages/s
 *   dtmodel curve variant=v10|6.1 thresh=T bg_thresh=B bdi_thresh=BT \
 *           write_bw=W [limit=L] [sweep=dirty|bdi_dirty] [dirty=D] \
 *           [bdi_dirty=BD] [from=X] [to=X] [points=N]
 *       prints a TSV of pos_ratio over a range of dirty (or bdi_dirty)
 *   dtmodel sim [spec=FILE] [key=value ...] [-o DIR]
 *       runs the simulator; prints a key=value summary; with -o writes the
 *       lab's TSV files (balance_dirty_pages.tsv, bdi_dirty_ratelimit.tsv,
 *       global_dirty_state.tsv, task_io.tsv), meta (the lab's format,
 *       kind = model) and params.txt into DIR, built in a temporary folder
 *       next to DIR and renamed at the end.  FILE is a lab spec
 *       (experiments/run: `key = value` lines, # comments); command-line
 *       pairs override it; the lab's keys have the lab's units (disk_bw in
 *       bytes/s with K/M/G suffixes), knob.NAME sets a switch and
 *       knob.preset=NAME (patches/presets) every switch not set explicitly.
 *   dtmodel replay FILE [law=v10|6.1]
 *       recomputes every dirty_ratelimit update of a bdi_dirty_ratelimit.tsv
 *       (a kernel run's or the model's) with dt_update_ratelimit() and
 *       prints key = value counts of equal fields and a verdict line.
 *   dtmodel quiz [TOPIC seed=N [-c]]
 *       no TOPIC (or --help): the usage and the topics; else the problem
 *       of that seed (quiz.c), with -c its worked answer.  A missing,
 *       repeated or non-numeric seed (seed=-3 included) is one line, exit 2.
 *   dtmodel --help
 * Reads: FILE with spec=, FILE of replay.  Writes: stdout, and DIR with -o.
 * Errors: one line on stderr naming the file:line (or "command line") and
 * the key for sim, the key for the others; exit status 2.  replay: bad
 * input gives one line naming the file (and line) and the column, exit 1.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <math.h>
#include <time.h>
#include <sys/stat.h>

#include "dtspec.h"
#include "dtlaw.h"
#include "dtsim.h"
#include "quiz.h"

static void die(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "dtmodel: ");
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	exit(2);
}

static const char usage_text[] =
	"usage: dtmodel pos-ratio variant=v10|6.1|threshold thresh=T bg_thresh=B dirty=D\n"
	"               bdi_thresh=BT bdi_dirty=BD write_bw=W [limit=L]\n"
	"       dtmodel curve variant=v10|6.1|threshold thresh=T bg_thresh=B bdi_thresh=BT\n"
	"               write_bw=W [limit=L] [sweep=dirty|bdi_dirty] [dirty=D]\n"
	"               [bdi_dirty=BD] [from=X] [to=X] [points=N]\n"
	"       dtmodel sim [spec=FILE] [key=value ...] [-o DIR]\n"
	"       dtmodel replay FILE [law=v10|6.1]\n"
	"       dtmodel quiz [TOPIC seed=N [-c]]   (no TOPIC: the topics)\n"
	"       dtmodel --help\n"
	"(see model/README.md)\n";

/* --help: the commands, then the tables the code validates with: the
 * spec keys (experiments/keys, via dt_keys.h), the knobs (patches/knobs,
 * via dt_knobs.h) and the quiz topics. */
static void help(void)
{
	int i;

	fputs(usage_text, stdout);
	printf("\nsim keys (experiments/keys; sim: simulated, lab: accepted and ignored,\n"
	       "meta: recorded in meta only, runner: refused):\n");
	for (i = 0; i < DT_NKEYS; i++)
		printf("  %-24s %-6s default %s\n", dt_keys[i].name, dt_keys[i].model,
		       *dt_keys[i].def ? dt_keys[i].def : "-");
	printf("\nknobs (patches/knobs; knob.NAME=VALUE, knob.preset=NAME):\n");
	for (i = 0; i < DT_NKNOBS; i++)
		printf("  knob.%-19s %s (6.1: %s, v10: %s)\n", dt_knobs[i].name,
		       dt_knobs[i].values, dt_knobs[i].def, dt_knobs[i].v10);
	printf("\npresets (patches/presets; knob.preset=NAME):\n");
	for (i = 0; i < DT_NPRESETS; i++)
		printf("  %-24s %s, off: %s\n", dt_presets[i].name,
		       dt_presets[i].v10 ? "v10" : "default", dt_presets[i].off);
	printf("\nquiz topics (dtmodel quiz TOPIC seed=N [-c]):\n");
	for (i = 0; i < dt_quiz_ntopics(); i++)
		printf("  %-24s %s\n", dt_quiz_topic(i), dt_quiz_what(i));
}

static void usage(void)
{
	fputs(usage_text, stderr);
	exit(2);
}

/* ------------------------------------------------- pos-ratio and curve */

struct kv {
	const char *key;
	int set;
	unsigned long val;
	const char *str;
};

static struct kv *kv_find(struct kv *t, const char *key)
{
	for (; t->key; t++)
		if (!strcmp(t->key, key))
			return t;
	return NULL;
}

static void kv_parse(struct kv *t, int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		struct kv *e;
		char *end;

		if (!eq)
			die("argument '%s' is not key=value%s", argv[i], "");
		*eq = 0;
		e = kv_find(t, argv[i]);
		if (!e)
			die("unknown key '%s'%s", argv[i], "");
		e->set = 1;
		e->str = eq + 1;
		if (!strcmp(e->key, "variant") || !strcmp(e->key, "sweep"))
			continue;
		errno = 0;
		e->val = strtoul(eq + 1, &end, 10);
		if (!eq[1] || *end || errno || eq[1] == '-')
			die("bad value for key '%s': '%s' (want a non-negative integer)",
			    argv[i], eq + 1);
	}
}

static unsigned long need(struct kv *t, const char *key)
{
	struct kv *e = kv_find(t, key);

	if (!e->set)
		die("missing key '%s'%s", key, "");
	return e->val;
}

static enum dt_posmode posmode(struct kv *t)
{
	struct kv *e = kv_find(t, "variant");

	if (!e->set)
		die("missing key '%s'%s", "variant", "");
	if (!strcmp(e->str, "v10"))
		return DT_POS_V10;
	if (!strcmp(e->str, "6.1"))
		return DT_POS_61;
	if (!strcmp(e->str, "threshold"))
		return DT_POS_THRESHOLD;
	die("bad value for key 'variant': '%s'%s (want v10|6.1|threshold)", e->str, "");
	return DT_POS_61;
}

static void check_thresholds(struct dt_pos *p)
{
	if (p->thresh == 0)
		die("bad value for key '%s': %s", "thresh", "must be > 0");
	if (p->bg_thresh >= p->thresh)
		die("bad value for key '%s': %s", "bg_thresh", "must be below thresh");
	if (p->limit && p->limit < p->thresh)
		die("bad value for key '%s': %s", "limit", "must be >= thresh");
}

static int cmd_pos_ratio(int argc, char **argv)
{
	struct kv t[] = { {"variant", 0, 0, 0}, {"thresh", 0, 0, 0},
		{"bg_thresh", 0, 0, 0}, {"dirty", 0, 0, 0}, {"bdi_thresh", 0, 0, 0},
		{"bdi_dirty", 0, 0, 0}, {"write_bw", 0, 0, 0}, {"limit", 0, 0, 0},
		{NULL, 0, 0, 0} };
	struct dt_pos p;
	enum dt_posmode m;

	kv_parse(t, argc, argv);
	m = posmode(t);
	memset(&p, 0, sizeof(p));
	p.thresh = need(t, "thresh");
	p.bg_thresh = need(t, "bg_thresh");
	p.dirty = need(t, "dirty");
	p.bdi_thresh = need(t, "bdi_thresh");
	p.bdi_dirty = need(t, "bdi_dirty");
	p.write_bw = need(t, "write_bw");
	p.limit = kv_find(t, "limit")->set ? kv_find(t, "limit")->val : p.thresh;
	check_thresholds(&p);
	printf("%lld\n", dt_pos_ratio(m, &p));
	return 0;
}

static int cmd_curve(int argc, char **argv)
{
	struct kv t[] = { {"variant", 0, 0, 0}, {"thresh", 0, 0, 0},
		{"bg_thresh", 0, 0, 0}, {"bdi_thresh", 0, 0, 0},
		{"write_bw", 0, 0, 0}, {"limit", 0, 0, 0}, {"sweep", 0, 0, 0},
		{"dirty", 0, 0, 0}, {"bdi_dirty", 0, 0, 0}, {"from", 0, 0, 0},
		{"to", 0, 0, 0}, {"points", 0, 0, 0}, {NULL, 0, 0, 0} };
	struct dt_pos base, p;
	enum dt_posmode m;
	unsigned long from, to, points, i, x;
	int sweep_bdi = 0;
	struct kv *e;

	kv_parse(t, argc, argv);
	m = posmode(t);
	memset(&base, 0, sizeof(base));
	base.thresh = need(t, "thresh");
	base.bg_thresh = need(t, "bg_thresh");
	base.bdi_thresh = need(t, "bdi_thresh");
	base.write_bw = need(t, "write_bw");
	base.limit = kv_find(t, "limit")->set ? kv_find(t, "limit")->val : base.thresh;
	check_thresholds(&base);
	e = kv_find(t, "sweep");
	if (e->set) {
		if (!strcmp(e->str, "bdi_dirty"))
			sweep_bdi = 1;
		else if (strcmp(e->str, "dirty"))
			die("bad value for key 'sweep': '%s'%s (want dirty|bdi_dirty)",
			    e->str, "");
	}
	if (sweep_bdi)
		base.dirty = need(t, "dirty");
	from = kv_find(t, "from")->set ? kv_find(t, "from")->val : 0;
	to = kv_find(t, "to")->set ? kv_find(t, "to")->val : base.limit;
	points = kv_find(t, "points")->set ? kv_find(t, "points")->val : 200;
	if (to <= from)
		die("bad value for key '%s': %s", "to", "must be above from");
	if (points < 2 || points > 1000000)
		die("bad value for key '%s': %s", "points", "want 2..1000000");
	printf("dirty\tbdi_dirty\tglobal\tpos_ratio\tfreerun\tsetpoint\tbdi_setpoint\tlimit\n");
	for (i = 0; i < points; i++) {
		x = from + (unsigned long)((unsigned long long)(to - from) * i / (points - 1));
		p = base;
		if (sweep_bdi) {
			p.bdi_dirty = x;
		} else {
			p.dirty = x;
			if (kv_find(t, "bdi_dirty")->set)
				p.bdi_dirty = kv_find(t, "bdi_dirty")->val;
			else	/* the bdi holds its share of the dirty pages */
				p.bdi_dirty = (unsigned long)((unsigned long long)x *
					base.bdi_thresh / base.thresh);
		}
		dt_pos_ratio(m, &p);
		printf("%lu\t%lu\t%lld\t%lld\t%lu\t%lu\t%lu\t%lu\n", p.dirty,
		       p.bdi_dirty, p.global, p.pos_ratio, p.freerun, p.setpoint,
		       p.bdi_setpoint, p.limit);
	}
	return 0;
}

/* ------------------------------------------------- spec files and meta */

/*
 * The lab's spec format (experiments/run): `key = value` lines, `#` starts
 * a comment, blank lines are skipped; key=value pairs on the command line
 * override the file.  Every pair is kept with where it came from, so an
 * error names the file and line (or "command line") and the key.
 */
#define MAX_PAIRS 1024

struct pair {
	char *key, *val;
	char src[300];		/* "FILE:LINE" or "command line" */
};

static struct pair pairs[MAX_PAIRS];
static int npairs;

/* the model column of key in experiments/keys ("" for none) */
static const char *key_model(const char *key)
{
	int i;

	for (i = 0; i < DT_NKEYS; i++)
		if (!strcmp(key, dt_keys[i].name))
			return dt_keys[i].model;
	return "";
}

/* lab keys that mean nothing to the model (model "lab" in
 * experiments/keys): accepted, recorded in meta when given */
static int is_lab_only(const char *key)
{
	return !strcmp(key_model(key), "lab");
}

/* keys for the readers of meta only (model "meta": the analysis window):
 * accepted, recorded in meta, given or not */
static int is_meta_only(const char *key)
{
	return !strcmp(key_model(key), "meta");
}

static void die_at(const char *src, const char *key, const char *msg)
{
	fprintf(stderr, "dtmodel: %s: %s: %s\n", src, key, msg);
	exit(2);
}

static void add_pair(const char *src, const char *key, const char *val)
{
	struct pair *p;

	if (npairs >= MAX_PAIRS)
		die_at(src, key, "too many keys (at most 1024)");
	if (strlen(key) > 100)
		die_at(src, "key", "key longer than 100 characters");
	p = &pairs[npairs++];
	p->key = strdup(key);
	p->val = strdup(val);
	if (!p->key || !p->val)
		die("out of memory%s%s", "", "");
	snprintf(p->src, sizeof(p->src), "%s", src);
}

/* the spec file, read by the kit's one spec reader (experiments/dtspec) */
static void read_spec(const char *path)
{
	struct dts_file f;
	char err[4096], src[300];
	int i;

	if (dts_read(path, &f, err, sizeof(err))) {
		fprintf(stderr, "dtmodel: %s\n", err);
		exit(2);
	}
	if (f.tmpl) {
		snprintf(src, sizeof(src), "%.270s:%d", path, f.tmpl_line);
		die_at(src, "name", "a family stands for several runs (experiments/spec expand FILE NAME gives one)");
	}
	for (i = 0; i < f.n; i++) {
		snprintf(src, sizeof(src), "%.270s:%d", path, f.kv[i].line);
		if (!strcmp(f.kv[i].key, "spec"))
			die_at(src, "spec", "a spec file cannot name another spec");
		add_pair(src, f.kv[i].key, f.kv[i].val);
	}
	dts_free_file(&f);
}

/* the last value given for key, and where; NULL if none */
static const struct pair *given(const char *key)
{
	int i;

	for (i = npairs - 1; i >= 0; i--)
		if (!strcmp(pairs[i].key, key))
			return &pairs[i];
	return NULL;
}

/* dt_sim_set/dt_sim_check messages without their "bad value for key 'K': " */
static const char *short_msg(const char *err)
{
	const char *p;

	if (!strncmp(err, "unknown key '", 13))
		return "unknown key";
	if (!strncmp(err, "bad value for key '", 19) && (p = strstr(err, "': ")))
		return p + 3;
	return err;
}

/* bytes in the lab's notation: the largest exact K/M/G suffix */
static void fmt_bytes(char *buf, size_t n, unsigned long long b)
{
	if (b && !(b & ((1ULL << 30) - 1)))
		snprintf(buf, n, "%lluG", b >> 30);
	else if (b && !(b & ((1ULL << 20) - 1)))
		snprintf(buf, n, "%lluM", b >> 20);
	else if (b && !(b & ((1ULL << 10) - 1)))
		snprintf(buf, n, "%lluK", b >> 10);
	else
		snprintf(buf, n, "%llu", b);
}

/* the value of a lab key: as given, else the value the run used */
static const char *lab_val(const char *key, const char *dflt)
{
	const struct pair *p = given(key);

	return p ? p->val : dflt;
}

static void write_meta(FILE *f, const struct dt_sim_cfg *c, const char *spec,
		       const char *start, int ntasks)
{
	static const char *var[] = { "6.1", "v10" };
	char name[256], buf[64], dflt[64], path[8192];
	const char *variant, *sep;
	const struct pair *preset;
	int i;

	if (spec) {
		const char *b = strrchr(spec, '/');
		size_t n;

		snprintf(name, sizeof(name), "%s", b ? b + 1 : spec);
		n = strlen(name);
		if (n > 5 && !strcmp(name + n - 5, ".spec"))
			name[n - 5] = 0;
	} else {
		snprintf(name, sizeof(name), "model");
	}
	if (c->pos == DT_POS_61 && c->update_v == DT_V61 && c->pause_v == DT_V61)
		variant = "6.1";
	else if (c->pos == DT_POS_V10 && c->update_v == DT_V10 &&
		 c->pause_v == DT_V10)
		variant = "v10";
	else
		variant = "mixed";

	fprintf(f, "# dtmodel sim result (model/README.md); the lab's keys as given or as used\n");
	fprintf(f, "kind = model\n");
	fprintf(f, "name = %s\n", name);
	fprintf(f, "spec = %s\n", spec ? (realpath(spec, path) ? path : spec) : "");
	fprintf(f, "overrides = ");
	for (i = 0, sep = ""; i < npairs; i++)
		if (!strcmp(pairs[i].src, "command line")) {
			fprintf(f, "%s%s=%s", sep, pairs[i].key, pairs[i].val);
			sep = " ";
		}
	fprintf(f, "\nstart = %s\n", start);
	fprintf(f, "variant = %s\n", variant);
	fprintf(f, "update = %s\n", var[c->update_v]);
	/* the lab's workload keys (sorted, like experiments/run) */
	fprintf(f, "chunk = %s\n", lab_val("chunk", "64K"));
	snprintf(dflt, sizeof(dflt), "%d", c->cpus);
	fprintf(f, "cpus = %s\n", lab_val("cpus", dflt));
	fmt_bytes(dflt, sizeof(dflt), (unsigned long long)dt_sim_bg_thresh(c) << DT_PAGE_SHIFT);
	fprintf(f, "dirty_background_bytes = %s\n", lab_val("dirty_background_bytes", dflt));
	fmt_bytes(dflt, sizeof(dflt), (unsigned long long)c->thresh << DT_PAGE_SHIFT);
	fprintf(f, "dirty_bytes = %s\n", lab_val("dirty_bytes", dflt));
	fmt_bytes(dflt, sizeof(dflt), c->disk_bytes[0]);
	fprintf(f, "disk_bw = %s\n", lab_val("disk_bw", dflt));
	snprintf(dflt, sizeof(dflt), "%g", c->duration_ms / 1000.0);
	fprintf(f, "duration = %s\n", lab_val("duration", dflt));
	fprintf(f, "phases = %s\n", lab_val("phases", ""));
	fprintf(f, "stagger = %s\n", lab_val("stagger", "0"));
	/* tasks: every simulated task (the lab's tasks plus group= tasks) */
	fprintf(f, "tasks = %d\n", ntasks);
	fprintf(f, "think = %s\n", lab_val("think", "0"));
	/* lab-only keys: given, ignored by the model */
	fprintf(f, "ignored = ");
	for (i = 0, sep = ""; i < DT_NKEYS; i++)
		if (is_lab_only(dt_keys[i].name) && given(dt_keys[i].name)) {
			fprintf(f, "%s%s", sep, dt_keys[i].name);
			sep = " ";
		}
	fprintf(f, "\n");
	for (i = 0; i < DT_NKEYS; i++)
		if (is_lab_only(dt_keys[i].name) && given(dt_keys[i].name))
			fprintf(f, "%s = %s\n", dt_keys[i].name, given(dt_keys[i].name)->val);
	/* the readers' keys (the analysis window), as the lab writes them */
	for (i = 0; i < DT_NKEYS; i++)
		if (is_meta_only(dt_keys[i].name))
			fprintf(f, "%s = %s\n", dt_keys[i].name, lab_val(dt_keys[i].name, dt_keys[i].def));
	/* the model's own keys */
	fprintf(f, "lab_tasks = %d\n", c->ntasks);
	fprintf(f, "groups = ");
	for (i = 0; i < c->ngroups; i++)
		fprintf(f, "%s%d:%d:%g:%g:%ld:%ld", i ? " " : "", c->group[i].n, c->group[i].disk,
			c->group[i].start_ms / 1000.0, c->group[i].stop_ms / 1000.0,
			c->group[i].think_ms,
			c->group[i].chunk_pages << (DT_PAGE_SHIFT - 10));
	fprintf(f, "\nseed = %llu\ndisk_noise = %g\nqueue_ms = %ld\naux_line = %s\n", c->seed,
		c->disk_noise, c->queue_ms, c->aux_line ? "on" : "off");
	fmt_bytes(buf, sizeof(buf), (unsigned long long)llround(c->cpu_mbps * (1 << 20)));
	fprintf(f, "cpu_bw = %s\n", buf);
	fprintf(f, "seed_at = %g\nstall = %g:%ld\ntrace_tasks = %d\n",
		c->seed_at_ms / 1000.0, c->stall_rate, c->stall_ms, c->trace_tasks);
	if (c->resume_at_ms)
		fprintf(f, "resume_at = %g\n", c->resume_at_ms / 1000.0);
	/* resolved bytes, as the lab writes them */
	fprintf(f, "dirty_bytes_b = %lu\n", c->thresh << DT_PAGE_SHIFT);
	fprintf(f, "dirty_background_bytes_b = %lu\n", dt_sim_bg_thresh(c) << DT_PAGE_SHIFT);
	fprintf(f, "chunk_b = %ld\n", c->chunk_bytes);
	fprintf(f, "disk_bw_b = ");
	for (i = 0; i < c->ndisks; i++)
		fprintf(f, "%s%llu", i ? "," : "", c->disk_bytes[i]);
	fprintf(f, "\n");
	/* knobs: every one given (knob.NAME or the bare switch), set by
	 * knob.preset or not at the kernel's default, in patches/knobs order */
	preset = given("knob.preset");
	if (preset)
		fprintf(f, "knob.preset = %s\n", preset->val);
	for (i = 0; i < DT_NKNOBS; i++) {
		char key[64];

		dt_sim_knob(c, i, buf, sizeof(buf));
		snprintf(key, sizeof(key), "knob.%s", dt_knobs[i].name);
		if (given(key) || given(dt_knobs[i].name) ||
		    (preset && dt_preset_value(preset->val, i)) ||
		    strcmp(buf, dt_knobs[i].def))
			fprintf(f, "knob.%s = %s\n", dt_knobs[i].name, buf);
	}
}

/* ------------------------------------------------------------------ sim */

static const char *out_files[] = { "balance_dirty_pages.tsv",
	"bdi_dirty_ratelimit.tsv", "global_dirty_state.tsv", "task_io.tsv",
	"params.txt", "meta", NULL };

struct out {
	FILE *bdp, *rl, *gds, *tio;
};

static void bdi_name(char *buf, size_t n, int disk)
{
	snprintf(buf, n, "254:%d", disk);	/* null_blk: minor = index */
}

/* common columns: time cpu pid comm */
#define HEAD "time\tcpu\tpid\tcomm\t"
#define LEAD(f, now, task) fprintf(f, "%ld.%06ld\t0\t%d\tdtwork\t", \
	(now) / 1000, ((now) % 1000) * 1000, (task) + 1000)

static void ev_bdp(void *ctx, const struct dt_ev_bdp *e)
{
	struct out *o = ctx;
	char b[16];

	bdi_name(b, sizeof(b), e->disk);
	LEAD(o->bdp, e->now, e->task);
	fprintf(o->bdp, "%s\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%ld\t%ld\t%ld\t%ld\t1\t%lld\n",
		b, e->limit, e->setpoint, e->dirty, e->bdi_setpoint, e->bdi_dirty,
		DT_KBPS(e->dirty_ratelimit), DT_KBPS(e->task_ratelimit),
		e->dirtied, e->dirtied_pause,
		e->paused * 1000 / DT_HZ, e->pause * 1000 / DT_HZ,
		e->period * 1000 / DT_HZ, e->think * 1000 / DT_HZ, e->pos_ratio);
}

static void ev_rl(void *ctx, const struct dt_ev_rl *e)
{
	struct out *o = ctx;
	char b[16];

	bdi_name(b, sizeof(b), e->disk);
	LEAD(o->rl, e->now, e->task);
	fprintf(o->rl, "%s\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t1\t%lld\n", b,
		DT_KBPS(e->write_bw), DT_KBPS(e->avg_write_bw),
		DT_KBPS(e->dirty_rate), DT_KBPS(e->dirty_ratelimit),
		DT_KBPS(e->task_ratelimit), DT_KBPS(e->balanced), e->pos_ratio);
}

static void ev_gds(void *ctx, const struct dt_ev_gds *e)
{
	struct out *o = ctx;

	LEAD(o->gds, e->now, 0);
	fprintf(o->gds, "%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\n", e->nr_dirty,
		e->nr_writeback, e->bg_thresh, e->thresh, e->limit,
		e->nr_dirtied, e->nr_written);
}

static void ev_tio(void *ctx, const struct dt_ev_tio *e)
{
	struct out *o = ctx;

	LEAD(o->tio, e->now, e->task);
	fprintf(o->tio, "0\t%llu\t0\n", e->write_bytes);
}

static FILE *open_out(const char *dir, const char *name, const char *head)
{
	char path[8400];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		die("cannot write '%s': %s", path, strerror(errno));
	setvbuf(f, NULL, _IOFBF, 1 << 20);
	fputs(head, f);
	return f;
}

static void close_out(FILE *f, const char *name)
{
	if (ferror(f) | fclose(f))
		die("write error on '%s'%s", name, "");
}

/* remove a previous DIR: only the files this program writes, then rmdir */
static void remove_old(const char *dir)
{
	char path[8400];
	int i;

	for (i = 0; out_files[i]; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, out_files[i]);
		unlink(path);
	}
	if (rmdir(dir))
		fprintf(stderr, "dtmodel: left old output in '%s' (%s)\n", dir,
			strerror(errno));
}

static int cmd_sim(int argc, char **argv)
{
	struct dt_sim_cfg c;
	struct dt_sim_result r;
	struct dt_observer ob;
	struct out o;
	const char *outdir = NULL, *spec = NULL, *badkey = NULL;
	char err[256], tmp[4200], old[8400], start[32];
	int i, k;
	struct stat st;

	dt_sim_defaults(&c);
	/* spec=FILE first (wherever it stands), then the command line */
	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-o")) {
			i++;
			continue;
		}
		if (!strncmp(argv[i], "spec=", 5)) {
			if (spec)
				die_at("command line", "spec", "given twice");
			spec = argv[i] + 5;
			if (!*spec)
				die_at("command line", "spec", "missing file name");
		}
	}
	if (spec)
		read_spec(spec);
	for (i = 0; i < argc; i++) {
		char *eq;

		if (!strcmp(argv[i], "-o")) {
			if (i + 1 >= argc || !argv[i + 1][0])
				die_at("command line", "-o", "missing directory");
			outdir = argv[++i];
			if (strlen(outdir) > 4000)
				die_at("command line", "-o", "path too long");
			continue;
		}
		eq = strchr(argv[i], '=');
		if (!eq)
			die("command line: argument '%s' is not key=value%s", argv[i], "");
		*eq = 0;
		if (strcmp(argv[i], "spec"))
			add_pair("command line", argv[i], eq + 1);
		*eq = '=';
	}
	/* knob.preset first (the last one given), sparing the knobs the spec
	 * or the command line set: explicit knobs win whatever the order */
	for (i = 0; i < npairs; i++) {
		if (strcmp(pairs[i].key, "knob.preset"))
			continue;
		if (!dt_preset_value(pairs[i].val, 0)) {	/* pos_ratio: in both */
			snprintf(err, sizeof(err),
				 "'%.100s' is not a preset (want a name of patches/presets)",
				 pairs[i].val);
			die_at(pairs[i].src, pairs[i].key, err);
		}
	}
	if (given("knob.preset")) {
		const struct pair *p = given("knob.preset");
		int keep[DT_NKNOBS];
		char key[64];

		for (k = 0; k < DT_NKNOBS; k++) {
			snprintf(key, sizeof(key), "knob.%s", dt_knobs[k].name);
			keep[k] = given(key) || given(dt_knobs[k].name);
		}
		if (dt_sim_preset(&c, p->val, keep, err, sizeof(err)))
			die_at(p->src, p->key, short_msg(err));
	}
	for (i = 0; i < npairs; i++) {
		long lo, hi, v;
		char *e;

		/* the readers' keys: whole numbers in experiments/keys' range */
		if (is_meta_only(pairs[i].key) && dt_key_range(pairs[i].key, &lo, &hi)) {
			v = strtol(pairs[i].val, &e, 10);
			if (e == pairs[i].val || *e || v < lo || v > hi) {
				snprintf(err, sizeof(err), "'%s' (want a whole number in %ld..%ld)",
					 pairs[i].val, lo, hi);
				die_at(pairs[i].src, pairs[i].key, err);
			}
		}
		if (is_lab_only(pairs[i].key) || is_meta_only(pairs[i].key) ||
		    !strcmp(pairs[i].key, "knob.preset"))
			continue;	/* the lab's machine and tracing, the readers'
					 * window: no model meaning */
		if (dt_sim_set(&c, pairs[i].key, pairs[i].val, err, sizeof(err)))
			die_at(pairs[i].src, pairs[i].key, short_msg(err));
	}
	if (dt_sim_check(&c, err, sizeof(err), &badkey)) {
		const struct pair *p = given(badkey);

		die_at(p ? p->src : spec ? spec : "command line", badkey,
		       short_msg(err));
	}
	{
		time_t now = time(NULL);

		strftime(start, sizeof(start), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	}

	memset(&ob, 0, sizeof(ob));
	if (outdir) {
		snprintf(tmp, sizeof(tmp), "%s.tmp.XXXXXX", outdir);
		if (!mkdtemp(tmp))
			die("cannot create a folder next to '%s': %s", outdir,
			    strerror(errno));
		{
			mode_t um = umask(0);

			umask(um);
			chmod(tmp, 0777 & ~um);	/* mkdtemp made it 0700 */
		}
		o.bdp = open_out(tmp, "balance_dirty_pages.tsv", HEAD
			"bdi\tlimit\tsetpoint\tdirty\tbdi_setpoint\tbdi_dirty\t"
			"dirty_ratelimit\ttask_ratelimit\tdirtied\tdirtied_pause\t"
			"paused\tpause\tperiod\tthink\tcgroup_ino\tpos_ratio\n");
		o.rl = open_out(tmp, "bdi_dirty_ratelimit.tsv", HEAD
			"bdi\twrite_bw\tavg_write_bw\tdirty_rate\tdirty_ratelimit\t"
			"task_ratelimit\tbalanced_dirty_ratelimit\tcgroup_ino\tpos_ratio\n");
		o.gds = open_out(tmp, "global_dirty_state.tsv", HEAD
			"nr_dirty\tnr_writeback\tbackground_thresh\tdirty_thresh\t"
			"dirty_limit\tnr_dirtied\tnr_written\n");
		o.tio = open_out(tmp, "task_io.tsv", HEAD
			"read_bytes\twrite_bytes\tcancelled_write_bytes\n");
		ob.ctx = &o;
		ob.bdp = ev_bdp;
		ob.rl = ev_rl;
		ob.gds = ev_gds;
		ob.tio = ev_tio;
	}
	if (dt_sim_run(&c, &ob, &r))
		die("out of memory%s%s", "", "");
	if (outdir) {
		FILE *f;

		close_out(o.bdp, "balance_dirty_pages.tsv");
		close_out(o.rl, "bdi_dirty_ratelimit.tsv");
		close_out(o.gds, "global_dirty_state.tsv");
		close_out(o.tio, "task_io.tsv");
		snprintf(old, sizeof(old), "%s/params.txt", tmp);
		f = fopen(old, "w");
		if (!f)
			die("cannot write '%s': %s", old, strerror(errno));
		fprintf(f, "# dtmodel sim parameters (model/README.md)\n");
		dt_sim_print_cfg(&c, f);
		close_out(f, "params.txt");
		snprintf(old, sizeof(old), "%s/meta", tmp);
		f = fopen(old, "w");
		if (!f)
			die("cannot write '%s': %s", old, strerror(errno));
		write_meta(f, &c, spec, start, r.ntasks);
		close_out(f, "meta");
		old[0] = 0;
		if (stat(outdir, &st) == 0) {
			snprintf(old, sizeof(old), "%s.old.XXXXXX", outdir);
			if (!mkdtemp(old) || rename(outdir, old))
				die("cannot move the old '%s' aside: %s", outdir,
				    strerror(errno));
		}
		if (rename(tmp, outdir))
			die("cannot rename to '%s': %s", outdir, strerror(errno));
		if (old[0])
			remove_old(old);
	}
	printf("tasks=%d\nthresh=%lu\nbg_thresh=%lu\nsetpoint=%lu\nlimit=%lu\n",
	       r.ntasks, r.thresh, r.bg_thresh, r.setpoint, r.limit);
	printf("max_dirty=%lu\nmax_dirty_time=%.3f\novershoot_pct=%.2f\n",
	       r.max_dirty, r.max_dirty_ms / 1000.0,
	       100.0 * ((double)r.max_dirty - (double)r.limit) / (double)r.thresh);
	printf("nr_dirtied=%lu\nnr_written=%lu\nbdp_calls=%lu\npauses=%lu\n",
	       r.nr_dirtied, r.nr_written, r.bdp_calls, r.pauses);
	for (k = 0; k < c.ndisks; k++)
		printf("disk%d_dirty_ratelimit_kbps=%lu\ndisk%d_avg_write_bw_kbps=%lu\n",
		       k, DT_KBPS(r.dirty_ratelimit[k]), k,
		       DT_KBPS(r.avg_write_bw[k]));
	return 0;
}

/* --------------------------------------------------------------- replay */

/*
 * dtmodel replay FILE [law=v10|6.1]: every update of dirty_ratelimit in a
 * bdi_dirty_ratelimit.tsv (the kernel's, as dtdecode writes it, or the
 * model's) recomputed with dt_update_ratelimit(law, formula (2), filter)
 * from the event's own inputs and compared with what the event says.
 * Bad input: one line naming the file (and line) and the column, exit 1.
 */
enum { RP_BDI, RP_AWB, RP_DRATE, RP_RL, RP_TASK, RP_BAL, RP_POS, RP_NCOLS };

static const char *const rp_col[RP_NCOLS] = { "bdi", "avg_write_bw",
	"dirty_rate", "dirty_ratelimit", "task_ratelimit",
	"balanced_dirty_ratelimit", "pos_ratio" };

static void rp_die(const char *file, long line, const char *col,
		   const char *msg, const char *val)
{
	if (line)
		fprintf(stderr, "dtmodel: %s:%ld: column '%s': ", file, line, col);
	else
		fprintf(stderr, "dtmodel: %s: column '%s': ", file, col);
	fprintf(stderr, msg, val);
	fputc('\n', stderr);
	exit(1);
}

/* split a line in place at tabs; returns the field count */
static int rp_split(char *line, char ***fld, int *cap)
{
	int n = 0;
	char *p = line;

	line[strcspn(line, "\r\n")] = 0;
	for (;;) {
		if (n == *cap) {
			*cap = *cap ? 2 * *cap : 32;
			*fld = realloc(*fld, (size_t)*cap * sizeof(**fld));
			if (!*fld)
				die("out of memory%s%s", "", "");
		}
		(*fld)[n++] = p;
		p = strchr(p, '\t');
		if (!p)
			return n;
		*p++ = 0;
	}
}

/* a non-negative integer, or exit naming the column */
static unsigned long rp_num(const char *file, long line, int c, const char *s)
{
	unsigned long long v;
	char *end;

	if (*s < '0' || *s > '9')
		rp_die(file, line, rp_col[c], "'%s' is not a number", s);
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end || errno || v > (unsigned long long)(~0UL >> 2))
		rp_die(file, line, rp_col[c], "'%s' is not a number", s);
	if (c != RP_POS && v % 4)	/* KB/s of whole pages */
		rp_die(file, line, rp_col[c],
		       "'%s' KB/s is not a whole number of pages (a multiple of 4)", s);
	return (unsigned long)v;
}

static int parse_law(const char *s, enum dt_variant *v)
{
	if (!strcmp(s, "v10"))
		*v = DT_V10;
	else if (!strcmp(s, "6.1"))
		*v = DT_V61;
	else
		return -1;
	return 0;
}

struct rp_bdi {
	char *name;
	unsigned long rl, bal;		/* the previous event's, pages/s */
};

static int sign(long long x)
{
	return (x > 0) - (x < 0);
}

static unsigned long long absdiff(unsigned long a, unsigned long b)
{
	return a > b ? a - b : b - a;
}

static int cmd_replay(int argc, char **argv)
{
	const char *file = NULL;
	enum dt_variant law = DT_V10;
	FILE *f;
	char *line = NULL, **fld = NULL;
	size_t lcap = 0;
	int cap = 0, nf, nhead, i, c, idx[RP_NCOLS], nb = 0, bcap = 0;
	struct rp_bdi *b = NULL;
	long lineno = 0;
	unsigned long events = 0, compared = 0, task_ok = 0, bal_ok = 0;
	unsigned long rate_ok = 0, dir_ok = 0;
	unsigned long long err_task = 0, err_bal = 0, err_rate = 0;
	int exact;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "law=", 4)) {
			if (parse_law(argv[i] + 4, &law))
				die("bad value for key 'law': '%s'%s (want v10|6.1)",
				    argv[i] + 4, "");
		} else if (strchr(argv[i], '=') && !file && access(argv[i], F_OK)) {
			*strchr(argv[i], '=') = 0;
			die("unknown key '%s'%s (replay takes FILE [law=v10|6.1])",
			    argv[i], "");
		} else if (file) {
			die("replay: one FILE only ('%s', then '%s')", file, argv[i]);
		} else {
			file = argv[i];
		}
	}
	if (!file)
		die("replay: missing FILE%s%s (usage: dtmodel replay FILE [law=v10|6.1])",
		    "", "");
	f = fopen(file, "r");
	if (!f) {
		fprintf(stderr, "dtmodel: %s: cannot read: %s\n", file, strerror(errno));
		exit(1);
	}
	/* the header: find the columns by name */
	if (getline(&line, &lcap, f) < 0) {
		fprintf(stderr, "dtmodel: %s: empty file (no header row)\n", file);
		exit(1);
	}
	lineno = 1;
	nhead = rp_split(line, &fld, &cap);
	for (c = 0; c < RP_NCOLS; c++) {
		idx[c] = -1;
		for (i = 0; i < nhead; i++)
			if (!strcmp(fld[i], rp_col[c]))
				idx[c] = i;
		if (idx[c] < 0)
			rp_die(file, 0, rp_col[c], "%s", "missing in the header row");
	}
	while (getline(&line, &lcap, f) >= 0) {
		unsigned long v[RP_NCOLS];
		struct dt_rl r;
		struct rp_bdi *e = NULL;

		lineno++;
		if (line[strspn(line, "\r\n")] == 0)
			continue;	/* a blank line */
		nf = rp_split(line, &fld, &cap);
		for (c = 0; c < RP_NCOLS; c++) {
			if (idx[c] >= nf)
				rp_die(file, lineno, rp_col[c], "%s",
				       "missing (the row is shorter than the header)");
			if (c != RP_BDI)
				v[c] = rp_num(file, lineno, c, fld[idx[c]]);
		}
		events++;
		for (i = 0; i < nb; i++)
			if (!strcmp(b[i].name, fld[idx[RP_BDI]]))
				e = &b[i];
		if (!e) {	/* the bdi's first event: nothing to start from */
			if (nb == bcap) {
				bcap = bcap ? 2 * bcap : 8;
				b = realloc(b, (size_t)bcap * sizeof(*b));
				if (!b)
					die("out of memory%s%s", "", "");
			}
			e = &b[nb++];
			e->name = strdup(fld[idx[RP_BDI]]);
			if (!e->name)
				die("out of memory%s%s", "", "");
			e->rl = v[RP_RL] / 4;
			e->bal = v[RP_BAL] / 4;
			continue;
		}
		memset(&r, 0, sizeof(r));
		r.dirty_ratelimit = e->rl;
		r.prev_balanced = e->bal;
		r.write_bw = v[RP_AWB] / 4;
		r.dirty_rate = v[RP_DRATE] / 4;
		r.pos_ratio = (long long)v[RP_POS];
		/* dirty vs setpoint is not in the event: 6.1's step is not
		 * replayed (its rate is not compared below) */
		dt_update_ratelimit(law, 0, 1, &r);
		compared++;
		task_ok += DT_KBPS(r.task_ratelimit) == v[RP_TASK];
		bal_ok += DT_KBPS(r.balanced) == v[RP_BAL];
		if (absdiff(DT_KBPS(r.task_ratelimit), v[RP_TASK]) > err_task)
			err_task = absdiff(DT_KBPS(r.task_ratelimit), v[RP_TASK]);
		if (absdiff(DT_KBPS(r.balanced), v[RP_BAL]) > err_bal)
			err_bal = absdiff(DT_KBPS(r.balanced), v[RP_BAL]);
		if (law == DT_V10) {
			rate_ok += DT_KBPS(r.new_ratelimit) == v[RP_RL];
			dir_ok += sign((long long)v[RP_RL] / 4 - (long long)e->rl) ==
				  sign((long long)r.new_ratelimit - (long long)e->rl);
			if (absdiff(DT_KBPS(r.new_ratelimit), v[RP_RL]) > err_rate)
				err_rate = absdiff(DT_KBPS(r.new_ratelimit), v[RP_RL]);
		}
		e->rl = v[RP_RL] / 4;
		e->bal = v[RP_BAL] / 4;
	}
	if (ferror(f)) {
		fprintf(stderr, "dtmodel: %s: read error\n", file);
		exit(1);
	}
	fclose(f);
	free(line);
	free(fld);
	for (i = 0; i < nb; i++)
		free(b[i].name);
	free(b);

	exact = compared > 0 && task_ok == compared && bal_ok == compared &&
		(law == DT_V61 || rate_ok == compared);
	printf("file = %s\nlaw = %s\n", file, law == DT_V10 ? "v10" : "6.1");
	printf("events = %lu\nbdis = %d\ncompared = %lu\n", events, nb, compared);
	printf("task_exact = %lu\nbalanced_exact = %lu\n", task_ok, bal_ok);
	if (law == DT_V10) {
		printf("rate_exact = %lu\ndirection_agree = %lu\n", rate_ok, dir_ok);
		printf("max_rate_err_kbps = %llu\n", err_rate);
	} else {
		printf("rate_exact = -\ndirection_agree = -\nmax_rate_err_kbps = -\n");
		printf("note = law=6.1 compares task_ratelimit and balanced only: "
		       "6.1's step needs dirty vs setpoint, which the event lacks\n");
	}
	printf("max_task_err_kbps = %llu\nmax_balanced_err_kbps = %llu\n",
	       err_task, err_bal);
	if (!compared)
		printf("note = no update to compare (each bdi needs two events)\n");
	printf("verdict = %s\n", exact ? "exact" : "differs");
	return 0;
}

/* dtmodel quiz [TOPIC seed=N [-c]]: a problem, and with -c its answer */
static int cmd_quiz(int argc, char **argv)
{
	const char *topic = NULL;
	unsigned long seed = 0;
	int show = 0, have_seed = 0, i;
	struct dt_quiz q;

	for (i = 0; i < argc; i++) {
		char *end;

		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			topic = NULL;
			break;
		} else if (!strcmp(argv[i], "-c")) {
			show = 1;
		} else if (!strncmp(argv[i], "seed=", 5)) {
			/* strtoul takes "-3" and wraps it: a seed is digits only */
			if (argv[i][5] < '0' || argv[i][5] > '9')
				die("quiz: seed: '%s' is not a whole number from 0 up%s", argv[i] + 5, "");
			errno = 0;
			seed = strtoul(argv[i] + 5, &end, 10);
			if (*end || errno) {
				char most[24];

				snprintf(most, sizeof(most), "%lu", ULONG_MAX);
				die("quiz: seed: '%s' is not a whole number from 0 to %s", argv[i] + 5, most);
			}
			/* two seeds are two problems: which one the student
			 * meant is not ours to guess */
			if (have_seed)
				die("quiz: seed: given twice (%s)%s", argv[i], "");
			have_seed = 1;
		} else if (!topic && argv[i][0] != '-' && !strchr(argv[i], '=')) {
			topic = argv[i];
		} else {
			die("quiz: %s: unknown argument%s (usage: dtmodel quiz TOPIC seed=N [-c])", argv[i], "");
		}
	}
	if (!topic) {
		printf("usage: dtmodel quiz TOPIC seed=N [-c]   (-c: the worked answer)\ntopics:\n");
		for (i = 0; i < dt_quiz_ntopics(); i++)
			printf("  %-16s %s\n", dt_quiz_topic(i), dt_quiz_what(i));
		return 0;
	}
	if (dt_quiz_find(topic) < 0)
		die("quiz: %s: unknown topic%s (dtmodel quiz lists them)", topic, "");
	/* each student their own problem: no seed is no problem, not seed 1 */
	if (!have_seed)
		die("quiz: %s: give your seed: dtmodel quiz %s seed=N (the number your teacher gave you)", topic, topic);
	dt_quiz(topic, seed, show, stdout, &q);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		usage();
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		help();
		return 0;
	}
	if (!strcmp(argv[1], "replay"))
		return cmd_replay(argc - 2, argv + 2);
	if (!strcmp(argv[1], "pos-ratio"))
		return cmd_pos_ratio(argc - 2, argv + 2);
	if (!strcmp(argv[1], "curve"))
		return cmd_curve(argc - 2, argv + 2);
	if (!strcmp(argv[1], "sim"))
		return cmd_sim(argc - 2, argv + 2);
	if (!strcmp(argv[1], "quiz"))
		return cmd_quiz(argc - 2, argv + 2);
	die("unknown command '%s'%s (want pos-ratio|curve|sim|replay|quiz)", argv[1], "");
	return 2;
}
