/*
 * experiments/common/tsvexpr.h -- TSV rows (split, column lookup) and
 * column expressions over them, used by dt (header-only;
 * static functions).
 *
 * Before including it, the including file defines MAXCOL (fields per row)
 * and   static void die(const char *key, const char *msg);   (exits)
 */
#ifndef KIT_TSVEXPR_H
#define KIT_TSVEXPR_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

#endif /* KIT_TSVEXPR_H */
