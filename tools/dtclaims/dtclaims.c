/*
 * dtclaims -- a chapter's verdict rows from its declarations
 * (chapters/NN-topic/claims.conf), on a folder of runs.
 *
 * Usage: dtclaims --dt DT --model DTMODEL --cols COLS --seeds SEEDS CONF RUNS [MODEL_RUNS]
 *   DT     the analysis tool (build/dt/dt): every number comes from it
 *   DTMODEL the model (build/model/dtmodel), for controls run on the model
 *   COLS   tools/claims.cols, the rows' columns in order
 *   SEEDS  tools/seeds.tsv, the seeds' upstream commits
 *   CONF   the chapter's claims.conf
 *   RUNS   a folder of kernel runs named by spec; MODEL_RUNS the model's
 *        dtclaims --dt DT --lab RUN [FROM]
 *   prints the lab's reason why RUN cannot show throttling (the capacity
 *   gate; with FROM, the throttled gate from FROM s), or nothing: the
 *   chapters' checks (tools/assert.sh's t_run) apply it to their runs.
 * Writes the rows (TSV, no header) on stdout. A bad CONF, or a number the
 * declarations ask for that dt cannot give (an unknown command, key or
 * column), is one line on stderr naming the file, the line and the
 * directive, and exit 2; nothing is written then.
 *
 * The language (one directive per line; a line that starts with white
 * space continues the one before; # starts a comment line):
 *
 *   chapter N              the chapter's number (first)
 *   need RUN...            runs the chapter cannot do without
 *   need any RUN...        at least one of them
 *   let ...                before the first row: a let every row may read
 *                          (computed on each run that reads it)
 *   each NAME V1 V2 ...    the rows up to the line `end`, once for each
 *                          value: {NAME} in their ids, texts and run names,
 *                          and NAME in their rules, is the value
 *   each NAME1 NAME2 ...   the same with several names, and after it one
 *   values V1 V2 ...       line of values per pass ("" quotes)
 *
 *   claim ID TEXT          a row: evidence for a mechanism, with a control
 *   sanity ID TEXT         a row no control could fail (a conservation law,
 *                          a property true by construction, a difference
 *                          measured between two codes); TEXT may hold
 *                          {NAME}s of the kernel's runs
 *   cite SEED LINES "QUOTE"    the seed's file in ../shared/seeds, its
 *                          lines and a short quote within them (tools/
 *                          check-cites checks them); may be repeated
 *   cite-code TEXT         a source other than a seed
 *   kernel RUNS            the kernel runs the row judges: RUN, or
 *                          NAME=RUN ... (the first is the main run; the
 *                          lets read another as NAME:FILE, meta NAME:KEY)
 *   optional               the row is left out when a kernel run is not
 *                          there (else that is an error)
 *   only EXPR              the row is there only when EXPR holds (on the
 *                          kernel's runs)
 *   model RUNS             the model's runs on the same specs (the row's
 *                          model verdict; n/a without them or MODEL_RUNS)
 *   control kernel RUNS DESC   the same experiment with the mechanism
 *                          switched to its alternative: the row's own
 *                          verdict rule is applied to it
 *   control model KEY=VALUE... DESC    the same, on the model: dtmodel on
 *                          the kernel's main run's spec and overrides (its
 *                          meta) with KEY=VALUE added
 *   control none DESC      declared but not run (control-value says why):
 *                          NOT REPRODUCED
 *   control same DESC      the kernel's own runs under control-pass (a
 *                          control that compares other runs of the row)
 *                          Several controls: the first that can run (a
 *                          kernel control whose runs are not there cannot).
 *   gates none REASON      the row needs no lab state (say why), or one or
 *                          more of these, each on the runs named (kernel,
 *                          control: all their runs; kernel:NAME one); a
 *                          gate that does not hold makes the row NOT
 *                          REPRODUCED with the lab's reason:
 *     gates capacity RUNS...   the guest could dirty at >= 3 times its
 *                          disks (meta's capacity_x_disk; the kit keeps
 *                          each experiment at or below a third of the
 *                          guest's capacity: a fixed rule, no setting)
 *     gates throttled RUNS... from=T [min=0.8]   capacity, then: writers
 *                          held by the throttle in >= min of the seconds
 *                          from T (dt cover of balance_dirty_pages.tsv)
 *     gates late RUNS... from=T [max=0.5]   at most max of the calls from
 *                          T came late (pause < 0: CPU-bound, not held)
 *     gates capped RUNS... from=T [max=0.1]   at most max of the calls
 *                          from T were cut at the max pause cap (dt capped)
 *   let NAME[:FMT] = RHS   a number, computed on a subject (the kernel's
 *                          runs, the model's, the control's) when a rule,
 *                          a text or another let of it reads NAME:
 *                            dt CMD FILE ARGS... :KEY   KEY of dt's output
 *                              on the subject's FILE ({NAME} in ARGS is a
 *                              value); with n=0 and no KEY: no samples
 *                            dt CMD FILE ARGS...        a command that prints
 *                              one number (dt rows)
 *                            meta [NAME:]KEY [default V]   the run's meta
 *                            file dt|model CMD ...      the command's output
 *                              in a file (removed at exit): its path
 *                            verdict EXPR               PASS, FAIL or NOT
 *                              REPRODUCED, as a pass rule would say
 *                            same A B                   1 if the texts are equal
 *                            readable FILE              1 if the run has FILE
 *                            field TEXT SEP K           TEXT's K-th field
 *                            count TABLE [where COND], sum|mean TABLE EXPR
 *                              [where COND]             over a table's rows
 *                            EXPR                       tsvexpr.h's calc
 *                          RUN is the subject's main folder ({RUN}/FILE);
 *                          kernel.NAME reads the kernel's value on any
 *                          subject. Its text is FMT of the number (%.17g,
 *                          exact, for an EXPR; dt's own text otherwise)
 *                          and its value is that text read back: a FMT
 *                          rounds the value itself, as the claims scripts'
 *                          calc (%.4g) did.
 *   text NAME [when EXPR:] TEXT    a text value (only when EXPR holds;
 *                          a later text of the same name wins); "TEXT"
 *                          keeps the white space at its ends
 *   table NAME = dt CMD FILE ...   a command's TSV, one row per line
 *   column TABLE.NAME[:FMT] = EXPR    a column computed on each row
 *   list NAME TABLE [where COND]: TEXT    TEXT on each row, joined
 *   {NAME}, {NAME:FMT}, {NAME|TEXT}   in texts: the value, formatted,
 *                          or TEXT when it is empty
 *   require EXPR: TEXT     checked first on each subject: when EXPR does
 *                          not hold (or reads a missing value) the subject
 *                          is NOT REPRODUCED with TEXT as its value
 *   pass EXPR              the verdict rule: PASS when true, FAIL when
 *                          false, NOT REPRODUCED when a value it needs is
 *                          missing (no samples) or not finite
 *   model-pass, control-pass EXPR    the rule for the model or the control
 *                          when it differs (fewer runs)
 *   na EXPR                the verdict is n/a where EXPR holds (a row
 *                          that has no run to judge); model-na, control-na
 *                          for one role
 *   value TEXT             the kernel's value text ({NAME} or {NAME:FMT})
 *   model-value TEXT       the model's (default: value's)
 *   no-model TEXT          the model's value text when there is no model
 *                          run (default -)
 *   control-value TEXT     the control's (default: value's)
 *   other-value TEXT       the same measure on the other kernel code's runs
 *                          (6.1 beside v10: a measured
 *                          difference, not a verdict), read on the
 *                          kernel's runs (column other_code; default -)
 *   why TEXT               the reason: the tolerance and where it comes from
 *
 * The row's verdict, from the kernel's, the control's and the lab:
 *   lab reason -> NOT REPRODUCED (a control's PASS/FAIL too)
 *   kernel FAIL -> FAIL; kernel PASS and control FAIL -> PASS;
 *   kernel PASS and control not FAIL -> INCONCLUSIVE (no evidence)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAXCOL 64

static const char *conf_path;
static int cur_line;
static const char *cur_dir = "";

static void die(const char *key, const char *msg)
{
	fprintf(stderr, "%s:%d: %s: %s: %s\n", conf_path, cur_line, cur_dir, key, msg);
	exit(2);
}

/* one line naming the file, the line and the directive; exit 2 */
static void __attribute__((format(printf, 1, 2), noreturn)) fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%d: %s: ", conf_path, cur_line, cur_dir);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

#include "../../experiments/common/tsvexpr.h"
#include "../../experiments/dt/dt.h"

static void *xmalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	if (!p) {
		fprintf(stderr, "dtclaims: out of memory\n");
		exit(2);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	return strcpy(xmalloc(strlen(s) + 1), s);
}

static char * __attribute__((format(printf, 1, 2))) xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	if (!s) {
		fprintf(stderr, "dtclaims: out of memory\n");
		exit(2);
	}
	return s;
}

/* a growing string */
struct buf { char *s; size_t n, cap; };

static void bput(struct buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->s = realloc(b->s, b->cap);
		if (!b->s) {
			fprintf(stderr, "dtclaims: out of memory\n");
			exit(2);
		}
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = 0;
}

static void bputs(struct buf *b, const char *s)
{
	bput(b, s, strlen(s));
}

static char *bstr(struct buf *b)
{
	return b->s ? b->s : xstrdup("");
}

/* --- the declarations --------------------------------------------------- */

struct dir {
	int line;
	char *word, *rest;	/* the directive and the rest of its line */
};

struct row {
	struct dir *d;		/* its directives, from claim/sanity on */
	int n;
};

static struct dir *dirs;
static int ndirs;

static void expand_multi_lets(void);

static void read_conf(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL, *s, *e;
	size_t cap = 0;
	int ln = 0, cap_d = 0;

	if (!fp) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		exit(2);
	}
	while (getline(&line, &cap, fp) > 0) {
		ln++;
		cur_line = ln;
		line[strcspn(line, "\n")] = 0;
		for (s = line; *s == ' ' || *s == '\t'; s++)
			;
		if (!*s || *s == '#')
			continue;
		if (s != line) {	/* continues the directive before */
			struct dir *d = &dirs[ndirs - 1];

			if (!ndirs)
				fail("a continuation line before any directive");
			d->rest = xasprintf("%s%s%s", d->rest, *d->rest ? " " : "", s);
			continue;
		}
		if (ndirs == cap_d) {
			cap_d = cap_d ? cap_d * 2 : 64;
			dirs = realloc(dirs, cap_d * sizeof(*dirs));
			if (!dirs)
				fail("out of memory");
		}
		e = s + strcspn(s, " \t");
		dirs[ndirs].line = ln;
		dirs[ndirs].word = xstrdup(s);
		dirs[ndirs].word[e - s] = 0;
		for (; *e == ' ' || *e == '\t'; e++)
			;
		dirs[ndirs].rest = xstrdup(e);
		/* trailing white space is not part of a text */
		for (e = dirs[ndirs].rest + strlen(dirs[ndirs].rest);
		     e > dirs[ndirs].rest && (e[-1] == ' ' || e[-1] == '\t'); e--)
			e[-1] = 0;
		ndirs++;
	}
	free(line);
	fclose(fp);
	expand_multi_lets();
}

/*
 * let A, B, C = dt CMD FILE ARGS... [:KA,KB,KC]: one dt command, several
 * names, each bound to one of its keys (the names themselves when no key
 * list is given). It stands for one let per name with the same command,
 * which dt runs once per run (the runner caches its output); read_conf
 * writes it out that way, so everything after it sees plain lets.
 */
static void expand_multi_lets(void)
{
	int i, j, k, nn, nk;

	for (i = 0; i < ndirs; i++) {
		struct dir *d = &dirs[i];
		char *eq, *names, *rhs, *keys, *nm[32], *ky[32], *p;

		if (strcmp(d->word, "let") && strcmp(d->word, "model-let"))
			continue;
		eq = strchr(d->rest, '=');
		if (!eq || !memchr(d->rest, ',', eq - d->rest))
			continue;
		cur_line = d->line;
		cur_dir = d->word;
		names = xasprintf("%.*s", (int)(eq - d->rest), d->rest);
		rhs = xstrdup(eq + 1);
		while (*rhs == ' ' || *rhs == '\t')
			rhs++;
		if (strncmp(rhs, "dt ", 3))
			fail("several names take one dt command: let A, B = dt CMD FILE ... [:KA,KB]");
		nn = 0;
		for (p = strtok(names, ","); p; p = strtok(NULL, ",")) {
			while (*p == ' ' || *p == '\t')
				p++;
			p[strcspn(p, " \t")] = 0;
			if (!*p || nn == 32)
				fail("let: a name list of 1 to 32 names, comma-separated");
			nm[nn++] = p;
		}
		keys = strrchr(rhs, ' ');
		nk = 0;
		if (keys && keys[1] == ':') {
			*keys = 0;
			for (p = strtok(keys + 2, ","); p; p = strtok(NULL, ",")) {
				if (nk == 32)
					fail("let: at most 32 keys");
				ky[nk++] = p;
			}
			if (nk != nn)
				fail("let: %d names but %d keys", nn, nk);
		} else {
			for (k = 0; k < nn; k++)
				ky[k] = xasprintf("%.*s", (int)strcspn(nm[k], ":"), nm[k]);
		}
		dirs = realloc(dirs, (ndirs + nn) * sizeof(*dirs));
		if (!dirs)
			fail("out of memory");
		d = &dirs[i];
		memmove(&dirs[i + nn], &dirs[i + 1], (ndirs - i - 1) * sizeof(*dirs));
		for (j = nn - 1; j >= 0; j--) {
			dirs[i + j].line = dirs[i].line;
			dirs[i + j].word = xstrdup(dirs[i].word);
			dirs[i + j].rest = xasprintf("%s = %s :%s", nm[j], rhs, ky[j]);
		}
		ndirs += nn - 1;
		i += nn - 1;
	}
}

static void at(const struct dir *d)
{
	cur_line = d->line;
	cur_dir = d->word;
}

/* the first word of *s (white-space separated), advancing *s */
static char *word(char **s)
{
	char *w, *e;

	while (**s == ' ' || **s == '\t')
		(*s)++;
	if (!**s)
		return NULL;
	w = *s;
	e = w + strcspn(w, " \t");
	if (*e)
		*e++ = 0;
	*s = e;
	while (**s == ' ' || **s == '\t')
		(*s)++;
	return w;
}

/* the first word of *s, or a "double-quoted" one (white space kept) */
static char *qword(char **s)
{
	char *w, *e;

	while (**s == ' ' || **s == '\t')
		(*s)++;
	if (**s != '"')
		return word(s);
	w = *s + 1;
	e = strchr(w, '"');
	if (!e)
		fail("a \" without its closing \"");
	*e = 0;
	*s = e + 1;
	while (**s == ' ' || **s == '\t')
		(*s)++;
	return w;
}

/* --- values: a name, its text and the number the text reads as ----------- */

struct var { char *name, *text; double v; };

#define MAXRUNS 8
struct subj {
	const char *role;	/* kernel, model, control, or "" (constants) */
	char *run;		/* its (first) folder; NULL for the constants */
	int nruns;		/* its runs, by name ("" for an unnamed one) */
	char *rname[MAXRUNS], *rdir[MAXRUNS];
	int rmiss[MAXRUNS];	/* an optional run (RUN?) that is not there */
	struct row *row;	/* the row whose lets it computes */
	struct var *vars;	/* the values computed so far */
	int nvars;
	char **cache_cmd, **cache_out;	/* dt's outputs, by command line */
	int ncache;
	char *unmet;		/* a require that did not hold: its text */
	const char *busy[32];	/* the names being computed (a cycle check) */
	int nbusy;
	int model;		/* the model's run: model-let before let */
	struct subj *sub[MAXRUNS];	/* the same runs, another one main (NAME@RUN) */
	struct subj *parent;	/* a table's row: its columns, then the subject's */
	struct tbl *tables;	/* the tables loaded on it */
	int ntables;
};

/* a table: a dt command's TSV, one subject per row (its cells as values) */
struct tbl {
	char *name;
	int nrows;
	struct subj **rows;
};

static struct subj consts;
static struct subj *kernel_subj;	/* the row's kernel, for kernel.NAME */
static struct row chapter_row;	/* the chapter's part: its shared lets */
static struct subj *on_run(struct subj *s, const char *rn, size_t len);
static void setvar(struct subj *s, const char *name, const char *text);
static void compute(struct subj *s, struct row *r, const char *name, size_t len);

static double readnum(const char *text)
{
	char *end;
	double v;

	if (!*text)
		return NAN;
	v = strtod(text, &end);
	if (*end || !isfinite(v))
		return NAN;
	return v;
}

static struct var *computed(struct subj *s, const char *name, size_t len)
{
	int i;

	for (i = s->nvars - 1; i >= 0; i--)
		if (strlen(s->vars[i].name) == len && !strncmp(s->vars[i].name, name, len))
			return &s->vars[i];
	return NULL;
}

/*
 * A name's value on the subject: computed already; kernel.NAME, the
 * row's kernel's; a let or text of the row, or else of the chapter's
 * part, computed now on the subject (lets are computed when something
 * reads them, so a chapter's let of a run is computed for each subject
 * that reads it); an each value.
 */
static struct var *lookup(struct subj *s, const char *name, size_t len)
{
	struct var *v = computed(s, name, len);

	if (v)
		return v;
	if (s->parent)	/* a table's row */
		return lookup(s->parent, name, len);
	if (s != &consts && len > 7 && !strncmp(name, "kernel.", 7) && kernel_subj)
		return lookup(kernel_subj, name + 7, len - 7);
	if (s != &consts && memchr(name, '@', len)) {
		const char *at_ = memchr(name, '@', len);
		struct subj *o = on_run(s, at_ + 1, len - (at_ + 1 - name));

		if (o->unmet) {	/* that run has nothing to measure */
			setvar(s, xasprintf("%.*s", (int)len, name), "");
			return computed(s, name, len);
		}
		v = lookup(o, name, at_ - name);
		if (v)
			setvar(s, xasprintf("%.*s", (int)len, name), v->text);
		return computed(s, name, len);
	}
	if (s->row) {
		compute(s, s->row, name, len);
		if ((v = computed(s, name, len)))
			return v;
	}
	compute(s, &chapter_row, name, len);
	if ((v = computed(s, name, len)) || s == &consts)
		return v;
	return computed(&consts, name, len);
}

static void setvar(struct subj *s, const char *name, const char *text)
{
	struct var *v;

	s->vars = realloc(s->vars, (s->nvars + 1) * sizeof(*s->vars));
	if (!s->vars)
		fail("out of memory");
	v = &s->vars[s->nvars++];
	v->name = xstrdup(name);
	v->text = xstrdup(text);
	v->v = readnum(text);
}

static double getvar(void *ctx, const char *name, size_t len, struct calc *c)
{
	struct var *v = lookup(ctx, name, len);

	if (!v)	/* fail() ends the program: one line naming file, line, directive */
		fail("no value named '%.*s' (no let, text or each of the row, no constant)", (int)len, name);
	if (isnan(v->v))
		c->nanread++;
	return v->v;
}

/* FMT: one printf conversion of a double (%.4g, %.2f, %d as %.0f) */
static char *fmtnum(const char *fmt, double v)
{
	const char *p = fmt;

	if (isnan(v))
		return xstrdup("nan");
	if (!strcmp(fmt, "exact")) {	/* the shortest text that reads back as v */
		int k;

		if (isfinite(v) && v == trunc(v) && fabs(v) < 1e15)
			return xasprintf("%.0f", v);	/* a whole number, whole */

		for (k = 1; k < 17; k++) {
			char *t = xasprintf("%.*g", k, v);

			if (strtod(t, NULL) == v)
				return t;
			free(t);
		}
		return xasprintf("%.17g", v);
	}
	if (*p++ != '%')
		fail("format '%s' is not %%[.N](f|g|e)", fmt);
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			;
	if (!*p || !strchr("fge", *p) || p[1])
		fail("format '%s' is not %%[.N](f|g|e)", fmt);
	return xasprintf(fmt, v);
}

/* TEXT with {NAME} and {NAME:FMT} replaced by the subject's values */
static char *expand(struct subj *s, const char *t)
{
	struct buf b = { 0 };
	const char *p = t, *q, *colon;
	struct var *v;

	while ((q = strchr(p, '{'))) {
		size_t k = 1;

		/* {NAME}, {NAME:FMT} or {NAME|TEXT} (TEXT when NAME's text is
		 * empty); any other brace is text */
		while (calc_isname((unsigned char)q[k], k == 1))
			k++;
		if (k == 1 || (q[k] != '}' && q[k] != ':' && q[k] != '|' && q[k] != '%') || !strchr(q + k, '}')) {
			bput(&b, p, q - p + 1);
			p = q + 1;
			continue;
		}
		bput(&b, p, q - p);
		p = strchr(q, '}');
		colon = q[k] == ':' || q[k] == '|' || q[k] == '%' ? q + k : NULL;
		v = lookup(s, q + 1, (colon ? colon : p) - q - 1);
		if (!v)
			fail("no value named '%.*s' (no let, text or each of the row, no constant)",
			     (int)((colon ? colon : p) - q - 1), q + 1);
		if (colon && *colon == '%') {	/* {NAME%S}: without a trailing S */
			size_t tl = strlen(v->text), sl = p - colon - 1;

			if (tl >= sl && !strncmp(v->text + tl - sl, colon + 1, sl))
				tl -= sl;
			bput(&b, v->text, tl);
		} else if (colon && *colon == '|') {
			if (*v->text)
				bputs(&b, v->text);
			else
				bput(&b, colon + 1, p - colon - 1);
		} else if (colon) {
			char *f = xasprintf("%.*s", (int)(p - colon - 1), colon + 1);

			bputs(&b, fmtnum(f, v->v));
			free(f);
		} else {
			bputs(&b, v->text);
		}
		p++;
	}
	bputs(&b, p);
	return bstr(&b);
}

/* --- dt ------------------------------------------------------------------ */

/* dt is linked in (experiments/dt/dt.h): one process, and each TSV read
 * from disk once (dt opens it through cached_open). --dt is still
 * accepted, and names no program. */
static const char *dt_path;

static char **fc_path, **fc_data;
static size_t *fc_len;
static int fc_n;

static FILE *cached_open(const char *path)
{
	FILE *f;
	char *data = NULL;
	size_t len = 0;
	int i;

	for (i = 0; i < fc_n; i++)
		if (!strcmp(fc_path[i], path))
			break;
	if (i == fc_n) {
		f = fopen(path, "r");
		if (!f)
			return NULL;
		{
			struct buf b = { 0 };
			char chunk[65536];
			size_t n;

			while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
				bput(&b, chunk, n);
			fclose(f);
			data = bstr(&b);
			len = b.n;
		}
		fc_path = realloc(fc_path, (fc_n + 1) * sizeof(*fc_path));
		fc_data = realloc(fc_data, (fc_n + 1) * sizeof(*fc_data));
		fc_len = realloc(fc_len, (fc_n + 1) * sizeof(*fc_len));
		if (!fc_path || !fc_data || !fc_len)
			fail("out of memory");
		fc_path[fc_n] = xstrdup(path);
		fc_data[fc_n] = data;
		fc_len[fc_n++] = len;
	}
	/* (an empty file: fmemopen wants a size above 0) */
	return fc_len[i] ? fmemopen(fc_data[i], fc_len[i], "r") : fopen("/dev/null", "r");
}

/* FILE in the subject's run, NAME:FILE in its run NAME */
static char *run_file(struct subj *s, const char *w)
{
	const char *c = strchr(w, ':');
	int i;

	if (!s->run)
		fail("%s: a constant has no run", w);
	if (!c)
		return xasprintf("%s/%s", s->run, w);
	for (i = 0; i < s->nruns; i++)
		if (strlen(s->rname[i]) == (size_t)(c - w) && !strncmp(s->rname[i], w, c - w))
			return xasprintf("%s/%s", s->rdir[i], c + 1);
	fail("%s: the %s has no run named '%.*s'", w, s->role, (int)(c - w), w);
	return NULL;
}

/* dt ARGV on the subject; its stdout, or one line and exit 2 */
static const char *model_path;

static char *run_tool(struct subj *s, char *cmdline, int model);

static char *run_dt(struct subj *s, char *cmdline)
{
	return run_tool(s, cmdline, 0);
}

/* dt CMDLINE (FILE resolved on the subject's runs) or dtmodel CMDLINE */
static char *run_tool(struct subj *s, char *cmdline, int model)
{
	char *argv[64], *words = xstrdup(cmdline), *w, *p = words, *key;
	const char *prog = model ? model_path : dt_path, *pname = model ? "dtmodel" : "dt";
	int argc = 0, out[2], err[2], st, i;
	struct buf o = { 0 }, e = { 0 };
	char chunk[4096];
	ssize_t n;
	pid_t pid;

	key = xasprintf("%s %s", pname, cmdline);
	for (i = 0; i < s->ncache; i++)
		if (!strcmp(s->cache_cmd[i], key))
			return s->cache_out[i];
	if (model && !prog)
		fail("%s %s: no %s (--model)", pname, cmdline, pname);
	argv[argc++] = (char *)prog;
	while ((w = qword(&p))) {
		if (argc == 62)
			fail("'%s %s': at most 61 words after %s (a longer command is refused, not cut)",
			     pname, cmdline, pname);
		/* dt's file: the subject's, NAME:FILE one of its named runs'
		 * (a path with a / is taken as it is) */
		if (!model && argc == 2 && !strchr(w, '/'))
			w = run_file(s, w);
		argv[argc++] = w;
	}
	argv[argc] = NULL;
	if (argc < (model ? 2 : 3))
		fail("'%s %s': %s takes COMMAND%s ...", pname, cmdline, pname, model ? "" : " FILE");
	if (!model) {
		/* dt, in this process */
		char msg[4096];
		char *text = NULL;
		size_t tlen = 0;
		FILE *ms = open_memstream(&text, &tlen);
		int rc;

		if (!ms)
			fail("open_memstream: %s", strerror(errno));
		dt_open_hook = cached_open;
		rc = dt_run(argc, argv, ms, msg, sizeof(msg));
		fclose(ms);
		if (rc)
			fail("%s %s (on %s) failed: %s", pname, cmdline, s->run, *msg ? msg : "no message");
		bput(&o, text, tlen);
		free(text);
		goto done;
	}
	if (pipe(out) || pipe(err))
		fail("pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		fail("fork: %s", strerror(errno));
	if (!pid) {
		dup2(out[1], 1);
		dup2(err[1], 2);
		close(out[0]);
		close(err[0]);
		execv(prog, argv);
		fprintf(stderr, "%s: %s\n", prog, strerror(errno));
		_exit(127);
	}
	close(out[1]);
	close(err[1]);
	while ((n = read(out[0], chunk, sizeof(chunk))) > 0)
		bput(&o, chunk, n);
	while ((n = read(err[0], chunk, sizeof(chunk))) > 0)
		bput(&e, chunk, n);
	close(out[0]);
	close(err[0]);
	waitpid(pid, &st, 0);
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		char *m = bstr(&e);

		m[strcspn(m, "\n")] = 0;
		fail("%s %s (on %s) failed: %s", pname, cmdline, s->run, *m ? m : "no message");
	}
done:
	s->cache_cmd = realloc(s->cache_cmd, (s->ncache + 1) * sizeof(char *));
	s->cache_out = realloc(s->cache_out, (s->ncache + 1) * sizeof(char *));
	if (!s->cache_cmd || !s->cache_out)
		fail("out of memory");
	s->cache_cmd[s->ncache] = key;
	s->cache_out[s->ncache++] = bstr(&o);
	free(words);
	return s->cache_out[s->ncache - 1];
}

/* KEY's text in dt's key=value output; "" when dt printed n=0 only */
static char *dt_key(const char *out, const char *key, const char *cmdline)
{
	char *copy = xstrdup(out), *p = copy, *w;
	size_t k = strlen(key);
	int n0 = 0;

	while ((w = strtok(p, " \t\n"))) {
		p = NULL;
		if (!strncmp(w, key, k) && w[k] == '=')
			return xstrdup(w + k + 1);
		if (!strcmp(w, "n=0"))
			n0 = 1;
	}
	if (n0)
		return xstrdup("");
	fail("dt %s printed no '%s' (its output: %.*s)", cmdline, key,
	     (int)strcspn(out, "\n"), *out ? out : "nothing");
	return NULL;
}

static char *meta_of(const char *run, const char *key)
{
	char *path = xasprintf("%s/meta", run), *line = NULL, *val = NULL;
	size_t cap = 0, k = strlen(key);
	FILE *fp = fopen(path, "r");

	if (!fp)
		fail("%s: %s", path, strerror(errno));
	while (getline(&line, &cap, fp) > 0) {
		line[strcspn(line, "\n")] = 0;
		if (!strncmp(line, key, k) && !strncmp(line + k, " = ", 3)) {
			val = xstrdup(line + k + 3);
			break;
		}
	}
	fclose(fp);
	free(line);
	free(path);
	return val;
}

/* --- tables ------------------------------------------------------------- */

static char *tmp_dir;
static int nfiles;
static void ensure_tmp(void);

/* "TEXT" -> TEXT (white space at its ends kept), else TEXT */
static char *unquote(char *t)
{
	size_t n = strlen(t);

	if (n >= 2 && t[0] == '"' && t[n - 1] == '"') {
		t[n - 1] = 0;
		return t + 1;
	}
	return t;
}

static char *run_dt(struct subj *s, char *cmdline);
static const char *eval_text(struct subj *s, const char *expr, const char *fmt);

/* the directive that makes table NAME: the row's, else the chapter's */
static const struct dir *table_dir(struct subj *s, const char *name, size_t len)
{
	struct row *rs[2] = { s->row, &chapter_row };
	int i, k;

	for (k = 0; k < 2; k++)
		for (i = 0; rs[k] && i < rs[k]->n; i++) {
			const struct dir *d = &rs[k]->d[i];

			if (!strcmp(d->word, "table") && strcspn(d->rest, " \t") == len &&
			    !strncmp(d->rest, name, len))
				return d;
		}
	return NULL;
}

/* table NAME on the subject, loaded (and its columns computed) when first read */
static struct tbl *table_of(struct subj *s, const char *name, size_t len)
{
	const struct dir *d;
	struct row *rs[2];
	struct tbl *t;
	char *rest, *p, *w, *out, *line, *cells[MAXCOL], *hdr[MAXCOL];
	int i, k, nh, save_line = cur_line;
	const char *save_dir = cur_dir;

	while (s->parent)
		s = s->parent;
	for (i = 0; i < s->ntables; i++)
		if (strlen(s->tables[i].name) == len && !strncmp(s->tables[i].name, name, len))
			return &s->tables[i];
	d = table_dir(s, name, len);
	if (!d)
		fail("no table named '%.*s'", (int)len, name);
	at(d);
	rest = xstrdup(d->rest);
	p = rest;
	w = word(&p);
	if (!word(&p) || strncmp(p, "dt ", 3))
		fail("table takes NAME = dt CMD FILE ARGS... (a command that prints a TSV)");
	out = xstrdup(run_dt(s, expand(s, p + 3)));
	s->tables = realloc(s->tables, (s->ntables + 1) * sizeof(*s->tables));
	if (!s->tables)
		fail("out of memory");
	t = &s->tables[s->ntables++];
	t->name = xstrdup(w);
	t->nrows = 0;
	t->rows = NULL;
	line = strtok(out, "\n");
	if (!line)
		fail("dt printed no table");
	nh = split(line, hdr);
	for (i = 0; i < nh; i++)
		hdr[i] = xstrdup(hdr[i]);
	while ((line = strtok(NULL, "\n"))) {
		struct subj *r = xmalloc(sizeof(*r));
		int nf = split(line, cells);

		if (nf != nh)
			fail("table %s: a row of %d cells under %d columns", t->name, nf, nh);
		r->role = s->role;
		r->run = s->run;
		r->parent = s;
		for (i = 0; i < nh; i++)
			setvar(r, hdr[i], cells[i]);
		t->rows = realloc(t->rows, (t->nrows + 1) * sizeof(*t->rows));
		if (!t->rows)
			fail("out of memory");
		t->rows[t->nrows++] = r;
	}
	/* its columns computed from the others: column NAME.COL[:FMT] = EXPR */
	rs[0] = &chapter_row;
	rs[1] = s->row;
	for (k = 0; k < 2; k++)
		for (i = 0; rs[k] && i < rs[k]->n; i++) {
			char *c, *fmt, *e;
			int j;

			d = &rs[k]->d[i];
			if (strcmp(d->word, "column") || strncmp(d->rest, t->name, strlen(t->name)) ||
			    d->rest[strlen(t->name)] != '.')
				continue;
			at(d);
			c = xstrdup(d->rest + strlen(t->name) + 1);
			e = strstr(c, " = ");
			if (!e)
				fail("column takes TABLE.NAME[:FMT] = EXPR");
			*e = 0;
			e += 3;
			fmt = strchr(c, ':');
			if (fmt)
				*fmt++ = 0;
			for (j = 0; j < t->nrows; j++)
				setvar(t->rows[j], c, eval_text(t->rows[j], e, fmt ? fmt : "exact"));
		}
	cur_line = save_line;
	cur_dir = save_dir;
	return t;
}

/* "TABLE [where COND]" -> the table, and *cond (NULL: every row) */
static struct tbl *table_where(struct subj *s, char *p, char **cond, char **after)
{
	char *name = word(&p);

	if (!name)
		fail("names no table");
	*cond = NULL;
	if (!strncmp(p, "where ", 6))
		*cond = p + 6;
	*after = p;
	return table_of(s, name, strlen(name));
}

static int holds(struct subj *s, const char *expr);

/* count TABLE [where COND] | sum|mean TABLE EXPR [where COND] */
static double aggregate(struct subj *s, const char *what, char *p)
{
	char *cond, *expr = NULL, *q, *w;
	struct tbl *t;
	double sum = 0;
	int i, n = 0;

	if (strcmp(what, "count")) {	/* TABLE EXPR [where COND] */
		char *name = word(&p);

		w = strstr(p, " where ");
		if (w) {
			*w = 0;
			cond = w + 7;
		} else {
			cond = NULL;
		}
		expr = p;
		if (!*expr)
			fail("%s takes TABLE EXPR [where COND]", what);
		t = table_of(s, name, strlen(name));
	} else {
		t = table_where(s, p, &cond, &q);
		if (!cond && *q)
			fail("count takes TABLE [where COND]");
	}
	for (i = 0; i < t->nrows; i++) {
		const char *err;

		if (cond && holds(t->rows[i], cond) != 1)
			continue;
		n++;
		if (expr) {
			sum += calc_eval(expr, getvar, t->rows[i], &err, NULL);
			if (err)
				fail("%s in \"%s\"", err, expr);
		}
	}
	if (!strcmp(what, "count"))
		return n;
	if (!strcmp(what, "sum"))
		return sum;
	return n ? sum / n : NAN;
}

/* list NAME TABLE [where COND]: TEMPLATE -> the TEMPLATE of each row, joined */
static void do_list(struct subj *s, const struct dir *d)
{
	char *rest = xstrdup(d->rest), *p = rest, *name, *colon, *cond, *after, *tp;
	struct buf b = { 0 };
	struct tbl *t;
	int i;

	at(d);
	name = word(&p);
	colon = strchr(p, ':');
	if (!name || !colon)
		fail("list takes NAME TABLE [where COND]: TEMPLATE");
	*colon = 0;
	tp = unquote(colon + 1 + strspn(colon + 1, " \t"));
	t = table_where(s, p, &cond, &after);
	if (!cond && *after)
		fail("list takes NAME TABLE [where COND]: TEMPLATE");
	for (i = 0; i < t->nrows; i++)
		if (!cond || holds(t->rows[i], cond) == 1)
			bputs(&b, expand(t->rows[i], tp));
	at(d);
	setvar(s, name, bstr(&b));
	free(rest);
}

/* --- let, text, require, pass -------------------------------------------- */

static void do_let(struct subj *s, const struct dir *d)
{
	char *rest = xstrdup(d->rest), *p = rest, *name, *fmt, *eq, *text;

	at(d);
	name = word(&p);
	eq = word(&p);
	if (!name || !eq || strcmp(eq, "=") || !*p)
		fail("let takes NAME[:FMT] = dt ... | meta KEY | EXPR");
	fmt = strchr(name, ':');
	if (fmt)
		*fmt++ = 0;
	if (!calc_isname((unsigned char)name[0], 1))
		fail("'%s' is not a name", name);
	if (!strncmp(p, "dt ", 3)) {
		char *cmd = p + 3, *key = strrchr(cmd, ' '), *line, *out;

		if (key && key[1] == ':') {	/* ... :KEY */
			if (!key[2])
				fail("dt ... :KEY with no key");
			*key = 0;
			key += 2;
		} else {
			key = NULL;
		}
		line = expand(s, cmd);
		out = run_dt(s, line);
		if (key) {
			text = dt_key(out, key, line);
		} else {	/* one number */
			text = xstrdup(out + strspn(out, " \t\n"));
			text[strcspn(text, " \t\n")] = 0;
			if (strspn(out + strspn(out, " \t\n") + strlen(text), " \t\n") !=
			    strlen(out + strspn(out, " \t\n") + strlen(text)))
				fail("dt %s printed more than one number: give its key as :KEY", line);
		}
		if (fmt)
			text = fmtnum(fmt, readnum(text));
	} else if (!strncmp(p, "file dt ", 8) || !strncmp(p, "file model ", 11)) {
		/* the command's output kept in a file: its path */
		int model = !strncmp(p, "file model ", 11);
		char *out = run_tool(s, expand(s, p + (model ? 11 : 8)), model);
		FILE *fp;

		ensure_tmp();
		text = xasprintf("%s/f-%d.tsv", tmp_dir, ++nfiles);
		fp = fopen(text, "w");
		if (!fp || fputs(out, fp) < 0 || fclose(fp))
			fail("%s: %s", text, strerror(errno));
	} else if (!strncmp(p, "verdict ", 8)) {	/* the word PASS, FAIL or NOT REPRODUCED */
		switch (holds(s, p + 8)) {
		case 1: text = xstrdup("PASS"); break;
		case 0: text = xstrdup("FAIL"); break;
		default: text = xstrdup("NOT REPRODUCED"); break;
		}
	} else if (!strncmp(p, "count ", 6) || !strncmp(p, "sum ", 4) || !strncmp(p, "mean ", 5)) {
		char *what = word(&p);

		text = fmtnum(fmt ? fmt : "exact", aggregate(s, what, p));
	} else if (!strncmp(p, "readable ", 9)) {	/* readable FILE: 1 if the run has it */
		char *f = run_file(s, expand(s, p + 9));

		text = xstrdup(access(f, R_OK) ? "0" : "1");
	} else if (!strncmp(p, "field ", 6)) {	/* field TEXT SEP K: the K-th (1-based) */
		char *q = expand(s, p + 6), *t_ = qword(&q), *sep = qword(&q), *ks = qword(&q), *e, *f;
		long kk;
		int i;

		if (!t_ || !sep || strlen(sep) != 1 || !ks || *q || (kk = strtol(ks, &e, 10)) < 1 || *e)
			fail("field takes TEXT SEP K (SEP one character, K from 1)");
		f = t_;
		for (i = 1; i < kk && f; i++)
			f = strchr(f, sep[0]) ? strchr(f, sep[0]) + 1 : NULL;
		text = xstrdup(f ? f : "");
		text[strcspn(text, sep)] = 0;
	} else if (!strncmp(p, "same ", 5)) {	/* same A B: 1 if the two texts are equal */
		char *q = expand(s, p + 5), *a_ = qword(&q), *b_ = qword(&q);

		if (!a_ || !b_ || *q)
			fail("same takes two words");
		text = xstrdup(strcmp(a_, b_) ? "0" : "1");
	} else if (!strncmp(p, "meta ", 5)) {
		char *q = p + 5, *key = word(&q), *def = NULL;

		if (*q) {
			if (strncmp(q, "default ", 8) || !q[8])
				fail("meta takes KEY [default VALUE]");
			def = q + 8;
		}
		char *mpath;

		if (!key)
			fail("meta takes [RUN:]KEY [default VALUE]");
		mpath = run_file(s, key);	/* RUN/KEY */
		*strrchr(mpath, '/') = 0;
		if (strchr(key, ':'))
			key = strchr(key, ':') + 1;
		text = meta_of(mpath, key);
		if (!text || (!*text && def))
			text = def ? xstrdup(def) : NULL;
		if (!text)
			fail("%s/meta has no '%s'", mpath, key);
		if (fmt)
			text = fmtnum(fmt, readnum(text));
	} else {
		const char *err;
		double v = calc_eval(p, getvar, s, &err, NULL);

		if (err)
			fail("%s in \"%s\"", err, p);
		text = fmtnum(fmt ? fmt : "exact", v);
	}
	setvar(s, name, text);
	free(rest);
}

/* EXPR's value on the subject, as text (FMT) */
static const char *eval_text(struct subj *s, const char *expr, const char *fmt)
{
	const char *err;
	double v = calc_eval(expr, getvar, s, &err, NULL);

	if (err)
		fail("%s in \"%s\"", err, expr);
	return fmtnum(fmt, v);
}

/* EXPR holds: 1; does not: 0; reads a missing value it needs: -1 */
static int holds(struct subj *s, const char *expr)
{
	const char *err;
	int nanread;
	double v = calc_eval(expr, getvar, s, &err, &nanread);

	if (err)
		fail("%s in \"%s\"", err, expr);
	if (nanread || isnan(v))
		return -1;
	return v != 0;
}

/* "EXPR: TEXT" -> EXPR, and *text the TEXT */
static char *cond_split(char *rest, char **text, const char *what)
{
	char *c = strchr(rest, ':');

	if (!c || c == rest || !c[1])
		fail("%s takes EXPR: TEXT", what);
	*c = 0;
	*text = c + 1 + strspn(c + 1, " \t");
	return rest;
}

/* 1 and sets the text when its condition holds (or it has none) */
static int do_text(struct subj *s, const struct dir *d)
{
	char *rest = xstrdup(d->rest), *p = rest, *name, *t;

	at(d);
	name = word(&p);
	if (!name || !calc_isname((unsigned char)name[0], 1))
		fail("text takes NAME [when EXPR:] TEXT");
	if (!strncmp(p, "when ", 5)) {
		char *e = cond_split(p + 5, &t, "text NAME when");

		if (holds(s, e) != 1)
			return 0;
		p = t;
	}
	setvar(s, name, expand(s, unquote(p)));
	free(rest);
	return 1;
}

/* the name a let or text directive defines, and its length */
static size_t defines(const struct dir *d, const char **name)
{
	const char *p = d->rest;

	*name = p;
	if (!strcmp(d->word, "let") || !strcmp(d->word, "model-let"))
		return strcspn(p, " \t:");
	if (!strcmp(d->word, "text") || !strcmp(d->word, "list"))
		return strcspn(p, " \t");
	return 0;
}

static int has_model_let(struct row *r, const char *name, size_t len)
{
	const char *n;
	int i;

	for (i = 0; i < r->n; i++)
		if (!strcmp(r->d[i].word, "model-let") && defines(&r->d[i], &n) == len && !strncmp(n, name, len))
			return 1;
	return 0;
}

/* computes NAME on the subject from R's let or texts, if any */
static void compute(struct subj *s, struct row *r, const char *name, size_t len)
{
	const char *n, *save_dir = cur_dir;
	int i, found = 0, set = 0, save_line = cur_line;

	for (i = 0; i < s->nbusy; i++)
		if (strlen(s->busy[i]) == len && !strncmp(s->busy[i], name, len))
			fail("'%.*s' depends on itself", (int)len, name);
	for (i = 0; i < r->n; i++) {
		const struct dir *d = &r->d[i];

		if (defines(d, &n) != len || strncmp(n, name, len))
			continue;
		/* on the model, a model-let of the name replaces its let */
		if (!strcmp(d->word, "let") && s->model && has_model_let(r, name, len))
			continue;
		if (!strcmp(d->word, "model-let") && !s->model)
			continue;
		if (s->nbusy == 32)
			fail("lets nested too deep");
		s->busy[s->nbusy++] = xasprintf("%.*s", (int)len, n);
		found = 1;
		if (!strcmp(d->word, "let") || !strcmp(d->word, "model-let")) {
			do_let(s, d);
			set = 1;
		} else if (!strcmp(d->word, "list")) {
			do_list(s, d);
			set = 1;
		} else {
			set |= do_text(s, d);
		}
		s->nbusy--;
	}
	if (found && !set)	/* texts whose conditions all failed */
		setvar(s, xasprintf("%.*s", (int)len, name), "");
	cur_line = save_line;
	cur_dir = save_dir;
}

/* 0 when the require holds; else the subject is unmet */
static int do_require(struct subj *s, const struct dir *d)
{
	char *rest = xstrdup(d->rest), *t, *e;

	at(d);
	e = cond_split(rest, &t, "require");
	if (holds(s, e) == 1)
		return 0;
	s->unmet = expand(s, t);
	return 1;
}

static const char *verdict(struct subj *s, const struct dir *pass)
{
	if (!pass)
		fail("no pass rule for the %s", s->role);
	at(pass);
	if (s->unmet)
		return "NOT REPRODUCED";
	switch (holds(s, pass->rest)) {
	case 1: return "PASS";
	case 0: return "FAIL";
	default: return "NOT REPRODUCED";
	}
}

/* --- a row --------------------------------------------------------------- */

static const char *runs_dir, *models_dir, *cols_path, *seeds_path, *model_path;
static char *chapter;
/* the capacity gate's factor: the kit's rule, the same for every row and
 * run (no setting changes it, so no verdict depends on the environment) */
static const char *lab_min_x = "3";
/* --audit: list the rows and the kernel runs they judge, judge nothing;
 * 2 (--runs): only collect every run the chapter names (audit_runs_of) */
static int audit;
static int nctl;

static int have_run(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s/meta", dir, name);
	int ok = !access(p, R_OK);

	free(p);
	return ok;
}

static char *seed_commit(const char *seed)
{
	FILE *fp = fopen(seeds_path, "r");
	char *line = NULL, *c = NULL;
	size_t cap = 0, k = strlen(seed);

	if (!fp) {
		fprintf(stderr, "%s: %s\n", seeds_path, strerror(errno));
		exit(2);
	}
	while (getline(&line, &cap, fp) > 0) {
		line[strcspn(line, "\n")] = 0;
		if (!strncmp(line, seed, k) && line[k] == '\t') {
			c = xstrdup(line + k + 1);
			break;
		}
	}
	fclose(fp);
	free(line);
	return c;
}

static void cite(struct buf *src, const struct dir *d)
{
	char *rest = xstrdup(d->rest), *p = rest, *seed, *lines, *q, *commit;

	at(d);
	seed = word(&p);
	lines = word(&p);
	if (!seed || !lines || *p != '"' || p[strlen(p) - 1] != '"' || strlen(p) < 3)
		fail("cite takes SEED LINES \"QUOTE\"");
	commit = seed_commit(seed);
	if (!commit)
		fail("unknown seed '%s' (%s)", seed, seeds_path);
	for (q = lines; *q >= '0' && *q <= '9'; q++)
		;
	if (q == lines || (*q == '-' && (!q[1] || q[1 + strspn(q + 1, "0123456789")])) ||
	    (*q && *q != '-'))
		fail("cite %s: lines '%s' are not A-B", seed, lines);
	if (src->n)
		bputs(src, "; ");
	bputs(src, "seed ");
	bputs(src, seed);
	bputs(src, " lines ");
	bputs(src, lines);
	bputs(src, " ");
	bputs(src, p);
	bputs(src, " (");
	bputs(src, commit);
	bputs(src, ")");
	free(rest);
	free(commit);
}

static const char *base(const char *run)
{
	return strrchr(run, '/') ? strrchr(run, '/') + 1 : run;
}

/*
 * The lab's gates: NULL when the run could show the state the row is
 * about, else the reason. capacity: a folder without a capacity line (a
 * model run, or a run made before the probe) is not judged on it.
 */
static char *gate_capacity(const char *run)
{
	char *x = meta_of(run, "capacity_x_disk"), *mbps;
	double v;

	if (!x || !*x)
		return NULL;
	v = readnum(x);
	if (!isnan(v) && v >= readnum(lab_min_x))
		return NULL;
	mbps = meta_of(run, "capacity_mbps");
	return xasprintf("lab: %s's guest dirtied at %s MiB/s, %s x its disks (needs >= %s x to show throttling)",
			 base(run), mbps ? mbps : "", x, lab_min_x);
}

/* CMD with its FILE (the second word) in RUN */
static char *run_cmd(const char *run, char *cmd)
{
	char *sp = strchr(cmd, ' '), *f = sp + 1, *e = strchr(f, ' ');

	return xasprintf("%.*s %s/%.*s%s", (int)(sp - cmd), cmd, run, (int)(e ? e - f : (long)strlen(f)), f, e ? e : "");
}

static char *gate(struct subj *s, const char *run, const char *g, const char *from, const char *lim)
{
	char *why, *cmd, *f;
	double v;

	if (!strcmp(g, "capacity"))
		return gate_capacity(run);
	if (!strcmp(g, "throttled")) {
		char *dur;

		why = gate_capacity(run);	/* first, as the lab's state needs it */
		if (why)
			return why;
		dur = meta_of(run, "duration");
		cmd = xasprintf("cover balance_dirty_pages.tsv from=%s to=%s", from, dur && *dur ? dur : "0");
		f = dt_key(run_dt(s, run_cmd(run, cmd)), "share", cmd);
		v = readnum(f);
		if (isnan(v) || v < readnum(lim))
			return xasprintf("lab: in %s the writers were throttled in only %s of the seconds from %s s (dirty stayed under the freerun ceiling: the guest dirtied about as fast as the disk wrote)",
					 base(run), f, from);
		return NULL;
	}
	if (!strcmp(g, "late")) {
		cmd = xasprintf("frac balance_dirty_pages.tsv pause -1e9 -1 from=%s", from);
		f = dt_key(run_dt(s, run_cmd(run, cmd)), "frac", cmd);
		v = readnum(f);
		if (isnan(v))
			return xasprintf("lab: %s has no balance_dirty_pages calls from %s s", base(run), from);
		if (v > readnum(lim))
			return xasprintf("lab: in %s %s of the calls from %s s came late (pause < 0: the writers were CPU-bound, not throttled)",
					 base(run), f, from);
		return NULL;
	}
	/* capped */
	cmd = xasprintf("capped balance_dirty_pages.tsv from=%s", from);
	f = dt_key(run_dt(s, run_cmd(run, cmd)), "frac", cmd);
	v = readnum(f);
	if (isnan(v))
		return xasprintf("lab: %s has no balance_dirty_pages call from %s s", base(run), from);
	if (v > readnum(lim))
		return xasprintf("lab: in %s %s of the calls from %s s were cut at the max pause cap (the max pause area, where seed 007 promises no exact rate: a writer whose poll interval takes longer than the 200 ms cap to dirty is cut at the cap, below 640 KB/s for 32 pages)",
				 base(run), f, from);
	return NULL;
}

/*
 * The runs a kernel, model or control directive names: RUN, or NAME=RUN
 * ...; *rest is left at the first word that is neither (a control's
 * description). 0 when one of them is missing in DIR.
 */
static int parse_runs(char **rest, const char *dir, char **rname, char **rdir, int *miss, int *n)
{
	char *p = *rest, *q, *w, *e;
	int ok = 1, present = 0;

	*n = 0;
	while (*p) {
		size_t wl = strcspn(p, " \t");

		if (*n == MAXRUNS && memchr(p, '=', wl))
			fail("at most %d runs on a line (a longer list is refused, not cut)", MAXRUNS);
		e = memchr(p, '=', wl);
		if (!e && *n)
			break;	/* only NAME=RUN words after the first */
		q = p;
		w = word(&q);
		if (e) {
			*strchr(w, '=') = 0;
			rname[*n] = w;
			w += strlen(w) + 1;
			if (!*w || !calc_isname((unsigned char)rname[*n][0], 1))
				fail("'%s=%s' is not NAME=RUN", rname[*n], w);
		} else {
			rname[*n] = "";
		}
		miss[*n] = 0;
		if (w[strlen(w) - 1] == '?') {	/* optional: may be missing */
			w[strlen(w) - 1] = 0;
			miss[*n] = !have_run(dir, w);
		} else if (!have_run(dir, w)) {
			ok = 0;
		}
		present += have_run(dir, w);
		rdir[*n] = xasprintf("%s/%s", dir, w);
		(*n)++;
		p = q;
		if (!e)
			break;	/* one unnamed run */
	}
	if (!*n)
		fail("names no run");
	*rest = p;
	/* every run optional and none there: a subject without runs, for a
	 * kernel or control (its rules read NAME@RUN, missing); not a model */
	return ok && (present || dir != models_dir);
}

static struct subj *subject(const char *role, char **rname, char **rdir, int *miss, int n, struct row *r)
{
	struct subj *s = xmalloc(sizeof(*s));
	int i;

	s->role = role;
	s->run = rdir[0];
	s->nruns = n;
	for (i = 0; i < n; i++) {
		s->rname[i] = rname[i];
		s->rdir[i] = rdir[i];
		s->rmiss[i] = miss ? miss[i] : 0;
	}
	if (s->rmiss[0]) {	/* its main run is not there: only NAME@RUN reads */
		s->row = r;
		s->model = !strncmp(role, "model", 5);
		if (!strcmp(role, "kernel"))
			kernel_subj = s;
		setvar(s, "RUN", s->run);
		return s;
	}
	s->row = r;
	s->model = !strncmp(role, "model", 5);
	if (!strcmp(role, "kernel"))
		kernel_subj = s;
	setvar(s, "RUN", s->run);
	/* the requires, the chapter's then the row's, in order: the first
	 * that does not hold ends it */
	for (i = 0; i < chapter_row.n && !s->unmet; i++)
		if (!strcmp(chapter_row.d[i].word, "require"))
			do_require(s, &chapter_row.d[i]);
	for (i = 0; i < r->n && !s->unmet; i++)
		if (!strcmp(r->d[i].word, "require"))
			do_require(s, &r->d[i]);
	return s;
}

/* the subject's runs with run RN as the main one (NAME@RN reads NAME there) */
static struct subj *on_run(struct subj *s, const char *rn, size_t len)
{
	char *names[MAXRUNS], *ds[MAXRUNS];
	int i, j;

	for (i = 0; i < s->nruns; i++)
		if (strlen(s->rname[i]) == len && !strncmp(s->rname[i], rn, len))
			break;
	if (i == s->nruns)
		fail("the %s has no run named '%.*s'", s->role, (int)len, rn);
	if (!s->sub[i]) {
		struct subj *save = kernel_subj;
		int ms[MAXRUNS];

		names[0] = s->rname[i];
		ds[0] = s->rdir[i];
		ms[0] = s->rmiss[i];
		for (j = 0; j < s->nruns; j++)
			if (j != i) {
				names[j < i ? j + 1 : j] = s->rname[j];
				ds[j < i ? j + 1 : j] = s->rdir[j];
				ms[j < i ? j + 1 : j] = s->rmiss[j];
			}
		s->sub[i] = subject(s->role, names, ds, ms, s->nruns, s->row);
		if (ms[0])	/* that run is not there: its values are missing */
			s->sub[i]->unmet = xstrdup("");
		kernel_subj = save;
	}
	return s->sub[i];
}

/* a text directive's TEXT, expanded on the subject (a require's text when unmet) */
static char *text_of(struct subj *s, const struct dir *d)
{
	at(d);
	return s->unmet ? s->unmet : expand(s, d->rest);
}

/* the value of KEY in RUN's meta, as the model takes it */
static char *meta_value(const char *run, const char *key)
{
	char *v = meta_of(run, key);

	return v ? v + strspn(v, " ") : xstrdup("");
}

static void rm_tmp(void)
{
	pid_t pid;

	if (!tmp_dir)
		return;
	pid = fork();
	if (!pid) {
		execlp("rm", "rm", "-rf", tmp_dir, (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

/* the folder of the model controls and files, removed at exit */
static void ensure_tmp(void)
{
	const char *base_ = getenv("TMPDIR");

	if (tmp_dir)
		return;
	tmp_dir = xasprintf("%s/dtclaims.XXXXXX", base_ && *base_ ? base_ : "/tmp");
	if (!mkdtemp(tmp_dir))
		fail("mkdtemp: %s", strerror(errno));
	atexit(rm_tmp);
}

/*
 * The model on the kernel run's spec and command-line overrides (their
 * keys from meta's overrides line, key=value or the folder-name form
 * key-value of older runs; their values from meta's "key = value" lines,
 * which hold what the run used; time_scale is the runner's: meta holds
 * the times it scaled, passed instead), with EXTRA added.
 */
static char *model_control(const char *krun, char **extra, int nextra)
{
	char *spec = meta_of(krun, "spec"), *ov = meta_of(krun, "overrides"), *p, *w;
	char *argv[128], *dir;
	int argc = 0, st, i;
	pid_t pid;

	if (!model_path)
		fail("a model control needs --model DTMODEL");
	if (!spec || access(spec, R_OK))
		fail("model control on %s: no spec %s", krun, spec ? spec : "(meta has none)");
	ensure_tmp();
	dir = xasprintf("%s/ctl-%d", tmp_dir, ++nctl);
	argv[argc++] = (char *)model_path;
	argv[argc++] = "sim";
	argv[argc++] = xasprintf("spec=%s", spec);
	p = ov ? ov : xstrdup("");
	while ((w = word(&p))) {
		char *key = xstrdup(w), *e = strchr(key, '=');

		if (argc >= 96)
			fail("control model: the run's overrides make over 92 arguments (refused, not cut)");

		if (e)
			*e = 0;
		else if ((e = strchr(key, '-')))
			*e = 0;
		if (!strcmp(key, "time_scale")) {
			static const char *const scaled[] = { "duration", "stagger", "phases", "seed_at",
							      "resume_at" };

			/* (a run from before seed_at or resume_at was a key has none) */
			for (i = 0; i < 5; i++)
				if (meta_of(krun, scaled[i]))
					argv[argc++] = xasprintf("%s=%s", scaled[i], meta_value(krun, scaled[i]));
			continue;
		}
		argv[argc++] = xasprintf("%s=%s", key, meta_value(krun, key));
	}
	if (argc + nextra > 124)
		fail("control model: over 124 arguments with its KEY=VALUEs (refused, not cut)");
	for (i = 0; i < nextra; i++)
		argv[argc++] = extra[i];
	argv[argc++] = "-o";
	argv[argc++] = dir;
	argv[argc] = NULL;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		fail("fork: %s", strerror(errno));
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, 1);
		execv(model_path, argv);
		fprintf(stderr, "%s: %s\n", model_path, strerror(errno));
		_exit(127);
	}
	waitpid(pid, &st, 0);
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		fail("model control on %s failed (dtmodel sim ... -o %s)", krun, dir);
	return dir;
}

static const struct dir *find(struct row *r, const char *w)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (!strcmp(r->d[i].word, w))
			return &r->d[i];
	return NULL;
}

static const char *const row_words[] = {
	"claim", "sanity", "cite", "cite-code", "kernel", "model", "control", "optional", "only", "na",
	"model-na", "control-na", "no-model", "gates",
	"let", "model-let", "text", "table", "column", "list", "require", "pass", "model-pass", "control-pass", "value", "model-value",
	"control-value", "other-value", "why", NULL
};
static const char *const once_words[] = {
	"kernel", "model", "optional", "only", "na", "model-na", "control-na", "no-model", "pass", "model-pass",
	"control-pass", "value",
	"model-value", "control-value", "why", NULL
};

static int in_list(const char *const *l, const char *w)
{
	for (; *l; l++)
		if (!strcmp(*l, w))
			return 1;
	return 0;
}

static const char *const fields[] = {
	"id", "chapter", "kind", "source", "claim", "model", "model_value", "kernel",
	"kernel_value", "control", "control_verdict", "control_value", "verdict", "reason",
	"other_code"
};
#define NFIELDS 15

static int has_name(struct subj *s, const char *name)
{
	int j;

	for (j = 0; j < s->nruns; j++)
		if (!strcmp(s->rname[j], name))
			return 1;
	return 0;
}

/* the lab's reasons, from the row's gates in the order declared */
static void do_gates(struct row *r, struct subj *k, struct subj *c, struct buf *lab)
{
	int i;

	for (i = 1; i < r->n; i++) {
		char *gp, *g, *w, *from = NULL, *lim = NULL, *why, *cond = NULL;
		struct subj *subs[16];
		const char *dirs_[16];
		int ns = 0, j, j0;

		if (strcmp(r->d[i].word, "gates"))
			continue;
		at(&r->d[i]);
		gp = expand(k, r->d[i].rest);
		g = word(&gp);
		if (!g)
			fail("gates takes none REASON, or a gate and the runs it reads");
		if (!strcmp(g, "none")) {
			if (!*gp)
				fail("gates none takes a reason");
			continue;
		}
		if (strcmp(g, "capacity") && strcmp(g, "throttled") && strcmp(g, "late") && strcmp(g, "capped"))
			fail("unknown gate '%s' (known: capacity, throttled, late, capped)", g);
		while ((w = word(&gp))) {
			char *colon = strchr(w, ':');
			struct subj *s;

			if (!strncmp(w, "from=", 5) && w[5]) {
				from = w + 5;
				continue;
			}
			if (!strncmp(w, "if=", 3) && w[3]) {
				cond = w + 3;
				continue;
			}
			if ((!strncmp(w, "min=", 4) && !strcmp(g, "throttled")) ||
			    (!strncmp(w, "max=", 4) && (!strcmp(g, "late") || !strcmp(g, "capped")))) {
				lim = w + 4;
				if (isnan(readnum(lim)))
					fail("gates %s: '%s' is not a number", g, w);
				continue;
			}
			if (colon)
				*colon = 0;
			if (strcmp(w, "kernel") && strcmp(w, "control"))
				fail("gates %s: '%s' is neither a run of the row (kernel, control, kernel:NAME) nor %s", g, w,
				     !strcmp(g, "capacity") ? "anything else" :
				     !strcmp(g, "throttled") ? "from=T or min=X" : "from=T or max=X");
			s = !strcmp(w, "kernel") ? k : c;
			if (!s)
				fail("gates %s: the row has no %s run", g, w);
			if (s == c && strcmp(s->role, "control"))
				fail("gates %s: the control is the model's, not a kernel run", g);
			j0 = ns;
			for (j = 0; j < s->nruns; j++)
				if ((!colon || !strcmp(s->rname[j], colon + 1)) && !s->rmiss[j]) {
					if (ns == 16)
						fail("gates %s: at most 16 runs (refused, not cut)", g);
					subs[ns] = s;
					dirs_[ns++] = s->rdir[j];
				}
			if (ns == j0 && (!colon || !has_name(s, colon + 1)))
				fail("gates %s: the %s has no run named '%s'", g, w, colon ? colon + 1 : "");
		}
		if (!ns && !cond)
			fail("gates %s names no run (kernel, control)", g);
		if (cond && holds(k, cond) != 1)
			continue;	/* if=EXPR: this gate only when EXPR holds */
		if (strcmp(g, "capacity") && !from)
			fail("gates %s needs from=T", g);
		if (!lim)
			lim = !strcmp(g, "throttled") ? "0.8" : !strcmp(g, "late") ? "0.5" : "0.1";
		for (j = 0; j < ns; j++) {
			why = gate(subs[j], dirs_[j], g, from, lim);
			if (why) {
				if (lab->n)
					bputs(lab, "; ");
				bputs(lab, why);
			}
		}
	}
}

static const struct dir *pass_of(struct row *r, const char *role);

/* the subject's verdict: n/a when the row's na EXPR holds on it, else its pass rule's */
static const char *verdict_of(struct row *r, struct subj *s, const char *role)
{
	char w[32];
	const struct dir *d;

	snprintf(w, sizeof(w), "%s-na", role);
	d = find(r, w) ? find(r, w) : find(r, "na");

	if (d && !s->unmet) {
		at(d);
		if (holds(s, d->rest) == 1)
			return "n/a";
	}
	return verdict(s, pass_of(r, role));
}

/* the pass rule for a role: model-pass or control-pass, else pass */
static const struct dir *pass_of(struct row *r, const char *role)
{
	char w[32];

	snprintf(w, sizeof(w), "%s-pass", role);
	return find(r, w) ? find(r, w) : find(r, "pass");
}

/*
 * --audit: the row's "ID KIND SEEDS RUNS CONTROL_RUNS" line: SEEDS the
 * seeds its cite lines name, in their order, comma-separated ("-" for
 * none: tools/check-code asks the preset of the first), RUNS the kernel runs it judges, CONTROL_RUNS
 * those of its control kernel lines (space-separated; "-" for none; an
 * optional RUN? by its name), as parse_runs reads them: one RUN, or
 * NAME=RUN words.
 */
static void audit_runs(struct buf *o, char *p)
{
	char *w, *e;
	const char *sep = "";

	while ((w = word(&p))) {
		size_t l;

		e = strchr(w, '=');
		if (!e && *sep)
			break;
		w = e ? e + 1 : w;
		l = strlen(w);
		if (l && w[l - 1] == '?')
			w[l - 1] = 0;
		bputs(o, sep);
		bputs(o, w);
		sep = " ";
		if (!e)
			break;
	}
}

static char *audit_row(struct row *r, const char *id, const char *kind, char *runs)
{
	struct buf o = { 0 }, c = { 0 }, s = { 0 };
	int i;

	for (i = 1; i < r->n; i++) {
		if (!strcmp(r->d[i].word, "cite")) {
			const char *t = r->d[i].rest;

			if (s.n)
				bputs(&s, ",");
			bputs(&s, xasprintf("%.*s", (int)strcspn(t, " \t"), t));
		}
		if (!strcmp(r->d[i].word, "control") && !strncmp(r->d[i].rest, "kernel ", 7)) {
			if (c.n)
				bputs(&c, " ");
			audit_runs(&c, expand(&consts, r->d[i].rest + 7));
		}
	}
	bputs(&o, xasprintf("%s\t%s\t%s\t", id, kind, s.n ? bstr(&s) : "-"));
	audit_runs(&o, runs);
	bputs(&o, "\t");
	bputs(&o, c.n ? bstr(&c) : "-");
	bputs(&o, "\n");
	return bstr(&o);
}

/*
 * --runs: every run the file names, so that the make rules come from the
 * claims' own declarations and no second list can drift from them: the
 * kernel runs of need, kernel and control kernel lines, the model runs
 * of model lines (optional RUN? by its name; each loop expanded).
 */
static struct buf runs_kernel, runs_model;

static void runs_add(struct buf *set, char *list)
{
	struct buf one = { 0 };
	char *w, *p;

	audit_runs(&one, list);
	p = bstr(&one);
	while ((w = word(&p))) {
		char *q = xstrdup(set->n ? bstr(set) : "");
		char *x;
		int dup = 0;

		while ((x = word(&q)))
			if (!strcmp(x, w))
				dup = 1;
		if (!dup) {
			if (set->n)
				bputs(set, " ");
			bputs(set, w);
		}
	}
}

static char *runs_row(struct row *r, char *runs)
{
	int i;

	runs_add(&runs_kernel, runs);
	for (i = 1; i < r->n; i++) {
		if (!strcmp(r->d[i].word, "model")) {
			at(&r->d[i]);
			runs_add(&runs_model, expand(&consts, r->d[i].rest));
		} else if (!strcmp(r->d[i].word, "control") && !strncmp(r->d[i].rest, "kernel ", 7)) {
			at(&r->d[i]);
			runs_add(&runs_kernel, expand(&consts, r->d[i].rest + 7));
		}
	}
	return xstrdup("");
}

static char *do_row(struct row *r)
{
	const struct dir *head = &r->d[0], *d;
	char *rest, *p, *id, *kind = head->word, *text;
	char *mv = "n/a", *mval = "-", *kv, *kval, *oval, *reason;
	char *cdesc = "-", *cv = "-", *cval = "-", *v;
	char *rname[MAXRUNS], *rdir[MAXRUNS];
	int miss[MAXRUNS];
	struct buf src = { 0 }, lab = { 0 }, out = { 0 };
	struct subj *k, *m = NULL, *c = NULL;
	const char *val[NFIELDS];
	int i, j, n;

	at(head);
	rest = xstrdup(head->rest);
	p = rest;
	id = word(&p);
	if (!id || !*p)
		fail("%s takes ID TEXT", kind);
	id = expand(&consts, id);	/* {each values}; the text on the kernel's run */
	text = p;
	for (i = 1; i < r->n; i++) {
		const char *nm, *nm2;
		size_t l;

		at(&r->d[i]);
		if (!in_list(row_words, r->d[i].word) || !strcmp(r->d[i].word, "claim") ||
		    !strcmp(r->d[i].word, "sanity"))
			fail("not a directive of a row (%s)", id);
		if (in_list(once_words, r->d[i].word))
			for (j = 1; j < i; j++)
				if (!strcmp(r->d[j].word, r->d[i].word))
					fail("given twice in row %s", id);
		/* a let's name once; texts of one name may be several */
		if ((l = defines(&r->d[i], &nm)))
			for (j = 1; j < i; j++)
				if (defines(&r->d[j], &nm2) == l && !strncmp(nm, nm2, l) &&
				    (strcmp(r->d[i].word, "text") || strcmp(r->d[j].word, "text")) &&
				    !strcmp(r->d[i].word, "model-let") == !strcmp(r->d[j].word, "model-let"))
					fail("'%.*s' is defined twice in row %s (line %d)", (int)l, nm, id, r->d[j].line);
	}
	at(head);
	for (i = 1; i < r->n; i++)
		if (!strcmp(r->d[i].word, "cite")) {
			cite(&src, &r->d[i]);
		} else if (!strcmp(r->d[i].word, "cite-code")) {
			if (src.n)
				bputs(&src, "; ");
			bputs(&src, r->d[i].rest);
		}
	at(head);
	if (!src.n)
		fail("row %s has no cite", id);
	if (!find(r, "gates"))
		fail("row %s declares no gates (say 'gates none REASON' when it needs no lab state)", id);
	if (!(d = find(r, "kernel")))
		fail("row %s names no kernel run", id);
	if (!find(r, "pass"))
		fail("row %s has no pass rule", id);
	if (!find(r, "value"))
		fail("row %s has no value text", id);
	if (!find(r, "why"))
		fail("row %s has no why", id);
	if (!strcmp(kind, "claim") && !find(r, "control"))
		fail("claim %s has no control (a row no control could fail is a sanity row)", id);
	if (!strcmp(kind, "sanity") && find(r, "control"))
		fail("sanity row %s has a control (a row with one is a claim)", id);
	at(d);
	p = expand(&consts, d->rest);
	if (audit == 2)
		return runs_row(r, p);
	if (audit)
		return audit_row(r, id, kind, p);
	if (!parse_runs(&p, runs_dir, rname, rdir, miss, &n)) {
		if (find(r, "optional"))
			return xstrdup("");	/* left out: a run it needs is not there */
		for (i = 0; i < n; i++)
			if (!miss[i] && access(xasprintf("%s/meta", rdir[i]), R_OK))
				fail("%s: no such run (its meta is missing)", rdir[i]);
		fail("none of the row's runs is there");
	}
	if (*p)
		fail("'%s' is not NAME=RUN (a kernel names its runs only)", p);
	k = subject("kernel", rname, rdir, miss, n, r);
	kernel_subj = k;
	if ((d = find(r, "only"))) {	/* the row is there only when EXPR holds */
		at(d);
		if (holds(k, d->rest) != 1)
			return xstrdup("");
	}
	kv = (char *)verdict_of(r, k, "kernel");
	kval = text_of(k, find(r, "value"));
	/* the other kernel code's number on the same measure (a measured
	 * difference, not a verdict): other-value on the kernel's runs, or - */
	oval = find(r, "other-value") ? text_of(k, find(r, "other-value")) : "-";
	at(head);
	text = expand(k, text);
	at(find(r, "why"));
	reason = expand(k, find(r, "why")->rest);
	if ((d = find(r, "no-model"))) {	/* the model's value without model runs */
		at(d);
		mval = expand(k, d->rest);
	}
	if ((d = find(r, "model")) && models_dir) {
		at(d);
		p = expand(&consts, d->rest);
		if (parse_runs(&p, models_dir, rname, rdir, miss, &n)) {
			if (*p)
				fail("'%s' is not NAME=RUN (a model names its runs only)", p);
			m = subject("model", rname, rdir, miss, n, r);
			mv = (char *)verdict_of(r, m, "model");
			d = find(r, "model-value") ? find(r, "model-value") : find(r, "value");
			mval = text_of(m, d);
		}
	}
	/* the first control that can run: a kernel run's when it is there */
	for (i = 1; i < r->n && !c; i++) {
		char *cp, *ck;

		if (strcmp(r->d[i].word, "control"))
			continue;
		at(&r->d[i]);
		cp = expand(&consts, r->d[i].rest);
		ck = word(&cp);
		if (ck && !strcmp(ck, "kernel")) {
			if (!parse_runs(&cp, runs_dir, rname, rdir, miss, &n))
				continue;
			if (!*cp)
				fail("control kernel RUN... takes a description after its runs");
			c = subject("control", rname, rdir, miss, n, r);
		} else if (ck && !strcmp(ck, "same")) {
			/* the kernel's own runs, judged by control-pass */
			if (!*cp)
				fail("control same takes a description");
			c = subject("control", k->rname, k->rdir, k->rmiss, k->nruns, r);
		} else if (ck && !strcmp(ck, "none")) {
			/* declared, not run: the reason is its value */
			if (!*cp)
				fail("control none takes a description");
			cdesc = cp;
			cv = "NOT REPRODUCED";
			d = find(r, "control-value") ? find(r, "control-value") : find(r, "value");
			cval = text_of(k, d);
			c = k;	/* only to end the search; gates see no control */
			break;
		} else if (ck && (!strcmp(ck, "model") || !strcmp(ck, "model-each"))) {
			char *extra[16], *q;
			int ne = 0, j;

			while (*cp) {
				size_t wl = strcspn(cp, " \t");

				q = memchr(cp, '=', wl);
				if (!q || q == cp)
					break;	/* the first word that is not KEY=VALUE */
				if (ne == 16)
					fail("control model: at most 16 KEY=VALUE (refused, not taken for the description)");
				extra[ne++] = word(&cp);
			}
			if (!ne || !*cp)
				fail("control model takes KEY=VALUE... DESC");
			if (!strcmp(ck, "model")) {
				rname[0] = k->rname[0];	/* in place of the kernel's run */
				rdir[0] = model_control(k->run, extra, ne);
				miss[0] = 0;
				n = 1;
			} else {	/* model-each: in place of each kernel run */
				for (j = 0; j < k->nruns; j++) {
					rname[j] = k->rname[j];
					miss[j] = k->rmiss[j];
					rdir[j] = miss[j] ? k->rdir[j] : model_control(k->rdir[j], extra, ne);
				}
				n = k->nruns;
			}
			c = subject("model control", rname, rdir, miss, n, r);
		} else {
			fail("control takes kernel RUN... DESC, or model KEY=VALUE... DESC");
		}
		cdesc = cp;
		cv = (char *)verdict_of(r, c, "control");
		d = find(r, "control-value") ? find(r, "control-value") : find(r, "value");
		cval = text_of(c, d);
	}
	if (c == k)
		c = NULL;
	else if (find(r, "control") && !c) {
		at(find(r, "control"));
		fail("no control of row %s could run (the runs of each are missing)", id);
	}
	do_gates(r, k, c, &lab);
	if (lab.n) {
		kval = xasprintf("%s (the verdict code said %s: %s)", bstr(&lab), kv, kval);
		kv = "NOT REPRODUCED";
		if (!strcmp(cv, "PASS") || !strcmp(cv, "FAIL"))
			cv = "NOT REPRODUCED";
	}
	v = !strcmp(kv, "PASS") ? "PASS" : !strcmp(kv, "FAIL") ? "FAIL" : "NOT REPRODUCED";
	if (!strcmp(kind, "claim") && !strcmp(v, "PASS") && strcmp(cv, "FAIL")) {
		v = "INCONCLUSIVE";
		if (!strcmp(cv, "PASS"))
			reason = xasprintf("the control passes too, so this is not evidence; %s", reason);
		else
			reason = xasprintf("the control did not run (%s); %s", cv, reason);
	}
	kernel_subj = NULL;
	val[0] = id; val[1] = chapter; val[2] = kind; val[3] = bstr(&src);
	val[4] = text; val[5] = mv; val[6] = mval; val[7] = kv; val[8] = kval;
	val[9] = cdesc; val[10] = cv; val[11] = cval; val[12] = v; val[13] = reason;
	val[14] = oval;
	/* the columns in tools/claims.cols's order */
	{
		FILE *fp = fopen(cols_path, "r");
		char *line = NULL;
		size_t cap = 0;
		int ncol = 0;

		if (!fp) {
			fprintf(stderr, "%s: %s\n", cols_path, strerror(errno));
			exit(2);
		}
		while (getline(&line, &cap, fp) > 0) {
			line[strcspn(line, "\n")] = 0;
			if (!*line)
				continue;
			for (j = 0; j < NFIELDS && strcmp(fields[j], line); j++)
				;
			if (j == NFIELDS) {
				fprintf(stderr, "%s: column '%s' is not one a row has\n", cols_path, line);
				exit(2);
			}
			if (ncol++)
				bputs(&out, "\t");
			/* a tab or newline inside a field would break the TSV */
			if (strpbrk(val[j], "\t\n"))
				fail("row %s: its %s holds a tab or a newline", id, line);
			bputs(&out, val[j]);
		}
		fclose(fp);
		free(line);
		if (ncol != NFIELDS) {
			fprintf(stderr, "%s: %d columns, a row has %d\n", cols_path, ncol, NFIELDS);
			exit(2);
		}
	}
	bputs(&out, "\n");
	return bstr(&out);
}

static int is_row(const struct dir *d)
{
	return !strcmp(d->word, "claim") || !strcmp(d->word, "sanity");
}

/* the rows of dirs[i, j): each from its claim/sanity line to the next,
 * each ... end blocks repeated once per value */
static void do_rows(int i, int j, struct buf *all)
{
	struct row r;
	int k, depth;

	while (i < j) {
		at(&dirs[i]);
		if (!strcmp(dirs[i].word, "end"))
			fail("end without each");
		if (!strcmp(dirs[i].word, "each")) {
			/* each NAME V1 V2 ..., or each NAME... and then one
			 * values V... line per pass */
			char *p = xstrdup(dirs[i].rest), *names[16], *v;
			int nn = 0, open = i, nv = 0, m, save;

			while (nn < 16 && (names[nn] = word(&p)))
				nn++;
			for (k = i + 1, depth = 1; k < j; k++) {
				if (!strcmp(dirs[k].word, "each"))
					depth++;
				else if (!strcmp(dirs[k].word, "end") && !--depth)
					break;
			}
			if (k == j)
				fail("each without end");
			while (open + 1 < k && !strcmp(dirs[open + 1].word, "values"))
				open++, nv++;
			if (!nn || (!nv && nn < 2) || *p)
				fail("each takes NAME VALUE..., or NAME... and values lines (at most 16 words)");
			for (m = 0; m < (nv ? nn : 1); m++)
				if (!calc_isname((unsigned char)names[m][0], 1))
					fail("each: '%s' is not a name", names[m]);
			if (open + 1 == k || !is_row(&dirs[open + 1])) {
				at(&dirs[open + 1 < k ? open + 1 : k]);
				fail("each's block starts with a claim or sanity row");
			}
			save = consts.nvars;
			if (!nv) {	/* each NAME V1 V2 ... */
				for (m = 1; m < nn; m++) {
					setvar(&consts, names[0], names[m]);
					do_rows(open + 1, k, all);
					consts.nvars = save;	/* and what was computed on it */
				}
			} else {
				for (m = i + 1; m <= open; m++) {
					char *q = xstrdup(dirs[m].rest);
					int c = 0;

					at(&dirs[m]);
					while (c < nn && (v = qword(&q)))
						setvar(&consts, names[c++], v);
					if (c != nn || qword(&q))
						fail("values takes %d values (%s ...)", nn, names[0]);
					do_rows(open + 1, k, all);
					consts.nvars = save;
				}
			}
			i = k + 1;
			continue;
		}
		if (!is_row(&dirs[i]))
			fail("not a row's first directive (claim, sanity, each)");
		for (k = i + 1; k < j && !is_row(&dirs[k]) && strcmp(dirs[k].word, "each") &&
		     strcmp(dirs[k].word, "end"); k++)
			;
		r.d = &dirs[i];
		r.n = k - i;
		bputs(all, do_row(&r));
		i = k;
	}
}

/* dtclaims --help: the language, one line a directive (docs/claims.md) */
static const char help_text[] =
	"dtclaims: a chapter's claims rows (TSV) from its claims.conf; every number from dt\n"
	"usage: dtclaims --dt DT [--model DTMODEL] --cols COLS --seeds SEEDS CONF RUNS [MODEL_RUNS]\n"
	"       dtclaims --dt DT --lab RUN [FROM]\n"
	"       dtclaims --seeds SEEDS --audit CONF\n"
	"       dtclaims --seeds SEEDS --runs CONF   (the runs it names: kernel RUN..., model RUN...)\n"
	"One directive a line; a line starting with white space continues it; # a comment.\n"
	"The chapter's part, before the first row:\n"
	"  chapter N               the chapter's number (the first line)\n"
	"  need [any] RUN...       runs the chapter needs (any: one of them)\n"
	"Loops, around rows:\n"
	"  each NAME V...          the rows up to end, once per value ({NAME}, NAME)\n"
	"  values V...             after each NAME1 NAME2...: one pass's values (\"\" quotes)\n"
	"  end                     closes each\n"
	"Values (in the chapter's part: shared by every row):\n"
	"  let NAME[:FMT] = RHS    dt CMD FILE ARGS... [:KEY], meta [RUN:]KEY [default V],\n"
	"                          file dt|model CMD..., verdict EXPR, same A B, readable FILE,\n"
	"                          field TEXT SEP K, count|sum|mean TABLE..., or an EXPR\n"
	"  model-let NAME[:FMT] = RHS   the let on the model's runs\n"
	"  text NAME [when EXPR:] TEXT  a text value (the last that holds wins)\n"
	"  table NAME = dt CMD FILE ...  a dt command's TSV, one row per line\n"
	"  column TABLE.NAME[:FMT] = EXPR  a column computed on each table row\n"
	"  list NAME TABLE [where COND]: TEXT  TEXT on each row, joined\n"
	"  require EXPR: TEXT      else the subject is NOT REPRODUCED, TEXT its value\n"
	"A row:\n"
	"  claim ID TEXT           a row with a control\n"
	"  sanity ID TEXT          a row no control could fail (no control)\n"
	"  cite SEED LINES \"QUOTE\"  a seed's lines and a quote from them\n"
	"  cite-code TEXT          a source other than a seed\n"
	"  kernel RUN | NAME=RUN[?]...  the kernel runs it judges\n"
	"  model RUN | NAME=RUN... the model's runs (MODEL_RUNS)\n"
	"  control kernel|model|model-each|same|none ... DESC  the control (the first that runs)\n"
	"  optional                left out when a kernel run is missing\n"
	"  only EXPR               left out unless EXPR holds\n"
	"  gates none REASON | capacity|throttled|late|capped RUNS... [from=T] [min=|max=X] [if=EXPR]\n"
	"  pass EXPR               the verdict rule: PASS, FAIL, NOT REPRODUCED (missing)\n"
	"  model-pass EXPR         the rule on the model\n"
	"  control-pass EXPR       the rule on the control\n"
	"  na EXPR                 verdict n/a where EXPR holds\n"
	"  model-na EXPR           na on the model\n"
	"  control-na EXPR         na on the control\n"
	"  value TEXT              the kernel's value text ({NAME}, {NAME:FMT}, {NAME|TEXT}, {NAME%S})\n"
	"  model-value TEXT        the model's (default: value's)\n"
	"  no-model TEXT           the model's value without model runs (default -)\n"
	"  control-value TEXT      the control's (default: value's)\n"
	"  other-value TEXT        the other kernel code's number, on the kernel's runs (default -)\n"
	"  why TEXT                the reason: the tolerance and where it comes from\n"
	"Verdict: a lab gate -> NOT REPRODUCED; kernel FAIL -> FAIL; a claim's kernel PASS\n"
	"is PASS only with its control FAIL, else INCONCLUSIVE.\n"
	"See docs/claims.md for the full reference.\n";

int main(int argc, char **argv)
{
	struct buf all = { 0 };
	int i;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(help_text, stdout);
		return fflush(stdout) ? 2 : 0;
	}
	for (i = 1; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
		if (!strcmp(argv[i], "--dt"))
			dt_path = argv[i + 1];
		else if (!strcmp(argv[i], "--model"))
			model_path = argv[i + 1];
		else if (!strcmp(argv[i], "--cols"))
			cols_path = argv[i + 1];
		else if (!strcmp(argv[i], "--seeds"))
			seeds_path = argv[i + 1];
		else
			break;
	}
	if (i < argc && !strcmp(argv[i], "--lab") && argc - i >= 2 && argc - i <= 3) {
		/* --lab RUN [FROM]: the lab's reason why RUN cannot show
		 * throttling (capacity; with FROM, throttled from FROM), or
		 * nothing: the gate the chapters' checks apply to their runs */
		struct subj *l = xmalloc(sizeof(*l));
		char *why;

		conf_path = "dtclaims --lab";
		l->role = "kernel";
		l->run = argv[i + 1];
		why = argc - i == 3 ? gate(l, l->run, "throttled", argv[i + 2], "0.8") : gate_capacity(l->run);
		if (why)
			puts(why);
		return 0;
	}
	if (i < argc && (!strcmp(argv[i], "--audit") || !strcmp(argv[i], "--runs")) && argc - i == 2) {
		audit = strcmp(argv[i], "--runs") ? 1 : 2;
		runs_dir = "";
		conf_path = argv[i + 1];
		read_conf(conf_path);
		for (i = 0; i < ndirs && !is_row(&dirs[i]) && strcmp(dirs[i].word, "each"); i++)
			;
		if (audit == 2) {	/* the need lines' runs too (need any: each) */
			int j;

			for (j = 0; j < i; j++)
				if (!strcmp(dirs[j].word, "need")) {
					char *p = xstrdup(dirs[j].rest), *w;

					if (!strncmp(p, "any ", 4))
						word(&p);
					while ((w = word(&p)))
						runs_add(&runs_kernel, w);
				}
		}
		do_rows(i, ndirs, &all);
		if (audit == 2)
			printf("kernel %s\nmodel %s\n", bstr(&runs_kernel), bstr(&runs_model));
		else
			fputs(bstr(&all), stdout);
		return fflush(stdout) ? 2 : 0;
	}
	if (!cols_path || !seeds_path || argc - i < 2 || argc - i > 3) {
		fprintf(stderr, "usage: dtclaims --dt DT [--model DTMODEL] --cols COLS --seeds SEEDS CONF RUNS [MODEL_RUNS]\n"
			"       dtclaims --dt DT --lab RUN [FROM]\n"
			"       dtclaims --seeds SEEDS --audit CONF\n"
			"       dtclaims --seeds SEEDS --runs CONF\n");
		return 2;
	}
	conf_path = argv[i];
	runs_dir = argv[i + 1];
	models_dir = argc - i == 3 ? argv[i + 2] : NULL;
	read_conf(conf_path);
	/* the chapter's part: chapter, need, constants */
	for (i = 0; i < ndirs && !is_row(&dirs[i]) && strcmp(dirs[i].word, "each"); i++) {
		at(&dirs[i]);
		if (!strcmp(dirs[i].word, "chapter")) {
			if (i || !*dirs[i].rest || dirs[i].rest[strspn(dirs[i].rest, "0123456789")])
				fail("chapter N comes first, N a number");
			chapter = dirs[i].rest;
		} else if (!strcmp(dirs[i].word, "need")) {
			char *p = xstrdup(dirs[i].rest), *w;
			int any = !strncmp(p, "any ", 4), found = 0;

			if (any)
				word(&p);
			while ((w = word(&p)))
				if (have_run(runs_dir, w))
					found = 1;
				else if (!any)
					fail("%s/%s: no such run (its meta is missing)", runs_dir, w);
			if (any && !found)
				fail("%s: none of the runs %s is there", runs_dir, dirs[i].rest + 4);
		} else if (!strcmp(dirs[i].word, "require") || !strcmp(dirs[i].word, "table") ||
			   !strcmp(dirs[i].word, "column") || !strcmp(dirs[i].word, "list") ||
			   !strcmp(dirs[i].word, "text")) {
			;	/* read by every row, on its runs */
		} else if (!strcmp(dirs[i].word, "let") || !strcmp(dirs[i].word, "model-let")) {
			const char *nm, *nm2;
			size_t l = defines(&dirs[i], &nm);
			int j;

			/* computed when a row reads it, on the row's runs */
			for (j = 0; j < i; j++)
				if (defines(&dirs[j], &nm2) == l && !strncmp(nm, nm2, l) &&
				    !strcmp(dirs[j].word, dirs[i].word))
					fail("'%.*s' is defined twice (line %d)", (int)l, nm, dirs[j].line);
		} else {
			fail("not a directive of the chapter's part (chapter, need, let, model-let, text, list, table, column, require)");
		}
	}
	if (!chapter) {
		cur_line = 1;
		cur_dir = "chapter";
		fail("the file does not start with chapter N");
	}
	if (i == ndirs) {
		cur_dir = "claim";
		fail("no claim or sanity row");
	}
	chapter_row.d = dirs;
	chapter_row.n = i;
	do_rows(i, ndirs, &all);
	fputs(bstr(&all), stdout);
	return fflush(stdout) ? 2 : 0;
}
