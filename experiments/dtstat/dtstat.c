/*
 * dtstat -- numbers from the lab's TSV files, for tests and claim verdicts.
 *
 * Reads one TSV written by dtdecode (or the model): a header row of column
 * names, then rows. Writes one line of key=value numbers on stdout.
 *
 *   dtstat summary FILE EXPR [from=T] [to=T] [where=COL=VALUE]
 *       n mean sd min p5 p50 p95 max of EXPR over the selected rows
 *   dtstat frac FILE EXPR LO HI [from=T] [to=T] [where=COL=VALUE]
 *       share of the selected rows with LO <= EXPR <= HI
 *   dtstat tfrac FILE EXPR LO HI [from=T] [to=T] [where=COL=VALUE]
 *       share of the time with LO <= EXPR <= HI: each selected row holds
 *       its value until the next selected row (the last one counts 0 s)
 *   dtstat settle FILE EXPR LO HI [from=T] [to=T] [where=COL=VALUE]
 *       the first selected row with LO <= EXPR <= HI (first_t, first_i:
 *       its time and 1-based index among the selected rows) and the first
 *       from which every later one is in (settle_t, settle_i; "none" if
 *       the last row is out). With frac=F (0 < F <= 1), settle_* is instead
 *       the first in-band row from which at least a share F of the rows
 *       to the end are in (for noisy samples: F = 0.9 ignores outliers)
 *   dtstat resid FILE XEXPR YEXPR REF RX RY [from=T] [to=T] [where=...]
 *       summary (as above, plus mad: mean |r|) of the residual
 *       r = YEXPR - f(XEXPR), f the table REF (a TSV sorted by column RX)
 *       interpolated linearly between its rows RX -> RY; rows whose
 *       XEXPR lies outside REF's range are skipped
 *   dtstat ordered FILE COL
 *       exit 0 if COL never decreases from one row to the next, else 1
 *   dtstat rows FILE
 *       number of data rows
 *   dtstat steps FILE COL [against=POSCOL:REF] [from=T] [to=T] [where=COL=VALUE]
 *       the steps COL[i] - COL[i-1] between consecutive selected rows (a
 *       quantity updated once per row, e.g. dirty_ratelimit in
 *       bdi_dirty_ratelimit.tsv): n up down flat, level (mean of COL over
 *       the rows), abs_mean abs_p50 abs_p95 abs_max of |step|. With
 *       against=, each step is also compared with the sign of POSCOL - REF
 *       on the row of the step (the row whose update made it): a step up
 *       while POSCOL < REF or down while POSCOL > REF moves against that
 *       error; prints against_up against_down against and frac_against (of
 *       the steps that moved)
 *
 * EXPR is a column name, or column names and numbers joined by + - * /,
 * evaluated left to right (a-b/c is (a-b)/c). Rows are selected by the `time` column (from <= time < to) and
 * by exact string match of where=COL=VALUE (repeatable).
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
	fprintf(stderr, "%s: %s: %s\n", file ? file : "dtstat", key, msg);
	exit(2);
}

#include "../common/tsvexpr.h"

static double pct(const double *v, size_t n, double p)
{
	double r = p * (n - 1);
	size_t i = (size_t)r;

	if (i + 1 >= n)
		return v[n - 1];
	return v[i] + (r - i) * (v[i + 1] - v[i]);
}

/* REF for resid: columns RX, RY of a TSV sorted by RX */
static double *ref_x, *ref_y;
static size_t ref_n;

static void load_ref(const char *path, const char *cx, const char *cy)
{
	const char *save = file;
	char *line = NULL, *h[MAXCOL], *f[MAXCOL], *hl;
	size_t cap = 0, rcap = 0;
	int nh, ix, iy;
	FILE *fp;

	file = path;
	fp = fopen(path, "r");
	if (!fp)
		die("file", "cannot open");
	if (getline(&line, &cap, fp) < 0)
		die("header", "empty file");
	hl = strdup(line);
	nh = split(hl, h);
	ix = colidx(h, nh, cx);
	iy = colidx(h, nh, cy);
	if (ix < 0)
		die(cx, "no such column");
	if (iy < 0)
		die(cy, "no such column");
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f);

		if (nf <= ix || nf <= iy)
			die(cx, "short row");
		if (ref_n == rcap) {
			rcap = rcap ? 2 * rcap : 256;
			ref_x = realloc(ref_x, rcap * sizeof(*ref_x));
			ref_y = realloc(ref_y, rcap * sizeof(*ref_y));
			if (!ref_x || !ref_y)
				die("memory", "out of memory");
		}
		ref_x[ref_n] = strtod(f[ix], NULL);
		ref_y[ref_n] = strtod(f[iy], NULL);
		if (ref_n && ref_x[ref_n] < ref_x[ref_n - 1])
			die(cx, "not sorted");
		ref_n++;
	}
	if (ref_n < 2)
		die("rows", "need at least two rows");
	fclose(fp);
	free(line);
	file = save;
}

static double ref_at(double x)
{
	size_t lo = 0, hi = ref_n - 1, mid;

	if (x < ref_x[0] || x > ref_x[ref_n - 1])
		return NAN;
	while (hi - lo > 1) {
		mid = (lo + hi) / 2;
		if (ref_x[mid] <= x)
			lo = mid;
		else
			hi = mid;
	}
	if (ref_x[hi] == ref_x[lo])
		return ref_y[lo];
	return ref_y[lo] + (x - ref_x[lo]) * (ref_y[hi] - ref_y[lo]) /
		(ref_x[hi] - ref_x[lo]);
}

/*
 * dtstat steps: the step of COL from one selected row to the next, and
 * (against=POSCOL:REF) whether it goes against the sign of POSCOL - REF.
 */
static int steps(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *f[MAXCOL], *eq;
	size_t cap = 0, n = 0, vcap = 0, up = 0, down = 0, aup = 0, adown = 0, rows = 0;
	double from = -INFINITY, to = INFINITY, ref = 0, prev = NAN, level = 0, *v = NULL;
	const char *wcol[8], *wval[8];
	int wi[8], nw = 0, col, pcol = -1, argi, i;

	col = colidx(hdr, nh, argv[3]);
	if (col < 0)
		die(argv[3], "no such column");
	for (argi = 4; argi < argc; argi++) {
		char *a = argv[argi];

		if (!strncmp(a, "from=", 5)) {
			from = atof(a + 5);
		} else if (!strncmp(a, "to=", 3)) {
			to = atof(a + 3);
		} else if (!strncmp(a, "against=", 8) && (eq = strchr(a + 8, ':'))) {
			char *end;

			*eq = 0;
			pcol = colidx(hdr, nh, a + 8);
			if (pcol < 0)
				die(a + 8, "no such column");
			ref = strtod(eq + 1, &end);
			if (end == eq + 1 || *end)
				die("against", "want POSCOL:NUMBER");
		} else if (!strncmp(a, "where=", 6) && nw < 8 &&
			   (eq = strchr(a + 6, '='))) {
			*eq = 0;
			wcol[nw] = a + 6;
			wval[nw] = eq + 1;
			wi[nw] = colidx(hdr, nh, wcol[nw]);
			if (wi[nw] < 0)
				die(wcol[nw], "no such column");
			nw++;
		} else {
			die(a, "unknown argument");
		}
	}
	if ((from > -INFINITY || to < INFINITY) && tcol < 0)
		die("time", "no time column for from=/to=");
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f), ok = 1;
		double x, d, p;

		if (tcol >= 0 && tcol < nf) {
			double t = strtod(f[tcol], NULL);

			if (t < from || t >= to)
				continue;
		}
		for (i = 0; i < nw && ok; i++)
			ok = wi[i] < nf && !strcmp(f[wi[i]], wval[i]);
		if (!ok || col >= nf || (pcol >= 0 && pcol >= nf))
			continue;
		x = strtod(f[col], NULL);
		rows++;
		level += x;
		if (isnan(prev)) {
			prev = x;
			continue;
		}
		d = x - prev;
		prev = x;
		if (n == vcap) {
			vcap = vcap ? 2 * vcap : 1024;
			v = realloc(v, vcap * sizeof(*v));
			if (!v)
				die("memory", "out of memory");
		}
		v[n++] = fabs(d);
		if (d > 0)
			up++;
		else if (d < 0)
			down++;
		if (pcol >= 0) {
			p = strtod(f[pcol], NULL);
			if (d > 0 && p < ref)
				aup++;
			else if (d < 0 && p > ref)
				adown++;
		}
	}
	free(line);
	if (!n) {
		printf("n=0\n");
		return 0;
	}
	qsort(v, n, sizeof(*v), cmpd);
	{
		double s = 0;

		for (i = 0; (size_t)i < n; i++)
			s += v[i];
		printf("n=%zu up=%zu down=%zu flat=%zu level=%.6g abs_mean=%.6g abs_p50=%.6g abs_p95=%.6g abs_max=%.6g",
		       n, up, down, n - up - down, level / rows, s / n,
		       pct(v, n, .5), pct(v, n, .95), v[n - 1]);
	}
	if (pcol >= 0)
		printf(" against_up=%zu against_down=%zu against=%zu frac_against=%.4f",
		       aup, adown, aup + adown,
		       up + down ? (double)(aup + adown) / (up + down) : 0);
	printf("\n");
	free(v);
	return 0;
}

int main(int argc, char **argv)
{
	char *line = NULL, *hdr[MAXCOL], *f[MAXCOL], *hline;
	size_t cap = 0, n = 0, vcap = 0, in = 0;
	double from = -INFINITY, to = INFINITY, lo = 0, hi = 0, *v = NULL;
	const char *cmd, *wcol[8], *wval[8];
	int wi[8], nw = 0, nh, tcol, argi, i, ordered_col = -1;
	double last = -INFINITY;
	struct expr e, ey;
	double tw = 0, tin = 0, prev_t = NAN, mad = 0;
	int prev_in = 0, is_t = 0, is_settle = 0, is_resid = 0;
	size_t first_i = 0, settle_i = 0;
	double first_t = NAN, settle_t = NAN, sfrac = 1;
	double *ts = NULL;
	char *ins = NULL;
	FILE *fp;

	if (argc < 3) {
		fprintf(stderr, "usage: dtstat summary|frac|tfrac|settle|resid|ordered|rows|steps FILE [EXPR ...]\n");
		return 2;
	}
	cmd = argv[1];
	file = argv[2];
	fp = fopen(file, "r");
	if (!fp)
		die("file", "cannot open");
	if (getline(&line, &cap, fp) < 0)
		die("header", "empty file");
	hline = strdup(line);
	nh = split(hline, hdr);
	tcol = colidx(hdr, nh, "time");

	if (!strcmp(cmd, "rows")) {
		while (getline(&line, &cap, fp) >= 0)
			n++;
		printf("%zu\n", n);
		return 0;
	}
	if (argc < 4)
		die(cmd, "missing column");
	if (!strcmp(cmd, "steps"))
		return steps(fp, hdr, nh, tcol, argc, argv);
	if (!strcmp(cmd, "ordered")) {
		ordered_col = colidx(hdr, nh, argv[3]);
		if (ordered_col < 0)
			die(argv[3], "no such column");
		while (getline(&line, &cap, fp) >= 0) {
			double x;

			n++;
			if (split(line, f) <= ordered_col)
				die(argv[3], "short row");
			x = strtod(f[ordered_col], NULL);
			if (x < last) {
				printf("ordered=no row=%zu %s=%g after %g\n", n,
				       argv[3], x, last);
				return 1;
			}
			last = x;
		}
		printf("ordered=yes rows=%zu\n", n);
		return 0;
	}
	e = parse_expr(hdr, nh, argv[3]);
	argi = 4;
	is_t = !strcmp(cmd, "tfrac");
	is_settle = !strcmp(cmd, "settle");
	is_resid = !strcmp(cmd, "resid");
	if (!strcmp(cmd, "frac") || is_t || is_settle) {
		if (argc < 6)
			die(cmd, "needs LO HI");
		lo = atof(argv[4]);
		hi = atof(argv[5]);
		argi = 6;
		if ((is_t || is_settle) && tcol < 0)
			die("time", "no time column");
	} else if (is_resid) {
		if (argc < 8)
			die(cmd, "needs XEXPR YEXPR REF RX RY");
		ey = parse_expr(hdr, nh, argv[4]);
		load_ref(argv[5], argv[6], argv[7]);
		argi = 8;
	} else if (strcmp(cmd, "summary")) {
		die(cmd, "unknown command");
	}
	for (; argi < argc; argi++) {
		char *a = argv[argi], *eq;

		if (!strncmp(a, "from=", 5))
			from = atof(a + 5);
		else if (is_settle && !strncmp(a, "frac=", 5)) {
			sfrac = atof(a + 5);
			if (!(sfrac > 0 && sfrac <= 1))
				die(a, "frac must be in (0, 1]");
		}
		else if (!strncmp(a, "to=", 3))
			to = atof(a + 3);
		else if (!strncmp(a, "where=", 6) && nw < 8 &&
			 (eq = strchr(a + 6, '='))) {
			*eq = 0;
			wcol[nw] = a + 6;
			wval[nw] = eq + 1;
			wi[nw] = colidx(hdr, nh, wcol[nw]);
			if (wi[nw] < 0)
				die(wcol[nw], "no such column");
			nw++;
		} else {
			die(a, "unknown argument");
		}
	}
	if ((from > -INFINITY || to < INFINITY) && tcol < 0)
		die("time", "no time column for from=/to=");

	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f), ok = 1;
		double x;

		if (tcol >= 0 && tcol < nf) {
			double t = strtod(f[tcol], NULL);

			if (t < from || t >= to)
				continue;
		}
		for (i = 0; i < nw && ok; i++)
			ok = wi[i] < nf && !strcmp(f[wi[i]], wval[i]);
		if (!ok)
			continue;
		x = eval(&e, f, nf);
		if (is_resid)
			x = eval(&ey, f, nf) - ref_at(x);
		if (isnan(x))
			continue;
		if (is_t || is_settle) {
			double t = tcol < nf ? strtod(f[tcol], NULL) : NAN;
			int in_now = x >= lo && x <= hi;

			if (is_t && !isnan(prev_t)) {
				tw += t - prev_t;
				if (prev_in)
					tin += t - prev_t;
			}
			if (in_now && isnan(first_t)) {
				first_t = t;
				first_i = n + 1;
			}
			if (in_now && (!prev_in || isnan(settle_t))) {
				settle_t = t;
				settle_i = n + 1;
			}
			if (!in_now)
				settle_t = NAN;
			prev_t = t;
			prev_in = in_now;
		}
		if (n == vcap) {
			vcap = vcap ? 2 * vcap : 1024;
			v = realloc(v, vcap * sizeof(*v));
			ts = realloc(ts, vcap * sizeof(*ts));
			ins = realloc(ins, vcap);
			if (!v || !ts || !ins)
				die("memory", "out of memory");
		}
		ts[n] = tcol >= 0 && tcol < nf ? strtod(f[tcol], NULL) : NAN;
		ins[n] = x >= lo && x <= hi;
		v[n++] = x;
		if (x >= lo && x <= hi)
			in++;
	}
	if (!strcmp(cmd, "frac")) {
		printf("n=%zu in=%zu frac=%.4f\n", n, in, n ? (double)in / n : 0);
		return 0;
	}
	if (is_t) {
		printf("n=%zu span=%.6g in_s=%.6g frac=%.4f\n", n, tw, tin,
		       tw > 0 ? tin / tw : 0);
		return 0;
	}
	if (is_settle && sfrac < 1) {
		size_t j, cnt = 0;

		settle_t = NAN;
		for (j = n; j-- > 0;) {	/* suffix share, keep the earliest */
			cnt += ins[j];
			if (ins[j] && cnt >= sfrac * (n - j)) {
				settle_t = ts[j];
				settle_i = j + 1;
			}
		}
		prev_in = !isnan(settle_t);
	}
	if (is_settle) {
		printf("n=%zu", n);
		if (isnan(first_t))
			printf(" first_t=none first_i=none");
		else
			printf(" first_t=%.6g first_i=%zu", first_t, first_i);
		if (isnan(settle_t) || !prev_in)
			printf(" settle_t=none settle_i=none\n");
		else
			printf(" settle_t=%.6g settle_i=%zu\n", settle_t, settle_i);
		return 0;
	}
	if (!n) {
		printf("n=0\n");
		return 0;
	}
	{
		double s = 0, ss = 0, mean;

		for (i = 0; (size_t)i < n; i++)
			s += v[i];
		mean = s / n;
		for (i = 0; (size_t)i < n; i++)
			ss += (v[i] - mean) * (v[i] - mean);
		for (i = 0; (size_t)i < n; i++)
			mad += fabs(v[i]);
		qsort(v, n, sizeof(*v), cmpd);
		printf("n=%zu mean=%.6g sd=%.6g min=%.6g p5=%.6g p50=%.6g p95=%.6g max=%.6g",
		       n, mean, n > 1 ? sqrt(ss / (n - 1)) : 0, v[0],
		       pct(v, n, .05), pct(v, n, .5), pct(v, n, .95), v[n - 1]);
		if (is_resid)
			printf(" mad=%.6g", mad / n);
		printf("\n");
	}
	return 0;
}
