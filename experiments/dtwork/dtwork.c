/*
 * experiments/dtwork/dtwork.c -- the kit's guest workload: N writer processes
 * dirtying page cache, so that balance_dirty_pages() has something to throttle.
 *
 * Runs inside the guest (static binary in the busybox initramfs) while
 * trace-cmd records the writeback events.
 *
 * Writes:  DIR/wNNNN, one file per task (task i uses the (i mod #dirs)-th
 *          directory of dir=); never fsync'ed or deleted.
 *          log=FILE (default stdout): TSV progress log, streamed (not renamed
 *          at the end) and flushed after every sample, so a run cut short
 *          still leaves the samples taken so far.  Put it on a ramfs, not on
 *          the disk under test.
 *          marker=FILE (optional, normally /sys/kernel/tracing/trace_marker):
 *          the lines "dtwork start", "dtwork phase N", "dtwork end".
 *          stderr: one summary line at the end; errors as "dtwork: KEY: ...".
 * Reads:   nothing but its arguments (and the clock).
 *
 * Usage:
 *   dtwork dir=/mnt/d0[,/mnt/d1,...] tasks=N chunk=BYTES[K|M] think=MS[,MS...]
 *          duration=S [stagger=MS] [phases=T:N,T:N,...] [interval=MS]
 *          [log=FILE] [marker=FILE]
 *   See experiments/dtwork/README.md.  Build: make -C experiments/dtwork.
 *
 * Exit status: 0 ok; 2 bad arguments (one line naming the key); 1 a failure
 * at run time (cannot create a file, fork, a write error, a writer killed by
 * someone else, e.g. the OOM killer).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_TASKS	10000
#define MAX_DURATION	3600		/* s */
#define MAX_CHUNK	(64u << 20)
#define MAX_MS		3600000ull	/* think, stagger, interval */
#define MAX_LIST	MAX_TASKS	/* elements of dir=, think=, phases= */
#define GRACE_NS	(2 * NSEC)	/* stragglers are killed this long after the end */
#define NSEC		1000000000LL
#define MSEC		1000000LL

/* One per task, in a MAP_SHARED anonymous mapping; a cache line each. */
struct slot {
	uint64_t bytes;		/* written so far (child stores, parent loads) */
	uint64_t chunks;	/* complete chunks written */
	int32_t err;		/* errno of the failed open/write, 0 if none */
	int32_t done;		/* 1 once the child has left its loop */
} __attribute__((aligned(64)));

struct shared {
	int64_t t0;		/* CLOCK_MONOTONIC ns of the common start */
	int32_t abort;		/* set before the barrier opens: exit at once */
};

/* Arguments (globals: the children inherit them across fork). */
static char *dirs[MAX_LIST];
static int ndirs;
static long ntasks = -1;
static uint64_t chunk;
static int64_t think_ns[MAX_LIST];
static int nthink;
static int64_t dur_ns;
static int64_t stagger_ns;
static int64_t phase_t[MAX_LIST];	/* ns since start, phase_t[0] == 0 */
static int phase_n[MAX_LIST];
static int nphases;
static int64_t interval_ns = 1000 * MSEC;
static const char *log_path, *marker_path;

static struct slot *slots;
static struct shared *sh;
static const unsigned char *buf;

static void bad(const char *key, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));
static void bad(const char *key, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "dtwork: %s: ", key);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * NSEC + ts.tv_nsec;
}

static void sleep_until(int64_t t)
{
	struct timespec ts = { .tv_sec = t / NSEC, .tv_nsec = t % NSEC };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/*
 * Strict unsigned decimal: digits only (no sign, no blanks), no overflow,
 * value <= max.  *end gets the first unparsed character; the caller decides
 * what may follow.  Returns 0 if there are no digits or the value is too big.
 */
static int parse_u64(const char *s, const char **end, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	const char *p = s;

	if (*p < '0' || *p > '9')
		return 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (UINT64_MAX - 9) / 10)
			return 0;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	*end = p;
	if (v > max)
		return 0;
	*out = v;
	return 1;
}

/* A whole value that must be a number in [min, max]. */
static uint64_t num(const char *key, const char *s, uint64_t min, uint64_t max)
{
	const char *e;
	uint64_t v;

	if (!parse_u64(s, &e, UINT64_MAX, &v) || *e)
		bad(key, "'%s' is not a whole number", s);
	if (v < min || v > max)
		bad(key, "%s is out of range %llu..%llu", s,
		    (unsigned long long)min, (unsigned long long)max);
	return v;
}

/* Split a comma list in place; empty elements are an error. */
static int split(const char *key, char *s, char **out)
{
	int n = 0;

	for (;;) {
		char *c = strchr(s, ',');

		if (c)
			*c = '\0';
		if (!*s)
			bad(key, "empty element in the list");
		if (n == MAX_LIST)
			bad(key, "more than %d elements", MAX_LIST);
		out[n++] = s;
		if (!c)
			return n;
		s = c + 1;
	}
}

static void parse_chunk(const char *v)
{
	const char *e;
	uint64_t x, mul = 1;

	if (!parse_u64(v, &e, UINT64_MAX >> 20, &x))
		bad("chunk", "'%s' is not a size (bytes, or with a K or M suffix)", v);
	if (*e == 'K' || *e == 'k')
		mul = 1024, e++;
	else if (*e == 'M' || *e == 'm')
		mul = 1024 * 1024, e++;
	if (*e)
		bad("chunk", "'%s' is not a size (bytes, or with a K or M suffix)", v);
	x *= mul;
	if (x < 1 || x > MAX_CHUNK)
		bad("chunk", "%s is out of range 1..64M", v);
	chunk = x;
}

static void parse_phases(char *v)
{
	char *el[MAX_LIST];
	int n = split("phases", v, el);

	for (int k = 0; k < n; k++) {
		const char *e;
		uint64_t t, w;

		if (!parse_u64(el[k], &e, MAX_DURATION, &t) || *e != ':' ||
		    !parse_u64(e + 1, &e, MAX_TASKS, &w) || *e)
			bad("phases", "'%s' is not SECONDS:WRITERS", el[k]);
		if (k == 0 && t != 0)
			bad("phases", "the first phase must start at 0, not %s", el[k]);
		if (k > 0 && (int64_t)t * NSEC <= phase_t[k - 1])
			bad("phases", "times must increase ('%s')", el[k]);
		phase_t[k] = (int64_t)t * NSEC;
		phase_n[k] = (int)w;
	}
	nphases = n;
}

static void parse_args(int argc, char **argv)
{
	static const char *const keys[] = { "dir", "tasks", "chunk", "think",
		"duration", "stagger", "phases", "interval", "log", "marker" };
	enum { NKEYS = sizeof(keys) / sizeof(keys[0]) };
	int seen[NKEYS] = { 0 };

	for (int a = 1; a < argc; a++) {
		char *arg = argv[a], *eq = strchr(arg, '='), *v;
		int k;

		if (!eq)
			bad(arg, "expected key=value");
		*eq = '\0';
		v = eq + 1;
		for (k = 0; k < NKEYS && strcmp(arg, keys[k]); k++)
			;
		if (k == NKEYS)
			bad(arg, "unknown key (known: dir tasks chunk think duration "
			    "stagger phases interval log marker)");
		if (seen[k]++)
			bad(arg, "given twice");
		if (!*v)
			bad(arg, "empty value");

		if (!strcmp(arg, "dir")) {
			ndirs = split("dir", v, dirs);
		} else if (!strcmp(arg, "tasks")) {
			ntasks = (long)num("tasks", v, 1, MAX_TASKS);
		} else if (!strcmp(arg, "chunk")) {
			parse_chunk(v);
		} else if (!strcmp(arg, "think")) {
			char *el[MAX_LIST];

			nthink = split("think", v, el);
			for (int i = 0; i < nthink; i++)
				think_ns[i] = (int64_t)num("think", el[i], 0, MAX_MS) * MSEC;
		} else if (!strcmp(arg, "duration")) {
			dur_ns = (int64_t)num("duration", v, 1, MAX_DURATION) * NSEC;
		} else if (!strcmp(arg, "stagger")) {
			stagger_ns = (int64_t)num("stagger", v, 0, MAX_MS) * MSEC;
		} else if (!strcmp(arg, "phases")) {
			parse_phases(v);
		} else if (!strcmp(arg, "interval")) {
			interval_ns = (int64_t)num("interval", v, 1, MAX_MS) * MSEC;
		} else if (!strcmp(arg, "log")) {
			log_path = v;
		} else {
			marker_path = v;
		}
	}

	/* Required keys, then the checks that involve two keys. */
	for (int k = 0; k < 5; k++)
		if (!seen[k])
			bad(keys[k], "missing (required: dir tasks chunk think duration)");
	for (int k = 0; k < nphases; k++) {
		if (phase_n[k] > ntasks)
			bad("phases", "%d writers in a phase but tasks=%ld",
			    phase_n[k], ntasks);
		if (phase_t[k] >= dur_ns)
			bad("phases", "phase at %lld s does not start before duration=%lld",
			    (long long)(phase_t[k] / NSEC), (long long)(dur_ns / NSEC));
	}
	for (int d = 0; d < ndirs; d++) {
		struct stat st;

		if (strlen(dirs[d]) > PATH_MAX - 8)
			bad("dir", "path too long");
		if (stat(dirs[d], &st) || !S_ISDIR(st.st_mode))
			bad("dir", "%s is not a directory", dirs[d]);
		if (access(dirs[d], W_OK | X_OK))
			bad("dir", "%s is not writable: %s", dirs[d], strerror(errno));
	}
}

/* Writers active at rel ns after the start, by phases= (all without it). */
static int active_writers(int64_t rel)
{
	int n = (int)ntasks;

	for (int k = 0; k < nphases && phase_t[k] <= rel; k++)
		n = phase_n[k];
	return n;
}

/* The next moment after rel at which task i may change between idle and active. */
static int64_t next_change(long i, int64_t rel)
{
	int64_t nx = dur_ns, st = i * stagger_ns;

	if (rel < st && st < nx)
		nx = st;
	for (int k = 0; k < nphases; k++)
		if (phase_t[k] > rel) {
			if (phase_t[k] < nx)
				nx = phase_t[k];
			break;
		}
	return nx;
}

static void store(uint64_t *p, uint64_t v)
{
	__atomic_store_n(p, v, __ATOMIC_RELAXED);
}

static uint64_t load(uint64_t *p)
{
	return __atomic_load_n(p, __ATOMIC_RELAXED);
}

static void __attribute__((noreturn))
child(long i, pid_t parent, int barrier_rd, int ready_wr)
{
	struct slot *s = &slots[i];
	char path[PATH_MAX];
	int64_t t0, think = think_ns[i % nthink], st = i * stagger_ns;
	int fd;
	char c;

	/* Die with the parent (e.g. killed by the runner's timeout). */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);

	snprintf(path, sizeof(path), "%s/w%04ld", dirs[i % ndirs], i);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		s->err = errno;
	while (write(ready_wr, "r", 1) < 0 && errno == EINTR)
		;
	close(ready_wr);
	/* The barrier: EOF when the parent closes the write end. */
	while (read(barrier_rd, &c, 1) < 0 && errno == EINTR)
		;
	close(barrier_rd);
	if (fd < 0 || sh->abort)
		_exit(1);
	t0 = sh->t0;

	for (;;) {
		int64_t rel = now_ns() - t0;
		uint64_t off = 0;

		if (rel >= dur_ns)
			break;
		if (rel < st || active_writers(rel) <= i) {
			sleep_until(t0 + next_change(i, rel));
			continue;
		}
		while (off < chunk) {
			ssize_t w = write(fd, buf + off, chunk - off);

			if (w <= 0) {
				if (w < 0 && errno == EINTR)
					continue;
				s->err = w < 0 ? errno : EIO;
				goto out;
			}
			off += (uint64_t)w;
			store(&s->bytes, s->bytes + (uint64_t)w);
		}
		store(&s->chunks, s->chunks + 1);
		if (think) {
			int64_t t = now_ns() + think;

			sleep_until(t < t0 + dur_ns ? t : t0 + dur_ns);
		}
	}
out:
	__atomic_store_n(&s->done, 1, __ATOMIC_RELEASE);
	_exit(s->err ? 1 : 0);
}

static int marker_fd = -1;

/* Returns 0 or errno. */
static int marker(const char *fmt, ...)
{
	char line[64];
	va_list ap;
	int n;

	if (marker_fd < 0)
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	errno = 0;
	if (write(marker_fd, line, (size_t)n) != n)
		return errno ? errno : EIO;
	return 0;
}

static FILE *logfp;
static pid_t *pids;
static unsigned char *reaped_task;

static void sample(int64_t rel)
{
	for (long i = 0; i < ntasks; i++)
		fprintf(logfp, "%lld.%03lld\t%ld\t%d\t%llu\t%llu\n",
			(long long)(rel / NSEC), (long long)(rel % NSEC / MSEC), i,
			(int)pids[i], (unsigned long long)load(&slots[i].bytes),
			(unsigned long long)load(&slots[i].chunks));
	fflush(logfp);
}

static void *shared_map(size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		fprintf(stderr, "dtwork: mmap %zu bytes: %s\n", len, strerror(errno));
		exit(1);
	}
	return p;
}

/* Before the start: tell the children to leave, reap them, exit 1. */
static void __attribute__((noreturn)) abandon(long forked, int barrier_wr)
{
	sh->abort = 1;
	close(barrier_wr);
	for (long i = 0; i < forked; i++)
		waitpid(pids[i], NULL, 0);
	exit(1);
}

static void usage(FILE *f)
{
	fputs("usage: dtwork dir=DIR[,DIR...] tasks=N chunk=BYTES[K|M] think=MS[,MS...]\n"
	      "              duration=S [stagger=MS] [phases=T:N,...] [interval=MS]\n"
	      "              [log=FILE] [marker=FILE]\n", f);
}

int main(int argc, char **argv)
{
	int barrier[2], ready[2], err, status;
	long forked, reaped = 0, killed = 0, died = 0, failed = 0, first_failed = -1;
	int64_t t0, rel, next_sample, end;
	int killed_all = 0, n;
	char line[PATH_MAX + 256];
	uint64_t total = 0;
	unsigned char *b;
	int k;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		usage(stdout);
		return 0;
	}
	parse_args(argc, argv);

	if (marker_path) {
		marker_fd = open(marker_path, O_WRONLY | O_APPEND | O_CLOEXEC);
		if (marker_fd < 0)
			bad("marker", "cannot open %s: %s", marker_path, strerror(errno));
	}
	if (log_path) {
		logfp = fopen(log_path, "we");
		if (!logfp)
			bad("log", "cannot open %s: %s", log_path, strerror(errno));
	} else {
		logfp = stdout;
	}
	setvbuf(logfp, NULL, _IOFBF, 1 << 16);

	/*
	 * The chunk buffer is shared, not private: fork() then copies no page
	 * tables for it, and no child ever writes to it.
	 */
	b = shared_map(chunk);
	for (uint64_t j = 0; j < chunk; j++)
		b[j] = (unsigned char)(1 + (j * 31) % 255);
	buf = b;
	slots = shared_map(sizeof(*slots) * (size_t)ntasks);
	sh = shared_map(sizeof(*sh));
	pids = calloc((size_t)ntasks, sizeof(*pids));
	reaped_task = calloc((size_t)ntasks, 1);
	if (!pids || !reaped_task || pipe2(barrier, O_CLOEXEC) || pipe2(ready, O_CLOEXEC)) {
		fprintf(stderr, "dtwork: %s\n", strerror(errno));
		return 1;
	}

	fprintf(logfp, "time\ttask\tpid\tbytes\tchunks\n");
	fflush(logfp);
	for (forked = 0; forked < ntasks; forked++) {
		pid_t pid = fork();

		if (pid < 0) {
			fprintf(stderr, "dtwork: tasks: fork failed after %ld tasks: %s\n",
				forked, strerror(errno));
			close(ready[1]);
			abandon(forked, barrier[1]);
		}
		if (pid == 0) {
			close(barrier[1]);
			close(ready[0]);
			child(forked, getppid(), barrier[0], ready[1]);
		}
		pids[forked] = pid;
	}
	close(barrier[0]);
	close(ready[1]);

	/* Every child has opened its file (or failed to) once it has written. */
	for (long got = 0; got < ntasks;) {
		char c[512];
		ssize_t r = read(ready[0], c, sizeof(c));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += r;
	}
	close(ready[0]);
	for (long i = 0; i < ntasks; i++)
		if (slots[i].err) {
			fprintf(stderr, "dtwork: dir: cannot create %s/w%04ld: %s\n",
				dirs[i % ndirs], i, strerror(slots[i].err));
			abandon(ntasks, barrier[1]);
		}

	/* The common start: markers, t0, open the barrier. */
	err = marker("dtwork start\n");
	if (!err && nphases)
		err = marker("dtwork phase %d\n", phase_n[0]);
	if (err) {
		fprintf(stderr, "dtwork: marker: cannot write to %s: %s\n",
			marker_path, strerror(err));
		abandon(ntasks, barrier[1]);
	}
	sample(0);		/* nothing written yet: the state at t0 */
	t0 = now_ns();
	sh->t0 = t0;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	close(barrier[1]);

	next_sample = interval_ns;
	k = 1;
	for (;;) {
		int64_t wake;

		rel = now_ns() - t0;
		if (rel >= dur_ns)
			break;
		for (; k < nphases && phase_t[k] <= rel; k++)
			if ((err = marker("dtwork phase %d\n", phase_n[k])))
				fprintf(stderr, "dtwork: marker: write failed: %s\n",
					strerror(err));
		if (rel >= next_sample) {
			sample(rel);
			while (next_sample <= rel)
				next_sample += interval_ns;
		}
		wake = next_sample < dur_ns ? next_sample : dur_ns;
		if (k < nphases && phase_t[k] < wake)
			wake = phase_t[k];
		sleep_until(t0 + wake);
	}

	/* The end: reap; kill whoever is still writing GRACE_NS later. */
	end = t0 + dur_ns + GRACE_NS;
	while (reaped < ntasks) {
		int block = now_ns() >= end;
		pid_t pid;

		if (block && !killed_all) {
			for (long i = 0; i < ntasks; i++)
				if (!reaped_task[i] && !__atomic_load_n(&slots[i].done, __ATOMIC_ACQUIRE)) {
					kill(pids[i], SIGKILL);
					killed++;
				}
			killed_all = 1;
		}
		pid = waitpid(-1, &status, block ? 0 : WNOHANG);
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid < 0)
			break;
		if (pid == 0) {
			sleep_until(now_ns() + 5 * MSEC);
			continue;
		}
		reaped++;
		for (long i = 0; i < ntasks; i++)
			if (pids[i] == pid) {
				reaped_task[i] = 1;
				break;
			}
		if (WIFSIGNALED(status) && !(killed_all && WTERMSIG(status) == SIGKILL))
			died++;
	}
	rel = now_ns() - t0;
	sample(rel);
	if ((err = marker("dtwork end\n")))
		fprintf(stderr, "dtwork: marker: write failed: %s\n", strerror(err));

	for (long i = 0; i < ntasks; i++) {
		total += load(&slots[i].bytes);
		if (slots[i].err && failed++ == 0)
			first_failed = i;
	}
	if (ferror(logfp) | fclose(logfp)) {
		fprintf(stderr, "dtwork: log: write failed\n");
		return 1;
	}
	n = snprintf(line, sizeof(line), "dtwork: %ld tasks, %llu bytes in %.3f s, "
		     "%.2f MB/s (MB = 2^20 bytes)", ntasks, (unsigned long long)total,
		     (double)rel / NSEC, (double)total / (1 << 20) / ((double)rel / NSEC));
	if (killed)
		n += snprintf(line + n, sizeof(line) - (size_t)n, ", %ld killed %d s after the end",
			      killed, (int)(GRACE_NS / NSEC));
	if (died)
		n += snprintf(line + n, sizeof(line) - (size_t)n, ", %ld died by a signal", died);
	if (failed)
		n += snprintf(line + n, sizeof(line) - (size_t)n, ", %ld failed, first %s/w%04ld: %s",
			      failed, dirs[first_failed % ndirs], first_failed,
			      strerror(slots[first_failed].err));
	fprintf(stderr, "%s\n", line);
	return died || failed ? 1 : 0;
}
