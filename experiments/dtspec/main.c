// SPDX-License-Identifier: GPL-2.0
/*
 * experiments/dtspec/main.c -- dtspec, the kit's one reader of spec files
 * (experiments/spec runs it).
 *
 *   dtspec names FILE          the runs FILE stands for, one per line
 *   dtspec expand FILE NAME    the run NAME of FILE as a plain spec
 *   dtspec get FILE KEY        KEY's value in the spec of one run
 *                              (experiments/keys' default when the file
 *                              has none); of a family, the value all its
 *                              runs have (else an error)
 *   dtspec kind FILE           "family" or "run"
 *   dtspec find NAME DIR...    the spec of run NAME: DIR/NAME.spec, or
 *                              the family in a DIR that has a run NAME
 *                              (first found)
 *   dtspec pairs FILE          the spec of one run as LINE<TAB>KEY<TAB>VALUE
 *                              lines, in the file's order (experiments/run
 *                              reads its spec this way)
 *
 * The keys table is $DTSPEC_KEYS, else the kit's experiments/keys (the
 * kit's folder is compiled in: DTSPEC_KIT).
 * Errors: one line "dtspec: WHERE: KEY: MESSAGE" (the file and line, and
 * the key), exit 2.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtspec.h"

#ifndef DTSPEC_KIT
#define DTSPEC_KIT "."
#endif

static char err[4096];

static void die(const char *msg)
{
	fprintf(stderr, "%s\n", msg);
	exit(2);
}

static void usage(void)
{
	die("usage: experiments/spec names FILE | expand FILE NAME | get FILE KEY | kind FILE | find NAME DIR... | pairs FILE");
}

static void need(int ok)
{
	if (!ok)
		usage();
}

static void read_or_die(const char *path, struct dts_file *f)
{
	if (dts_read(path, f, err, sizeof(err)))
		die(err);
}

static void runs_or_die(const struct dts_file *f, struct dts_run **r, int *n)
{
	if (dts_runs(f, r, n, err, sizeof(err)))
		die(err);
}

static const char *base(const char *path)
{
	const char *b = strrchr(path, '/');

	return b ? b + 1 : path;
}

/* KEY's default in the keys table ("" for "-" or none); 1 if the table
 * has the key */
static int key_default(const char *key, char *out, size_t len)
{
	const char *path = getenv("DTSPEC_KEYS");
	char def[512], *line = NULL, *tab;
	size_t cap = 0;
	FILE *f;
	int found = 0;

	if (!path || !*path) {
		snprintf(def, sizeof(def), "%s/experiments/keys", DTSPEC_KIT);
		path = def;
	}
	f = fopen(path, "r");
	if (!f) {
		snprintf(err, sizeof(err), "%s: keys: cannot read the keys table", path);
		die(err);
	}
	*out = 0;
	while (!found && getline(&line, &cap, f) >= 0) {
		if (line[0] == '#')
			continue;
		tab = strchr(line, '\t');
		if (!tab || (size_t)(tab - line) != strlen(key) || strncmp(line, key, tab - line))
			continue;
		found = 1;
		snprintf(out, len, "%.*s", (int)strcspn(tab + 1, "\t\n"), tab + 1);
		if (!strcmp(out, "-"))
			*out = 0;
	}
	free(line);
	fclose(f);
	return found;
}

/* a family in the shell's sense: a line that starts "name" then "=" */
static int looks_like_family(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	int yes = 0;

	if (!f)
		return 0;
	while (!yes && getline(&line, &cap, f) >= 0)
		yes = !strncmp(line, "name", 4) && line[4 + strspn(line + 4, " ")] == '=';
	free(line);
	fclose(f);
	return yes;
}

static int has_run(const char *path, const char *name)
{
	struct dts_file f;
	struct dts_run *r;
	int n, i, yes = 0;

	read_or_die(path, &f);
	runs_or_die(&f, &r, &n);
	for (i = 0; i < n; i++)
		yes |= !strcmp(r[i].name, name);
	dts_free_runs(r, n);
	dts_free_file(&f);
	return yes;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int is_spec(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 5 && !strcmp(d->d_name + n - 5, ".spec");
}

static void find(const char *name, int ndirs, char **dirs)
{
	char path[4096];
	struct dirent **ents;
	int i, j, n;

	for (i = 0; i < ndirs; i++) {
		snprintf(path, sizeof(path), "%s/%s.spec", dirs[i], name);
		if (!access(path, R_OK)) {
			printf("%s\n", path);
			exit(0);
		}
	}
	for (i = 0; i < ndirs; i++) {
		n = scandir(dirs[i], &ents, is_spec, by_name);
		for (j = 0; j < n; j++) {
			snprintf(path, sizeof(path), "%s/%s", dirs[i], ents[j]->d_name);
			if (looks_like_family(path) && has_run(path, name)) {
				printf("%s\n", path);
				exit(0);
			}
		}
	}
	snprintf(err, sizeof(err), "%s: no spec: no %s.spec and no family naming it in", name, name);
	for (i = 0; i < ndirs; i++)
		snprintf(err + strlen(err), sizeof(err) - strlen(err), " %s", dirs[i]);
	die(err);
}

int main(int argc, char **argv)
{
	struct dts_file f;
	struct dts_run *r;
	int n, i;

	need(argc >= 3);
	if (!strcmp(argv[1], "names")) {
		need(argc == 3);
		read_or_die(argv[2], &f);
		runs_or_die(&f, &r, &n);
		for (i = 0; i < n; i++)
			printf("%s\n", r[i].name);
	} else if (!strcmp(argv[1], "expand")) {
		need(argc == 4);
		read_or_die(argv[2], &f);
		runs_or_die(&f, &r, &n);
		for (i = 0; i < n && strcmp(r[i].name, argv[3]); i++)
			;
		if (i == n) {
			int k;

			snprintf(err, sizeof(err), "%s: no run named %s (it has:", argv[2], argv[3]);
			for (k = 0; k < n; k++)
				snprintf(err + strlen(err), sizeof(err) - strlen(err), " %s", r[k].name);
			snprintf(err + strlen(err), sizeof(err) - strlen(err), ")");
			die(err);
		}
		printf("# %s: a run of the family %s (experiments/spec)\n", r[i].name, base(argv[2]));
		for (n = 0; n < r[i].n; n++)
			printf("%s = %s\n", r[i].kv[n].key, r[i].kv[n].val);
	} else if (!strcmp(argv[1], "get")) {
		const struct dts_pair *p;
		char v[4096];

		need(argc == 4);
		read_or_die(argv[2], &f);
		p = dts_get(&f, argv[3]);
		if (f.tmpl && p) {
			/* a family: the value every run of it has, or a refusal */
			runs_or_die(&f, &r, &n);
			for (i = 1; i < n; i++)
				if (strcmp(r[i].kv[p - f.kv].val, r[0].kv[p - f.kv].val)) {
					snprintf(err, sizeof(err), "%s:%d: %s: differs between the runs of the family (expand one first)",
						 argv[2], p->line, argv[3]);
					die(err);
				}
			snprintf(v, sizeof(v), "%s", r[0].kv[p - f.kv].val);
		} else if (p)
			snprintf(v, sizeof(v), "%s", p->val);
		else
			key_default(argv[3], v, sizeof(v));
		if (!*v) {
			snprintf(err, sizeof(err), "%s: %s: no value, and no default in experiments/keys",
				 argv[2], argv[3]);
			die(err);
		}
		printf("%s\n", v);
	} else if (!strcmp(argv[1], "kind")) {
		need(argc == 3);
		read_or_die(argv[2], &f);
		printf("%s\n", f.tmpl ? "family" : "run");
	} else if (!strcmp(argv[1], "find")) {
		find(argv[2], argc - 3, argv + 3);
	} else if (!strcmp(argv[1], "pairs")) {
		need(argc == 3);
		read_or_die(argv[2], &f);
		if (f.tmpl) {
			snprintf(err, sizeof(err), "%s:%d: name: a family stands for several runs (experiments/spec expand FILE NAME gives one)",
				 argv[2], f.tmpl_line);
			die(err);
		}
		for (i = 0; i < f.n; i++)
			printf("%d\t%s\t%s\n", f.kv[i].line, f.kv[i].key, f.kv[i].val);
	} else {
		usage();
	}
	return 0;
}
