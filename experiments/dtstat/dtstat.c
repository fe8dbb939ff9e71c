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
 *   dtstat ordered FILE COL
 *       exit 0 if COL never decreases from one row to the next, else 1
 *   dtstat rows FILE
 *       number of data rows
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

static int split(char *line, char **f)
{
	int n = 0;
	char *s = line, *t;

	line[strcspn(line, "\n")] = 0;
	while (n < MAXCOL) {
		f[n++] = s;
		t = strchr(s, '\t');
		if (!t)
			break;
		*t = 0;
		s = t + 1;
	}
	return n;
}

static int colidx(char **hdr, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(hdr[i], name))
			return i;
	return -1;
}

/*
 * EXPR: operands (column names or numbers) joined by + - * /, evaluated
 * strictly left to right (no precedence): "a-b-c" is (a-b)-c.
 */
#define MAXTERM 16
struct operand { int col; double k; };
struct expr { struct operand t[MAXTERM]; char op[MAXTERM]; int n; };

static struct operand operand(char **hdr, int n, const char *s)
{
	struct operand o = { -1, 0 };
	char *end;

	o.col = colidx(hdr, n, s);
	if (o.col < 0) {
		o.k = strtod(s, &end);
		if (end == s || *end)
			die(s, "no such column");
	}
	return o;
}

static struct expr parse_expr(char **hdr, int n, const char *s)
{
	struct expr e = { .n = 0 };
	char buf[512], *p, *q;

	snprintf(buf, sizeof(buf), "%s", s);
	p = buf;
	e.op[0] = '+';
	for (;;) {
		if (e.n == MAXTERM)
			die(s, "expression too long");
		q = strpbrk(p + 1, "+-*/");	/* p + 1: a leading sign is a number's */
		if (q) {
			e.op[e.n + 1 < MAXTERM ? e.n + 1 : 0] = *q;
			*q = 0;
		}
		e.t[e.n++] = operand(hdr, n, p);
		if (!q)
			break;
		p = q + 1;
		if (!*p)
			die(s, "expression ends in an operator");
	}
	return e;
}

static double val(struct operand o, char **f, int nf)
{
	if (o.col < 0)
		return o.k;
	if (o.col >= nf)
		return NAN;
	return strtod(f[o.col], NULL);
}

static double eval(const struct expr *e, char **f, int nf)
{
	double a = val(e->t[0], f, nf), b;
	int i;

	for (i = 1; i < e->n; i++) {
		b = val(e->t[i], f, nf);
		switch (e->op[i]) {
		case '/': a = b == 0 ? NAN : a / b; break;
		case '*': a *= b; break;
		case '+': a += b; break;
		default: a -= b; break;
		}
	}
	return a;
}

static int cmpd(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

static double pct(const double *v, size_t n, double p)
{
	double r = p * (n - 1);
	size_t i = (size_t)r;

	if (i + 1 >= n)
		return v[n - 1];
	return v[i] + (r - i) * (v[i + 1] - v[i]);
}

int main(int argc, char **argv)
{
	char *line = NULL, *hdr[MAXCOL], *f[MAXCOL], *hline;
	size_t cap = 0, n = 0, vcap = 0, in = 0;
	double from = -INFINITY, to = INFINITY, lo = 0, hi = 0, *v = NULL;
	const char *cmd, *wcol[8], *wval[8];
	int wi[8], nw = 0, nh, tcol, argi, i, ordered_col = -1;
	double last = -INFINITY;
	struct expr e;
	FILE *fp;

	if (argc < 3) {
		fprintf(stderr, "usage: dtstat summary|frac|ordered|rows FILE [EXPR ...]\n");
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
	if (!strcmp(cmd, "frac")) {
		if (argc < 6)
			die("frac", "needs LO HI");
		lo = atof(argv[4]);
		hi = atof(argv[5]);
		argi = 6;
	} else if (strcmp(cmd, "summary")) {
		die(cmd, "unknown command");
	}
	for (; argi < argc; argi++) {
		char *a = argv[argi], *eq;

		if (!strncmp(a, "from=", 5))
			from = atof(a + 5);
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
		if (isnan(x))
			continue;
		if (n == vcap) {
			vcap = vcap ? 2 * vcap : 1024;
			v = realloc(v, vcap * sizeof(*v));
			if (!v)
				die("memory", "out of memory");
		}
		v[n++] = x;
		if (x >= lo && x <= hi)
			in++;
	}
	if (!strcmp(cmd, "frac")) {
		printf("n=%zu in=%zu frac=%.4f\n", n, in, n ? (double)in / n : 0);
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
		qsort(v, n, sizeof(*v), cmpd);
		printf("n=%zu mean=%.6g sd=%.6g min=%.6g p5=%.6g p50=%.6g p95=%.6g max=%.6g\n",
		       n, mean, n > 1 ? sqrt(ss / (n - 1)) : 0, v[0],
		       pct(v, n, .05), pct(v, n, .5), pct(v, n, .95), v[n - 1]);
	}
	return 0;
}
