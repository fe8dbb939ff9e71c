/*
 * dtsim.c -- the simulator declared in dtsim.h.
 *
 * One loop iteration is one jiffy (1 ms, HZ=1000).  Per jiffy: tasks that
 * are due wake up; runnable tasks share the CPUs and dirty pages, calling
 * the balance_dirty_pages() model when their nr_dirtied reaches the poll
 * interval (or the per-CPU safeguard fires); then each disk's flusher
 * moves dirty pages to writeback above the background threshold and the
 * disk completes writeback at its bandwidth.  Everything random comes from
 * one seeded splitmix64 stream, so a configuration and a seed give the
 * same run, byte for byte.
 * Reads/writes: nothing; results go to the observer callbacks.
 * Simplifications (said in model/README.md): one global domain whose
 * dirty_limit equals thresh (dirty_bytes is fixed during a run), no memcg,
 * no strictlimit, no 30 s expiry writeback, exiting tasks leak nothing.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <math.h>

#include "dtsim.h"

/* ---------------------------------------------------------------- config */

/* patches/knobs, through the generated dt_knobs.h */
const struct dt_knob dt_knobs[DT_NKNOBS] = DT_KNOBS;
/* experiments/keys, through the generated dt_keys.h */
const struct dt_key dt_keys[DT_NKEYS] = DT_KEYS;

static int parse_bytes(const char *s, unsigned long long *out);

/* LO..HI of an int key of experiments/keys; 0 when it has none */
int dt_key_range(const char *name, long *lo, long *hi)
{
	int i;

	for (i = 0; i < DT_NKEYS; i++)
		if (!strcmp(dt_keys[i].name, name) && !strcmp(dt_keys[i].kind, "int"))
			return sscanf(dt_keys[i].range, "%ld..%ld", lo, hi) == 2;
	return 0;
}

void dt_sim_defaults(struct dt_sim_cfg *c)
{
	char err[256];
	unsigned long long b;
	int i;

	memset(c, 0, sizeof(*c));
	/* what only the model has */
	c->ngroups = 0;
	c->disk_noise = 0.1;
	c->queue_ms = 100;
	c->aux_line = 1;
	c->cpu_mbps = 1000;
	c->seed = 1;
	c->pos = DT_POS_61;
	c->rate_estimation = 1;
	c->rate_pure = 0;
	c->step_filter = 1;
	c->safeguard = 1;
	c->pause_v = DT_V61;
	c->think_comp = 1;
	c->update_v = DT_V61;
	c->trace_tasks = -1;
	/* the lab's defaults, from experiments/keys (dt_keys.h), for the keys
	 * the model simulates; dirty_background_bytes is the default of
	 * dt_sim_bg_thresh(), which halves it when it is not below the limit */
	for (i = 0; i < DT_NKEYS; i++) {
		if (strcmp(dt_keys[i].model, "sim") || !*dt_keys[i].def ||
		    !strncmp(dt_keys[i].name, "knob.", 5))
			continue;
		if (!strcmp(dt_keys[i].name, "dirty_background_bytes")) {
			if (parse_bytes(dt_keys[i].def, &b) || (b >> DT_PAGE_SHIFT) < 1) {
				fprintf(stderr, "experiments/keys: %s: default '%s' is not bytes\n",
					dt_keys[i].name, dt_keys[i].def);
				exit(2);
			}
			c->bg_default = (unsigned long)(b >> DT_PAGE_SHIFT);
			continue;
		}
		if (dt_sim_set(c, dt_keys[i].name, dt_keys[i].def, err, sizeof(err))) {
			fprintf(stderr, "experiments/keys: %s: the model refuses its default: %s\n",
				dt_keys[i].name, err);
			exit(2);
		}
	}
}

unsigned long dt_sim_bg_thresh(const struct dt_sim_cfg *c)
{
	unsigned long lab = c->bg_default;

	if (c->bg_thresh)
		return c->bg_thresh;
	return lab < c->thresh ? lab : c->thresh / 2;
}

static int bad(char *err, int len, const char *key, const char *val,
	       const char *want)
{
	snprintf(err, (size_t)len, "bad value for key '%s': '%s' (want %s)",
		 key, val, want);
	return -1;
}

static int parse_double(const char *s, double *out)
{
	char *end;
	double v;

	if (!*s || (*s != '-' && *s != '.' && (*s < '0' || *s > '9')))
		return -1;
	v = strtod(s, &end);
	if (*end || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

static int parse_long(const char *s, long *out)
{
	char *end;
	long v;

	if (!*s || (*s != '-' && (*s < '0' || *s > '9')))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (*end || errno)
		return -1;
	*out = v;
	return 0;
}

/* the lab's byte counts: digits with an optional K, M or G (powers of 1024) */
static int parse_bytes(const char *s, unsigned long long *out)
{
	unsigned long long v = 0;
	const char *p = s;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (1ULL << 40))
			return -1;
		v = v * 10 + (unsigned long long)(*p - '0');
	}
	if (*p == 'K')
		v <<= 10, p++;
	else if (*p == 'M')
		v <<= 20, p++;
	else if (*p == 'G')
		v <<= 30, p++;
	if (*p || v > (1ULL << 50))
		return -1;
	*out = v;
	return 0;
}

static int parse_onoff(const char *s, int *out)
{
	if (!strcmp(s, "on") || !strcmp(s, "1")) {
		*out = 1;
		return 0;
	}
	if (!strcmp(s, "off") || !strcmp(s, "0")) {
		*out = 0;
		return 0;
	}
	return -1;
}

static int parse_variant(const char *s, enum dt_variant *v)
{
	if (!strcmp(s, "6.1")) {
		*v = DT_V61;
		return 0;
	}
	if (!strcmp(s, "v10")) {
		*v = DT_V10;
		return 0;
	}
	return -1;
}

/* group=N[:disk[:start_s[:stop_s[:think_ms[:chunk_kb]]]]] */
static int parse_group(const char *s, struct dt_group *g)
{
	double f[6] = { 0, 0, 0, 0, 0, 64 };
	char buf[128], *p, *tok;
	int i = 0;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	for (p = buf; (tok = strsep(&p, ":")) != NULL; i++) {
		if (i >= 6 || parse_double(tok, &f[i]) || f[i] < 0)
			return -1;
	}
	if (f[0] < 1 || f[0] > 100000 || f[5] < 4)
		return -1;
	g->n = (int)f[0];
	g->disk = (int)f[1];
	g->start_ms = lround(f[2] * 1000);
	g->stop_ms = lround(f[3] * 1000);
	g->think_ms = lround(f[4]);
	g->chunk_pages = lround(f[5]) >> (DT_PAGE_SHIFT - 10);
	return 0;
}

/* split a comma list in place; returns the count, -1 on an empty item */
static int split(char *buf, char **el, int max)
{
	char *p = buf, *tok;
	int n = 0;

	while ((tok = strsep(&p, ",")) != NULL) {
		if (!*tok || n >= max)
			return -1;
		el[n++] = tok;
	}
	return n;
}

/* is val one of the comma list vals? */
static int one_of(const char *val, const char *vals)
{
	size_t n = strlen(val);
	const char *p = vals;

	while (n && p && *p) {
		if (!strncmp(p, val, n) && (p[n] == ',' || !p[n]))
			return 1;
		p = strchr(p, ',');
		if (p)
			p++;
	}
	return 0;
}

/*
 * The keys dt_sim_set takes, as a table: the name, how the value is read
 * (the parser), the field it sets (offsetof), the range the value must
 * be in and what an error line asks for. A key whose value sets more than
 * one field or is a list has a function of its own (S_FN). Ranges are in
 * the unit written (S_PAGES: pages); with .lab set, experiments/keys'
 * range of the key replaces lo..hi and the error says it.
 */
enum set_parse {
	S_INT,		/* a whole number, into an int */
	S_LONG,		/* a whole number, into a long */
	S_ULL,		/* a whole number, into an unsigned long long */
	S_DOUBLE,	/* a number, into a double */
	S_MS,		/* seconds, into a long of ms (rounded) */
	S_BYTES,	/* bytes with K|M|G, into a long */
	S_PAGES,	/* bytes with K|M|G, into an unsigned long of pages */
	S_ONOFF,	/* on|off (or 1|0), into an int */
	S_ENUM,		/* one of want's words (A|B|C), map[its index] into
			 * an int or an enum */
	S_FN,		/* fn does it all */
};

#define LO_OPEN	1	/* the range leaves out lo */
#define HI_OPEN	2	/* ... and hi */

typedef int (*set_fn)(struct dt_sim_cfg *c, const char *key, const char *val,
		      char *err, int errlen);

struct setter {
	const char *name;
	enum set_parse parse;
	size_t off;
	double lo, hi;
	int open;
	const char *want;
	const int *map;
	set_fn fn;
	int lab;
};

_Static_assert(sizeof(enum dt_variant) == sizeof(int), "S_ENUM writes an int");
_Static_assert(sizeof(enum dt_posmode) == sizeof(int), "S_ENUM writes an int");

static int set_knob(struct dt_sim_cfg *c, const char *key, const char *val,
		    char *err, int errlen)
{
	/* the lab's knob.NAME: exactly the values the kernel accepts */
	char known[256];
	const char *p;
	long l;
	int k, n = 0;

	for (k = 0; k < DT_NKNOBS; k++)
		if (!strcmp(key + 5, dt_knobs[k].name))
			break;
	if (k == DT_NKNOBS) {
		for (k = 0; k < DT_NKNOBS; k++)
			n += snprintf(known + n, sizeof(known) - (size_t)n,
				      " %s", dt_knobs[k].name);
		snprintf(err, (size_t)errlen,
			 "unknown knob '%s' (known:%s preset)", key, known);
		return -1;
	}
	if (!strcmp(dt_knobs[k].values, "KB/s")) {
		if (parse_long(val, &l) || l < 0 || l > (1L << 30))
			return bad(err, errlen, key, val, "KB/s, 0..1073741824");
	} else if (!one_of(val, dt_knobs[k].values)) {
		char want[64];

		snprintf(want, sizeof(want), "one of %s", dt_knobs[k].values);
		return bad(err, errlen, key, val, want);
	}
	if (dt_sim_set(c, key + 5, val, err, errlen)) {
		/* the switch's own reason, under the knob's name */
		p = strstr(err, "': ");
		snprintf(known, sizeof(known), "%s", p ? p + 3 : err);
		snprintf(err, (size_t)errlen, "bad value for key '%s': %s",
			 key, known);
		return -1;
	}
	return 0;
}

static int set_tasks(struct dt_sim_cfg *c, const char *key, const char *val,
		     char *err, int errlen)
{
	/* the lab's range (experiments/keys), and 0: only groups (group=,
	 * a model-only key) */
	long lo = 1, hi = 10000, l;
	char want[48];

	dt_key_range("tasks", &lo, &hi);
	snprintf(want, sizeof(want), "0 (groups only), %ld..%ld", lo, hi);
	if (parse_long(val, &l) || (l != 0 && (l < lo || l > hi)))
		return bad(err, errlen, key, val, want);
	c->ntasks = (int)l;
	return 0;
}

static int set_think(struct dt_sim_cfg *c, const char *key, const char *val,
		     char *err, int errlen)
{
	char buf[8192], *el[DT_MAX_THINK];
	long l;
	int n, i;

	if (strlen(val) >= sizeof(buf))
		return bad(err, errlen, key, val, "ms[,ms...]");
	strcpy(buf, val);
	n = split(buf, el, DT_MAX_THINK);
	if (n < 1)
		return bad(err, errlen, key, val, "ms[,ms...], up to 1024 items");
	for (i = 0; i < n; i++) {
		if (parse_long(el[i], &l) || l < 0 || l > 3600000)
			return bad(err, errlen, key, val, "a comma list of ms, 0..3600000");
		c->think_ms[i] = l;
	}
	c->nthink = n;
	return 0;
}

static int set_phases(struct dt_sim_cfg *c, const char *key, const char *val,
		      char *err, int errlen)
{
	char buf[8192], *el[DT_MAX_PHASES];
	int n, i;

	if (!*val) {	/* the lab's default: all writers, always */
		c->nphases = 0;
		return 0;
	}
	if (strlen(val) >= sizeof(buf))
		return bad(err, errlen, key, val, "T:N[,T:N...]");
	strcpy(buf, val);
	n = split(buf, el, DT_MAX_PHASES);
	if (n < 1)
		return bad(err, errlen, key, val, "T:N[,T:N...], up to 256 items");
	for (i = 0; i < n; i++) {
		char *colon = strchr(el[i], ':');
		long t, w;

		if (!colon)
			return bad(err, errlen, key, val, "T:N[,T:N...] (seconds:writers)");
		*colon = 0;
		if (parse_long(el[i], &t) || t < 0 || t > 36000 ||
		    parse_long(colon + 1, &w) || w < 0 || w > 100000)
			return bad(err, errlen, key, val, "T:N[,T:N...] (seconds:writers)");
		if (i == 0 && t != 0)
			return bad(err, errlen, key, val, "a first phase at 0 s");
		if (i > 0 && t * 1000 <= c->phase_ms[i - 1])
			return bad(err, errlen, key, val, "increasing times");
		c->phase_ms[i] = t * 1000;
		c->phase_n[i] = (int)w;
	}
	c->nphases = n;
	return 0;
}

static int set_group(struct dt_sim_cfg *c, const char *key, const char *val,
		     char *err, int errlen)
{
	if (c->ngroups >= DT_MAX_GROUPS)
		return bad(err, errlen, key, val, "at most 32 groups");
	if (parse_group(val, &c->group[c->ngroups]))
		return bad(err, errlen, key, val,
			   "N[:disk[:start_s[:stop_s[:think_ms[:chunk_kb]]]]]");
	c->ngroups++;
	return 0;
}

static int set_disk_bw(struct dt_sim_cfg *c, const char *key, const char *val,
		       char *err, int errlen)
{
	char buf[512], *el[DT_MAX_DISKS + 1];
	unsigned long long b;
	int n, i;

	if (strlen(val) >= sizeof(buf))
		return bad(err, errlen, key, val, "bytes/s[,bytes/s...]");
	strcpy(buf, val);
	n = split(buf, el, DT_MAX_DISKS);
	if (n < 1)
		return bad(err, errlen, key, val,
			   "bytes/s[K|M|G][,...], 1 to 8 disks");
	for (i = 0; i < n; i++) {
		if (parse_bytes(el[i], &b) || b < 4096 || b > (1ULL << 40))
			return bad(err, errlen, key, val,
				   "bytes/s with K|M|G, 4K..1024G each, e.g. 10M (a plain number is bytes/s)");
		c->disk_bytes[i] = b;
		c->disk_mbps[i] = (double)b / (1 << 20);
	}
	c->ndisks = n;
	return 0;
}

static int set_cpu_bw(struct dt_sim_cfg *c, const char *key, const char *val,
		      char *err, int errlen)
{
	unsigned long long b;

	if (parse_bytes(val, &b) || b < (1ULL << 20))
		return bad(err, errlen, key, val, "bytes/s[K|M|G], >= 1M");
	c->cpu_mbps = (double)b / (1 << 20);
	return 0;
}

static int set_seed_rl(struct dt_sim_cfg *c, const char *key, const char *val,
		       char *err, int errlen)
{
	long l;

	if (parse_long(val, &l) || l < 0 || l > (1L << 30))
		return bad(err, errlen, key, val, "KB/s >= 0");
	c->seed_kbps = (unsigned long)l;
	c->seed_rl = (unsigned long)l >> (DT_PAGE_SHIFT - 10);
	return 0;
}

static int set_step_filter(struct dt_sim_cfg *c, const char *key,
			   const char *val, char *err, int errlen)
{
	/* the kit's knob (patches 0004, 0011): 6.1's update, no filter
	 * (6.1's estimate, followed at once), or v10's update (seeds
	 * 004/005); it sets update= too */
	if (!strcmp(val, "6.1")) {
		c->step_filter = 1;
		c->update_v = DT_V61;
	} else if (!strcmp(val, "off")) {
		c->step_filter = 0;
		c->update_v = DT_V61;
	} else if (!strcmp(val, "v10")) {
		c->step_filter = 1;
		c->update_v = DT_V10;
	} else {
		return bad(err, errlen, key, val, "6.1|off|v10");
	}
	return 0;
}

static int set_scheme(struct dt_sim_cfg *c, const char *key, const char *val,
		      char *err, int errlen)
{
	(void)c;
	if (!strcmp(val, "direct")) {
		snprintf(err, (size_t)errlen,
			 "bad value for key '%s': 'direct': the model has no direct scheme (kernel only, patch 0012; want ioless)",
			 key);
		return -1;
	}
	if (strcmp(val, "ioless"))
		return bad(err, errlen, key, val, "ioless");
	return 0;
}

static int set_variant(struct dt_sim_cfg *c, const char *key, const char *val,
		       char *err, int errlen)
{
	enum dt_variant v;

	if (parse_variant(val, &v))
		return bad(err, errlen, key, val, "6.1|v10");
	c->pos = v == DT_V10 ? DT_POS_V10 : DT_POS_61;
	c->update_v = v;
	c->pause_v = v;
	return 0;
}

static int set_stall(struct dt_sim_cfg *c, const char *key, const char *val,
		     char *err, int errlen)
{
	const char *colon = strchr(val, ':');
	char rate[64];
	double d;
	long l;

	if (!colon || (size_t)(colon - val) >= sizeof(rate))
		return bad(err, errlen, key, val, "PER_S:MAX_MS");
	memcpy(rate, val, (size_t)(colon - val));
	rate[colon - val] = 0;
	if (parse_double(rate, &d) || d < 0 || d > 1000 ||
	    parse_long(colon + 1, &l) || l < 1 || l > 100000)
		return bad(err, errlen, key, val, "PER_S:MAX_MS");
	c->stall_rate = d;
	c->stall_ms = l;
	return 0;
}

static const int map_pos[] = { DT_POS_61, DT_POS_V10, DT_POS_THRESHOLD };
static const int map_pure[] = { 0, 1 };
static const int map_variant[] = { DT_V61, DT_V10 };

#define F(field)	offsetof(struct dt_sim_cfg, field)
#define FN(name, f)	{ name, S_FN, 0, 0, 0, 0, NULL, NULL, f, 0 }
static const struct setter setters[] = {
	/* the lab's workload and machine (experiments/keys) */
	FN("tasks", set_tasks),
	{ "chunk", S_BYTES, F(chunk_bytes), 1, 64 << 20, 0, "bytes[K|M|G], 1..64M", NULL, NULL, 0 },
	FN("think", set_think),
	{ "stagger", S_LONG, F(stagger_ms), 0, 600000, 0, "ms, 0..600000", NULL, NULL, 0 },
	FN("phases", set_phases),
	FN("disk_bw", set_disk_bw),
	{ "dirty_bytes", S_PAGES, F(thresh), 64, 1 << 30, 0, "bytes[K|M|G], >= 256K", NULL, NULL, 0 },
	{ "dirty_background_bytes", S_PAGES, F(bg_thresh), 1, INFINITY, 0, "bytes[K|M|G], >= 4K", NULL, NULL, 0 },
	{ "duration", S_MS, F(duration_ms), 0, 36000, LO_OPEN, "seconds, 0..36000", NULL, NULL, 0 },
	{ "cpus", S_INT, F(cpus), 1, 8, 0, NULL, NULL, NULL, 1 },
	{ "seed_at", S_MS, F(seed_at_ms), 0, INFINITY, 0, "seconds >= 0", NULL, NULL, 0 },
	{ "resume_at", S_MS, F(resume_at_ms), 0, INFINITY, 0, "seconds >= 0", NULL, NULL, 0 },
	/* the kit's knobs (patches/knobs), also as knob.NAME */
	{ "pos_ratio", S_ENUM, F(pos), 0, 0, 0, "6.1|v10|threshold", map_pos, NULL, 0 },
	{ "rate_estimation", S_ONOFF, F(rate_estimation), 0, 0, 0, "on|off", NULL, NULL, 0 },
	{ "rate_feedback", S_ENUM, F(rate_pure), 0, 0, 0, "pos|pure", map_pure, NULL, 0 },
	FN("seed_dirty_ratelimit", set_seed_rl),
	FN("step_filter", set_step_filter),
	FN("scheme", set_scheme),
	{ "percpu_safeguard", S_ONOFF, F(safeguard), 0, 0, 0, "on|off", NULL, NULL, 0 },
	{ "max_pause", S_ENUM, F(pause_v), 0, 0, 0, "6.1|v10", map_variant, NULL, 0 },
	{ "think_time", S_ONOFF, F(think_comp), 0, 0, 0, "on|off", NULL, NULL, 0 },
	/* the model's own */
	FN("group", set_group),
	{ "bg_bytes", S_PAGES, F(bg_thresh), 1, INFINITY, 0, "bytes[K|M|G], >= 4K", NULL, NULL, 0 },
	FN("cpu_bw", set_cpu_bw),
	{ "seed", S_ULL, F(seed), 0, (double)LONG_MAX, 0, "a non-negative integer", NULL, NULL, 0 },
	{ "disk_noise", S_DOUBLE, F(disk_noise), 0, 1, HI_OPEN, "0 <= fraction < 1", NULL, NULL, 0 },
	{ "queue_ms", S_LONG, F(queue_ms), 1, 10000, 0, "1..10000", NULL, NULL, 0 },
	{ "aux_line", S_ONOFF, F(aux_line), 0, 0, 0, "on|off", NULL, NULL, 0 },
	{ "update", S_ENUM, F(update_v), 0, 0, 0, "6.1|v10", map_variant, NULL, 0 },
	FN("variant", set_variant),
	FN("stall", set_stall),
	{ "trace_tasks", S_INT, F(trace_tasks), -1, 100000000, 0, "-1 (all) or a count", NULL, NULL, 0 },
};
#undef F
#undef FN

/* is v in s's range? */
static int in_range(const struct setter *s, double lo, double hi, double v)
{
	return (s->open & LO_OPEN ? v > lo : v >= lo) &&
	       (s->open & HI_OPEN ? v < hi : v <= hi);
}

int dt_sim_set(struct dt_sim_cfg *c, const char *key, const char *val,
	       char *err, int errlen)
{
	const struct setter *s = NULL;
	char *field = (char *)c, want[64];
	unsigned long long b;
	double d, lo, hi;
	long l;
	size_t i;

	if (!strcmp(key, "knob.preset"))
		return dt_sim_preset(c, val, NULL, err, errlen);
	if (!strncmp(key, "knob.", 5))
		return set_knob(c, key, val, err, errlen);
	for (i = 0; i < sizeof(setters) / sizeof(setters[0]); i++)
		if (!strcmp(key, setters[i].name))
			s = &setters[i];
	if (!s) {
		snprintf(err, (size_t)errlen, "unknown key '%s'", key);
		return -1;
	}
	if (s->parse == S_FN)
		return s->fn(c, key, val, err, errlen);
	field += s->off;
	lo = s->lo, hi = s->hi;
	snprintf(want, sizeof(want), "%s", s->want ? s->want : "");
	if (s->lab) {
		long klo, khi;

		if (dt_key_range(key, &klo, &khi))
			lo = (double)klo, hi = (double)khi;
		snprintf(want, sizeof(want), "%.0f..%.0f", lo, hi);
	}
	switch (s->parse) {
	case S_INT:
	case S_LONG:
	case S_ULL:
		if (parse_long(val, &l) || !in_range(s, lo, hi, (double)l))
			return bad(err, errlen, key, val, want);
		if (s->parse == S_INT)
			*(int *)field = (int)l;
		else if (s->parse == S_LONG)
			*(long *)field = l;
		else
			*(unsigned long long *)field = (unsigned long long)l;
		break;
	case S_DOUBLE:
	case S_MS:
		if (parse_double(val, &d) || !in_range(s, lo, hi, d))
			return bad(err, errlen, key, val, want);
		if (s->parse == S_DOUBLE)
			*(double *)field = d;
		else
			*(long *)field = lround(d * 1000);
		break;
	case S_BYTES:
		if (parse_bytes(val, &b) || !in_range(s, lo, hi, (double)b))
			return bad(err, errlen, key, val, want);
		*(long *)field = (long)b;
		break;
	case S_PAGES:
		if (parse_bytes(val, &b) || !in_range(s, lo, hi, (double)(b >> DT_PAGE_SHIFT)))
			return bad(err, errlen, key, val, want);
		*(unsigned long *)field = (unsigned long)(b >> DT_PAGE_SHIFT);
		break;
	case S_ONOFF:
		if (parse_onoff(val, (int *)field))
			return bad(err, errlen, key, val, want);
		break;
	case S_ENUM: {
		const char *w = s->want;
		int k = 0;
		size_t n = strlen(val);

		for (;;) {
			if (!strncmp(w, val, n) && (w[n] == '|' || !w[n])) {
				*(int *)field = s->map[k];
				break;
			}
			w = strchr(w, '|');
			if (!w)
				return bad(err, errlen, key, val, want);
			w++, k++;
		}
		break;
	}
	case S_FN:
		break;
	}
	return 0;
}

int dt_sim_check(const struct dt_sim_cfg *c, char *err, int errlen,
		 const char **key)
{
	int i, n = c->ntasks;
	const char *k = NULL;

	for (i = 0; i < c->ngroups && !k; i++) {
		if (c->group[i].disk >= c->ndisks) {
			snprintf(err, (size_t)errlen,
				 "bad value for key 'group': disk %d but disk_bw lists %d disk(s)",
				 c->group[i].disk, c->ndisks);
			k = "group";
		}
		n += c->group[i].n;
	}
	if (!k && n < 1) {
		snprintf(err, (size_t)errlen, "bad value for key 'tasks': no tasks at all");
		k = "tasks";
	}
	if (!k && c->bg_thresh >= c->thresh && c->bg_thresh) {
		snprintf(err, (size_t)errlen,
			 "bad value for key 'dirty_background_bytes': must be below dirty_bytes");
		k = "dirty_background_bytes";
	}
	if (!k && c->resume_at_ms &&
	    (!c->seed_at_ms || c->resume_at_ms <= c->seed_at_ms)) {
		snprintf(err, (size_t)errlen,
			 "bad value for key 'resume_at': %ld s wants a seed_at before it (seed_at is %ld)",
			 c->resume_at_ms / 1000, c->seed_at_ms / 1000);
		k = "resume_at";
	}
	for (i = 0; i < c->nphases && !k; i++) {
		if (c->phase_n[i] > c->ntasks) {
			snprintf(err, (size_t)errlen,
				 "bad value for key 'phases': %d writers in a phase but tasks=%d",
				 c->phase_n[i], c->ntasks);
			k = "phases";
		} else if (c->phase_ms[i] >= c->duration_ms) {
			snprintf(err, (size_t)errlen,
				 "bad value for key 'phases': phase at %ld s does not start before the end of duration",
				 c->phase_ms[i] / 1000);
			k = "phases";
		}
	}
	if (key)
		*key = k;
	return k ? -1 : 0;
}

const struct dt_preset dt_presets[DT_NPRESETS] = DT_PRESETS;

static const struct dt_preset *find_preset(const char *val)
{
	int i;

	for (i = 0; i < DT_NPRESETS; i++)
		if (!strcmp(dt_presets[i].name, val))
			return &dt_presets[i];
	return NULL;
}

/* NAME in the comma list l */
static int in_list(const char *l, const char *name)
{
	size_t n = strlen(name);

	while (*l) {
		if (!strncmp(l, name, n) && (l[n] == ',' || !l[n]))
			return 1;
		l = strchr(l, ',');
		if (!l)
			break;
		l++;
	}
	return 0;
}

const char *dt_preset_value(const char *val, int k)
{
	const struct dt_preset *p = find_preset(val);
	const char *v;

	if (k < 0 || k >= DT_NKNOBS || !p)
		return NULL;
	v = p->v10 ? dt_knobs[k].v10 : dt_knobs[k].def;
	if (!strcmp(v, "-"))
		return NULL;
	return in_list(p->off, dt_knobs[k].name) ? "off" : v;
}

int dt_sim_preset(struct dt_sim_cfg *c, const char *val, const int *keep,
		  char *err, int errlen)
{
	const char *v;
	int k;

	if (!find_preset(val))
		return bad(err, errlen, "knob.preset", val,
			   "a preset of patches/presets");
	for (k = 0; k < DT_NKNOBS; k++) {
		if ((keep && keep[k]) || !(v = dt_preset_value(val, k)))
			continue;
		if (dt_sim_set(c, dt_knobs[k].name, v, err, errlen))
			return -1;	/* a table the switches refuse: a bug */
	}
	return 0;
}

void dt_sim_knob(const struct dt_sim_cfg *c, int k, char *buf, int len)
{
	static const char *pos[] = { "6.1", "v10", "threshold" };
	static const char *var[] = { "6.1", "v10" };
	const char *n = dt_knobs[k].name;
	const char *v = dt_knobs[k].def;	/* a mechanism the model lacks */

	if (!strcmp(n, "pos_ratio"))
		v = pos[c->pos];
	else if (!strcmp(n, "rate_estimation"))
		v = c->rate_estimation ? "on" : "off";
	else if (!strcmp(n, "rate_feedback"))
		v = c->rate_pure ? "pure" : "pos";
	else if (!strcmp(n, "seed_dirty_ratelimit")) {
		snprintf(buf, (size_t)len, "%lu", c->seed_kbps);
		return;
	} else if (!strcmp(n, "step_filter"))
		v = !c->step_filter ? "off" : var[c->update_v];
	else if (!strcmp(n, "percpu_safeguard"))
		v = c->safeguard ? "on" : "off";
	else if (!strcmp(n, "max_pause"))
		v = var[c->pause_v];
	else if (!strcmp(n, "think_time"))
		v = c->think_comp ? "on" : "off";
	/* scheme: ioless, the only scheme the model has (its default) */
	snprintf(buf, (size_t)len, "%s", v);
}

void dt_sim_print_cfg(const struct dt_sim_cfg *c, FILE *f)
{
	static const char *var[] = { "6.1", "v10" };
	char kv[32];
	int i;

	fprintf(f, "tasks=%d\nchunk=%ld\nthink=", c->ntasks, c->chunk_bytes);
	for (i = 0; i < c->nthink; i++)
		fprintf(f, "%s%ld", i ? "," : "", c->think_ms[i]);
	fprintf(f, "\nstagger=%ld\nphases=", c->stagger_ms);
	for (i = 0; i < c->nphases; i++)
		fprintf(f, "%s%ld:%d", i ? "," : "", c->phase_ms[i] / 1000,
			c->phase_n[i]);
	fprintf(f, "\ndirty_bytes=%lu\n", c->thresh << DT_PAGE_SHIFT);
	fprintf(f, "dirty_background_bytes=%lu\n",
		dt_sim_bg_thresh(c) << DT_PAGE_SHIFT);
	fprintf(f, "disk_bw=");
	for (i = 0; i < c->ndisks; i++)
		fprintf(f, "%s%llu", i ? "," : "", c->disk_bytes[i]);
	fprintf(f, "\n");
	for (i = 0; i < c->ngroups; i++)
		if (c->group[i].n)
			fprintf(f, "group=%d:%d:%g:%g:%ld:%ld\n", c->group[i].n,
				c->group[i].disk, c->group[i].start_ms / 1000.0,
				c->group[i].stop_ms / 1000.0, c->group[i].think_ms,
				c->group[i].chunk_pages << (DT_PAGE_SHIFT - 10));
	fprintf(f, "duration=%g\ncpus=%d\ncpu_bw=%.0f\nseed=%llu\n",
		c->duration_ms / 1000.0, c->cpus, c->cpu_mbps * (1 << 20), c->seed);
	fprintf(f, "disk_noise=%g\nqueue_ms=%ld\naux_line=%s\n", c->disk_noise,
		c->queue_ms, c->aux_line ? "on" : "off");
	for (i = 0; i < DT_NKNOBS; i++) {
		dt_sim_knob(c, i, kv, sizeof(kv));
		fprintf(f, "%s=%s\n", dt_knobs[i].name, kv);
	}
	fprintf(f, "seed_at=%g\n", c->seed_at_ms / 1000.0);
	if (c->resume_at_ms)
		fprintf(f, "resume_at=%g\n", c->resume_at_ms / 1000.0);
	fprintf(f, "stall=%g:%ld\n", c->stall_rate, c->stall_ms);
	fprintf(f, "update=%s\ntrace_tasks=%d\n", var[c->update_v], c->trace_tasks);
}

/* ------------------------------------------------------------- simulator */

enum { T_WAIT, T_RUN, T_SLEEP, T_THINK, T_GONE };

struct task {
	int disk, cpu, state, think_after, in_bdp, lab;
	long start, stop, think_ms, chunk, chunk_left, wake, bdp_start;
	unsigned long bdp_pages;
	double credit;
	struct dt_task_rl rl;
	unsigned long long write_bytes;
};

struct disk {
	unsigned long nr_dirty, nr_writeback, dirtied, written;
	unsigned long dirtied_stamp, written_stamp;
	long stamp;
	double ppms, credit, noise, completions;
	struct dt_bw bw;
	unsigned long dirty_ratelimit, balanced;
	int dirty_exceeded;
	unsigned long chunk_done;
};

struct sim {
	const struct dt_sim_cfg *c;
	const struct dt_observer *o;
	struct dt_sim_result *res;
	struct task *t;
	int nt;
	struct disk d[DT_MAX_DISKS];
	int *pcpu;			/* bdp_ratelimits per CPU */
	unsigned long nr_dirty, nr_writeback, nr_dirtied, nr_written;
	unsigned long thresh, bg, limit, rl_pages, stat_error;
	unsigned long long rng;
	long now;
};

static unsigned long long rnd(struct sim *s)	/* splitmix64 */
{
	unsigned long long z = (s->rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double rnd01(struct sim *s)
{
	return (double)(rnd(s) >> 11) / 9007199254740992.0;
}

static unsigned long wb_thresh(struct sim *s, int k)
{
	double sum = 0;
	int i;

	for (i = 0; i < s->c->ndisks; i++)
		sum += s->d[i].completions;
	if (sum <= 0)
		return 0;	/* fprop with no events: share 0 */
	return (unsigned long)((double)s->thresh * s->d[k].completions / sum);
}

/* __wb_update_bandwidth(): ratelimit (from balance_dirty_pages) and write_bw */
static void update_bandwidth(struct sim *s, int k, int with_rl, int task,
			     unsigned long dirty, unsigned long setpoint,
			     long long pos_ratio)
{
	struct disk *d = &s->d[k];
	unsigned long elapsed = (unsigned long)(s->now - d->stamp);

	if (elapsed < 1)
		elapsed = 1;
	if (with_rl) {
		struct dt_rl r;
		struct dt_ev_rl e;

		memset(&r, 0, sizeof(r));
		r.dirty_ratelimit = d->dirty_ratelimit;
		r.prev_balanced = d->balanced;
		r.write_bw = d->bw.avg_write_bandwidth;
		r.dirty_rate = (d->dirtied - d->dirtied_stamp) * DT_HZ / elapsed;
		r.dirty = dirty;
		r.setpoint = setpoint;
		r.pos_ratio = pos_ratio;
		dt_update_ratelimit(s->c->update_v, s->c->rate_pure,
				    s->c->step_filter, &r);
		/* resume_at: off from the start until then */
		if (s->c->rate_estimation && s->now >= s->c->resume_at_ms)
			d->dirty_ratelimit = r.new_ratelimit;
		d->balanced = r.balanced;
		if (s->o && s->o->rl) {
			e.now = s->now;
			e.task = task;
			e.disk = k;
			e.write_bw = d->bw.write_bandwidth;
			e.avg_write_bw = d->bw.avg_write_bandwidth;
			e.dirty_rate = r.dirty_rate;
			e.dirty_ratelimit = d->dirty_ratelimit;
			e.task_ratelimit = r.task_ratelimit;
			e.balanced = r.balanced;
			e.pos_ratio = pos_ratio;
			e.prev_ratelimit = r.dirty_ratelimit;
			e.dirty = dirty;
			e.setpoint = setpoint;
			e.elapsed = elapsed;
			s->o->rl(s->o->ctx, &e);
		}
	}
	dt_update_write_bw(&d->bw, elapsed, d->written - d->written_stamp);
	d->dirtied_stamp = d->dirtied;
	d->written_stamp = d->written;
	d->stamp = s->now;
}

/*
 * balance_dirty_pages() for task @ti after it dirtied @pages pages.
 * Returns 1 if the task now sleeps.
 */
static int bdp(struct sim *s, int ti, unsigned long pages)
{
	const struct dt_sim_cfg *c = s->c;
	struct task *t = &s->t[ti];
	struct disk *d = &s->d[t->disk];
	unsigned long dirty = s->nr_dirty + s->nr_writeback;
	unsigned long wbt, wbd, rl, task_rl, trace_pause_pages;
	struct dt_pos p;
	struct dt_pause o;
	long max_pause, min_pause;
	int ndp;

	s->res->bdp_calls++;
	if (dirty <= dt_freerun(s->thresh, s->bg)) {	/* free run */
		t->rl.nr_dirtied_pause = (int)dt_poll_interval(dirty, s->thresh);
		t->rl.dirty_paused_when = (unsigned long)s->now;
		t->rl.nr_dirtied = 0;
		t->in_bdp = 0;
		return 0;
	}
	if (!t->in_bdp) {
		t->bdp_start = s->now;
		t->in_bdp = 1;
		t->bdp_pages = pages;
	}
	wbt = wb_thresh(s, t->disk);
	wbd = d->nr_dirty + d->nr_writeback;
	d->dirty_exceeded = wbd > wbt && dirty > s->thresh;

	memset(&p, 0, sizeof(p));
	p.thresh = s->thresh;
	p.bg_thresh = s->bg;
	p.limit = s->limit;
	p.dirty = dirty;
	p.bdi_thresh = wbt;
	p.bdi_dirty = wbd;
	p.write_bw = d->bw.avg_write_bandwidth;
	p.no_aux = !c->aux_line;
	dt_pos_ratio(c->pos == DT_POS_V10 ? DT_POS_V10_KNOB : c->pos, &p);

	if (d->stamp + DT_BW_INTERVAL < s->now)
		update_bandwidth(s, t->disk, 1, ti, dirty, p.setpoint,
				 p.pos_ratio);

	/* pos_ratio=threshold: under both thresholds the task runs free */
	if (c->pos == DT_POS_THRESHOLD && p.pos_ratio) {
		t->rl.nr_dirtied_pause = (int)dt_poll_interval(dirty, s->thresh);
		t->rl.dirty_paused_when = (unsigned long)s->now;
		t->rl.nr_dirtied = 0;
		t->in_bdp = 0;
		return 0;
	}

	rl = d->dirty_ratelimit;
	task_rl = (unsigned long)(((unsigned long long)rl *
				   (unsigned long long)p.pos_ratio) >> DT_SHIFT);
	max_pause = dt_max_pause(c->pause_v, d->bw.avg_write_bandwidth, wbd);
	ndp = t->rl.nr_dirtied_pause;
	min_pause = dt_min_pause(c->pause_v, d->bw.avg_write_bandwidth, rl,
				 max_pause, task_rl, &ndp);
	if (c->pause_v == DT_V10)
		ndp = (int)dt_poll_interval(dirty, s->thresh);
	trace_pause_pages = (unsigned long)t->rl.nr_dirtied_pause;
	/* the kit's max_pause=v10 knob swaps only max/min pause and the poll
	 * interval; the rest of the pause path stays 6.1's */
	dt_task_pause(DT_V61, c->think_comp, &t->rl,
		      (unsigned long)s->now, t->bdp_pages, task_rl,
		      min_pause, max_pause, ndp, &o);

	if (s->o && s->o->bdp && (c->trace_tasks < 0 || ti < c->trace_tasks)) {
		struct dt_ev_bdp e;

		e.now = s->now;
		e.task = ti;
		e.disk = t->disk;
		e.limit = s->limit;
		e.setpoint = (s->limit + dt_freerun(s->thresh, s->bg)) / 2;
		e.dirty = dirty;
		/* the trace event's own rounding: setpoint*bdi_thresh/(thresh+1) */
		e.bdi_setpoint = (unsigned long)((unsigned long long)e.setpoint *
						 wbt / (s->thresh + 1));
		e.bdi_dirty = wbd;
		e.dirty_ratelimit = rl;
		e.task_ratelimit = task_rl;
		e.dirtied = t->bdp_pages;
		e.dirtied_pause = trace_pause_pages;
		e.paused = s->now - t->bdp_start;
		e.pause = o.trace_pause;
		e.period = o.period;
		e.think = (long)o.think;
		e.pos_ratio = p.pos_ratio;
		s->o->bdp(s->o->ctx, &e);
	}
	if (!o.sleep) {
		t->in_bdp = 0;
		return 0;
	}
	s->res->pauses++;
	t->state = T_SLEEP;
	t->wake = s->now + (o.pause > 0 ? o.pause : 1);
	/* 6.1 loops again after sleeping only when the rate was zero */
	if (task_rl == 0 && wbd > s->stat_error)
		t->in_bdp = 1;
	else
		t->in_bdp = 0;
	return 1;
}

/* run task @ti for this jiffy with @quota pages of CPU time */
static void run_task(struct sim *s, int ti, double quota)
{
	const struct dt_sim_cfg *c = s->c;
	struct task *t = &s->t[ti];
	struct disk *d = &s->d[t->disk];
	int *p = &s->pcpu[t->cpu];

	t->credit += quota;
	if (t->in_bdp && bdp(s, ti, t->bdp_pages))
		goto out;
	while (t->credit >= 1) {
		long rl = t->rl.nr_dirtied_pause, k;
		int call;

		if (d->dirty_exceeded && rl > DT_EXCEEDED_RL)
			rl = DT_EXCEEDED_RL;
		k = rl - t->rl.nr_dirtied;
		if (c->safeguard && (long)s->rl_pages - *p < k)
			k = (long)s->rl_pages - *p;
		if (t->think_ms && t->chunk_left < k)
			k = t->chunk_left;
		if ((double)k > t->credit)
			k = (long)t->credit;
		if (k < 1)
			k = 1;
		/* folio_account_dirtied(): every counter moves together */
		t->rl.nr_dirtied += (int)k;
		*p += (int)k;
		d->nr_dirty += (unsigned long)k;
		d->dirtied += (unsigned long)k;
		s->nr_dirty += (unsigned long)k;
		s->nr_dirtied += (unsigned long)k;
		t->write_bytes += (unsigned long long)k << DT_PAGE_SHIFT;
		t->credit -= (double)k;
		t->chunk_left -= k;
		/* balance_dirty_pages_ratelimited() */
		rl = t->rl.nr_dirtied_pause;
		if (d->dirty_exceeded && rl > DT_EXCEEDED_RL)
			rl = DT_EXCEEDED_RL;
		if (t->rl.nr_dirtied >= rl) {
			*p = 0;
		} else if (c->safeguard && *p >= (long)s->rl_pages) {
			*p = 0;
			rl = 0;
		}
		call = t->rl.nr_dirtied >= rl;
		if (call) {
			t->in_bdp = 0;
			if (bdp(s, ti, (unsigned long)t->rl.nr_dirtied)) {
				if (t->think_ms && t->chunk_left <= 0) {
					t->chunk_left = t->chunk;
					t->think_after = 1;
				}
				goto out;
			}
		}
		if (t->think_ms && t->chunk_left <= 0) {
			t->chunk_left = t->chunk;
			t->state = T_THINK;
			t->wake = s->now + t->think_ms;
			goto out;
		}
	}
	return;
out:
	t->credit = 0;
}

static void flush_and_write(struct sim *s, int k)
{
	const struct dt_sim_cfg *c = s->c;
	struct disk *d = &s->d[k];
	unsigned long wbt = wb_thresh(s, k), wb_bg, cap, n, chunk;

	/* wb_over_bg_thresh(): global or this wb's share over background */
	wb_bg = s->thresh ? (unsigned long)((unsigned long long)wbt * s->bg / s->thresh) : 0;
	if (s->nr_dirty > s->bg || d->nr_dirty > wb_bg) {
		/* wb_bandwidth_estimate_start(): forget a long idle period */
		if (d->nr_writeback == 0 && s->now - d->stamp > DT_HZ) {
			d->dirtied_stamp = d->dirtied;
			d->written_stamp = d->written;
			d->stamp = s->now;
		}
		cap = (unsigned long)(d->ppms * (double)c->queue_ms);
		if (cap < 32)
			cap = 32;
		n = cap > d->nr_writeback ? cap - d->nr_writeback : 0;
		if (n > d->nr_dirty)
			n = d->nr_dirty;
		d->nr_dirty -= n;
		d->nr_writeback += n;
		s->nr_dirty -= n;
		s->nr_writeback += n;
		/* do_writepages() refreshes write_bw after each chunk */
		d->chunk_done += n;
		chunk = d->bw.avg_write_bandwidth / 2;
		if (chunk > s->limit / 8)
			chunk = s->limit / 8;
		chunk = (chunk + 1024) / 1024 * 1024;
		if (d->chunk_done >= chunk) {
			d->chunk_done = 0;
			if (d->stamp + DT_BW_INTERVAL < s->now)
				update_bandwidth(s, k, 0, -1, 0, 0, 0);
		}
	}
	/* the disk */
	if (s->now % 20 == 0)
		d->noise = 1.0 + c->disk_noise * (2.0 * rnd01(s) - 1.0);
	d->credit += d->ppms * d->noise;
	n = (unsigned long)d->credit;
	if (n > d->nr_writeback)
		n = d->nr_writeback;
	d->credit -= (double)n;
	if (d->nr_writeback == 0 && d->credit > 1)
		d->credit = 1;		/* an idle disk banks nothing */
	d->nr_writeback -= n;
	d->written += n;
	s->nr_writeback -= n;
	s->nr_written += n;
	d->completions += (double)n;
}

int dt_sim_run(const struct dt_sim_cfg *c, const struct dt_observer *o,
	       struct dt_sim_result *res)
{
	struct sim s;
	int i, j, k, nt = 0, ncpu_ids;
	double decay = pow(0.5, 1.0 / 3000.0);	/* fprop: halve every 3 s */
	double cpu_ppm = c->cpu_mbps * (1 << (20 - DT_PAGE_SHIFT)) / DT_HZ;

	memset(&s, 0, sizeof(s));
	memset(res, 0, sizeof(*res));
	s.c = c;
	s.o = o;
	s.res = res;
	s.rng = c->seed * 0x2545f4914f6cdd1dULL + 1;
	s.thresh = c->thresh;
	s.bg = dt_sim_bg_thresh(c);
	s.limit = c->thresh;	/* dom->dirty_limit follows a fixed thresh */
	s.rl_pages = dt_ratelimit_pages(s.thresh, c->cpus);
	ncpu_ids = c->cpus;
	/* wb_stat_error(): nr_cpu_ids * WB_STAT_BATCH(8 * (1 + ilog2(cpus))) */
	s.stat_error = (unsigned long)ncpu_ids * 8 * (1 + (unsigned long)dt_ilog2((unsigned long)c->cpus));
	nt = c->ntasks;
	for (i = 0; i < c->ngroups; i++)
		nt += c->group[i].n;
	s.t = calloc((size_t)nt, sizeof(*s.t));
	s.pcpu = calloc((size_t)c->cpus, sizeof(*s.pcpu));
	if (!s.t || !s.pcpu) {
		free(s.t);
		free(s.pcpu);
		return -1;
	}
	s.nt = nt;
	/* the lab's tasks (dtwork): round-robin over the disks, task i
	 * starting at i * stagger, thinking think[i mod n] after each chunk */
	for (k = 0; k < c->ntasks; k++) {
		struct task *t = &s.t[k];
		long cp = (c->chunk_bytes + (1L << DT_PAGE_SHIFT) - 1) >> DT_PAGE_SHIFT;

		t->lab = 1;
		t->disk = k % c->ndisks;
		t->cpu = k % c->cpus;
		t->start = (long)k * c->stagger_ms;
		t->think_ms = c->think_ms[k % c->nthink];
		t->chunk = cp > 0 ? cp : 1;
		t->chunk_left = t->chunk;
		t->state = T_WAIT;
		t->rl.nr_dirtied_pause = DT_POLL_THRESH;
	}
	for (i = 0; i < c->ngroups; i++) {
		for (j = 0; j < c->group[i].n; j++, k++) {
			struct task *t = &s.t[k];

			t->disk = c->group[i].disk;
			t->cpu = k % c->cpus;
			t->start = c->group[i].start_ms;
			t->stop = c->group[i].stop_ms;
			t->think_ms = c->group[i].think_ms;
			t->chunk = c->group[i].chunk_pages > 0 ? c->group[i].chunk_pages : 16;
			t->chunk_left = t->chunk;
			t->state = T_WAIT;
			/* copy_process(): 128 KB before the first poll */
			t->rl.nr_dirtied_pause = DT_POLL_THRESH;
		}
	}
	for (k = 0; k < c->ndisks; k++) {
		struct disk *d = &s.d[k];

		d->ppms = c->disk_mbps[k] * (1 << (20 - DT_PAGE_SHIFT)) / DT_HZ;
		d->noise = 1.0;
		d->bw.write_bandwidth = d->bw.avg_write_bandwidth = DT_INIT_BW;
		d->dirty_ratelimit = d->balanced = DT_INIT_BW;
	}
	res->ntasks = nt;
	res->thresh = s.thresh;
	res->bg_thresh = s.bg;
	res->limit = s.limit;
	res->setpoint = dt_setpoint(s.thresh, s.bg, s.limit);

	for (s.now = 0; s.now < c->duration_ms; s.now++) {
		int nrun = 0, start, active = c->ntasks;
		double quota;
		unsigned long dirty;

		/* phases=: the lab's tasks below this count are active */
		for (k = 0; k < c->nphases && c->phase_ms[k] <= s.now; k++)
			active = c->phase_n[k];

		if (c->seed_rl && s.now == c->seed_at_ms)
			for (k = 0; k < c->ndisks; k++)
				s.d[k].dirty_ratelimit = c->seed_rl;
		for (i = 0; i < nt; i++) {
			struct task *t = &s.t[i];

			if (t->state == T_GONE)
				continue;
			if (t->stop && s.now >= t->stop) {
				t->state = T_GONE;
				continue;
			}
			if ((t->state == T_SLEEP || t->state == T_THINK) &&
			    s.now >= t->wake) {
				if (t->think_after) {
					t->think_after = 0;
					t->state = T_THINK;
					t->wake = s.now + t->think_ms;
				} else {
					t->state = T_RUN;
				}
			}
			/* phases=: an idle lab task stops before its next
			 * write (not inside balance_dirty_pages) */
			if (t->lab && i >= active) {
				if (t->state == T_RUN && !t->in_bdp)
					t->state = T_WAIT;
			} else if (t->state == T_WAIT && s.now >= t->start) {
				t->state = T_RUN;
			}
			if (t->state == T_RUN)
				nrun++;
		}
		if (nrun) {
			quota = cpu_ppm * c->cpus / nrun;
			if (quota > cpu_ppm)
				quota = cpu_ppm;
			start = (int)(rnd(&s) % (unsigned long long)nt);
			for (j = 0; j < nt; j++) {
				i = (start + j) % nt;
				if (s.t[i].state != T_RUN)
					continue;
				/* a filesystem stall: the task blocks outside
				 * balance_dirty_pages (seed 007 lines 113-116 "ext3/4 may block the dirtier for up to 800ms") */
				if (c->stall_rate > 0 &&
				    rnd01(&s) < c->stall_rate / DT_HZ) {
					s.t[i].state = T_THINK;
					s.t[i].wake = s.now + 1 +
						(long)(rnd01(&s) * (double)c->stall_ms);
					continue;
				}
				run_task(&s, i, quota);
			}
		}
		for (k = 0; k < c->ndisks; k++) {
			s.d[k].completions *= decay;
			flush_and_write(&s, k);
		}
		dirty = s.nr_dirty + s.nr_writeback;
		if (dirty > res->max_dirty) {
			res->max_dirty = dirty;
			res->max_dirty_ms = s.now;
		}
		if (o && o->tick)
			o->tick(o->ctx, s.now, dirty);
		if (o && s.now % DT_BW_INTERVAL == 0) {
			if (o->gds) {
				struct dt_ev_gds e;

				e.now = s.now;
				e.nr_dirty = s.nr_dirty;
				e.nr_writeback = s.nr_writeback;
				e.bg_thresh = s.bg;
				e.thresh = s.thresh;
				e.limit = s.limit;
				e.nr_dirtied = s.nr_dirtied;
				e.nr_written = s.nr_written;
				o->gds(o->ctx, &e);
			}
			if (o->tio)
				for (i = 0; i < nt; i++) {
					struct dt_ev_tio e;

					if (s.t[i].state == T_WAIT ||
					    s.t[i].state == T_GONE)
						continue;
					e.now = s.now;
					e.task = i;
					e.write_bytes = s.t[i].write_bytes;
					o->tio(o->ctx, &e);
				}
		}
	}
	res->nr_dirtied = s.nr_dirtied;
	res->nr_written = s.nr_written;
	for (k = 0; k < c->ndisks; k++) {
		res->dirty_ratelimit[k] = s.d[k].dirty_ratelimit;
		res->avg_write_bw[k] = s.d[k].bw.avg_write_bandwidth;
	}
	free(s.t);
	free(s.pcpu);
	return 0;
}
