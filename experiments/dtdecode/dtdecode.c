/*
 * dtdecode -- turn a trace.dat recorded in the guest into one TSV per event.
 *
 * Reads  TRACE.DAT (trace-cmd's binary format, parsed with libtracecmd and
 *        libtraceevent; no text parsing).
 * Writes OUTDIR/<event>.tsv for every event that occurs in the trace, e.g.
 *        balance_dirty_pages.tsv, bdi_dirty_ratelimit.tsv,
 *        global_dirty_state.tsv, print.tsv (trace_marker lines), and for
 *        every event named with --event even if it never fired (the
 *        header row only: a run whose writers were never throttled has
 *        an empty balance_dirty_pages table, not a missing one). An
 *        --event whose format the trace does not hold is an error.
 *
 * Each file: first row the column names, then one row per event in time
 * order. Columns: time (seconds since the workload's "dtwork start" marker,
 * or since the first event if there is no marker), cpu, pid, comm, then
 * the event's own fields named and ordered as in the kernel's format file,
 * values in the kernel's units (pages, KB/s, ms, bytes: whatever the
 * tracepoint stores). char arrays are printed as strings.
 *
 * Lost events (the ring buffer overflowed) are an error: the decoder names
 * the CPU and the count and exits 1 without writing any TSV, unless
 * --allow-lost is given. Files are written to OUTDIR/.dtdecode.tmp and
 * renamed into OUTDIR at the end, so a failure leaves no half-written TSV.
 *
 * Usage: dtdecode [--allow-lost] [--quiet] [--event SYSTEM:NAME]... TRACE.DAT OUTDIR
 */
#define _GNU_SOURCE
#include <errno.h>
#include <dirent.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <trace-cmd/trace-cmd.h>
#include <event-parse.h>

#define START_MARKER "dtwork start"
#define MAX_TYPES 4096

struct out {
	int id;			/* event id, 0 = unused slot */
	FILE *f;
	struct tep_format_field **fields;
	char name[256];
	unsigned long long rows;
};

struct ctx {
	const char *trace;
	const char *tmpdir;
	struct tep_handle *tep;
	unsigned long long t0;	/* time zero, ns */
	int have_t0;
	long long lost;		/* events lost, summed over CPUs */
	int lost_cpu;
	unsigned long long events;
	struct out outs[MAX_TYPES];
	int nouts;
	int failed;
};

static const char *marker_text(struct tep_event *ev, struct tep_record *rec,
			       int *len)
{
	struct tep_format_field *f;

	if (strcmp(ev->name, "print") || strcmp(ev->system, "ftrace"))
		return NULL;
	f = tep_find_field(ev, "buf");
	if (!f || f->offset >= rec->size)
		return NULL;
	*len = rec->size - f->offset;
	return (const char *)rec->data + f->offset;
}

/* Pass 1: find the workload's start marker; note lost events. */
static int find_t0(struct tracecmd_input *h, struct tep_record *rec,
		   int cpu, void *data)
{
	struct ctx *c = data;
	struct tep_event *ev = tep_find_event_by_record(c->tep, rec);
	const char *s;
	int len;

	(void)h;
	if (rec->missed_events) {
		c->lost += rec->missed_events > 0 ? rec->missed_events : 1;
		c->lost_cpu = cpu;
	}
	if (!c->have_t0 && ev && (s = marker_text(ev, rec, &len)) &&
	    len >= (int)strlen(START_MARKER) &&
	    !strncmp(s, START_MARKER, strlen(START_MARKER))) {
		c->t0 = rec->ts;
		c->have_t0 = 1;
	}
	return 0;
}

static int find_first(struct tracecmd_input *h, struct tep_record *rec,
		      int cpu, void *data)
{
	struct ctx *c = data;

	(void)h;
	(void)cpu;
	c->t0 = rec->ts;
	return 1;	/* stop after the first event */
}

static int is_char_array(const struct tep_format_field *f)
{
	return (f->flags & TEP_FIELD_IS_ARRAY) &&
	       (f->elementsize == 1 || (f->flags & TEP_FIELD_IS_STRING)) &&
	       strstr(f->type, "char");
}

static struct out *out_for(struct ctx *c, struct tep_event *ev)
{
	struct out *o;
	char path[4096];
	int i;

	for (i = 0; i < c->nouts; i++)
		if (c->outs[i].id == ev->id)
			return &c->outs[i];
	if (c->nouts == MAX_TYPES) {
		fprintf(stderr, "%s: events: more than %d event types\n",
			c->trace, MAX_TYPES);
		c->failed = 1;
		return NULL;
	}
	o = &c->outs[c->nouts++];
	o->id = ev->id;
	snprintf(o->name, sizeof(o->name), "%s", ev->name);
	/* Two systems with the same event name: qualify the second. */
	for (i = 0; i < c->nouts - 1; i++)
		if (!strcmp(c->outs[i].name, o->name))
			snprintf(o->name, sizeof(o->name), "%s_%s",
				 ev->system, ev->name);
	snprintf(path, sizeof(path), "%s/%s.tsv", c->tmpdir, o->name);
	o->f = fopen(path, "w");
	if (!o->f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		c->failed = 1;
		return NULL;
	}
	setvbuf(o->f, NULL, _IOFBF, 1 << 16);
	o->fields = tep_event_fields(ev);
	fputs("time\tcpu\tpid\tcomm", o->f);
	for (i = 0; o->fields && o->fields[i]; i++)
		fprintf(o->f, "\t%s", o->fields[i]->name);
	fputc('\n', o->f);
	return o;
}

static void put_string(FILE *f, const char *s, int max)
{
	int i, n = 0;

	/* trailing blanks and newlines (trace_marker lines end in one) go */
	while (n < max && s[n])
		n++;
	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == ' '))
		n--;
	for (i = 0; i < n; i++) {
		char ch = s[i];

		if (ch == '\t' || ch == '\n' || ch == '\r')
			ch = ' ';
		fputc(ch, f);
	}
}

static void put_field(FILE *f, struct tep_format_field *fld,
		      struct tep_record *rec)
{
	const char *data = rec->data;
	unsigned long long v;
	unsigned int off = fld->offset, size = fld->size;

	if (fld->flags & TEP_FIELD_IS_DYNAMIC) {
		/* __data_loc: 16-bit offset, 16-bit length */
		if (tep_read_number_field(fld, data, &v))
			return;
		off = v & 0xffff;
		size = v >> 16;
		if (fld->flags & TEP_FIELD_IS_RELATIVE)
			off += fld->offset + fld->size;
		if (is_char_array(fld) && off + size <= (unsigned int)rec->size)
			put_string(f, data + off, size);
		return;
	}
	if (is_char_array(fld)) {
		if (size == 0)	/* flexible array (ftrace print's buf) */
			size = rec->size > (int)off ? rec->size - off : 0;
		if (off + size <= (unsigned int)rec->size)
			put_string(f, data + off, size);
		return;
	}
	if ((fld->flags & TEP_FIELD_IS_ARRAY) || size > 8 || size == 0) {
		fputs("-", f);	/* binary blob: not decodable as a number */
		return;
	}
	if (tep_read_number_field(fld, data, &v))
		return;
	if (fld->flags & TEP_FIELD_IS_SIGNED) {
		long long s;

		switch (size) {
		case 1: s = (signed char)v; break;
		case 2: s = (short)v; break;
		case 4: s = (int)v; break;
		default: s = (long long)v; break;
		}
		fprintf(f, "%lld", s);
	} else {
		fprintf(f, "%llu", v);
	}
}

/* Pass 2: one row per event. */
static int emit(struct tracecmd_input *h, struct tep_record *rec,
		int cpu, void *data)
{
	struct ctx *c = data;
	struct tep_event *ev = tep_find_event_by_record(c->tep, rec);
	struct out *o;
	const char *comm;
	int pid, i;

	(void)h;
	if (!ev)
		return 0;
	o = out_for(c, ev);
	if (!o)
		return 1;
	pid = tep_data_pid(c->tep, rec);
	comm = tep_data_comm_from_pid(c->tep, pid);
	fprintf(o->f, "%.6f\t%d\t%d\t", ((double)rec->ts - (double)c->t0) / 1e9,
		cpu, pid);
	put_string(o->f, comm ? comm : "<...>", 64);
	for (i = 0; o->fields && o->fields[i]; i++) {
		fputc('\t', o->f);
		put_field(o->f, o->fields[i], rec);
	}
	fputc('\n', o->f);
	o->rows++;
	c->events++;
	return 0;
}

static struct tracecmd_input *open_trace(const char *file)
{
	struct tracecmd_input *h = tracecmd_open(file, 0);

	if (!h)
		fprintf(stderr, "%s: trace.dat: cannot open or not a trace-cmd file\n",
			file);
	return h;
}

static void rm_tmp(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[4096];

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

int main(int argc, char **argv)
{
	static struct ctx c;
	struct tracecmd_input *h;
	int allow_lost = 0, quiet = 0, i, argi = 1, nwant = 0;
	const char *want[64];
	char tmp[4096], from[8192], to[8192];
	const char *outdir;

	for (; argi < argc && argv[argi][0] == '-'; argi++) {
		if (!strcmp(argv[argi], "--allow-lost"))
			allow_lost = 1;
		else if (!strcmp(argv[argi], "--quiet"))
			quiet = 1;
		else if (!strcmp(argv[argi], "--event") && argi + 1 < argc &&
			 nwant < 64)
			want[nwant++] = argv[++argi];
		else {
			fprintf(stderr, "dtdecode: %s: unknown option\n", argv[argi]);
			return 2;
		}
	}
	if (argc - argi != 2) {
		fprintf(stderr, "usage: dtdecode [--allow-lost] [--quiet] [--event SYSTEM:NAME]... TRACE.DAT OUTDIR\n");
		return 2;
	}
	c.trace = argv[argi];
	outdir = argv[argi + 1];
	tracecmd_set_loglevel(TEP_LOG_NONE);

	/* Pass 1: time zero and lost events. */
	h = open_trace(c.trace);
	if (!h)
		return 1;
	c.tep = tracecmd_get_tep(h);
	tracecmd_iterate_events(h, NULL, 0, find_t0, &c);
	if (!c.have_t0)
		tracecmd_iterate_events(h, NULL, 0, find_first, &c);
	tracecmd_close(h);
	if (c.lost && !allow_lost) {
		fprintf(stderr, "%s: lost events: %lld events lost (cpu %d and maybe others); "
			"enlarge the trace buffer (events/buffer_kb in the spec)\n",
			c.trace, c.lost, c.lost_cpu);
		return 1;
	}

	/* Pass 2: the TSVs, into a temporary folder. */
	if (mkdir(outdir, 0777) && errno != EEXIST) {
		fprintf(stderr, "%s: %s\n", outdir, strerror(errno));
		return 1;
	}
	snprintf(tmp, sizeof(tmp), "%s/.dtdecode.tmp", outdir);
	rm_tmp(tmp);
	if (mkdir(tmp, 0777)) {
		fprintf(stderr, "%s: %s\n", tmp, strerror(errno));
		return 1;
	}
	c.tmpdir = tmp;
	h = open_trace(c.trace);
	if (!h) {
		rm_tmp(tmp);
		return 1;
	}
	c.tep = tracecmd_get_tep(h);
	/* The events asked for: a table each, rows or not. */
	for (i = 0; i < nwant && !c.failed; i++) {
		char sys[256];
		const char *colon = strchr(want[i], ':');
		struct tep_event *ev = NULL;

		if (colon && colon - want[i] < (long)sizeof(sys)) {
			snprintf(sys, sizeof(sys), "%.*s", (int)(colon - want[i]), want[i]);
			ev = tep_find_event_by_name(c.tep, sys, colon + 1);
		}
		if (!ev) {
			fprintf(stderr, "%s: --event %s: no such event format in the trace\n",
				c.trace, want[i]);
			c.failed = 1;
		} else {
			out_for(&c, ev);
		}
	}
	if (!c.failed)
		tracecmd_iterate_events(h, NULL, 0, emit, &c);
	for (i = 0; i < c.nouts; i++) {
		if (fclose(c.outs[i].f))
			c.failed = 1;
		free(c.outs[i].fields);
	}
	tracecmd_close(h);
	if (c.failed) {
		rm_tmp(tmp);
		return 1;
	}
	for (i = 0; i < c.nouts; i++) {
		snprintf(from, sizeof(from), "%s/%s.tsv", tmp, c.outs[i].name);
		snprintf(to, sizeof(to), "%s/%s.tsv", outdir, c.outs[i].name);
		if (rename(from, to)) {
			fprintf(stderr, "%s: %s\n", to, strerror(errno));
			rm_tmp(tmp);
			return 1;
		}
	}
	rmdir(tmp);
	if (!quiet) {
		printf("  DECODE  %s: %llu events, %d types%s\n", c.trace, c.events,
		       c.nouts, c.have_t0 ? "" : " (no start marker: t=0 at first event)");
		for (i = 0; i < c.nouts; i++)
			printf("          %-28s %llu rows\n", c.outs[i].name,
			       c.outs[i].rows);
	}
	return 0;
}
