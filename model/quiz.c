/*
 * quiz.c -- a problem generator for the kit's laws, after the OSTEP
 * homework simulators: `dtmodel quiz TOPIC seed=N [-c]`.
 *
 * Each topic draws its parameters from the seed (the same seed always
 * gives the same problem, on any machine: a small xorshift generator, not
 * rand()), within ranges the lab uses, and prints the problem. With -c
 * (dt_quiz(..., show = 1)) it prints the worked answer step by step, in
 * the kernel's fixed-point units and in physical units, then one line
 * `answer: KEY = VALUE` per quantity asked for (what `make grade` reads).
 * The answers come from the model's law functions (dtlaw.c), which round
 * where the kernel rounds.
 *
 * Reads/writes: nothing but the FILE given (stdout). Used by dtmodel.c and
 * test_claims.c.
 */
#include <stdio.h>
#include <string.h>

#include "dtlaw.h"
#include "quiz.h"

struct rng { unsigned long long s; };

static unsigned long long next(struct rng *r)
{
	/* xorshift64* */
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 2685821657736338717ULL;
}

/* a whole number in [lo, hi] */
static unsigned long pick(struct rng *r, unsigned long lo, unsigned long hi)
{
	return lo + (unsigned long)(next(r) % (hi - lo + 1));
}

static double mib(unsigned long pages) { return pages * 4.0 / 1024; }

static void answer(struct dt_quiz *q, const char *key, double v, double tol)
{
	if (q->nans < DT_QUIZ_MAXANS) {
		snprintf(q->ans[q->nans].key, sizeof(q->ans[q->nans].key), "%s", key);
		q->ans[q->nans].value = v;
		q->ans[q->nans].tol = tol;
		q->nans++;
	}
}

/* the pool of a one-disk lab run: dirty_bytes, background, disk speed */
static void pool(struct rng *r, unsigned long *thresh, unsigned long *bg,
		 unsigned long *write_bw)
{
	static const unsigned long mb[] = { 64, 96, 128, 192, 256 };
	static const unsigned long disk[] = { 4, 5, 10, 20 };

	*thresh = mb[pick(r, 0, 4)] * 256;
	*bg = *thresh / (pick(r, 2, 4) * 2);
	*write_bw = disk[pick(r, 0, 3)] * 256;
}

static void q_pos_ratio(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	unsigned long thresh, bg, wbw, dirty;
	struct dt_pos p10, p61;

	pool(r, &thresh, &bg, &wbw);
	/* between freerun and the limit, now and then past it (where 6.1
	 * clamps and v10 does not) */
	dirty = pick(r, dt_freerun(thresh, bg), pick(r, 0, 4) ? thresh - 1 : thresh + thresh / 32);
	fprintf(f, "One disk writes at %lu pages/s (%.1f MiB/s). vm.dirty_bytes is %lu pages\n"
		"(%.0f MiB), vm.dirty_background_bytes %lu pages (%.0f MiB); the limit is the\n"
		"threshold. The disk holds all the dirty pages: bdi_dirty = dirty = %lu pages\n"
		"(%.1f MiB), bdi_thresh = thresh. What is pos_ratio (fixed point, 1024 = 1.0)\n"
		"under v10 (seed 003) and under 6.1?\n",
		wbw, mib(wbw), thresh, mib(thresh), bg, mib(bg), dirty, mib(dirty));
	memset(&p10, 0, sizeof(p10));
	p10.thresh = p10.limit = p10.bdi_thresh = thresh;
	p10.bg_thresh = bg;
	p10.dirty = p10.bdi_dirty = dirty;
	p10.write_bw = wbw;
	p61 = p10;
	dt_pos_ratio(DT_POS_V10, &p10);
	dt_pos_ratio(DT_POS_61, &p61);
	if (show) {
		fprintf(f, "\n1. freerun = (thresh + bg_thresh) / 2 = %lu pages; setpoint = (freerun +\n"
			"   limit) / 2 = %lu pages (%.1f MiB)\n", p10.freerun, p10.setpoint, mib(p10.setpoint));
		fprintf(f, "2. x = (setpoint - dirty) / (limit - setpoint) = %ld / %ld; the global line\n"
			"   1 + x^3 is %lld / 1024 = %.4f under v10 (6.1: %lld, clamped to [0, 2.0])\n",
			(long)p10.setpoint - (long)dirty, (long)thresh - (long)p10.setpoint,
			p10.global, p10.global / 1024.0, p61.global);
		fprintf(f, "3. one disk: bdi_setpoint = setpoint x bdi_thresh / (thresh + 1) = %lu; the bdi\n"
			"   line (x_intercept - bdi_dirty) / (x_intercept - bdi_setpoint) is 1.0 at\n"
			"   bdi_setpoint and 0 at x_intercept = bdi_setpoint + 8 write_bw = %lu\n"
			"   (6.1: the same line, %lu, floored at 1/4 and with its own reserve area)\n",
			p10.bdi_setpoint, p10.x_intercept, p61.x_intercept);
		fprintf(f, "4. pos_ratio = global x bdi line: v10 %lld (%.4f), 6.1 %lld (%.4f)\n",
			p10.pos_ratio, p10.pos_ratio / 1024.0, p61.pos_ratio, p61.pos_ratio / 1024.0);
	}
	/* the kernel's integers: a student's float arithmetic may differ by
	 * the rounding of two fixed-point steps */
	answer(q, "pos_ratio_v10", (double)p10.pos_ratio, 2);
	answer(q, "pos_ratio_61", (double)p61.pos_ratio, 2);
}

static void q_balanced(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	unsigned long thresh, bg, wbw, n = pick(r, 1, 16);
	struct dt_rl rl;

	pool(r, &thresh, &bg, &wbw);
	memset(&rl, 0, sizeof(rl));
	rl.write_bw = wbw;
	rl.dirty_ratelimit = pick(r, wbw / n / 2 + 1, 3 * wbw / n);
	rl.pos_ratio = (long long)pick(r, 700, 1300);
	/* every task dirtied at its task_ratelimit for the whole period */
	rl.dirty_rate = n * (unsigned long)(((unsigned long long)rl.dirty_ratelimit *
					     (unsigned long long)rl.pos_ratio) >> DT_SHIFT);
	fprintf(f, "%lu tasks write flat out to one disk whose write_bw is %lu pages/s\n"
		"(%.2f MiB/s). dirty_ratelimit is %lu pages/s and pos_ratio %lld/1024; over the\n"
		"last 200 ms the tasks dirtied %lu pages/s in all. What balanced_dirty_ratelimit\n"
		"does v10's formula (2) estimate (seed 004), in pages/s?\n",
		n, wbw, mib(wbw), rl.dirty_ratelimit, rl.pos_ratio, rl.dirty_rate);
	dt_update_ratelimit(DT_V10, 0, 0, &rl);
	if (show) {
		fprintf(f, "\n1. task_ratelimit = dirty_ratelimit x pos_ratio >> 10 = %lu pages/s\n",
			rl.task_ratelimit);
		fprintf(f, "2. balanced = task_ratelimit x write_bw / dirty_rate = %lu x %lu / %lu\n"
			"   = %lu pages/s (%.0f KB/s; the kernel divides by dirty_rate | 1 = %lu and\n"
			"   rounds down), write_bw / N = %lu give or take the rounding: the\n"
			"   estimate does not depend on dirty_ratelimit or pos_ratio\n",
			rl.task_ratelimit, wbw, rl.dirty_rate, rl.balanced,
			(double)DT_KBPS(rl.balanced), rl.dirty_rate | 1, wbw / n);
	}
	/* integer division: the exact quotient and write_bw / N differ by at
	 * most one page/s per task of rounding in dirty_rate */
	answer(q, "balanced", (double)rl.balanced, 1 + (double)n);
}

static void q_step(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	unsigned long thresh, bg, wbw, n = pick(r, 1, 8), target;
	struct dt_rl rl;

	pool(r, &thresh, &bg, &wbw);
	target = wbw / n;
	memset(&rl, 0, sizeof(rl));
	rl.write_bw = wbw;
	rl.dirty_ratelimit = pick(r, target / 2 + 1, 2 * target);
	/* the position error points the way the rate should go, mostly */
	if (pick(r, 0, 3))
		rl.pos_ratio = (long long)(rl.dirty_ratelimit > target ? pick(r, 800, 1000) :
					   pick(r, 1048, 1250));
	else
		rl.pos_ratio = (long long)pick(r, 800, 1250);
	rl.dirty_rate = (unsigned long)((double)n * ((rl.dirty_ratelimit * (unsigned long)rl.pos_ratio) >> DT_SHIFT) *
					(double)pick(r, 90, 110) / 100.0);
	fprintf(f, "v10's step filter (seed 005). dirty_ratelimit is %lu pages/s, pos_ratio\n"
		"%lld/1024, write_bw %lu pages/s, and the %lu tasks dirtied %lu pages/s over the\n"
		"last 200 ms. What is dirty_ratelimit after this update?\n",
		rl.dirty_ratelimit, rl.pos_ratio, wbw, n, rl.dirty_rate);
	dt_update_ratelimit(DT_V10, 0, 1, &rl);
	if (show) {
		unsigned long raw = 0, rate = rl.dirty_ratelimit;

		/* the step before its shift, for the worked answer only */
		if (rate < rl.balanced && rate < rl.task_ratelimit)
			raw = (rl.balanced < rl.task_ratelimit ? rl.balanced : rl.task_ratelimit) - rate;
		else if (rate > rl.balanced && rate > rl.task_ratelimit)
			raw = rate - (rl.balanced > rl.task_ratelimit ? rl.balanced : rl.task_ratelimit);
		fprintf(f, "\n1. task_ratelimit = %lu x %lld >> 10 = %lu pages/s\n",
			rl.dirty_ratelimit, rl.pos_ratio, rl.task_ratelimit);
		fprintf(f, "2. balanced = task_ratelimit x write_bw / dirty_rate = %lu pages/s\n",
			rl.balanced);
		fprintf(f, "3. the rate moves only if task_ratelimit lies on the same side of it as\n"
			"   balanced, and by at most the nearer of the two: raw step %lu pages/s\n"
			"4. shifted right by dirty_ratelimit / (8 step + 1) = %lu, then divided by 8\n"
			"   (rounded up): step = %lu pages/s\n",
			raw, rate / (8 * raw + 1), rl.step);
		fprintf(f, "5. new dirty_ratelimit = %lu pages/s (%.0f KB/s)\n",
			rl.new_ratelimit, (double)DT_KBPS(rl.new_ratelimit));
	}
	answer(q, "dirty_ratelimit", (double)rl.new_ratelimit, 0);
}

static void q_pause(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	struct dt_task_rl t = { 0, 0, 0 };
	struct dt_pause o;
	unsigned long task = pick(r, 64, 2560), pages = pick(r, 8, 64);
	unsigned long think = pick(r, 0, 150), now = 100000;

	t.dirty_paused_when = now - think;
	fprintf(f, "A task under v10 (seeds 006-007) has task_ratelimit %lu pages/s (%.0f KB/s)\n"
		"and has just dirtied %lu pages. Its last pause ended %lu ms ago (its think\n"
		"time). How long does it sleep now, in ms (HZ = 1000, max pause 200 ms; a\n"
		"pause <= 0 means no sleep: answer 0)?\n",
		task, (double)DT_KBPS(task), pages, think);
	dt_task_pause(DT_V10, 1, &t, now, pages, task, 1, DT_MAX_PAUSE, 0, &o);
	if (show) {
		fprintf(f, "\n1. period = HZ x pages / task_ratelimit = 1000 x %lu / %lu = %ld ms\n",
			pages, task, o.period);
		fprintf(f, "2. with think-time compensation pause = period - think = %ld - %lu = %ld ms\n",
			o.period, think, o.period - (long)think);
		fprintf(f, "3. capped at 200 ms, none if <= 0: it sleeps %ld ms\n",
			o.sleep ? o.pause : 0L);
	}
	answer(q, "pause_ms", (double)(o.sleep ? o.pause : 0), 0);
}

static void q_poll(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	unsigned long thresh, bg, wbw, dirty, iv;

	pool(r, &thresh, &bg, &wbw);
	dirty = pick(r, dt_freerun(thresh, bg), thresh + thresh / 16);
	iv = dt_poll_interval(dirty, thresh);
	fprintf(f, "After its pause a task sets nr_dirtied_pause, the pages it may dirty before\n"
		"it calls balance_dirty_pages() again (seed 006). The threshold is %lu pages\n"
		"(%.0f MiB) and %lu pages (%.1f MiB) are dirty. What is the poll interval, in pages?\n",
		thresh, mib(thresh), dirty, mib(dirty));
	if (show) {
		if (dirty >= thresh)
			fprintf(f, "\n1. dirty >= thresh: the interval is 1 page\n");
		else
			fprintf(f, "\n1. thresh - dirty = %lu pages; ilog2 = %d\n"
				"2. 1 << (ilog2 / 2) = 1 << %d = %lu pages (%.0f KiB): the square root of\n"
				"   the gap, rounded down to a power of 2\n",
				thresh - dirty, dt_ilog2(thresh - dirty), dt_ilog2(thresh - dirty) / 2,
				iv, iv * 4.0);
	}
	answer(q, "poll_pages", (double)iv, 0);
}

static void q_ratelimit_pages(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	unsigned long thresh, bg, wbw, rp;
	int cpus = (int)(1UL << pick(r, 0, 4));

	pool(r, &thresh, &bg, &wbw);
	rp = dt_ratelimit_pages(thresh, cpus);
	fprintf(f, "The per-CPU safeguard (seed 006): a CPU whose tasks dirtied ratelimit_pages\n"
		"pages without a balance_dirty_pages() call forces one. With %d CPUs and a\n"
		"threshold of %lu pages (%.0f MiB), what is ratelimit_pages?\n",
		cpus, thresh, mib(thresh));
	if (show)
		fprintf(f, "\n1. thresh / (CPUs x 32) = %lu / %d = %lu, at least 16: %lu pages (%.0f KiB)\n",
			thresh, cpus * 32, thresh / ((unsigned long)cpus * 32), rp, rp * 4.0);
	answer(q, "ratelimit_pages", (double)rp, 0);
}

static void q_overshoot(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	unsigned long thresh, bg, wbw, n = pick(r, 1, 10) * 100, rp, bound;
	int cpus = (int)(1UL << pick(r, 0, 3));

	pool(r, &thresh, &bg, &wbw);
	rp = dt_ratelimit_pages(thresh, cpus);
	bound = (unsigned long)cpus * rp + n * DT_EXCEEDED_RL;
	fprintf(f, "%lu tasks start at once with the pool at its threshold of %lu pages\n"
		"(%.0f MiB) on %d CPUs. With the per-CPU safeguard, by how many pages can dirty\n"
		"overshoot the threshold at most before every task is throttled (seed 006;\n"
		"leave out the per-CPU vmstat drift)?\n",
		n, thresh, mib(thresh), cpus);
	if (show) {
		fprintf(f, "\n1. before dirty_exceeded is set, each CPU may dirty ratelimit_pages =\n"
			"   %lu pages without a call: CPUs x %lu = %lu pages (thresh / 32)\n",
			rp, rp, (unsigned long)cpus * rp);
		fprintf(f, "2. then each task's ratelimit drops to 8 pages (32 KiB), and each may\n"
			"   hold up to 8 not yet counted: %lu x 8 = %lu pages\n", n, n * DT_EXCEEDED_RL);
		fprintf(f, "3. at most %lu pages (%.1f MiB, %.1f %% of the threshold)\n",
			bound, mib(bound), 100.0 * bound / thresh);
	}
	answer(q, "overshoot_pages", (double)bound, 0);
}

static void q_max_pause(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	unsigned long wbw = pick(r, 1, 80) * 256, bdi_dirty = pick(r, 256, 65536);
	long mp = dt_max_pause(DT_V61, wbw, bdi_dirty);

	fprintf(f, "6.1 caps a pause so that a small pool cannot run dry (wb_max_pause): a disk\n"
		"writes %lu pages/s (%.2f MiB/s) and holds %lu dirty pages (%.1f MiB). What is\n"
		"the max pause, in ms (HZ = 1000; never above 200 ms)?\n",
		wbw, mib(wbw), bdi_dirty, mib(bdi_dirty));
	if (show)
		fprintf(f, "\n1. bdi_dirty / (1 + write_bw / roundup_pow2(1 + HZ/8)) + 1 = %lu / (1 + %lu / %lu) + 1\n"
			"2. capped at 200: %ld ms (1/8 s worth of the disk's dirty pages)\n",
			bdi_dirty, wbw, dt_roundup_pow2(1 + DT_HZ / 8), mp);
	answer(q, "max_pause_ms", (double)mp, 0);
}

static const struct topic {
	const char *name;
	void (*fn)(struct rng *r, FILE *f, int show, struct dt_quiz *q);
	const char *what;
} topics[] = {
	{ "pos-ratio", q_pos_ratio, "pos_ratio at a dirty count, v10 and 6.1 (seed 003)" },
	{ "balanced-rate", q_balanced, "the balanced rate estimate, formula (2) (seed 004)" },
	{ "step", q_step, "one update of dirty_ratelimit through v10's step filter (seed 005)" },
	{ "pause", q_pause, "the pause with think-time compensation (seed 007)" },
	{ "poll-interval", q_poll, "nr_dirtied_pause, the square-root poll interval (seed 006)" },
	{ "ratelimit-pages", q_ratelimit_pages, "the per-CPU safeguard's ratelimit_pages (seed 006)" },
	{ "overshoot", q_overshoot, "the overshoot bound with N tasks (seed 006)" },
	{ "max-pause", q_max_pause, "6.1's wb_max_pause()" },
};

int dt_quiz_ntopics(void) { return (int)(sizeof(topics) / sizeof(topics[0])); }
const char *dt_quiz_topic(int i) { return topics[i].name; }
const char *dt_quiz_what(int i) { return topics[i].what; }

int dt_quiz(const char *topic, unsigned long seed, int show, FILE *f,
	    struct dt_quiz *q)
{
	struct rng r;
	int i, k;

	for (i = 0; i < dt_quiz_ntopics(); i++) {
		if (strcmp(topic, topics[i].name))
			continue;
		/* a different stream per topic, and never the all-zero state */
		r.s = (seed + 1) * 0x9E3779B97F4A7C15ULL ^ (unsigned long long)(i + 1) << 32;
		next(&r);
		memset(q, 0, sizeof(*q));
		fprintf(f, "[%s, seed=%lu]\n", topic, seed);
		topics[i].fn(&r, f, show, q);
		if (show)
			for (k = 0; k < q->nans; k++)
				fprintf(f, "answer: %s = %.10g\n", q->ans[k].key, q->ans[k].value);
		return 0;
	}
	return -1;
}
