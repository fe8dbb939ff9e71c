/* SPDX-License-Identifier: GPL-2.0 */
/*
 * experiments/dtspec/dtspec.h -- the kit's one reader of spec files.
 *
 * A spec is `key = value` lines; `#` starts a comment; blank lines are
 * skipped. A *family* has a line `name = TEMPLATE`; in it a value
 * written `A | B | C` is a list, one run per value (several lists are
 * crossed, the first list in the file varying slowest), and `{KEY}` in
 * any value is the run's value of KEY (in the name with its dots
 * dropped), `{EXPR}` whole-number arithmetic (+ - * /, C precedence,
 * left to right) on keys and numbers. A spec without `name =` is one run
 * named after its file. (lkp-tests expands its job files the same way.)
 *
 * Users: experiments/dtspec/main.c (the `dtspec` command, which
 * experiments/run, the Makefile, tools/ and the tests call) and the
 * model's `dtmodel sim spec=FILE`.
 *
 * Errors are one line "WHERE: KEY: MESSAGE" in err (WHERE is FILE or
 * FILE:LINE), the functions returning -1: the kit's form for bad input.
 */
#ifndef DTSPEC_H
#define DTSPEC_H

#include <stddef.h>

struct dts_pair {
	char *key;
	char *val;
	int line;		/* in the file; 0: not from a file */
};

struct dts_file {
	char *path;
	char *tmpl;		/* name = TEMPLATE, or NULL: one run */
	int tmpl_line;
	struct dts_pair *kv;	/* in the file's order, name = left out */
	int n;
};

struct dts_run {
	char *name;
	struct dts_pair *kv;	/* the file's keys, values substituted */
	int n;
};

/* read and check a spec file: keys, duplicates, list syntax */
int dts_read(const char *path, struct dts_file *f, char *err, size_t errlen);
/* the runs the file stands for (one for a plain spec) */
int dts_runs(const struct dts_file *f, struct dts_run **runs, int *nruns,
	     char *err, size_t errlen);
/* the pair of key in f, or NULL */
const struct dts_pair *dts_get(const struct dts_file *f, const char *key);
void dts_free_file(struct dts_file *f);
void dts_free_runs(struct dts_run *runs, int nruns);

#endif
