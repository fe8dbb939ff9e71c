/*
 * dttask -- per-task and distribution numbers from the lab's TSV files,
 * for chapters 6-9 (per-task limits, pauses, think time, fairness).
 *
 * Reads one TSV written by dtdecode, dtwork (work.log) or the model: a
 * header row of column names, then rows. Writes key=value numbers (one
 * line) or a TSV on stdout. Rows are selected by the `time` column
 * (from <= time < to) and by exact string match of where=COL=VALUE
 * (repeatable, up to 8).
 *
 *   dttask rates FILE COL [by=KEY] [from=T] [to=T] [where=...] [list]
 *       COL is a cumulative counter (write_bytes of task_io.tsv, bytes of
 *       work.log). Rows are grouped by KEY (default pid); each group's
 *       rate is (last - first) / (t_last - t_first) over its selected
 *       rows (groups with fewer than 2 rows or no time span are skipped).
 *       Prints n mean sd min max of the rates, spread = (max - min) /
 *       mean, jain = (sum x)^2 / (n sum x^2) (Jain's fairness index: 1
 *       when all are equal, 1/n when one task gets everything), and cv,
 *       the coefficient of variation of the rate between consecutive rows
 *       of a group divided by that group's rate, pooled over the groups
 *       (0 for a straight line; "bumpiness"). With `list`: a TSV
 *       `key rate rows cv`, one row per group, instead.
 *   dttask cdf FILE EXPR [from=T] [to=T] [where=...] [above=X] [points=N]
 *       the empirical distribution of EXPR: a TSV `value frac` (frac =
 *       share of the rows with a value <= this one), sorted; above=X
 *       keeps only values > X (e.g. pause > 0: the sleeps); points=N
 *       keeps N evenly spaced quantiles (and the largest value).
 *   dttask excess FILE EXPR [from=T] [to=T] [where=...]
 *       EXPR read as an excess over a limit (e.g.
 *       nr_dirty+nr_writeback-dirty_thresh): n, max and t_max (its time),
 *       first and last (times of the first and last row with EXPR > 0,
 *       "none" if never), above_s (seconds with EXPR > 0, each row
 *       holding its value until the next), span (seconds covered).
 *   dttask pollmatch FILE [from=T] [to=T]
 *       balance_dirty_pages.tsv (columns pid limit dirty dirtied_pause
 *       pause): for each row, the dirtied_pause the task should carry if
 *       its previous paused row (pause > 0) set nr_dirtied_pause to
 *       dirty_poll_interval(dirty, limit) = 1 << (ilog2(limit - dirty) / 2)
 *       (1 at or over the limit), as v10 does (seed 006 lines 95-102, 113 "current->nr_dirtied_pause = dirty_poll_interval(nr_dirty, dirty_thresh);").
 *       Prints n (rows with such a predecessor), match (equal),
 *       frac, and within2 (share within a factor of 2: one step of the
 *       staircase).
 *   dttask io FILE [from=T] [to=T] [where=...] [writer=COMM]
 *       block_rq_issue.tsv (columns dev sector nr_sector rwbs comm): the
 *       write requests (rwbs has a W) with data (nr_sector > 0) as a disk
 *       sees them. Prints n, mib (written), kib_mean and kib_p50 (request
 *       size), jumps (requests that do not start where the previous write
 *       request to the same dev ended: a seek on a disk with heads),
 *       jumps_per_mib, mib_s (MiB over the span from the first to the
 *       last request) and writer (share of the requests issued in the
 *       context of a task named COMM, default dtwork: the dirtier itself
 *       submitted them).
 *
 * EXPR is a column name, or column names and numbers joined by + - * /,
 * evaluated left to right (a-b/c is (a-b)/c), as in dtstat.
 * Bad input: one line naming the file and key, exit 2.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXCOL 64

static const char *file;

static void die(const char *key, const char *msg)
{
	fprintf(stderr, "%s: %s: %s\n", file ? file : "dttask", key, msg);
	exit(2);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		die("memory", "out of memory");
	return p;
}

#include "../common/tsvexpr.h"

static int needcol(char **hdr, int n, const char *name)
{
	int i = colidx(hdr, n, name);

	if (i < 0)
		die(name, "no such column");
	return i;
}

/* the common options: from= to= where= and the command's own words */
struct sel {
	double from, to;
	int nw, wi[8];
	const char *wval[8];
	const char *by;
	int list;
	long points;
	double above;
};

static void parse_opts(struct sel *s, char **hdr, int nh, int tcol,
		       int argc, char **argv, int argi, const char *allowed)
{
	char *eq, *end;

	s->from = -INFINITY;
	s->to = INFINITY;
	s->nw = 0;
	s->by = "pid";
	s->list = 0;
	s->points = 0;
	s->above = -INFINITY;
	for (; argi < argc; argi++) {
		char *a = argv[argi];

		if (!strncmp(a, "from=", 5)) {
			s->from = strtod(a + 5, &end);
			if (end == a + 5 || *end)
				die("from", "not a number");
		} else if (!strncmp(a, "to=", 3)) {
			s->to = strtod(a + 3, &end);
			if (end == a + 3 || *end)
				die("to", "not a number");
		} else if (!strncmp(a, "where=", 6) && (eq = strchr(a + 6, '='))) {
			if (s->nw == 8)
				die("where", "at most 8");
			*eq = 0;
			s->wi[s->nw] = needcol(hdr, nh, a + 6);
			s->wval[s->nw] = eq + 1;
			s->nw++;
		} else if (strstr(allowed, "by") && !strncmp(a, "by=", 3)) {
			s->by = a + 3;
			needcol(hdr, nh, s->by);
		} else if (strstr(allowed, "list") && !strcmp(a, "list")) {
			s->list = 1;
		} else if (strstr(allowed, "points") && !strncmp(a, "points=", 7)) {
			s->points = strtol(a + 7, &end, 10);
			if (end == a + 7 || *end || s->points < 2)
				die("points", "want a whole number >= 2");
		} else if (strstr(allowed, "above") && !strncmp(a, "above=", 6)) {
			s->above = strtod(a + 6, &end);
			if (end == a + 6 || *end)
				die("above", "not a number");
		} else {
			die(a, "unknown argument");
		}
	}
	if ((s->from > -INFINITY || s->to < INFINITY) && tcol < 0)
		die("time", "no time column for from=/to=");
}

/* 1 if the row passes the selection; *t gets its time (NAN without) */
static int selected(const struct sel *s, char **f, int nf, int tcol, double *t)
{
	int i;

	*t = NAN;
	if (tcol >= 0) {
		if (tcol >= nf)
			return 0;
		*t = strtod(f[tcol], NULL);
		if (*t < s->from || *t >= s->to)
			return 0;
	}
	for (i = 0; i < s->nw; i++)
		if (s->wi[i] >= nf || strcmp(f[s->wi[i]], s->wval[i]))
			return 0;
	return 1;
}

/* --- rates ------------------------------------------------------------ */
struct group {
	char *key;
	double t0, v0, t1, v1;	/* first and last selected row */
	size_t rows;
	double *inc;		/* rates between consecutive rows */
	size_t ninc, cinc;
};

static int cmd_rates(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *f[MAXCOL];
	size_t cap = 0, ng = 0, cg = 0, i, j;
	struct group *g = NULL;
	struct sel s;
	int col, kcol;
	double *r, sum = 0, sum2 = 0, mean, sd = 0, mn = INFINITY, mx = -INFINITY;
	double csum = 0, csum2 = 0;
	size_t cn = 0, n = 0;

	if (tcol < 0)
		die("time", "no time column");
	col = needcol(hdr, nh, argv[3]);
	parse_opts(&s, hdr, nh, tcol, argc, argv, 4, "by list");
	kcol = needcol(hdr, nh, s.by);
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f);
		double t, v;

		if (!selected(&s, f, nf, tcol, &t) || col >= nf || kcol >= nf)
			continue;
		v = strtod(f[col], NULL);
		for (i = 0; i < ng && strcmp(g[i].key, f[kcol]); i++)
			;
		if (i == ng) {
			if (ng == cg) {
				cg = cg ? 2 * cg : 64;
				g = xrealloc(g, cg * sizeof(*g));
			}
			memset(&g[ng], 0, sizeof(g[ng]));
			g[ng].key = strdup(f[kcol]);
			g[ng].t0 = g[ng].t1 = t;
			g[ng].v0 = g[ng].v1 = v;
			g[ng].rows = 1;
			ng++;
			continue;
		}
		if (t > g[i].t1) {
			if (g[i].ninc == g[i].cinc) {
				g[i].cinc = g[i].cinc ? 2 * g[i].cinc : 64;
				g[i].inc = xrealloc(g[i].inc, g[i].cinc * sizeof(double));
			}
			g[i].inc[g[i].ninc++] = (v - g[i].v1) / (t - g[i].t1);
		}
		g[i].t1 = t;
		g[i].v1 = v;
		g[i].rows++;
	}
	free(line);
	r = xrealloc(NULL, (ng ? ng : 1) * sizeof(*r));
	if (s.list)
		printf("key\trate\trows\tcv\n");
	for (i = 0; i < ng; i++) {
		double rate, gs = 0, gs2 = 0;

		if (g[i].rows < 2 || g[i].t1 <= g[i].t0)
			continue;
		rate = (g[i].v1 - g[i].v0) / (g[i].t1 - g[i].t0);
		for (j = 0; rate > 0 && j < g[i].ninc; j++) {
			double x = g[i].inc[j] / rate;

			gs += x;
			gs2 += x * x;
			csum += x;
			csum2 += x * x;
			cn++;
		}
		if (s.list) {
			double m = g[i].ninc ? gs / g[i].ninc : 0;
			double var = g[i].ninc > 1 ? (gs2 - g[i].ninc * m * m) / (g[i].ninc - 1) : 0;

			printf("%s\t%.6g\t%zu\t%.4f\n", g[i].key, rate, g[i].rows,
			       var > 0 ? sqrt(var) : 0);
		}
		r[n++] = rate;
		sum += rate;
		sum2 += rate * rate;
		if (rate < mn)
			mn = rate;
		if (rate > mx)
			mx = rate;
	}
	if (s.list)
		return 0;
	if (!n) {
		printf("n=0\n");
		return 0;
	}
	mean = sum / n;
	for (i = 0; i < n; i++)
		sd += (r[i] - mean) * (r[i] - mean);
	sd = n > 1 ? sqrt(sd / (n - 1)) : 0;
	{
		double cm = cn ? csum / cn : 0;
		double cv = cn > 1 ? (csum2 - cn * cm * cm) / (cn - 1) : 0;

		printf("n=%zu mean=%.6g sd=%.6g min=%.6g max=%.6g spread=%.4f jain=%.5f cv=%.4f\n",
		       n, mean, sd, mn, mx, mean != 0 ? (mx - mn) / mean : 0,
		       sum2 > 0 ? sum * sum / (n * sum2) : 0, cv > 0 ? sqrt(cv) : 0);
	}
	return 0;
}

/* --- cdf -------------------------------------------------------------- */
static int cmd_cdf(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *f[MAXCOL];
	size_t cap = 0, n = 0, c = 0, i;
	double *v = NULL;
	struct expr e = parse_expr(hdr, nh, argv[3]);
	struct sel s;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 4, "points above");
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f);
		double t, x;

		if (!selected(&s, f, nf, tcol, &t))
			continue;
		x = eval(&e, f, nf);
		if (isnan(x) || x <= s.above)
			continue;
		if (n == c) {
			c = c ? 2 * c : 1024;
			v = xrealloc(v, c * sizeof(*v));
		}
		v[n++] = x;
	}
	free(line);
	printf("value\tfrac\n");
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmpd);
	if (!s.points || (size_t)s.points >= n) {
		for (i = 0; i < n; i++)
			if (i + 1 == n || v[i + 1] != v[i])
				printf("%.6g\t%.6f\n", v[i], (double)(i + 1) / n);
		return 0;
	}
	for (i = 0; i < (size_t)s.points; i++) {
		size_t k = (size_t)((double)i * (n - 1) / (s.points - 1) + 0.5);

		printf("%.6g\t%.6f\n", v[k], (double)(k + 1) / n);
	}
	return 0;
}

/* --- excess ----------------------------------------------------------- */
static int cmd_excess(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *f[MAXCOL];
	size_t cap = 0, n = 0;
	struct expr e = parse_expr(hdr, nh, argv[3]);
	struct sel s;
	double mx = -INFINITY, tmx = NAN, first = NAN, last = NAN, above = 0, span = 0;
	double pt = NAN, px = 0;

	if (tcol < 0)
		die("time", "no time column");
	parse_opts(&s, hdr, nh, tcol, argc, argv, 4, "");
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f);
		double t, x;

		if (!selected(&s, f, nf, tcol, &t))
			continue;
		x = eval(&e, f, nf);
		if (isnan(x))
			continue;
		n++;
		if (!isnan(pt) && t > pt) {
			span += t - pt;
			if (px > 0)
				above += t - pt;
		}
		if (x > mx) {
			mx = x;
			tmx = t;
		}
		if (x > 0) {
			if (isnan(first))
				first = t;
			last = t;
		}
		pt = t;
		px = x;
	}
	free(line);
	if (!n) {
		printf("n=0\n");
		return 0;
	}
	printf("n=%zu max=%.6g t_max=%.6g", n, mx, tmx);
	if (isnan(first))
		printf(" first=none last=none");
	else
		printf(" first=%.6g last=%.6g", first, last);
	printf(" above_s=%.6g span=%.6g\n", above, span);
	return 0;
}

/* --- pollmatch -------------------------------------------------------- */
static unsigned long poll_interval(double dirty, double thresh)
{
	unsigned long gap, lg = 0;

	if (thresh <= dirty)
		return 1;
	gap = (unsigned long)(thresh - dirty);
	while (gap >>= 1)
		lg++;
	return 1UL << (lg >> 1);
}

struct pprev { char *pid; unsigned long want; };

static int cmd_pollmatch(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *f[MAXCOL];
	size_t cap = 0, np = 0, cp = 0, n = 0, match = 0, within = 0, i;
	struct pprev *p = NULL;
	struct sel s;
	int cpid = needcol(hdr, nh, "pid"), clim = needcol(hdr, nh, "limit");
	int cdirty = needcol(hdr, nh, "dirty"), cdp = needcol(hdr, nh, "dirtied_pause");
	int cpause = needcol(hdr, nh, "pause");

	parse_opts(&s, hdr, nh, tcol, argc, argv, 3, "");
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f);
		double t, dp;

		if (nf <= cpid || nf <= clim || nf <= cdirty || nf <= cdp || nf <= cpause)
			continue;
		for (i = 0; i < np && strcmp(p[i].pid, f[cpid]); i++)
			;
		if (i == np) {
			if (np == cp) {
				cp = cp ? 2 * cp : 64;
				p = xrealloc(p, cp * sizeof(*p));
			}
			p[np].pid = strdup(f[cpid]);
			p[np].want = 0;
			np++;
		}
		if (selected(&s, f, nf, tcol, &t) && p[i].want) {
			dp = strtod(f[cdp], NULL);
			n++;
			if (dp == p[i].want)
				match++;
			if (dp >= p[i].want / 2.0 && dp <= p[i].want * 2.0)
				within++;
		}
		if (strtod(f[cpause], NULL) > 0)
			p[i].want = poll_interval(strtod(f[cdirty], NULL),
						  strtod(f[clim], NULL));
	}
	free(line);
	printf("n=%zu match=%zu frac=%.4f within2=%.4f\n", n, match,
	       n ? (double)match / n : 0, n ? (double)within / n : 0);
	return 0;
}

/* --- io ---------------------------------------------------------------- */
struct devend { char *dev; double end; };

static int dcmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int cmd_io(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *f[MAXCOL];
	const char *writer = "dtwork";
	int cdev = needcol(hdr, nh, "dev"), csec = needcol(hdr, nh, "sector");
	int cnr = needcol(hdr, nh, "nr_sector"), crw = needcol(hdr, nh, "rwbs");
	int ccomm = needcol(hdr, nh, "comm");
	size_t cap = 0, n = 0, jumps = 0, bywriter = 0, ndev = 0, i;
	struct devend *dv = NULL;
	double *kib = NULL, sum = 0, t0 = NAN, t1 = NAN;
	struct sel s;
	int argj, k = 3;

	/* writer= is ours; the rest are the common options */
	for (argj = 3; argj < argc; argj++) {
		if (!strncmp(argv[argj], "writer=", 7))
			writer = argv[argj] + 7;
		else
			argv[k++] = argv[argj];
	}
	parse_opts(&s, hdr, nh, tcol, k, argv, 3, "");
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f);
		double t, sec, nr;
		char *end;

		if (!selected(&s, f, nf, tcol, &t))
			continue;
		if (cdev >= nf || csec >= nf || cnr >= nf || crw >= nf || ccomm >= nf)
			die("row", "short row");
		if (!strchr(f[crw], 'W'))
			continue;
		nr = strtod(f[cnr], &end);
		if (end == f[cnr] || *end)
			die("nr_sector", "not a number");
		sec = strtod(f[csec], &end);
		if (end == f[csec] || *end)
			die("sector", "not a number");
		if (nr <= 0)
			continue;	/* a flush or barrier: no data */
		for (i = 0; i < ndev; i++)
			if (!strcmp(dv[i].dev, f[cdev]))
				break;
		if (i == ndev) {
			dv = xrealloc(dv, (ndev + 1) * sizeof(*dv));
			dv[ndev].dev = strdup(f[cdev]);
			if (!dv[ndev].dev)
				die("memory", "out of memory");
			dv[ndev].end = sec;	/* the first request is no jump */
			ndev++;
		}
		if (sec != dv[i].end)
			jumps++;
		dv[i].end = sec + nr;
		kib = xrealloc(kib, (n + 1) * sizeof(*kib));
		kib[n++] = nr / 2;
		sum += nr / 2;
		if (!strcmp(f[ccomm], writer))
			bywriter++;
		if (isnan(t0))
			t0 = t;
		t1 = t;
	}
	free(line);
	if (!n) {
		printf("n=0\n");
		free(dv);
		return 0;
	}
	qsort(kib, n, sizeof(*kib), dcmp);
	printf("n=%zu mib=%.6g kib_mean=%.6g kib_p50=%.6g jumps=%zu jumps_per_mib=%.6g",
	       n, sum / 1024, sum / n, kib[(n - 1) / 2], jumps, jumps / (sum / 1024));
	if (!isnan(t0) && t1 > t0)
		printf(" mib_s=%.6g", sum / 1024 / (t1 - t0));
	printf(" writer=%.4f\n", (double)bywriter / n);
	for (i = 0; i < ndev; i++)
		free(dv[i].dev);
	free(dv);
	free(kib);
	return 0;
}

int main(int argc, char **argv)
{
	char *line = NULL, *hdr[MAXCOL];
	size_t cap = 0;
	const char *cmd;
	int nh, tcol;
	FILE *fp;

	if (argc < 3) {
		fprintf(stderr, "usage: dttask rates|cdf|excess|pollmatch|io FILE ...\n");
		return 2;
	}
	cmd = argv[1];
	if (strcmp(cmd, "rates") && strcmp(cmd, "cdf") && strcmp(cmd, "excess") &&
	    strcmp(cmd, "pollmatch") && strcmp(cmd, "io"))
		die(cmd, "unknown command (rates, cdf, excess, pollmatch, io)");
	file = argv[2];
	fp = fopen(file, "r");
	if (!fp)
		die("file", "cannot open");
	if (getline(&line, &cap, fp) < 0)
		die("header", "empty file");
	nh = split(line, hdr);
	tcol = colidx(hdr, nh, "time");
	if (!strcmp(cmd, "pollmatch"))
		return cmd_pollmatch(fp, hdr, nh, tcol, argc, argv);
	if (!strcmp(cmd, "io"))
		return cmd_io(fp, hdr, nh, tcol, argc, argv);
	if (argc < 4)
		die(cmd, "missing column");
	if (!strcmp(cmd, "rates"))
		return cmd_rates(fp, hdr, nh, tcol, argc, argv);
	if (!strcmp(cmd, "cdf"))
		return cmd_cdf(fp, hdr, nh, tcol, argc, argv);
	return cmd_excess(fp, hdr, nh, tcol, argc, argv);
}
