// SPDX-License-Identifier: GPL-2.0
/*
 * experiments/dtspec/dtspec.c -- the kit's one reader of spec files: the
 * format and the families (see dtspec.h).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtspec.h"

static int fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		fprintf(stderr, "dtspec: out of memory\n");
		exit(2);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	return strcpy(xrealloc(NULL, strlen(s) + 1), s);
}

/* the spec's whitespace: the shell's [[:space:]] */
static int sp(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' ||
	       c == '\f';
}

static int keych(int c)
{
	return isalnum(c) || c == '_' || c == '.';
}

static char *trim(char *s)
{
	char *e;

	while (sp(*s))
		s++;
	for (e = s + strlen(s); e > s && sp(e[-1]); e--)
		;
	*e = 0;
	return s;
}

const struct dts_pair *dts_get(const struct dts_file *f, const char *key)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (!strcmp(f->kv[i].key, key))
			return &f->kv[i];
	return NULL;
}

int dts_read(const char *path, struct dts_file *f, char *err, size_t errlen)
{
	FILE *in = fopen(path, "r");
	char *line = NULL, *p, *k, *ke, *v;
	size_t cap = 0;
	int n = 0, nlist = 0, rc = 0;

	memset(f, 0, sizeof(*f));
	if (!in)
		return fail(err, errlen, "%s: spec: cannot read the spec file", path);
	f->path = xstrdup(path);
	while (getline(&line, &cap, in) >= 0) {
		n++;
		p = strchr(line, '#');
		if (p)
			*p = 0;
		for (k = line; sp(*k); k++)
			;
		if (!*k)
			continue;
		for (ke = k; keych((unsigned char)*ke); ke++)
			;
		for (p = ke; sp(*p); p++)
			;
		if (ke == k || *p != '=') {
			p = strchr(k, '=');
			if (p)
				*p = 0;
			rc = fail(err, errlen, "%s:%d: %s: malformed line (want: key = value)",
				  path, n, trim(k));
			break;
		}
		*ke = 0;
		v = trim(p + 1);
		if (dts_get(f, k) || (!strcmp(k, "name") && f->tmpl)) {
			rc = fail(err, errlen, "%s:%d: %s: given twice", path, n, k);
			break;
		}
		if (!strcmp(k, "name")) {
			f->tmpl = xstrdup(v);
			f->tmpl_line = n;
			continue;
		}
		if (strstr(v, " | "))
			nlist++;
		else if (strchr(v, '|')) {
			rc = fail(err, errlen, "%s:%d: %s: write a list as A | B | C", path, n, k);
			break;
		}
		f->kv = xrealloc(f->kv, (f->n + 1) * sizeof(*f->kv));
		f->kv[f->n].key = xstrdup(k);
		f->kv[f->n].val = xstrdup(v);
		f->kv[f->n].line = n;
		f->n++;
	}
	if (!rc && ferror(in))
		rc = fail(err, errlen, "%s: spec: read error: %s", path, strerror(errno));
	if (!rc && !f->tmpl && nlist)
		rc = fail(err, errlen, "%s: a list of values needs a name = TEMPLATE line", path);
	free(line);
	fclose(in);
	if (rc)
		dts_free_file(f);
	return rc;
}

void dts_free_file(struct dts_file *f)
{
	int i;

	for (i = 0; i < f->n; i++) {
		free(f->kv[i].key);
		free(f->kv[i].val);
	}
	free(f->kv);
	free(f->tmpl);
	free(f->path);
	memset(f, 0, sizeof(*f));
}

void dts_free_runs(struct dts_run *runs, int nruns)
{
	int i, j;

	for (i = 0; i < nruns; i++) {
		for (j = 0; j < runs[i].n; j++) {
			free(runs[i].kv[j].key);
			free(runs[i].kv[j].val);
		}
		free(runs[i].kv);
		free(runs[i].name);
	}
	free(runs);
}

/* --- a growing string ------------------------------------------------- */
struct buf {
	char *s;
	size_t n, cap;
};

static void put(struct buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = 0;
}

/* --- whole-number arithmetic: + - * / with C precedence ---------------- */
struct ex {
	const char *p;
	int bad, divzero;
};

static long long ex_sum(struct ex *e);

static void ex_ws(struct ex *e)
{
	while (*e->p == ' ')
		e->p++;
}

static long long ex_atom(struct ex *e)
{
	long long v = 0;

	ex_ws(e);
	if (*e->p == '-') {
		e->p++;
		return -ex_atom(e);
	}
	if (*e->p == '+') {
		e->p++;
		return ex_atom(e);
	}
	if (!isdigit((unsigned char)*e->p)) {
		e->bad = 1;
		return 0;
	}
	/* (a leading zero would be octal to the shell: refused, not guessed) */
	if (e->p[0] == '0' && isdigit((unsigned char)e->p[1]))
		e->bad = 1;
	while (isdigit((unsigned char)*e->p)) {
		if (v > (LLONG_MAX - 9) / 10)
			e->bad = 1;
		else
			v = v * 10 + (*e->p - '0');
		e->p++;
	}
	return v;
}

static long long ex_prod(struct ex *e)
{
	long long v = ex_atom(e), r;
	char op;

	for (;;) {
		ex_ws(e);
		op = *e->p;
		if (op != '*' && op != '/')
			return v;
		e->p++;
		r = ex_atom(e);
		if (op == '*')
			v *= r;
		else if (r == 0)
			e->bad = e->divzero = 1;
		else
			v /= r;
	}
}

static long long ex_sum(struct ex *e)
{
	long long v = ex_prod(e);
	char op;

	for (;;) {
		ex_ws(e);
		op = *e->p;
		if (op != '+' && op != '-')
			return v;
		e->p++;
		v = op == '+' ? v + ex_prod(e) : v - ex_prod(e);
	}
}

/* --- families -------------------------------------------------------- */
struct cur {
	const struct dts_file *f;
	const char **val;	/* this run's raw value of f->kv[i] */
	const char *name;	/* the run's name once known, else NULL */
};

static const char *cur_val(const struct cur *c, const char *key)
{
	int i;

	if (c->name && !strcmp(key, "name"))
		return c->name;
	for (i = 0; i < c->f->n; i++)
		if (!strcmp(c->f->kv[i].key, key))
			return c->val[i];
	return NULL;
}

static int whole(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

/* s with every {KEY} and {EXPR} replaced from c; in a name (nameform)
 * a key's value loses its dots. The result is malloc'ed, or NULL. */
static char *subst(const struct cur *c, const char *s, int nameform, char *err,
		   size_t errlen)
{
	struct buf b = { 0 };
	const char *o, *cl, *v;
	char num[32];

	put(&b, "", 0);
	while ((o = strchr(s, '{')) && (cl = strchr(o + 1, '}'))) {
		size_t n = cl - o - 1;
		char *inner = strndup(o + 1, n);

		put(&b, s, o - s);
		s = cl + 1;
		v = cur_val(c, inner);
		if (v) {
			for (; *v; v++)
				if (!nameform || *v != '.')
					put(&b, v, 1);
		} else {
			struct buf e = { 0 };
			struct ex x;
			const char *q;
			long long r = 0;
			int i;

			put(&e, inner, strlen(inner));
			for (i = 0; i < c->f->n; i++) {
				const char *k = c->f->kv[i].key;
				struct buf t = { 0 };

				if (!strstr(e.s, k))
					continue;
				if (!whole(c->val[i])) {
					fail(err, errlen, "%s: {%s}: %s is not a whole number",
					     c->f->path, inner, k);
					goto bad;
				}
				put(&t, "", 0);
				for (q = e.s; strstr(q, k); q = strstr(q, k) + strlen(k)) {
					put(&t, q, strstr(q, k) - q);
					put(&t, c->val[i], strlen(c->val[i]));
				}
				put(&t, q, strlen(q));
				free(e.s);
				e = t;
			}
			x.p = e.s;
			x.divzero = 0;
			x.bad = strspn(e.s, "0123456789+-*/ ") != strlen(e.s);
			if (!x.bad)
				r = ex_sum(&x);
			if (x.bad || *x.p) {
				fail(err, errlen, x.divzero ? "%s: {%s}: division by zero" :
				     "%s: {%s}: not a key of the spec nor whole-number arithmetic",
				     c->f->path, inner);
bad:
				free(e.s);
				free(inner);
				free(b.s);
				return NULL;
			}
			snprintf(num, sizeof(num), "%lld", r);
			put(&b, num, strlen(num));
			free(e.s);
		}
		free(inner);
	}
	put(&b, s, strlen(s));
	return b.s;
}

static int run_name_ok(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_.+-", *s))
			return 0;
	return 1;
}

/* the values of a list, trimmed: malloc'ed array of malloc'ed strings */
static char **split_list(const char *v, int *n)
{
	char *copy = xstrdup(v), *p = copy, *bar, **out = NULL;

	*n = 0;
	for (;;) {
		bar = strchr(p, '|');
		if (bar)
			*bar = 0;
		out = xrealloc(out, (*n + 1) * sizeof(*out));
		out[(*n)++] = xstrdup(trim(p));
		if (!bar)
			break;
		p = bar + 1;
	}
	free(copy);
	return out;
}

int dts_runs(const struct dts_file *f, struct dts_run **runs, int *nruns,
	     char *err, size_t errlen)
{
	int nl = 0, i, j, total = 1, idx, rc = 0;
	int *lists = xrealloc(NULL, (f->n + 1) * sizeof(int));
	int *nv = xrealloc(NULL, (f->n + 1) * sizeof(int));
	char ***parts = xrealloc(NULL, (f->n + 1) * sizeof(char **));
	const char **val = xrealloc(NULL, (f->n + 1) * sizeof(char *));
	struct cur c = { .f = f, .val = val };
	struct dts_run *out = NULL;
	int nout = 0;

	for (i = 0; i < f->n; i++) {
		if (!f->tmpl || !strstr(f->kv[i].val, " | "))
			continue;
		lists[nl] = i;
		parts[nl] = split_list(f->kv[i].val, &nv[nl]);
		if (total > 100000 / nv[nl]) {
			rc = fail(err, errlen, "%s:%d: %s: the family has over 100000 runs",
				  f->path, f->kv[i].line, f->kv[i].key);
			nl++;
			goto out;
		}
		total *= nv[nl];
		nl++;
	}
	for (idx = 0; idx < total; idx++) {
		int rem = idx;
		char *name;
		struct dts_run *r;

		for (i = 0; i < f->n; i++)
			val[i] = f->kv[i].val;
		for (j = nl - 1; j >= 0; j--) {
			val[lists[j]] = parts[j][rem % nv[j]];
			rem /= nv[j];
		}
		c.name = NULL;
		if (f->tmpl) {
			name = subst(&c, f->tmpl, 1, err, errlen);
			if (!name) {
				rc = -1;
				goto out;
			}
		} else {
			const char *b = strrchr(f->path, '/');
			size_t n;

			name = xstrdup(b ? b + 1 : f->path);
			n = strlen(name);
			if (n > 5 && !strcmp(name + n - 5, ".spec"))
				name[n - 5] = 0;
		}
		if (!run_name_ok(name)) {
			rc = fail(err, errlen, "%s: name: '%s' is not a run name", f->path, name);
			free(name);
			goto out;
		}
		for (j = 0; j < nout; j++)
			if (!strcmp(out[j].name, name)) {
				rc = fail(err, errlen,
					  "%s: name: two runs are named %s (the template must name every list)",
					  f->path, name);
				free(name);
				goto out;
			}
		c.name = name;
		out = xrealloc(out, (nout + 1) * sizeof(*out));
		r = &out[nout++];
		r->name = name;
		r->n = 0;
		r->kv = xrealloc(NULL, (f->n + 1) * sizeof(*r->kv));
		for (i = 0; i < f->n; i++) {
			char *v = subst(&c, val[i], 0, err, errlen);

			if (!v) {
				rc = -1;
				goto out;
			}
			r->kv[i].key = xstrdup(f->kv[i].key);
			r->kv[i].val = v;
			r->kv[i].line = f->kv[i].line;
			r->n++;
		}
	}
out:
	for (j = 0; j < nl; j++) {
		for (i = 0; i < nv[j]; i++)
			free(parts[j][i]);
		free(parts[j]);
	}
	free(parts);
	free(nv);
	free(lists);
	free(val);
	if (rc) {
		dts_free_runs(out, nout);
		return -1;
	}
	*runs = out;
	*nruns = nout;
	return 0;
}
