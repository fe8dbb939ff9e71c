/*
 * dt -- the kit's one analysis tool: numbers from the lab's TSV files (a
 * kernel run's, decoded by dtdecode, or the model's), for the claims, the
 * figures and the tests.
 *
 * Usage: dt COMMAND FILE ARGS... [from=T] [to=T|until=T] [where=COL=VALUE]...
 *        [between=EXPR:LO:HI]...
 *        dt --help          the commands, from the table below
 *
 * FILE is a TSV: a header row of column names, then rows. Rows are
 * selected by the `time` column (from <= time < to, or <= until), by exact
 * string match of where=COL=VALUE (repeatable, up to 8) and by
 * between=EXPR:LO:HI (LO <= EXPR <= HI, up to 4). EXPR is a column name,
 * or column names and numbers joined by + - * / with the usual precedence
 * and parentheses ((a-b)/c; tsvexpr.h), the claims runner's rule too.
 * Most commands print one line of key=value numbers;
 * cdf and rates ... list print a TSV.
 *
 * Percentiles have one definition per name. pN (summary's p5/p50/p95,
 * steps' abs_p50/abs_p95) interpolates linearly between the sorted values
 * (pct below). qN (quantiles) reads them off the empirical distribution
 * that cdf lists: the smallest value whose share reaches N %. io's
 * kib_lowmedian is the lower median of the request sizes.
 *
 * The poll interval of pollmatch is the model's dt_poll_interval()
 * (model/dtlaw.c): one definition for the model and for the analysis.
 * Bad input: one line naming the file and key, exit 2.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../model/dtlaw.h"
#include "dt.h"

#include <setjmp.h>

#define MAXCOL 64

static const char *file;

/* where the commands print: stdout for the dt command, a memory stream
 * for the claims runner (dt_run) */
static FILE *dt_out;
/* dt_run's way out of a bad input: die() jumps back with the message */
static jmp_buf *dt_jmp;
static char *dt_err;
static size_t dt_errlen;
FILE *(*dt_open_hook)(const char *path);

static void die(const char *key, const char *msg)
{
	if (dt_jmp) {
		snprintf(dt_err, dt_errlen, "%s: %s: %s", file ? file : "dt", key, msg);
		longjmp(*dt_jmp, 1);
	}
	fprintf(stderr, "%s: %s: %s\n", file ? file : "dt", key, msg);
	exit(2);
}

/* a data file: through the claims runner's cache when it set one */
static FILE *dt_fopen(const char *path, const char *mode)
{
	return dt_open_hook ? dt_open_hook(path) : fopen(path, mode);
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
	double frac;		/* settle's frac= */
	double ps[8];		/* quantiles' p=P,P... (default 0.5,0.95) */
	int nps;
	int pcol;		/* steps' against=POSCOL:REF */
	double ref;
	const char *pool;	/* share's pool=FILE */
	int nb;			/* between=EXPR:LO:HI, up to 4 */
	struct expr bx[4];
	double blo[4], bhi[4];
	int until;		/* to= is inclusive (until=T) */
	double every;		/* rates' every=S: rows at least S s apart */
};

/* 1 if WORD is one of the space-separated words of ALLOWED */
static int allows(const char *allowed, const char *word)
{
	size_t n = strlen(word);
	const char *a = allowed;

	while ((a = strstr(a, word))) {
		if ((a == allowed || a[-1] == ' ') && (a[n] == ' ' || !a[n]))
			return 1;
		a += n;
	}
	return 0;
}

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
	s->frac = 1;
	s->ps[0] = 0.5;
	s->ps[1] = 0.95;
	s->nps = 2;
	s->pcol = -1;
	s->ref = 0;
	s->pool = NULL;
	s->nb = 0;
	s->until = 0;
	s->every = 0;
	for (; argi < argc; argi++) {
		char *a = argv[argi];

		if (!strncmp(a, "from=", 5)) {
			s->from = strtod(a + 5, &end);
			if (end == a + 5 || *end)
				die("from", "not a number");
		} else if (!strncmp(a, "until=", 6)) {
			s->to = strtod(a + 6, &end);
			s->until = 1;
			if (end == a + 6 || *end)
				die("until", "not a number");
		} else if (!strncmp(a, "between=", 8)) {
			char *c1 = strchr(a + 8, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;

			if (s->nb == 4)
				die("between", "at most 4");
			if (!c1 || !c2)
				die("between", "want EXPR:LO:HI");
			*c1 = 0;
			s->bx[s->nb] = parse_expr(hdr, nh, a + 8);
			s->blo[s->nb] = strtod(c1 + 1, &end);
			if (end != c2)
				die("between", "LO is not a number");
			s->bhi[s->nb] = strtod(c2 + 1, &end);
			if (end == c2 + 1 || *end)
				die("between", "HI is not a number");
			s->nb++;
		} else if (allows(allowed, "refbelow") && !strncmp(a, "refbelow=", 9)) {
			;	/* read by load_ref */
		} else if (allows(allowed, "refabove") && !strncmp(a, "refabove=", 9)) {
			;
		} else if (allows(allowed, "every") && !strncmp(a, "every=", 6)) {
			s->every = strtod(a + 6, &end);
			if (end == a + 6 || *end || !(s->every > 0))
				die("every", "not a positive number of seconds");
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
		} else if (allows(allowed, "by") && !strncmp(a, "by=", 3)) {
			s->by = a + 3;
			needcol(hdr, nh, s->by);
		} else if (allows(allowed, "list") && !strcmp(a, "list")) {
			s->list = 1;
		} else if (allows(allowed, "points") && !strncmp(a, "points=", 7)) {
			s->points = strtol(a + 7, &end, 10);
			if (end == a + 7 || *end || s->points < 2)
				die("points", "want a whole number >= 2");
		} else if (allows(allowed, "above") && !strncmp(a, "above=", 6)) {
			s->above = strtod(a + 6, &end);
			if (end == a + 6 || *end)
				die("above", "not a number");
		} else if (allows(allowed, "p") && !strncmp(a, "p=", 2)) {
			char *q = a + 2;

			s->nps = 0;
			do {
				if (s->nps == 8)
					die("p", "at most 8");
				s->ps[s->nps] = strtod(q, &end);
				if (end == q || !(s->ps[s->nps] > 0 && s->ps[s->nps] <= 1))
					die("p", "want shares in (0, 1], comma-separated");
				s->nps++;
				q = end + 1;
			} while (*end == ',');
			if (*end)
				die("p", "want shares in (0, 1], comma-separated");
		} else if (allows(allowed, "frac") && !strncmp(a, "frac=", 5)) {
			s->frac = strtod(a + 5, &end);
			if (end == a + 5 || *end || !(s->frac > 0 && s->frac <= 1))
				die(a, "frac must be in (0, 1]");
		} else if (allows(allowed, "pool") && !strncmp(a, "pool=", 5) && a[5]) {
			s->pool = a + 5;
		} else if (allows(allowed, "against") && !strncmp(a, "against=", 8) &&
			   (eq = strchr(a + 8, ':'))) {
			*eq = 0;
			s->pcol = needcol(hdr, nh, a + 8);
			s->ref = strtod(eq + 1, &end);
			if (end == eq + 1 || *end)
				die("against", "want POSCOL:NUMBER");
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
		if (*t < s->from || (s->until ? *t > s->to : *t >= s->to))
			return 0;
	}
	for (i = 0; i < s->nb; i++) {
		double x = eval(&s->bx[i], f, nf);

		if (!(x >= s->blo[i] && x <= s->bhi[i]))
			return 0;
	}
	for (i = 0; i < s->nw; i++)
		if (s->wi[i] >= nf || strcmp(f[s->wi[i]], s->wval[i]))
			return 0;
	return 1;
}

/* a row being read: the line and its fields */
struct rowbuf { char *line; size_t cap; char *f[MAXCOL]; int nf; };

/* the next selected row of fp with more than `need` fields: 1, its fields
 * in rb and its time in *t; 0 at the end (rb->line is then freed) */
static int next_sel(FILE *fp, const struct sel *s, int tcol, int need, struct rowbuf *rb, double *t)
{
	while (getline(&rb->line, &rb->cap, fp) >= 0) {
		rb->nf = split(rb->line, rb->f);
		if (rb->nf > need && selected(s, rb->f, rb->nf, tcol, t))
			return 1;
	}
	free(rb->line);
	rb->line = NULL;
	return 0;
}

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

/* the REF rows with RX < below (or > above) only: refbelow=, refabove= */
static double ref_below = INFINITY, ref_above = -INFINITY;

static void load_ref(const char *path, const char *cx, const char *cy)
{
	const char *save = file;
	char *line = NULL, *h[MAXCOL], *f[MAXCOL], *hl;
	size_t cap = 0, rcap = 0;
	int nh, ix, iy;
	FILE *fp;

	file = path;
	fp = dt_fopen(path, "r");
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
		if (!(strtod(f[ix], NULL) < ref_below && strtod(f[ix], NULL) > ref_above))
			continue;
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
 * steps: the step of COL from one selected row to the next, and
 * (against=POSCOL:REF) whether it goes against the sign of POSCOL - REF.
 */
static int cmd_steps(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *f[MAXCOL];
	size_t cap = 0, n = 0, vcap = 0, up = 0, down = 0, aup = 0, adown = 0, rows = 0;
	double ref, prev = NAN, level = 0, *v = NULL;
	struct sel s;
	int col, pcol, i;

	col = needcol(hdr, nh, argv[3]);
	parse_opts(&s, hdr, nh, tcol, argc, argv, 4, "against");
	pcol = s.pcol;
	ref = s.ref;
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f);
		double t, x, d, p;

		if (!selected(&s, f, nf, tcol, &t) || col >= nf || (pcol >= 0 && pcol >= nf))
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
			v = xrealloc(v, vcap * sizeof(*v));
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
		fprintf(dt_out, "n=0\n");
		return 0;
	}
	qsort(v, n, sizeof(*v), cmpd);
	{
		double s = 0;

		for (i = 0; (size_t)i < n; i++)
			s += v[i];
		fprintf(dt_out, "n=%zu up=%zu down=%zu flat=%zu level=%.6g abs_mean=%.6g abs_p50=%.6g abs_p95=%.6g abs_max=%.6g",
		       n, up, down, n - up - down, level / rows, s / n,
		       pct(v, n, .5), pct(v, n, .95), v[n - 1]);
	}
	if (pcol >= 0)
		fprintf(dt_out, " against_up=%zu against_down=%zu against=%zu frac_against=%.4f",
		       aup, adown, aup + adown,
		       up + down ? (double)(aup + adown) / (up + down) : 0);
	fprintf(dt_out, "\n");
	free(v);
	return 0;
}

/*
 * The statistics of one expression over the selected rows: summary,
 * resid, frac, tfrac and settle each collect its values (and their
 * times) in row order with collect(), then compute their own numbers.
 */
struct vals { size_t n, cap; double *v, *t; };

/* EXPR (or, with ey, YEXPR - REF(EXPR)) on the selected rows; NAN skipped */
static void collect(FILE *fp, int tcol, const struct sel *s, const struct expr *e,
		    const struct expr *ey, struct vals *out)
{
	char *line = NULL, *f[MAXCOL];
	size_t cap = 0;
	double x, t0;

	memset(out, 0, sizeof(*out));
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f);

		if (!selected(s, f, nf, tcol, &t0))
			continue;
		x = eval(e, f, nf);
		if (ey)
			x = eval(ey, f, nf) - ref_at(x);
		if (isnan(x))
			continue;
		if (out->n == out->cap) {
			out->cap = out->cap ? 2 * out->cap : 1024;
			out->v = xrealloc(out->v, out->cap * sizeof(*out->v));
			out->t = xrealloc(out->t, out->cap * sizeof(*out->t));
		}
		out->t[out->n] = tcol >= 0 && tcol < nf ? strtod(f[tcol], NULL) : NAN;
		out->v[out->n++] = x;
	}
	free(line);
}

/* n mean sd min p5 p50 p95 max, then (summary) first last sum or (resid) mad */
static int print_summary(struct vals *c, int resid)
{
	double s = 0, ss = 0, mad = 0, mean, first, last, *v = c->v;
	size_t i, n = c->n;

	if (!n) {
		fprintf(dt_out, "n=0\n");
		return 0;
	}
	for (i = 0; i < n; i++)
		s += v[i];
	mean = s / n;
	for (i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	for (i = 0; i < n; i++)
		mad += fabs(v[i]);
	first = v[0];
	last = v[n - 1];
	qsort(v, n, sizeof(*v), cmpd);
	fprintf(dt_out, "n=%zu mean=%.6g sd=%.6g min=%.6g p5=%.6g p50=%.6g p95=%.6g max=%.6g",
	       n, mean, n > 1 ? sqrt(ss / (n - 1)) : 0, v[0],
	       pct(v, n, .05), pct(v, n, .5), pct(v, n, .95), v[n - 1]);
	if (resid)
		fprintf(dt_out, " mad=%.6g", mad / n);
	else	/* the first and last selected rows', and the sum, exact */
		fprintf(dt_out, " first=%.15g last=%.15g sum=%.15g", first, last, s);
	fprintf(dt_out, "\n");
	return 0;
}

static int cmd_summary(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	struct expr e = parse_expr(hdr, nh, argv[3]);
	struct vals c;
	struct sel s;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 4, "");
	collect(fp, tcol, &s, &e, NULL, &c);
	return print_summary(&c, 0);
}

static int cmd_resid(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	struct expr e = parse_expr(hdr, nh, argv[3]), ey;
	struct vals c;
	struct sel s;
	char *end;
	int i;

	ey = parse_expr(hdr, nh, argv[4]);
	for (i = 8; i < argc; i++) {
		if (!strncmp(argv[i], "refbelow=", 9))
			ref_below = strtod(argv[i] + 9, &end);
		else if (!strncmp(argv[i], "refabove=", 9))
			ref_above = strtod(argv[i] + 9, &end);
		else
			continue;
		if (end == argv[i] + 9 || *end)
			die(argv[i], "not a number");
	}
	load_ref(argv[5], argv[6], argv[7]);
	parse_opts(&s, hdr, nh, tcol, argc, argv, 8, "refbelow refabove");
	collect(fp, tcol, &s, &e, &ey, &c);
	return print_summary(&c, 1);
}

/* frac, tfrac, settle: EXPR LO HI, and the values in row order */
static void collect_range(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv,
			  const char *allowed, struct sel *s, double *lo, double *hi, struct vals *c)
{
	struct expr e = parse_expr(hdr, nh, argv[3]);

	*lo = atof(argv[4]);
	*hi = atof(argv[5]);
	parse_opts(s, hdr, nh, tcol, argc, argv, 6, allowed);
	collect(fp, tcol, s, &e, NULL, c);
}

static int cmd_frac(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	struct vals c;
	struct sel s;
	double lo, hi;
	size_t i, in = 0;

	collect_range(fp, hdr, nh, tcol, argc, argv, "", &s, &lo, &hi, &c);
	for (i = 0; i < c.n; i++)
		in += c.v[i] >= lo && c.v[i] <= hi;
	/* no row: no share (nan; until 2026-12-08 it printed 0, and a gate
	 * asking for few late calls passed a run with no calls at all) */
	fprintf(dt_out, "n=%zu in=%zu frac=%.4f\n", c.n, in, c.n ? (double)in / c.n : NAN);
	return 0;
}

/* the share of the time: each row holds its value until the next */
static int cmd_tfrac(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	struct vals c;
	struct sel s;
	double lo, hi, tw = 0, tin = 0, prev_t = NAN;
	size_t i;
	int prev_in = 0;

	if (tcol < 0)
		die("time", "no time column");
	collect_range(fp, hdr, nh, tcol, argc, argv, "", &s, &lo, &hi, &c);
	for (i = 0; i < c.n; i++) {
		if (!isnan(prev_t)) {
			tw += c.t[i] - prev_t;
			if (prev_in)
				tin += c.t[i] - prev_t;
		}
		prev_t = c.t[i];
		prev_in = c.v[i] >= lo && c.v[i] <= hi;
	}
	fprintf(dt_out, "n=%zu span=%.6g in_s=%.6g frac=%.4f\n", c.n, tw, tin, tw > 0 ? tin / tw : NAN);
	return 0;
}

/*
 * settle: the first row in [LO, HI] and the first from which every later
 * one is; with frac=F, from which a share F of the rows to the end are
 */
static int cmd_settle(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	struct vals c;
	struct sel s;
	double lo, hi, first_t = NAN, settle_t = NAN;
	size_t i, first_i = 0, settle_i = 0;
	int prev_in = 0, in_now;

	if (tcol < 0)
		die("time", "no time column");
	collect_range(fp, hdr, nh, tcol, argc, argv, "frac", &s, &lo, &hi, &c);
	for (i = 0; i < c.n; i++) {
		in_now = c.v[i] >= lo && c.v[i] <= hi;
		if (in_now && isnan(first_t)) {
			first_t = c.t[i];
			first_i = i + 1;
		}
		if (in_now && (!prev_in || isnan(settle_t))) {
			settle_t = c.t[i];
			settle_i = i + 1;
		}
		if (!in_now)
			settle_t = NAN;
		prev_in = in_now;
	}
	if (s.frac < 1) {
		size_t j, cnt = 0;

		settle_t = NAN;
		for (j = c.n; j-- > 0;) {	/* suffix share, keep the earliest */
			in_now = c.v[j] >= lo && c.v[j] <= hi;
			cnt += in_now;
			if (in_now && cnt >= s.frac * (c.n - j)) {
				settle_t = c.t[j];
				settle_i = j + 1;
			}
		}
		prev_in = !isnan(settle_t);
	}
	fprintf(dt_out, "n=%zu", c.n);
	if (isnan(first_t))
		fprintf(dt_out, " first_t=none first_i=none");
	else
		fprintf(dt_out, " first_t=%.6g first_i=%zu", first_t, first_i);
	if (isnan(settle_t) || !prev_in)
		fprintf(dt_out, " settle_t=none settle_i=none\n");
	else
		fprintf(dt_out, " settle_t=%.6g settle_i=%zu\n", settle_t, settle_i);
	return 0;
}

/* rows, ordered: the selected rows (from=, to=, where=, as everywhere;
 * until 2026-12-08 both read every row whatever the selection) */
static int cmd_rows(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *f[MAXCOL];
	size_t cap = 0, n = 0;
	struct sel s;
	double t;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 3, "");
	while (getline(&line, &cap, fp) >= 0)
		n += selected(&s, f, split(line, f), tcol, &t);
	free(line);
	fprintf(dt_out, "%zu\n", n);
	return 0;
}

static int cmd_ordered(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *f[MAXCOL];
	size_t cap = 0, n = 0;
	double last = -INFINITY, t;
	int col = needcol(hdr, nh, argv[3]), nf;
	struct sel s;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 4, "");
	while (getline(&line, &cap, fp) >= 0) {
		double x;

		nf = split(line, f);
		if (!selected(&s, f, nf, tcol, &t))
			continue;
		n++;
		if (nf <= col)
			die(argv[3], "short row");
		x = strtod(f[col], NULL);
		if (x < last) {
			fprintf(dt_out, "ordered=no row=%zu %s=%g after %g\n", n,
			       argv[3], x, last);
			return 1;
		}
		last = x;
	}
	free(line);
	fprintf(dt_out, "ordered=yes rows=%zu\n", n);
	return 0;
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
	parse_opts(&s, hdr, nh, tcol, argc, argv, 4, "by list every");
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
		/* every=S: a row less than S s after the group's last kept row
		 * is skipped, so each rate spans at least S s */
		if (s.every > 0 && t - g[i].t1 < s.every - 1e-9)
			continue;
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
		fprintf(dt_out, "key\trate\trows\tcv\n");
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

			fprintf(dt_out, "%s\t%.6g\t%zu\t%.4f\n", g[i].key, rate, g[i].rows,
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
		fprintf(dt_out, "n=0\n");
		return 0;
	}
	mean = sum / n;
	for (i = 0; i < n; i++)
		sd += (r[i] - mean) * (r[i] - mean);
	sd = n > 1 ? sqrt(sd / (n - 1)) : 0;
	{
		double cm = cn ? csum / cn : 0;
		double cv = cn > 1 ? (csum2 - cn * cm * cm) / (cn - 1) : 0;

		fprintf(dt_out, "n=%zu mean=%.6g sd=%.6g min=%.6g max=%.6g spread=%.4f jain=%.5f cv=%.4f\n",
		       n, mean, sd, mn, mx, mean != 0 ? (mx - mn) / mean : 0,
		       sum2 > 0 ? sum * sum / (n * sum2) : 0, cv > 0 ? sqrt(cv) : 0);
	}
	return 0;
}

/* the values of EXPR (argv[3]) on the selected rows, above s->above,
 * sorted; their number in *np */
static double *sorted_values(FILE *fp, char **hdr, int nh, int tcol, int argc,
			     char **argv, const char *allowed, struct sel *sp, size_t *np)
{
	char *line = NULL, *f[MAXCOL];
	size_t cap = 0, n = 0, c = 0;
	double *v = NULL;
	struct expr e = parse_expr(hdr, nh, argv[3]);
	struct sel s;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 4, allowed);
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
	if (n)
		qsort(v, n, sizeof(*v), cmpd);
	*sp = s;
	*np = n;
	return v;
}

/* --- cdf -------------------------------------------------------------- */
static int cmd_cdf(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	size_t n, i;
	struct sel s;
	double *v = sorted_values(fp, hdr, nh, tcol, argc, argv, "points above", &s, &n);

	fprintf(dt_out, "value\tfrac\n");
	if (!n)
		return 0;
	if (!s.points || (size_t)s.points >= n) {
		for (i = 0; i < n; i++)
			if (i + 1 == n || v[i + 1] != v[i])
				fprintf(dt_out, "%.6g\t%.6f\n", v[i], (double)(i + 1) / n);
		return 0;
	}
	for (i = 0; i < (size_t)s.points; i++) {
		size_t k = (size_t)((double)i * (n - 1) / (s.points - 1) + 0.5);

		fprintf(dt_out, "%.6g\t%.6f\n", v[k], (double)(k + 1) / n);
	}
	return 0;
}

/*
 * --- quantiles --------------------------------------------------------
 * The quantiles read off the empirical distribution that cdf lists: for
 * each p, the smallest value whose share of the rows (<= it) reaches p.
 */
static int cmd_quantiles(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	size_t n, i;
	struct sel s;
	double *v = sorted_values(fp, hdr, nh, tcol, argc, argv, "above p", &s, &n);

	fprintf(dt_out, "n=%zu", n);
	if (n) {
		for (i = 0; i < (size_t)s.nps; i++) {
			size_t k = 0;

			/* the first k with (k + 1) / n >= p, as cdf's shares */
			while (k + 1 < n && (double)(k + 1) / n < s.ps[i])
				k++;
			fprintf(dt_out, " q%g=%.6g", s.ps[i] * 100, v[k]);
		}
		fprintf(dt_out, " max=%.6g", v[n - 1]);
	}
	fprintf(dt_out, "\n");
	free(v);
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
		fprintf(dt_out, "n=0\n");
		return 0;
	}
	fprintf(dt_out, "n=%zu max=%.6g t_max=%.6g", n, mx, tmx);
	if (isnan(first))
		fprintf(dt_out, " first=none last=none");
	else
		fprintf(dt_out, " first=%.6g last=%.6g", first, last);
	fprintf(dt_out, " above_s=%.6g span=%.6g\n", above, span);
	return 0;
}

/* --- pollmatch -------------------------------------------------------- */
struct pprev { char *pid; unsigned long want; };

static int cmd_pollmatch(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *f[MAXCOL];
	size_t cap = 0, np = 0, cp = 0, n = 0, match = 0, within = 0, i;
	struct pprev *p = NULL;
	struct sel s;
	int cpid = needcol(hdr, nh, "pid"), clim = needcol(hdr, nh, "limit");
	int cdirty = needcol(hdr, nh, "dirty"), cdp = needcol(hdr, nh, "dirtied_pause");
	int cpause = needcol(hdr, nh, "pause"), cdd = colidx(hdr, nh, "dirtied");
	size_t reached = 0, rmatch = 0;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 3, "");
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f);
		double t, dp;

		if (nf <= cpid || nf <= clim || nf <= cdirty || nf <= cdp || nf <= cpause ||
		    (cdd >= 0 && nf <= cdd))
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
			/* the calls the interval itself triggered */
			if (cdd >= 0 && strtod(f[cdd], NULL) >= p[i].want) {
				reached++;
				if (dp == p[i].want)
					rmatch++;
			}
		}
		if (strtod(f[cpause], NULL) > 0)
			p[i].want = dt_poll_interval(strtoul(f[cdirty], NULL, 10),
						     strtoul(f[clim], NULL, 10));
	}
	free(line);
	fprintf(dt_out, "n=%zu match=%zu frac=%.4f within2=%.4f", n, match,
	       n ? (double)match / n : 0, n ? (double)within / n : 0);
	if (cdd >= 0 && reached)
		fprintf(dt_out, " reached=%zu rmatch=%zu rfrac=%.4f", reached, rmatch, (double)rmatch / reached);
	else if (cdd >= 0)
		fprintf(dt_out, " reached=0 rmatch=0 rfrac=nan");
	fprintf(dt_out, "\n");
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
		fprintf(dt_out, "n=0\n");
		free(dv);
		return 0;
	}
	qsort(kib, n, sizeof(*kib), dcmp);
	fprintf(dt_out, "n=%zu mib=%.6g kib_mean=%.6g kib_lowmedian=%.6g jumps=%zu jumps_per_mib=%.6g",
	       n, sum / 1024, sum / n, kib[(n - 1) / 2], jumps, jumps / (sum / 1024));
	if (!isnan(t0) && t1 > t0)
		fprintf(dt_out, " mib_s=%.6g", sum / 1024 / (t1 - t0));
	fprintf(dt_out, " writer=%.4f\n", (double)bywriter / n);
	for (i = 0; i < ndev; i++)
		free(dv[i].dev);
	free(dv);
	free(kib);
	return 0;
}

/*
 * cover: the share of the seconds of [from, to) that hold at least one
 * selected row (a second is int(time)). The lab's throttled-state gate:
 * 6.1 traces balance_dirty_pages only past the freerun ceiling, and a
 * throttled writer calls it at least every max_pause, so a second without
 * a row is one in which no writer was held by the throttle.
 */
static int cmd_cover(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	struct rowbuf rb = { 0 };
	char *seen = NULL;
	size_t n = 0, secs = 0, scap = 0, k;
	struct sel s;
	double t;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 3, "");
	if (!isfinite(s.from) || !isfinite(s.to))
		die("cover", "needs from= and to=");
	if (s.from < 0)
		die("from", "must be >= 0");
	while (next_sel(fp, &s, tcol, 0, &rb, &t)) {
		n++;
		k = (size_t)t;
		if (k >= scap) {
			size_t old = scap;

			scap = 2 * k + 64;
			seen = xrealloc(seen, scap);
			memset(seen + old, 0, scap - old);
		}
		if (!seen[k]) {
			seen[k] = 1;
			secs++;
		}
	}
	free(seen);
	if (s.to > s.from)
		fprintf(dt_out, "n=%zu seconds=%zu share=%.2f\n", n, secs, secs / (s.to - s.from));
	else
		fprintf(dt_out, "n=%zu seconds=%zu share=nan\n", n, secs);
	return 0;
}

/*
 * capped: balance_dirty_pages.tsv, the share of the selected calls cut at
 * the max pause cap: slept (pause > 0) less than the period less the think
 * time, by more than 1 ms of rounding (period - think > pause + 1).
 */
static int cmd_capped(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	struct rowbuf rb = { 0 };
	size_t n = 0, k = 0;
	int cp = needcol(hdr, nh, "pause"), cper = needcol(hdr, nh, "period");
	int cth = needcol(hdr, nh, "think");
	int need = cp > cper ? (cp > cth ? cp : cth) : (cper > cth ? cper : cth);
	struct sel s;
	double t, pz;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 3, "");
	while (next_sel(fp, &s, tcol, need, &rb, &t)) {
		n++;
		pz = strtod(rb.f[cp], NULL);
		if (pz > 0 && strtod(rb.f[cper], NULL) - strtod(rb.f[cth], NULL) > pz + 1)
			k++;
	}
	if (!n)
		fprintf(dt_out, "n=0\n");
	else
		fprintf(dt_out, "n=%zu capped=%zu frac=%.3f\n", n, k, (double)k / n);
	return 0;
}

/*
 * share: what the writers dirtied together over one window, against what
 * the pool gained (chapter 9). FILE is task_io.tsv (rows selected by
 * where=, e.g. where=comm=dtwork), pool=FILE global_dirty_state.tsv. The
 * window is [a, b]: a = from=, b = the earliest last row at or after a of
 * the writers (the tasks with at least two rows from a on). Each writer's
 * write_bytes and the pool (nr_dirty + nr_writeback, pages of 4 KiB) are
 * read at a and b by linear interpolation between the rows around each end
 * (the nearest row when one side has none). Prints n (writers), writers
 * and pool (bytes/s over the window), interp (bytes between the rows around
 * each end, summed over the writers and the pool: the interpolation's
 * largest error) and window (s).
 */
struct srow { long pid; double t, v; };
struct send { int has_p, has_n; double tp, vp, tn, vn; };

static void send_add(struct send *e, double x, double t, double v)
{
	if (t <= x) {
		e->has_p = 1;
		e->tp = t;
		e->vp = v;
	} else if (!e->has_n) {
		e->has_n = 1;
		e->tn = t;
		e->vn = v;
	}
}

/* the value at x; fills a missing side from the other; adds |vn - vp| */
static double send_at(struct send *e, double x, double *gap, int absgap)
{
	double g;

	if (!e->has_n) {
		e->tn = e->tp;
		e->vn = e->vp;
	}
	if (!e->has_p) {
		e->tp = e->tn;
		e->vp = e->vn;
	}
	g = e->vn - e->vp;
	*gap += absgap && g < 0 ? -g : g;
	return e->tn > e->tp ? e->vp + (e->vn - e->vp) * (x - e->tp) / (e->tn - e->tp) : e->vn;
}

static int cmd_share(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *f[MAXCOL], *ph[MAXCOL], *save = (char *)file;
	size_t cap = 0, n = 0, rcap = 0, i, j, nw = 0, wcap = 0;
	int cpid = needcol(hdr, nh, "pid"), cv = needcol(hdr, nh, "write_bytes");
	int pt, pd, pw;
	struct srow *r = NULL;
	struct { long pid; double last; size_t cnt; struct send e[2]; } *w = NULL;
	struct send ge[2];
	struct sel s, all;
	double a, b = INFINITY, t, x, sum = 0, gap = 0, y[2];
	FILE *pf;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 3, "pool");
	if (!s.pool)
		die("share", "needs pool=FILE (global_dirty_state.tsv)");
	if (!isfinite(s.from) || s.to < INFINITY)
		die("share", "needs from= (the window's start) and no to=");
	a = s.from;
	all = s;
	all.from = -INFINITY;
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f);

		if (!selected(&all, f, nf, tcol, &t) || nf <= cpid || nf <= cv)
			continue;
		if (n == rcap) {
			rcap = rcap ? 2 * rcap : 1024;
			r = xrealloc(r, rcap * sizeof(*r));
		}
		r[n].pid = strtol(f[cpid], NULL, 10);
		r[n].t = t;
		r[n++].v = strtod(f[cv], NULL);
	}
	/* the writers and the end b */
	for (i = 0; i < n; i++) {
		if (r[i].t < a)
			continue;
		for (j = 0; j < nw && w[j].pid != r[i].pid; j++)
			;
		if (j == nw) {
			if (nw == wcap) {
				wcap = wcap ? 2 * wcap : 16;
				w = xrealloc(w, wcap * sizeof(*w));
			}
			memset(&w[nw], 0, sizeof(*w));
			w[nw++].pid = r[i].pid;
		}
		w[j].last = r[i].t;
		w[j].cnt++;
	}
	for (i = j = 0; i < nw; i++)
		if (w[i].cnt >= 2)
			w[j++] = w[i];
	nw = j;
	if (!nw) {
		fprintf(dt_out, "n=0\n");
		free(r);
		free(w);
		free(line);
		return 0;
	}
	for (i = 0; i < nw; i++)
		if (w[i].last < b)
			b = w[i].last;
	for (i = 0; i < n; i++)
		for (j = 0; j < nw; j++)
			if (w[j].pid == r[i].pid) {
				send_add(&w[j].e[0], a, r[i].t, r[i].v);
				send_add(&w[j].e[1], b, r[i].t, r[i].v);
			}
	for (j = 0; j < nw; j++) {
		sum -= send_at(&w[j].e[0], a, &gap, 0);
		sum += send_at(&w[j].e[1], b, &gap, 0);
	}
	/* the pool */
	file = s.pool;
	pf = dt_fopen(s.pool, "r");
	if (!pf)
		die("file", "cannot open");
	if (getline(&line, &cap, pf) < 0)
		die("header", "empty file");
	nh = split(line, ph);
	pt = needcol(ph, nh, "time");
	pd = needcol(ph, nh, "nr_dirty");
	pw = needcol(ph, nh, "nr_writeback");
	memset(ge, 0, sizeof(ge));
	while (getline(&line, &cap, pf) >= 0) {
		int nf = split(line, f);

		if (nf <= pt || nf <= pd || nf <= pw)
			continue;
		t = strtod(f[pt], NULL);
		x = strtod(f[pd], NULL) + strtod(f[pw], NULL);
		send_add(&ge[0], a, t, x);
		send_add(&ge[1], b, t, x);
	}
	fclose(pf);
	file = save;
	{
		double pg = 0;

		y[0] = send_at(&ge[0], a, &pg, 1);
		y[1] = send_at(&ge[1], b, &pg, 1);
		gap += pg * 4096;
	}
	fprintf(dt_out, "n=%zu writers=%.1f pool=%.1f interp=%.0f window=%.4f\n", nw, sum / (b - a),
	       (y[1] - y[0]) * 4096 / (b - a), gap, b - a);
	free(r);
	free(w);
	free(line);
	return 0;
}

/*
 * marks: print.tsv (the trace markers): the KEY=VALUE words of the
 * selected rows' buf, each key's first value, in the order found.
 */
static int cmd_marks(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	struct rowbuf rb = { 0 };
	char *out = NULL, *w, *sp;
	size_t n = 0, olen = 0;
	int cb = needcol(hdr, nh, "buf");
	struct sel s;
	double t;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 3, "");
	while (next_sel(fp, &s, tcol, cb, &rb, &t)) {
		n++;
		for (w = strtok_r(rb.f[cb], " ", &sp); w; w = strtok_r(NULL, " ", &sp)) {
			char *eq = strchr(w, '='), *key;

			if (!eq || eq == w || !eq[1])
				continue;
			key = xrealloc(NULL, eq - w + 3);
			snprintf(key, eq - w + 3, " %.*s=", (int)(eq - w), w);
			if (out && strstr(out, key)) {
				free(key);
				continue;	/* its first value only */
			}
			free(key);
			out = xrealloc(out, olen + strlen(w) + 2);
			olen += sprintf(out + olen, " %s", w);
		}
	}
	if (!n)
		fprintf(dt_out, "n=0\n");
	else
		fprintf(dt_out, "n=%zu%s\n", n, out ? out : "");
	free(out);
	return 0;
}

/* first: the text of COL in the first selected row (a name, e.g. bdi) */
static int cmd_first(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	struct rowbuf rb = { 0 };
	size_t n = 0;
	int col = needcol(hdr, nh, argv[3]);
	struct sel s;
	double t;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 4, "");
	while (next_sel(fp, &s, tcol, col, &rb, &t)) {
		if (!n++ && (!*rb.f[col] || strpbrk(rb.f[col], " =")))
			die(argv[3], "its first value is empty or holds a space or =");
		if (n == 1)
			fprintf(dt_out, "first=%s", rb.f[col]);
	}
	if (!n)
		fprintf(dt_out, "n=0\n");
	else
		fprintf(dt_out, " n=%zu\n", n);
	return 0;
}

/*
 * pertask: one row per writer of a run (chapter 8): its think time and
 * what it achieved against what it was allowed. FILE is the run's
 * balance_dirty_pages.tsv; io=TASK_IO (task_io.tsv), work=WORK_LOG (a
 * kernel run's work.log: task -> pid; a model run has none: pid = 1000 +
 * task), think=LIST (meta's think, ms per chunk, task i takes item i mod
 * its length), tasks=N (meta's, for the model), from=T (meta's steady:
 * the run's analysis window). By default the files beside FILE and think,
 * tasks and steady from the meta there. Columns:
 *   task think_ms pid rate_kBps ratelimit_kBps ratio period_ms
 *   rowthink_ms rows think_ms_real pause_ms x ratelimit_sd
 * rate: the slope of the task's task_io write_bytes from T on (rates),
 * KiB/s; ratelimit: mean task_ratelimit of its calls from T on, and its
 * sd (population); ratio = rate / ratelimit; period, rowthink: mean
 * period and think fields of those calls; think_ms_real: the time the
 * task spent outside balance_dirty_pages before each call, from the
 * calls' timestamps (this call's time - (the previous one's + its pause
 * if it slept)); pause_ms: mean sleep per call (pause > 0); x =
 * think_ms_real / period_ms. The numbers pass through the same rounding
 * as the chapter's script had (the per-task means to 3 decimals, the
 * rate to 1), so the table is the one its claims read.
 */
struct pt { long pid; size_t n, nr; double s, ss, per, th, rt, ps, lt, lp; int seen; };

/* PID's slope of write_bytes in task_io IO from FROM on, as rates lists
 * it (%.6g); 0 with fewer than two rows */
static double slope_of(const char *io, long pid, double from)
{
	char *line = NULL, *f[MAXCOL], *h[MAXCOL], b[64];
	const char *save = file;
	size_t cap = 0, rows = 0;
	double t0 = 0, t1 = 0, v0 = 0, v1 = 0, t;
	int nh, ct, cp, cv;
	FILE *fp;

	file = io;
	fp = dt_fopen(io, "r");
	if (!fp)
		die("file", "cannot open");
	if (getline(&line, &cap, fp) < 0)
		die("header", "empty file");
	nh = split(line, h);
	ct = needcol(h, nh, "time");
	cp = needcol(h, nh, "pid");
	cv = needcol(h, nh, "write_bytes");
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f);

		if (nf <= ct || nf <= cp || nf <= cv || strtol(f[cp], NULL, 10) != pid)
			continue;
		t = strtod(f[ct], NULL);
		if (t < from)
			continue;
		if (!rows++) {
			t0 = t;
			v0 = strtod(f[cv], NULL);
		}
		t1 = t;
		v1 = strtod(f[cv], NULL);
	}
	fclose(fp);
	free(line);
	file = save;
	if (rows < 2 || t1 <= t0)
		return 0;
	snprintf(b, sizeof(b), "%.6g", (v1 - v0) / (t1 - t0));
	return strtod(b, NULL);
}

static double r3(double v)	/* through the text of %.3f */
{
	char b[64];

	snprintf(b, sizeof(b), "%.3f", v);
	return strtod(b, NULL);
}

static double r1(double v)
{
	char b[64];

	snprintf(b, sizeof(b), "%.1f", v);
	return strtod(b, NULL);
}

static int cmd_pertask(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	const char *io = NULL, *work = NULL, *think = "0", *save = file;
	char *line = NULL, *f[MAXCOL], *end;
	size_t cap = 0, np = 0, pcap = 0, i, j;
	long tasks = -1, *pids = NULL, ntasks = 0, k;
	double from = NAN, th[64];
	int nth = 0, cpid = needcol(hdr, nh, "pid"), crl = needcol(hdr, nh, "task_ratelimit");
	int cper = needcol(hdr, nh, "period"), cthk = needcol(hdr, nh, "think");
	int cpz = needcol(hdr, nh, "pause"), a, think_given = 0;
	struct pt *p = NULL;
	FILE *wf;

	for (a = 3; a < argc; a++) {
		if (!strncmp(argv[a], "io=", 3))
			io = argv[a] + 3;
		else if (!strncmp(argv[a], "work=", 5))
			work = argv[a] + 5;
		else if (!strncmp(argv[a], "think=", 6))
			think = argv[a] + 6, think_given = 1;
		else if (!strncmp(argv[a], "tasks=", 6)) {
			tasks = strtol(argv[a] + 6, &end, 10);
			if (end == argv[a] + 6 || *end || tasks < 1)
				die("tasks", "want a whole number >= 1");
		} else if (!strncmp(argv[a], "from=", 5)) {
			from = strtod(argv[a] + 5, &end);
			if (end == argv[a] + 5 || *end)
				die("from", "not a number");
		} else
			die(argv[a], "unknown argument (io= work= think= tasks= from=)");
	}
	/* the defaults: the files beside FILE, think and tasks from its meta */
	{
		char *dir = xrealloc(NULL, strlen(file) + 16), *sl, *ml = NULL;
		size_t mcap = 0;
		FILE *mf;

		strcpy(dir, file);
		sl = strrchr(dir, '/');
		if (sl)
			sl[1] = 0;
		else
			dir[0] = 0;
		if (!io) {
			char *q = xrealloc(NULL, strlen(dir) + 16);

			sprintf(q, "%stask_io.tsv", dir);
			io = q;
		}
		if (!work) {
			char *q = xrealloc(NULL, strlen(dir) + 16);

			sprintf(q, "%swork.log", dir);
			work = q;
		}
		strcat(dir, "meta");
		if ((mf = dt_fopen(dir, "r"))) {
			int got_th = 0, got_n = 0;

			while (getline(&ml, &mcap, mf) > 0) {
				ml[strcspn(ml, "\n")] = 0;
				if (!strncmp(ml, "think = ", 8) && !got_th++ && !strcmp(think, "0") && !think_given)
					think = strdup(ml + 8);
				if (!strncmp(ml, "tasks = ", 8) && !got_n++ && tasks < 0)
					tasks = strtol(ml + 8, NULL, 10);
				/* the run's analysis window (the spec's steady) */
				if (!strncmp(ml, "steady = ", 9) && isnan(from))
					from = strtod(ml + 9, NULL);
			}
			fclose(mf);
			free(ml);
		}
		if (isnan(from))
			die("from", "not given, and no steady key in the meta beside the file");
	}
	{
		const char *q = think;

		do {
			if (nth == 64)
				die("think", "at most 64 items");
			th[nth++] = strtod(q, &end);
			if (end == q)
				die("think", "want numbers, comma-separated");
			q = end + 1;
		} while (*end == ',');
		if (*end)
			die("think", "want numbers, comma-separated");
	}
	/* the tasks and their pids */
	if (work && (wf = dt_fopen(work, "r"))) {
		char *wh[MAXCOL];
		int wt, wp, nwh;

		file = work;
		if (getline(&line, &cap, wf) < 0)
			die("header", "empty file");
		nwh = split(line, wh);
		wt = needcol(wh, nwh, "task");
		wp = needcol(wh, nwh, "pid");
		while (getline(&line, &cap, wf) >= 0) {
			int nf = split(line, f);
			long t, pd;

			if (nf <= wt || nf <= wp)
				continue;
			t = strtol(f[wt], NULL, 10);
			pd = strtol(f[wp], NULL, 10);
			if (t < 0 || t > 100000)
				die("task", "out of range");
			if (t >= ntasks) {
				pids = xrealloc(pids, (t + 1) * sizeof(*pids));
				for (k = ntasks; k <= t; k++)
					pids[k] = -1;
				ntasks = t + 1;
			}
			if (pids[t] < 0)
				pids[t] = pd;
		}
		fclose(wf);
		file = save;
	} else {
		if (tasks < 1)
			die("pertask", "a run without work.log (the model's) needs tasks=N");
		ntasks = tasks;
		pids = xrealloc(NULL, ntasks * sizeof(*pids));
		for (k = 0; k < ntasks; k++)
			pids[k] = 1000 + k;
	}
	/* per pid, from the calls at or after from */
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f);
		long pd;
		double t, pz, r;

		if (nf <= cpid || nf <= crl || nf <= cper || nf <= cthk || nf <= cpz || tcol < 0 || nf <= tcol)
			continue;
		pd = strtol(f[cpid], NULL, 10);
		for (i = 0; i < np && p[i].pid != pd; i++)
			;
		if (i == np) {
			if (np == pcap) {
				pcap = pcap ? 2 * pcap : 16;
				p = xrealloc(p, pcap * sizeof(*p));
			}
			memset(&p[np], 0, sizeof(*p));
			p[np++].pid = pd;
		}
		t = strtod(f[tcol], NULL);
		pz = strtod(f[cpz], NULL);
		if (t >= from) {
			p[i].n++;
			r = strtod(f[crl], NULL);
			p[i].s += r;
			p[i].ss += r * r;
			p[i].per += strtod(f[cper], NULL);
			p[i].th += strtod(f[cthk], NULL);
			p[i].ps += pz > 0 ? pz : 0;
			if (p[i].seen) {
				p[i].rt += (t - p[i].lt) * 1000 - (p[i].lp > 0 ? p[i].lp : 0);
				p[i].nr++;
			}
		}
		p[i].lt = t;
		p[i].lp = pz;
		p[i].seen = 1;
	}
	fprintf(dt_out, "task\tthink_ms\tpid\trate_kBps\tratelimit_kBps\tratio\tperiod_ms\trowthink_ms\trows\tthink_ms_real\tpause_ms\tx\tratelimit_sd\n");
	for (k = 0; k < ntasks; k++) {
		struct pt *q = NULL;
		double rate = 0, lim = 0, sd = 0, per = 0, rth = 0, real = 0, pz = 0, m, v;
		size_t n = 0;
		char ths[64];

		if (pids[k] < 0)
			continue;
		for (j = 0; j < np; j++)
			if (p[j].pid == pids[k])
				q = &p[j];
		if (q && q->n) {
			n = q->n;
			m = q->s / n;
			v = q->ss / n - m * m;
			lim = r3(m);
			sd = r3(v > 0 ? sqrt(v) : 0);
			per = r3(q->per / n);
			rth = r3(q->th / n);
			real = r3(q->nr && q->rt > 0 ? q->rt / q->nr : 0);
			pz = r3(q->ps / n);
		}
		/* the task's rate: the slope of write_bytes, as dt rates lists it */
		rate = r1(slope_of(io, pids[k], from) / 1024);
		snprintf(ths, sizeof(ths), "%.15g", th[k % nth]);
		fprintf(dt_out, "%ld\t%s\t%ld\t%.1f\t%.1f\t%.4f\t%.1f\t%.1f\t%zu\t%.1f\t%.1f\t%.4f\t%.1f\n", k, ths, pids[k],
		       rate, lim, lim > 0 ? rate / lim : 0, per, rth, n, real, pz, per > 0 ? real / per : 0, sd);
	}
	free(p);
	free(pids);
	free(line);
	return 0;
}

/*
 * stretch: the longest stretch (s) of consecutive selected rows on which
 * LO <= EXPR <= HI (and every and=EXPR:LO:HI): from the first such row's
 * time to the last's, a row outside ending it. Prints n (rows) and
 * longest (%.2f, 0 without such a row).
 */
static int cmd_stretch(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *f[MAXCOL], *end;
	size_t cap = 0, n = 0;
	struct expr e[4];
	double lo[4], hi[4], t, s0 = 0, e0 = 0, m = 0;
	int ne = 1, in = 0, i, a;
	struct sel s;
	char **rest = xrealloc(NULL, (argc + 1) * sizeof(char *));
	int nrest = 0;

	if (tcol < 0)
		die("time", "no time column");
	e[0] = parse_expr(hdr, nh, argv[3]);
	lo[0] = strtod(argv[4], &end);
	if (end == argv[4] || *end)
		die(argv[4], "LO is not a number");
	hi[0] = strtod(argv[5], &end);
	if (end == argv[5] || *end)
		die(argv[5], "HI is not a number");
	for (a = 0; a < 6; a++)
		rest[nrest++] = argv[a];
	for (a = 6; a < argc; a++) {
		char *c1, *c2;

		if (strncmp(argv[a], "and=", 4)) {
			rest[nrest++] = argv[a];
			continue;
		}
		c1 = strchr(argv[a] + 4, ':');
		c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		if (!c1 || !c2 || ne == 4)
			die("and", "want EXPR:LO:HI, at most 3");
		*c1 = 0;
		e[ne] = parse_expr(hdr, nh, argv[a] + 4);
		lo[ne] = strtod(c1 + 1, NULL);
		hi[ne] = strtod(c2 + 1, NULL);
		ne++;
	}
	parse_opts(&s, hdr, nh, tcol, nrest, rest, 6, "");
	while (getline(&line, &cap, fp) >= 0) {
		int nf = split(line, f), ok = 1;

		if (!selected(&s, f, nf, tcol, &t))
			continue;
		n++;
		for (i = 0; i < ne && ok; i++) {
			double x = eval(&e[i], f, nf);

			ok = x >= lo[i] && x <= hi[i];
		}
		if (ok) {
			if (!in) {
				s0 = t;
				in = 1;
			}
			e0 = t;
		} else if (in) {
			if (e0 - s0 > m)
				m = e0 - s0;
			in = 0;
		}
	}
	if (in && e0 - s0 > m)
		m = e0 - s0;
	free(line);
	free(rest);
	fprintf(dt_out, "n=%zu longest=%.2f\n", n, m);
	return 0;
}

/* nth: the text of COL in the K-th selected row (n=K, from 1) */
static int cmd_nth(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	struct rowbuf rb = { 0 };
	char *end, **rest;
	size_t n = 0;
	int col = needcol(hdr, nh, argv[3]), a, nrest = 0;
	long k = 0;
	struct sel s;
	double t;

	rest = xrealloc(NULL, (argc + 1) * sizeof(char *));
	for (a = 0; a < argc; a++) {
		if (a >= 4 && !strncmp(argv[a], "n=", 2)) {
			k = strtol(argv[a] + 2, &end, 10);
			if (end == argv[a] + 2 || *end || k < 1)
				die("n", "want a whole number >= 1");
			continue;
		}
		rest[nrest++] = argv[a];
	}
	if (!k)
		die("nth", "needs n=K");
	parse_opts(&s, hdr, nh, tcol, nrest, rest, 4, "");
	while (next_sel(fp, &s, tcol, col, &rb, &t))
		if (++n == (size_t)k) {
			fprintf(dt_out, "n=%ld value=%s\n", k, rb.f[col]);
			free(rb.line);
			free(rest);
			return 0;
		}
	fprintf(dt_out, "n=0\n");	/* fewer rows */
	free(rest);
	return 0;
}

/* select: the header and the selected rows as they are (the figures' filter) */
static int cmd_select(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	char *line = NULL, *copy = NULL, *f[MAXCOL];
	size_t cap = 0, ccap = 0, len;
	struct sel s;
	double t;
	int i;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 3, "");
	for (i = 0; i < nh; i++)
		fprintf(dt_out, "%s%s", i ? "\t" : "", hdr[i]);
	fprintf(dt_out, "\n");
	while (getline(&line, &cap, fp) >= 0) {
		len = strlen(line);
		if (len + 1 > ccap) {
			ccap = 2 * (len + 1);
			copy = xrealloc(copy, ccap);
		}
		memcpy(copy, line, len + 1);
		if (selected(&s, f, split(line, f), tcol, &t))
			fputs(copy, dt_out);
	}
	free(line);
	free(copy);
	return 0;
}

/* distinct: COL's values in the selected rows, each once, in the order
 * first seen, one per line */
static int cmd_distinct(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv)
{
	struct rowbuf rb = { 0 };
	char **seen = NULL;
	size_t n = 0, i;
	int col = needcol(hdr, nh, argv[3]);
	struct sel s;
	double t;

	parse_opts(&s, hdr, nh, tcol, argc, argv, 4, "");
	while (next_sel(fp, &s, tcol, col, &rb, &t)) {
		for (i = 0; i < n && strcmp(seen[i], rb.f[col]); i++)
			;
		if (i < n)
			continue;
		seen = xrealloc(seen, (n + 1) * sizeof(*seen));
		seen[n++] = strdup(rb.f[col]);
		fprintf(dt_out, "%s\n", rb.f[col]);
	}
	for (i = 0; i < n; i++)
		free(seen[i]);
	free(seen);
	return 0;
}

/*
 * calc EXPR [NAME=VALUE]...: arithmetic on numbers (tsvexpr.h's calc:
 * precedence, functions), for the answer keys; prints the value as awk
 * prints a number (whole numbers whole, else 6 significant digits)
 */
static char **calc_argv;
static int calc_argc;

static double calc_get(void *ctx, const char *name, size_t len, struct calc *c)
{
	int i;
	char *end;
	double v;

	(void)ctx;
	for (i = 3; i < calc_argc; i++) {
		const char *eq = strchr(calc_argv[i], '=');

		if (eq && (size_t)(eq - calc_argv[i]) == len && !strncmp(calc_argv[i], name, len)) {
			v = strtod(eq + 1, &end);
			if (end == eq + 1 || *end) {
				file = "calc";
				die(calc_argv[i], "not a number");
			}
			return v;
		}
	}
	calc_fail(c, "no value given for a name");
	return NAN;
}

static int cmd_calc(int argc, char **argv)
{
	const char *err;
	double v;

	file = "calc";
	if (argc < 3)
		die("calc", "usage: dt calc EXPR [NAME=VALUE]...");
	calc_argv = argv;
	calc_argc = argc;
	v = calc_eval(argv[2], calc_get, NULL, &err, NULL);
	if (err)
		die(argv[2], err);
	if (isfinite(v) && v == trunc(v) && fabs(v) < 1e15)
		fprintf(dt_out, "%.0f\n", v);
	else
		fprintf(dt_out, "%.6g\n", v);
	return 0;
}

/* --- the commands ---------------------------------------------------- */
typedef int (*cmd_fn)(FILE *fp, char **hdr, int nh, int tcol, int argc, char **argv);

static const struct cmd {
	const char *name;
	int nargs;		/* words after FILE the command needs */
	cmd_fn fn;
	const char *args, *what;
} cmds[] = {
	{ "summary", 1, cmd_summary, "EXPR",
	  "n mean sd min p5 p50 p95 max of EXPR over the selected rows, its first and last values (in row order) and sum" },
	{ "frac", 3, cmd_frac, "EXPR LO HI",
	  "share of the selected rows with LO <= EXPR <= HI" },
	{ "tfrac", 3, cmd_tfrac, "EXPR LO HI",
	  "share of the time with LO <= EXPR <= HI (each row holds its value until the next)" },
	{ "settle", 3, cmd_settle, "EXPR LO HI [frac=F]",
	  "first row in [LO, HI] (first_t, first_i) and the first from which every later one is (settle_t, settle_i); with frac=F, from which a share F of the rows to the end are" },
	{ "resid", 5, cmd_resid, "XEXPR YEXPR REF RX RY [refbelow=X] [refabove=X]",
	  "summary (and mad: mean |r|) of r = YEXPR - f(XEXPR), f the TSV REF sorted by RX, interpolated linearly RX -> RY" },
	{ "steps", 1, cmd_steps, "COL [against=POSCOL:REF]",
	  "the steps of COL between consecutive rows: n up down flat level abs_mean abs_p50 abs_p95 abs_max; against=: steps against the sign of POSCOL - REF" },
	{ "ordered", 1, cmd_ordered, "COL",
	  "exit 0 if COL never decreases from one row to the next, else 1" },
	{ "rows", 0, cmd_rows, "",
	  "number of data rows" },
	{ "rates", 1, cmd_rates, "COL [by=KEY] [every=S] [list]",
	  "per group (default pid) the slope of the cumulative counter COL: n mean sd min max spread jain cv; every=S: the slopes between rows at least S s apart; list: a TSV key rate rows cv" },
	{ "cdf", 1, cmd_cdf, "EXPR [above=X] [points=N]",
	  "the empirical distribution of EXPR: a TSV value frac" },
	{ "quantiles", 1, cmd_quantiles, "EXPR [above=X] [p=0.5,0.95]",
	  "n, the quantiles of EXPR read off its empirical distribution (the smallest value whose share reaches p: q50=.. q95=..) and max" },
	{ "excess", 1, cmd_excess, "EXPR",
	  "EXPR as an excess over a limit: n max t_max first last above_s span" },
	{ "pollmatch", 0, cmd_pollmatch, "",
	  "balance_dirty_pages.tsv: share of rows whose dirtied_pause is v10's poll interval set by the task's previous paused row: n match frac within2; of the rows whose dirtied count reached that interval (the calls it triggered): reached rmatch rfrac" },
	{ "pertask", 0, cmd_pertask, "[io=TASK_IO] [work=WORK_LOG] [think=LIST] [tasks=N] [from=T]",
	  "balance_dirty_pages.tsv: one row per writer, a TSV task think_ms pid rate_kBps ratelimit_kBps ratio period_ms rowthink_ms rows think_ms_real pause_ms x ratelimit_sd (chapter 8)" },
	{ "stretch", 3, cmd_stretch, "EXPR LO HI [and=EXPR:LO:HI]...",
	  "the longest stretch (s) of consecutive selected rows with LO <= EXPR <= HI (and the and= ranges): n longest" },
	{ "select", 0, cmd_select, "",
	  "the header and the selected rows as they are (a TSV)" },
	{ "distinct", 1, cmd_distinct, "COL",
	  "the values of COL in the selected rows, each once, in the order first seen, one per line" },
	{ "nth", 1, cmd_nth, "COL n=K",
	  "the text of COL in the K-th selected row (value), n=0 with fewer rows" },
	{ "first", 1, cmd_first, "COL",
	  "the text of COL in the first selected row (first), and n" },
	{ "marks", 0, cmd_marks, "",
	  "print.tsv: the KEY=VALUE words of the trace markers (buf), the first value of each key" },
	{ "cover", 0, cmd_cover, "from=T to=T",
	  "share of the seconds of [from, to) with at least one selected row: n seconds share" },
	{ "capped", 0, cmd_capped, "",
	  "balance_dirty_pages.tsv: share of the calls cut at the max pause cap (pause > 0, period - think > pause + 1 ms): n capped frac" },
	{ "share", 0, cmd_share, "pool=FILE from=T [where=comm=COMM]",
	  "task_io.tsv: bytes/s of the writers over [from, the first end of a writer], each read at both ends by interpolation, and of the pool (global_dirty_state.tsv, pages of 4 KiB): n writers pool interp window" },
	{ "io", 0, cmd_io, "[writer=COMM]",
	  "block_rq_issue.tsv: the write requests as a disk sees them: n mib kib_mean kib_lowmedian jumps jumps_per_mib mib_s writer" },
};
#define NCMDS (sizeof(cmds) / sizeof(cmds[0]))

static void help(FILE *out)
{
	size_t i;

	fprintf(out, "usage: dt COMMAND FILE ARGS... [from=T] [to=T] [where=COL=VALUE]...\n"
		     "       dt calc EXPR [NAME=VALUE]...   arithmetic on numbers (the answer keys)\n");
	for (i = 0; i < NCMDS; i++)
		fprintf(out, "  %-9s FILE %s\n            %s\n", cmds[i].name,
			cmds[i].args, cmds[i].what);
}

static int run(int argc, char **argv)
{
	char *line = NULL, *hdr[MAXCOL];
	size_t cap = 0, i;
	const struct cmd *c = NULL;
	int nh, tcol, rc;
	FILE *fp;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		help(dt_out);
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "calc"))
		return cmd_calc(argc, argv);
	if (argc < 3)
		die("usage", "dt COMMAND FILE ARGS... (dt --help lists the commands)");
	for (i = 0; i < NCMDS; i++)
		if (!strcmp(argv[1], cmds[i].name))
			c = &cmds[i];
	if (!c)
		die(argv[1], "unknown command (dt --help lists them)");
	file = argv[2];
	fp = dt_fopen(file, "r");
	if (!fp)
		die("file", "cannot open");
	if (getline(&line, &cap, fp) < 0)
		die("header", "empty file");
	nh = split(line, hdr);
	tcol = colidx(hdr, nh, "time");
	if (argc - 3 < c->nargs)
		die(c->name, c->nargs == 1 ? "missing column" : "too few arguments");
	rc = c->fn(fp, hdr, nh, tcol, argc, argv);
	fclose(fp);
	return rc;
}

int dt_run(int argc, char **argv, FILE *out, char *err, size_t errlen)
{
	jmp_buf jb;
	int rc;

	/* every call starts afresh: the state of the one before is dropped */
	file = NULL;
	ref_x = ref_y = NULL;
	ref_n = 0;
	ref_below = INFINITY;
	ref_above = -INFINITY;
	calc_argv = NULL;
	calc_argc = 0;
	dt_out = out;
	dt_jmp = NULL;
	if (err) {
		dt_err = err;
		dt_errlen = errlen;
		*err = 0;
		if (setjmp(jb)) {
			dt_jmp = NULL;
			return 2;
		}
		dt_jmp = &jb;
	}
	rc = run(argc, argv);
	dt_jmp = NULL;
	return rc;
}

#ifndef DT_LIBRARY
int main(int argc, char **argv)
{
	if (argc < 3 && !(argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
					 !strcmp(argv[1], "calc")))) {
		help(stderr);
		return 2;
	}
	return dt_run(argc, argv, stdout, NULL, 0);
}
#endif
