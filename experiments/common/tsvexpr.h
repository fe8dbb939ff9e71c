/*
 * experiments/common/tsvexpr.h -- TSV rows (split, column lookup) and
 * column expressions over them, used by dt (header-only;
 * static functions).
 *
 * Functions are static inline: a file uses what it needs.
 * Before including it, the including file defines MAXCOL (fields per row)
 * and   static void die(const char *key, const char *msg);   (exits)
 */
#ifndef KIT_TSVEXPR_H
#define KIT_TSVEXPR_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline int split(char *line, char **f)
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

static inline int colidx(char **hdr, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(hdr[i], name))
			return i;
	return -1;
}

/*
 * EXPR: operands (column names or numbers) joined by + - * / with the
 * usual precedence (* and / before + and -, each left to right) and
 * parentheses: "a-b/c" is a-(b/c), "(a-b)/c" the difference divided. The
 * same rule as calc below, so a claims file and dt have one arithmetic.
 * A sign at the start of an operand is the number's ("a*-2"); x/0 is
 * missing (NaN), as a row without the column is.
 */
#define MAXTERM 16
struct operand { int col; double k; };
struct expr {
	struct operand t[MAXTERM];
	int n;
	/* postfix: rpn[i] an operator, or 0 for the operand rpn_t[i] */
	char rpn[2 * MAXTERM];
	int rpn_t[2 * MAXTERM];
	int nr;
};

static inline struct operand operand(char **hdr, int n, const char *s)
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

static inline int expr_prec(char op)
{
	return op == '*' || op == '/' ? 2 : op == '+' || op == '-' ? 1 : 0;
}

static inline struct expr parse_expr(char **hdr, int n, const char *s)
{
	struct expr e = { .n = 0 };
	char buf[512], *p, *q, stack[2 * MAXTERM], save;
	int ns = 0, want = 1;

	if (strlen(s) >= sizeof(buf))
		die(s, "expression over 511 characters");
	snprintf(buf, sizeof(buf), "%s", s);
	p = buf;
	for (;;) {
		if (want) {
			if (*p == '(') {
				if (ns == 2 * MAXTERM)
					die(s, "expression too long");
				stack[ns++] = '(';
				p++;
				continue;
			}
			if (!*p || strchr("*/)", *p))
				die(s, *p ? "an operator without an operand" : "expression ends in an operator");
			if (e.n == MAXTERM)
				die(s, "expression too long");
			/* p + 1: a leading sign is a number's */
			q = strpbrk(p + 1, "+-*/()");
			save = q ? *q : 0;
			if (q)
				*q = 0;
			e.t[e.n] = operand(hdr, n, p);
			e.rpn[e.nr] = 0;
			e.rpn_t[e.nr++] = e.n++;
			if (!q)
				break;
			*q = save;
			p = q;
			want = 0;
			continue;
		}
		if (*p == ')') {
			while (ns && stack[ns - 1] != '(')
				e.rpn[e.nr++] = stack[--ns];
			if (!ns)
				die(s, "a ) without its (");
			ns--;
			p++;
			if (!*p)
				break;
			continue;
		}
		if (!strchr("+-*/", *p))
			die(s, "want an operator (+ - * /) or )");
		while (ns && expr_prec(stack[ns - 1]) >= expr_prec(*p))
			e.rpn[e.nr++] = stack[--ns];
		stack[ns++] = *p++;
		want = 1;
	}
	while (ns) {
		if (stack[ns - 1] == '(')
			die(s, "a ( without its )");
		e.rpn[e.nr++] = stack[--ns];
	}
	return e;
}

static inline double val(struct operand o, char **f, int nf)
{
	if (o.col < 0)
		return o.k;
	if (o.col >= nf)
		return NAN;
	return strtod(f[o.col], NULL);
}

static inline double eval(const struct expr *e, char **f, int nf)
{
	double st[2 * MAXTERM], a, b;
	int i, n = 0;

	for (i = 0; i < e->nr; i++) {
		if (!e->rpn[i]) {
			st[n++] = val(e->t[e->rpn_t[i]], f, nf);
			continue;
		}
		b = st[--n];
		a = st[--n];
		switch (e->rpn[i]) {
		case '/': a = b == 0 ? NAN : a / b; break;
		case '*': a *= b; break;
		case '+': a += b; break;
		default: a -= b; break;
		}
		st[n++] = a;
	}
	return st[0];
}

static inline int cmpd(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

/*
 * calc: an arithmetic expression over named values, with precedence, for
 * the claims runner (tools/dtclaims) -- the bounds and verdict rules of a
 * claim (dt's column expressions above follow the same precedence).
 *
 *   or:    and { "||" and }          and:  cmp { "&&" cmp }
 *   cmp:   add [ (< <= > >= == !=) add ]
 *   add:   mul { (+ -) mul }         mul:  unary { (* /) unary }
 *   unary: (- !) unary | primary
 *   primary: NUMBER | NAME | FUNC "(" or { "," or } ")" | "(" or ")"
 *   FUNC:  abs(x) sqrt(x) int(x) (toward 0) min(a, b) max(a, b)
 *          within(x, lo, hi) (lo <= x <= hi)  all(a, ...) (up to 8: every
 *          one true; missing when one is missing, whatever the others)
 *          when(c, x) (x when c holds, else missing)  exp(x) log(x)
 *          if(c, a, b) (a when c holds, else b; the branch not taken is
 *          not read at all, nor is x of when(0, x))  has(x) (1 if x is
 *          there, 0 if it is missing)  pow(x, y)  mod(a, b) (fmod)
 *
 * NAME ([A-Za-z_][A-Za-z0-9_.@]*) is looked up through the caller's get(),
 * which reports an unknown name through calc_fail, and counts in nanread
 * the values it gave that were missing (NAN). Truth is 1 or 0. Division
 * is IEEE's, as awk's (x / 0 is +-inf, exp(-inf) is 0); NAN passes
 * through arithmetic and comparisons.
 * && and || decide on their left side when it settles the answer (0 &&
 * x is 0, 1 || x is 1): the right side's missing values then do not
 * count. On error calc_eval returns NAN and sets *err to a message.
 */
struct calc {
	const char *p;
	const char *err;
	int nanread;
	int skip;		/* parsing a branch not taken: names are not read */
	double (*get)(void *ctx, const char *name, size_t len, struct calc *c);
	void *ctx;
};

static inline void calc_fail(struct calc *c, const char *msg)
{
	if (!c->err)
		c->err = msg;
}

static inline void calc_ws(struct calc *c)
{
	while (*c->p == ' ' || *c->p == '\t')
		c->p++;
}

static inline int calc_eat(struct calc *c, const char *tok)
{
	size_t n = strlen(tok);

	calc_ws(c);
	if (strncmp(c->p, tok, n))
		return 0;
	c->p += n;
	return 1;
}

static inline double calc_or(struct calc *c);

static inline int calc_isname(int ch, int first)
{
	return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch == '_' ||
	       (!first && ((ch >= '0' && ch <= '9') || ch == '.' || ch == '@'));
}

static inline double calc_call(struct calc *c, const char *name, size_t len)
{
	static const struct { const char *name; int args; } fn[] = {
		{ "abs", 1 }, { "sqrt", 1 }, { "min", 2 }, { "max", 2 }, { "within", 3 },
		{ "int", 1 }, { "all", -1 }, { "when", 2 }, { "exp", 1 }, { "log", 1 }, { "if", 3 },
		{ "has", 1 }, { "pow", 2 }, { "mod", 2 },
	};
	double a[8] = { 0 };
	int i, k, n = 0, reads[9], skip;

	for (k = 0; k < (int)(sizeof(fn) / sizeof(fn[0])); k++)
		if (strlen(fn[k].name) == len && !strncmp(fn[k].name, name, len))
			break;
	if (k == (int)(sizeof(fn) / sizeof(fn[0]))) {
		calc_fail(c, "unknown function");
		return NAN;
	}
	reads[0] = c->nanread;
	skip = c->skip;
	if (!calc_eat(c, ")")) {
		do {
			if (n == 8) {
				calc_fail(c, "too many arguments");
				return NAN;
			}
			/* if, when: the branch not taken is not read at all */
			if ((k == 10 || k == 7) && n >= 1)
				c->skip = skip || isnan(a[0]) || (n == 1 ? !a[0] : a[0] != 0);
			a[n++] = calc_or(c);
			reads[n] = c->nanread;
		} while (calc_eat(c, ","));
		c->skip = skip;
		if (!calc_eat(c, ")"))
			calc_fail(c, "missing ) after a function's arguments");
	}
	if (fn[k].args < 0 ? !n : n != fn[k].args) {
		calc_fail(c, "wrong number of arguments");
		return NAN;
	}
	if (k == 11) {	/* has(x): whether x is there; reading it is no miss */
		c->nanread = reads[0];
		return !isnan(a[0]);
	}
	if ((k == 10 || k == 7) && !isnan(a[0])) {
		/* if, when: only the branch taken counts */
		int take = a[0] ? 1 : 2;

		c->nanread = reads[1] + (take < n ? reads[take + 1] - reads[take] : 0);
		if (take >= n)
			return NAN;	/* when(0, x) */
		return a[take];
	}
	for (i = 0; i < n; i++)
		if (isnan(a[i]))
			return NAN;
	switch (k) {
	case 0: return fabs(a[0]);
	case 1: return a[0] < 0 ? NAN : sqrt(a[0]);
	case 2: return a[0] < a[1] ? a[0] : a[1];
	case 3: return a[0] > a[1] ? a[0] : a[1];
	case 4: return a[0] >= a[1] && a[0] <= a[2];
	case 5: return trunc(a[0]);
	case 7: return a[0] ? a[1] : NAN;
	case 8: return exp(a[0]);
	case 9: return a[0] > 0 ? log(a[0]) : NAN;
	case 10: return a[0] ? a[1] : a[2];
	case 12: return pow(a[0], a[1]);
	case 13: return a[1] == 0 ? NAN : fmod(a[0], a[1]);
	default:
		for (i = 0; i < n; i++)
			if (!a[i])
				return 0;
		return 1;
	}
}

static inline double calc_primary(struct calc *c)
{
	const char *s;
	char *end;
	double v;

	calc_ws(c);
	s = c->p;
	if (calc_eat(c, "(")) {
		v = calc_or(c);
		if (!calc_eat(c, ")"))
			calc_fail(c, "missing )");
		return v;
	}
	if ((*s >= '0' && *s <= '9') || *s == '.') {
		v = strtod(s, &end);
		if (end == s)
			calc_fail(c, "bad number");
		c->p = end;
		return v;
	}
	if (calc_isname((unsigned char)*s, 1)) {
		while (calc_isname((unsigned char)*c->p, 0))
			c->p++;
		end = (char *)c->p;
		if (calc_eat(c, "("))
			return calc_call(c, s, (size_t)(end - s));
		if (c->skip)
			return 0;
		return c->get(c->ctx, s, (size_t)(end - s), c);
	}
	calc_fail(c, *s ? "unexpected character" : "expression ends too early");
	return NAN;
}

static inline double calc_unary(struct calc *c)
{
	if (calc_eat(c, "-"))
		return -calc_unary(c);
	if (calc_eat(c, "!")) {
		double v = calc_unary(c);

		return isnan(v) ? NAN : !v;
	}
	return calc_primary(c);
}

static inline double calc_mul(struct calc *c)
{
	double a = calc_unary(c), b;

	for (;;) {
		if (calc_eat(c, "*")) {
			a *= calc_unary(c);
		} else if (calc_eat(c, "/")) {
			b = calc_unary(c);
			a /= b;	/* IEEE: x / 0 is +-inf, as in awk */
		} else {
			return a;
		}
	}
}

static inline double calc_add(struct calc *c)
{
	double a = calc_mul(c);

	for (;;) {
		if (calc_eat(c, "+"))
			a += calc_mul(c);
		else if (calc_eat(c, "-"))
			a -= calc_mul(c);
		else
			return a;
	}
}

static inline double calc_cmp(struct calc *c)
{
	double a = calc_add(c), b;

	if (calc_eat(c, "<=")) { b = calc_add(c); return isnan(a) || isnan(b) ? NAN : a <= b; }
	if (calc_eat(c, ">=")) { b = calc_add(c); return isnan(a) || isnan(b) ? NAN : a >= b; }
	if (calc_eat(c, "==")) { b = calc_add(c); return isnan(a) || isnan(b) ? NAN : a == b; }
	if (calc_eat(c, "!=")) { b = calc_add(c); return isnan(a) || isnan(b) ? NAN : a != b; }
	if (calc_eat(c, "<")) { b = calc_add(c); return isnan(a) || isnan(b) ? NAN : a < b; }
	if (calc_eat(c, ">")) { b = calc_add(c); return isnan(a) || isnan(b) ? NAN : a > b; }
	return a;
}

/*
 * a && b (and = 1), a || b (and = 0): a missing side makes it missing,
 * unless the left side settles it (0 && x is 0, 1 || x is 1): the right
 * side's missing values then do not count
 */
static inline double calc_logic(struct calc *c, int and)
{
	double a = and ? calc_cmp(c) : calc_logic(c, 1), b;
	int k;

	while (calc_eat(c, and ? "&&" : "||")) {
		k = c->nanread;
		b = and ? calc_cmp(c) : calc_logic(c, 1);
		if (!isnan(a) && (and ? a == 0 : a != 0)) {
			c->nanread = k;
			a = !and;
		} else {
			a = isnan(a) || isnan(b) ? NAN : (b != 0);
		}
	}
	return a;
}

static inline double calc_or(struct calc *c)
{
	return calc_logic(c, 0);
}

static inline double calc_eval(const char *s,
			double (*get)(void *ctx, const char *name, size_t len, struct calc *c),
			void *ctx, const char **err, int *nanread)
{
	struct calc c = { s, NULL, 0, 0, get, ctx };
	double v = calc_or(&c);

	calc_ws(&c);
	if (*c.p)
		calc_fail(&c, "unexpected text after the expression");
	*err = c.err;
	if (nanread)
		*nanread = c.nanread;
	return c.err ? NAN : v;
}

#endif /* KIT_TSVEXPR_H */
