/*
 * experiments/dtwork/dtbw.c -- measure a block device's write bandwidth in
 * the guest, one synchronous O_DIRECT request at a time.
 *
 * A child process writes requests of size= bytes back to back (pwrite, one
 * in flight) and reports the CLOCK_MONOTONIC time of each completion to the
 * parent through a pipe.  The rate is taken between completions, not from
 * the start: requests 2..n over t(n) - t(1).  A throttled device lets the
 * first request through on the budget it already holds, so counting it
 * would overstate the rate by one request in n (10 % for 1 MiB requests at
 * 1 MiB/s over 10 s); between completions only the budget held at the two
 * ends differs, by less than one tick's worth.
 *
 * Usage:  dtbw dev=/dev/nullb0 size=BYTES[K|M] seconds=S [stall=S]
 * Prints: "dtbw size=S requests=N bytes=B span_ns=T rate_Bps=R" and exits 0,
 *         or "dtbw size=S stalled after N requests (no completion in S s)"
 *         and exits 3, leaving the child blocked in its write (a request
 *         the device never completes cannot be taken back; the guest's
 *         reboot ends it).
 * Exit 2: bad arguments (one line naming the key); 1: a failure at run time.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NSEC 1000000000LL
#define SPAN (1ULL << 30)	/* offsets cycle within the first GiB */

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * NSEC + ts.tv_nsec;
}

static void die_arg(const char *key, const char *why)
{
	fprintf(stderr, "dtbw: %s: %s\n", key, why);
	exit(2);
}

static uint64_t parse_bytes(const char *key, const char *v)
{
	char *end;
	unsigned long long n;

	errno = 0;
	n = strtoull(v, &end, 10);
	if (errno || end == v)
		die_arg(key, "not a number");
	if (*end == 'K')
		n <<= 10, end++;
	else if (*end == 'M')
		n <<= 20, end++;
	if (*end)
		die_arg(key, "want digits with an optional K or M");
	return n;
}

static void writer(const char *dev, uint64_t size, int fd_out)
{
	void *buf;
	uint64_t off = 0;
	int fd = open(dev, O_WRONLY | O_DIRECT);

	if (fd < 0) {
		fprintf(stderr, "dtbw: %s: %s\n", dev, strerror(errno));
		_exit(1);
	}
	if (posix_memalign(&buf, 4096, size)) {
		fprintf(stderr, "dtbw: cannot allocate %llu bytes\n", (unsigned long long)size);
		_exit(1);
	}
	memset(buf, 0x5a, size);
	for (;;) {
		int64_t t;

		if (pwrite(fd, buf, size, off) != (ssize_t)size) {
			fprintf(stderr, "dtbw: %s: write: %s\n", dev, strerror(errno));
			_exit(1);
		}
		t = now_ns();
		if (write(fd_out, &t, sizeof(t)) != sizeof(t))
			_exit(0);	/* the parent is gone */
		off += size;
		if (off + size > SPAN)
			off = 0;
	}
}

int main(int argc, char **argv)
{
	const char *dev = NULL;
	uint64_t size = 0;
	long seconds = 0, stall = 5;
	int64_t first = 0, last = 0;
	long n = 0;
	int p[2], i;
	pid_t pid;

	for (i = 1; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (!eq)
			die_arg(argv[i], "want key=value");
		*eq = 0;
		if (!strcmp(argv[i], "dev"))
			dev = eq + 1;
		else if (!strcmp(argv[i], "size"))
			size = parse_bytes("size", eq + 1);
		else if (!strcmp(argv[i], "seconds"))
			seconds = atol(eq + 1);
		else if (!strcmp(argv[i], "stall"))
			stall = atol(eq + 1);
		else
			die_arg(argv[i], "unknown key (dev, size, seconds, stall)");
	}
	if (!dev)
		die_arg("dev", "missing");
	if (size < 512 || size % 512 || size > (64u << 20))
		die_arg("size", "want a multiple of 512 bytes, at most 64M");
	if (seconds < 1 || seconds > 3600)
		die_arg("seconds", "want 1..3600");
	if (stall < 1 || stall > 3600)
		die_arg("stall", "want 1..3600");

	if (pipe(p)) {
		perror("dtbw: pipe");
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		perror("dtbw: fork");
		return 1;
	}
	if (pid == 0) {
		/* a stalled child outlives the parent: it must not hold the
		 * caller's stdout (a shell's $(...) would wait for it) */
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, STDOUT_FILENO);
		close(p[0]);
		writer(dev, size, p[1]);
	}
	close(p[1]);
	for (;;) {
		struct pollfd pf = { .fd = p[0], .events = POLLIN };
		int64_t t;
		int r = poll(&pf, 1, (int)(stall * 1000));

		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0) {
			printf("dtbw size=%llu stalled after %ld requests (no completion in %ld s)\n",
			       (unsigned long long)size, n, stall);
			fflush(stdout);
			_exit(3);
		}
		if (read(p[0], &t, sizeof(t)) != sizeof(t)) {
			int st;

			waitpid(pid, &st, 0);
			fprintf(stderr, "dtbw: the writer ended after %ld requests\n", n);
			return 1;
		}
		if (n++ == 0)
			first = t;
		last = t;
		if (last - first >= seconds * NSEC)
			break;
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	printf("dtbw size=%llu requests=%ld bytes=%llu span_ns=%lld rate_Bps=%.0f\n",
	       (unsigned long long)size, n, (unsigned long long)(size * (n - 1)),
	       (long long)(last - first), (double)size * (n - 1) * NSEC / (double)(last - first));
	return 0;
}
