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
 *   dtmodel sim tasks=N disk_bw=MB/s dirty_bytes=SIZE duration=S [...] [-o DIR]
 *       runs the simulator; prints a key=value summary; with -o writes the
 *       lab's TSV files (balance_dirty_pages.tsv, bdi_dirty_ratelimit.tsv,
 *       global_dirty_state.tsv, task_io.tsv) and params.txt into DIR,
 *       built in a temporary folder next to DIR and renamed at the end.
 * Reads: nothing.  Writes: stdout, and DIR with -o.
 * Errors: one line on stderr naming the key, exit status 2.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "dtlaw.h"
#include "dtsim.h"

static void die(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "dtmodel: ");
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	exit(2);
}

static void usage(void)
{
	fprintf(stderr, "usage: dtmodel pos-ratio|curve|sim key=value... (see model/README.md)\n");
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

/* ------------------------------------------------------------------ sim */

static const char *out_files[] = { "balance_dirty_pages.tsv",
	"bdi_dirty_ratelimit.tsv", "global_dirty_state.tsv", "task_io.tsv",
	"params.txt", NULL };

struct out {
	FILE *bdp, *rl, *gds, *tio;
};

static void bdi_name(char *buf, size_t n, int disk)
{
	snprintf(buf, n, "254:%d", disk * 16);
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
	const char *outdir = NULL;
	char err[256], tmp[4200], old[8400];
	int i, k;
	struct stat st;

	dt_sim_defaults(&c);
	for (i = 0; i < argc; i++) {
		char *eq;

		if (!strcmp(argv[i], "-o")) {
			if (i + 1 >= argc || !argv[i + 1][0])
				die("bad value for key '%s': %s", "-o", "missing directory");
			outdir = argv[++i];
			if (strlen(outdir) > 4000)
				die("bad value for key %s%s: path too long", "-o", "");
			continue;
		}
		eq = strchr(argv[i], '=');
		if (!eq)
			die("argument '%s' is not key=value%s", argv[i], "");
		*eq = 0;
		if (dt_sim_set(&c, argv[i], eq + 1, err, sizeof(err)))
			die("%s%s", err, "");
	}
	if (dt_sim_check(&c, err, sizeof(err)))
		die("%s%s", err, "");

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

int main(int argc, char **argv)
{
	if (argc < 2)
		usage();
	if (!strcmp(argv[1], "pos-ratio"))
		return cmd_pos_ratio(argc - 2, argv + 2);
	if (!strcmp(argv[1], "curve"))
		return cmd_curve(argc - 2, argv + 2);
	if (!strcmp(argv[1], "sim"))
		return cmd_sim(argc - 2, argv + 2);
	die("unknown command '%s'%s (want pos-ratio|curve|sim)", argv[1], "");
	return 2;
}
