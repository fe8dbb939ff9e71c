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
		"(%.1f MiB), bdi_thresh = thresh. What is pos_ratio under v10 (seed 003) and\n"
		"under 6.1, as the kernel computes it: in integers, 1024 = 1.0 (worked in\n"
		"real numbers it lands a few 1024ths away, more where pos_ratio is above 1.0)?\n",
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
		/* each key ends its line (test_claims.c checks it) */
		fprintf(f, "4. pos_ratio = global x bdi line, in the kernel's integers:\n"
			"   under v10 %.4f, pos_ratio_v10 = %lld\n"
			"   under 6.1 %.4f, pos_ratio_61 = %lld\n",
			p10.pos_ratio / 1024.0, p10.pos_ratio, p61.pos_ratio / 1024.0, p61.pos_ratio);
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
		fprintf(f, "2. the estimate does not depend on dirty_ratelimit or pos_ratio: it is\n"
			"   write_bw / N = %lu give or take the rounding; the kernel divides by\n"
			"   dirty_rate | 1 = %lu and rounds down\n"
			"3. balanced = task_ratelimit x write_bw / (dirty_rate | 1) = %lu x %lu / %lu,\n"
			"   %.0f KB/s in the trace's units: %lu pages/s\n",
			wbw / n, rl.dirty_rate | 1, rl.task_ratelimit, wbw, rl.dirty_rate | 1,
			(double)DT_KBPS(rl.balanced), rl.balanced);
	}
	/* integer division: the exact quotient and write_bw / N differ by at
	 * most one page/s per task of rounding in dirty_rate */
	answer(q, "balanced", (double)rl.balanced, 1 + (double)n);
}

/* The step of v10's filter before its shift (seed 005 lines 122-131), read
 * back from an update dt_update_ratelimit() made: for the worked answers
 * only (the answer itself is the law function's new_ratelimit). */
static unsigned long raw_step(const struct dt_rl *rl)
{
	unsigned long rate = rl->dirty_ratelimit, b = rl->balanced, t = rl->task_ratelimit;

	if (rate < b && rate < t)
		return (b < t ? b : t) - rate;
	if (rate > b && rate > t)
		return rate - (b > t ? b : t);
	return 0;
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
		unsigned long raw = raw_step(&rl), rate = rl.dirty_ratelimit;

		fprintf(f, "\n1. task_ratelimit = %lu x %lld >> 10 = %lu pages/s\n",
			rl.dirty_ratelimit, rl.pos_ratio, rl.task_ratelimit);
		fprintf(f, "2. balanced = task_ratelimit x write_bw / dirty_rate = %lu pages/s\n",
			rl.balanced);
		fprintf(f, "3. the rate moves only if task_ratelimit lies on the same side of it as\n"
			"   balanced, and by at most the nearer of the two: raw step %lu pages/s\n"
			"4. shifted right by dirty_ratelimit / (8 step + 1) = %lu, then divided by 8\n"
			"   (rounded up): step = %lu pages/s\n",
			raw, rate / (8 * raw + 1), rl.step);
		fprintf(f, "5. new dirty_ratelimit, %.0f KB/s in the trace's units: %lu %c %lu = %lu pages/s\n",
			(double)DT_KBPS(rl.new_ratelimit), rate, rate < rl.balanced ? '+' : '-',
			rl.step, rl.new_ratelimit);
	}
	answer(q, "dirty_ratelimit", (double)rl.new_ratelimit, 0);
}

/*
 * The pause with think-time compensation (seeds 006-007). The task
 * dirtied 8 to 64 pages at a task_ratelimit that makes the period about
 * 10 to 250 ms (32 to 6400 pages/s: one to a few writers of the lab's 4
 * to 20 MiB/s disks, where chapter 8's writers pause 100 ms), and thought
 * for 0 to 1.12 times that period. The think time is drawn against the
 * period because that ratio decides the answer: drawn on its own (0 to
 * 150 ms, against periods mostly under 30 ms) it outlasted the period for
 * 713 of seeds 1..1000, all answered 0. Now about one seed in nine does
 * not sleep, and few reach the 200 ms cap (a period over 200 ms and
 * little think time); test_claims.c holds every answer under 25 %.
 */
static void q_pause(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	struct dt_task_rl t = { 0, 0, 0 };
	struct dt_pause o;
	unsigned long pages = pick(r, 8, 64), ms = pick(r, 10, 250);
	/* period = 1000 x pages / task, truncated: at least ms */
	unsigned long task = DT_HZ * pages / ms;
	unsigned long think = ms * pick(r, 0, 112) / 100, now = 100000;

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

/*
 * The poll interval (seed 006 lines 95-102): 1 << (ilog2(thresh - dirty)
 * >> 1) pages, 1 at or past the threshold. The answer is a power of two
 * set by the octave of the gap thresh - dirty, so the gap is drawn
 * octave first: 2^e to 2^(e+1) - 1 pages, e from 1 up to the octave of
 * the gap at freerun (12 to 14 for the lab's pools), each answer from 2
 * to 64 pages coming from two octaves (1 from one); and one seed in
 * sixteen has dirty past the threshold (up to thresh / 16), the 1-page
 * case. A gap drawn evenly between freerun and the limit lies mostly in
 * the top octaves: 64 pages was the answer for 485 of seeds 1..1000.
 */
static void q_poll(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	unsigned long thresh, bg, wbw, dirty, iv, room;

	pool(r, &thresh, &bg, &wbw);
	room = thresh - dt_freerun(thresh, bg);
	if (!pick(r, 0, 15)) {
		dirty = thresh + pick(r, 0, thresh / 16);
	} else {
		int e = (int)pick(r, 1, (unsigned long)dt_ilog2(room));
		unsigned long hi = (2UL << e) - 1;

		dirty = thresh - pick(r, 1UL << e, hi < room ? hi : room);
	}
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
				"2. the square root of the gap, rounded down to a power of 2 (%.0f KiB):\n"
				"   1 << (ilog2 / 2) = 1 << %d = %lu pages\n",
				thresh - dirty, dt_ilog2(thresh - dirty), iv * 4.0,
				dt_ilog2(thresh - dirty) / 2, iv);
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
		fprintf(f, "\n1. thresh / (CPUs x 32) = %lu / %d = %lu, at least 16; a CPU's\n"
			"   allowance of %.0f KiB: ratelimit_pages = %lu pages\n",
			thresh, cpus * 32, thresh / ((unsigned long)cpus * 32), rp * 4.0, rp);
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
		fprintf(f, "3. %.1f MiB, %.1f %% of the threshold: at most %lu + %lu = %lu pages\n",
			mib(bound), 100.0 * bound / thresh, (unsigned long)cpus * rp,
			n * DT_EXCEEDED_RL, bound);
	}
	answer(q, "overshoot_pages", (double)bound, 0);
}

/*
 * 6.1's wb_max_pause(). The disk writes 1 to 80 MiB/s and its pool holds
 * what the disk writes in 50 ms to 1.9 s: the small pools the cap is for.
 * t reaches the 200 ms cap once the pool holds about 199 x 128 ms = 1.55 s
 * of writing (later on slow disks, where write_bw / 128 rounds down a
 * lot: 2.3 s at 1 MiB/s), so the cap is the answer for a minority of
 * seeds: 13 of seeds 0..99 (73 with the former ranges, any disk of 1 to
 * 80 MiB/s with 1 to 256 MiB dirty; test_claims.c checks <= 25).
 */
static void q_max_pause(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	unsigned long wbw = pick(r, 1, 80) * 256, ms = pick(r, 50, 1900);
	unsigned long bdi_dirty = wbw * ms / 1000;
	unsigned long per = dt_roundup_pow2(1 + DT_HZ / 8);	/* 128 */
	/* t before the cap, for the worked answer only */
	unsigned long t = bdi_dirty / (1 + wbw / per) + 1;
	long mp = dt_max_pause(DT_V61, wbw, bdi_dirty);

	fprintf(f, "6.1 caps each pause so that a small pool of dirty pages cannot run dry\n"
		"while its writers sleep (wb_max_pause() in mm/page-writeback.c; v10 caps\n"
		"every pause at MAX_PAUSE = 200 ms, seed 007 line 130). A disk writes\n"
		"write_bw = %lu pages/s (%.2f MiB/s; a page is 4 KiB) and holds\n"
		"bdi_dirty = %lu dirty pages (%.1f MiB). In jiffies (HZ = 1000, so 1 jiffy\n"
		"= 1 ms), with whole numbers and every division rounded down:\n\n"
		"    t = bdi_dirty / (1 + write_bw / 128) + 1\n"
		"    max pause = min(t, MAX_PAUSE), MAX_PAUSE = HZ / 5 = 200 jiffies\n\n"
		"(128 is roundup_pow_of_two(1 + HZ / 8), so t is about an eighth of the\n"
		"time, in ms, the disk needs to write all bdi_dirty pages.) What is the max\n"
		"pause, in ms?\n",
		wbw, mib(wbw), bdi_dirty, mib(bdi_dirty));
	if (show)
		fprintf(f, "\n1. write_bw / 128 = %lu / %lu = %lu (rounded down)\n"
			"2. t = %lu / (1 + %lu) + 1 = %lu / %lu + 1 = %lu jiffies\n"
			"3. the disk needs %.0f ms to write the pool, an eighth of that is %.0f ms;\n"
			"   the max pause is min(t, 200) = %ld ms\n",
			wbw, per, wbw / per, bdi_dirty, wbw / per, bdi_dirty, 1 + wbw / per, t,
			1000.0 * bdi_dirty / wbw, 125.0 * bdi_dirty / wbw, mp);
	answer(q, "max_pause_ms", (double)mp, 0);
}

/*
 * task_ratelimit = dirty_ratelimit x pos_ratio >> 10 (seed 004 lines
 * 199-200), taken from dt_update_ratelimit() itself (a pass without the
 * filter) so that the quiz has no second copy of the law.
 */
static unsigned long task_rate(unsigned long rate, long long pos_ratio)
{
	struct dt_rl rl;

	memset(&rl, 0, sizeof(rl));
	rl.dirty_ratelimit = rate;
	rl.pos_ratio = pos_ratio;
	rl.write_bw = rl.dirty_rate = 1;
	dt_update_ratelimit(DT_V10, 0, 0, &rl);
	return rl.task_ratelimit;
}

/*
 * Five updates of v10's closed loop, 200 ms apart (seeds 003-005):
 * position control sets each task's rate, the pool moves by what the
 * tasks dirty less what the disk writes, and rate control moves the base
 * rate through the step filter. Ranges: one of the lab's disks (4, 5, 10
 * or 20 MiB/s), 1 to 8 writers, a threshold of 2 to 4 s of the disk's
 * writing (the lab's 64 to 256 MiB pools are 3 to 64 s of it: there one
 * second would barely move the pool; here 200 ms of imbalance moves it a
 * visible part of the setpoint-to-limit gap, (thresh - bg_thresh) / 4),
 * bg_thresh 1/4 to 1/8 of it. The start: dirty between freerun and 3/4 of
 * the way from setpoint to limit, dirty_ratelimit half to twice the
 * balanced rate write_bw / N.
 * With thresh <= 4 write_bw, limit - setpoint <= thresh / 4 <= write_bw,
 * well below half the span of the disk's line (about 8 write_bw): v10's
 * auxiliary line (seed 003 lines
 * 316-325) never applies, so the problem text can leave it out. The pool
 * loses at most write_bw / 5 pages an update, write_bw in all, less than
 * freerun (>= 9/16 thresh >= write_bw): dirty stays positive.
 */
static void q_loop(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	static const unsigned long disk[] = { 4, 5, 10, 20 };
	unsigned long wbw = disk[pick(r, 0, 3)] * 256, n = pick(r, 1, 8);
	unsigned long thresh = wbw * pick(r, 2, 4), bg = thresh / (pick(r, 2, 4) * 2);
	unsigned long freerun = dt_freerun(thresh, bg), setpoint = dt_setpoint(thresh, bg, thresh);
	unsigned long dirty0, rate0, dirty, rate;
	struct {
		long long pos;
		unsigned long task, dirty, balanced, step, rate;
		long change;
	} row[6];
	struct dt_pos p;
	int k;

	dirty0 = pick(r, freerun, setpoint + 3 * (thresh - setpoint) / 4);
	rate0 = pick(r, wbw / n / 2 + 1, 2 * (wbw / n));
	memset(&p, 0, sizeof(p));
	p.thresh = p.limit = p.bdi_thresh = thresh;
	p.bg_thresh = bg;
	p.write_bw = wbw;
	dirty = dirty0;
	rate = rate0;
	for (k = 1; k <= 5; k++) {
		struct dt_rl rl;

		/* 1. position control at the pool as it stands */
		p.dirty = p.bdi_dirty = dirty;
		dt_pos_ratio(DT_POS_V10, &p);
		row[k].pos = p.pos_ratio;
		row[k].task = task_rate(rate, p.pos_ratio);
		/* 2. for 200 ms = 1/5 s the N tasks dirty at task_ratelimit and
		 * the disk writes at write_bw (C's division: toward zero) */
		row[k].change = ((long)(n * row[k].task) - (long)wbw) / 5;
		dirty = (unsigned long)((long)dirty + row[k].change);
		row[k].dirty = dirty;
		/* 3. rate control on what the tasks dirtied */
		memset(&rl, 0, sizeof(rl));
		rl.dirty_ratelimit = rate;
		rl.pos_ratio = p.pos_ratio;
		rl.write_bw = wbw;
		rl.dirty_rate = n * row[k].task;
		dt_update_ratelimit(DT_V10, 0, 1, &rl);
		row[k].balanced = rl.balanced;
		row[k].step = rl.step;
		rate = row[k].rate = rl.new_ratelimit;
	}
	/* the disk's line as the first update computes it (dirty0 < limit) */
	p.dirty = p.bdi_dirty = dirty0;
	dt_pos_ratio(DT_POS_V10, &p);
	fprintf(f, "Five rate updates of v10's closed loop, 200 ms apart (seeds 003-005). One\n"
		"disk writes write_bw = %lu pages/s (%.2f MiB/s; a page is 4 KiB) and holds\n"
		"all the dirty pages; N = %lu tasks write to it flat out. The threshold is\n"
		"thresh = %lu pages (%.1f MiB) and bg_thresh = %lu pages (%.1f MiB); the limit\n"
		"is thresh, freerun = (thresh + bg_thresh) / 2 = %lu and setpoint = (freerun +\n"
		"limit) / 2 = %lu pages (seed 003 lines 128-132, 258). At the start\n"
		"dirty = %lu pages (%.1f MiB) and dirty_ratelimit = %lu pages/s (%lu KB/s).\n"
		"Each update, in whole numbers:\n"
		" 1. pos_ratio at the current dirty, in 1024ths (seed 003 lines 239-327): 0 if\n"
		"    dirty >= limit, else the global line 1 + ((setpoint - dirty) / (limit -\n"
		"    setpoint + 1))^3 times the disk's line (x_intercept - dirty) /\n"
		"    (x_intercept - bdi_setpoint + 1), where for one disk bdi_setpoint =\n"
		"    setpoint x s = %lu and x_intercept = bdi_setpoint + 8 write_bw x s =\n"
		"    %lu, s = thresh / (thresh + 1) as the kernel's 16-bit fraction (it keeps\n"
		"    1024ths and drops the fraction at each step: a few 1024ths either way\n"
		"    are rounding)\n"
		" 2. task_ratelimit = dirty_ratelimit x pos_ratio / 1024, rounded down (seed\n"
		"    004 lines 199-200)\n"
		" 3. for 200 ms each task dirties at task_ratelimit while the disk writes\n"
		"    write_bw: dirty changes by (N x task_ratelimit - write_bw) / 5 pages,\n"
		"    the fraction dropped\n"
		" 4. balanced = task_ratelimit x write_bw / dirty_rate, dirty_rate = N x\n"
		"    task_ratelimit (seed 004 lines 232-233; the kernel divides by\n"
		"    dirty_rate | 1 and rounds down)\n"
		" 5. dirty_ratelimit takes one step of v10's filter toward balanced (seed 005\n"
		"    lines 122-149; the topic step does one)\n"
		"What are dirty (pages) and dirty_ratelimit (pages/s) after update 5?\n",
		wbw, mib(wbw), n, thresh, mib(thresh), bg, mib(bg), freerun, setpoint,
		dirty0, mib(dirty0), rate0, DT_KBPS(rate0), p.bdi_setpoint, p.x_intercept);
	if (show) {
		fprintf(f, "\npos_ratio is read at the dirty of the row above; the change is what\n"
			"200 ms add to the pool; dirty and dirty_ratelimit are the values after the\n"
			"update (pages, pages/s; pos_ratio in 1024ths).\n\n"
			" update  pos_ratio  task_ratelimit  change  dirty  balanced  step  dirty_ratelimit\n"
			"%7d  %9s  %14s  %6s  %5lu  %8s  %4s  %15lu\n",
			0, "", "", "", dirty0, "", "", rate0);
		for (k = 1; k <= 5; k++)
			fprintf(f, "%7d  %9lld  %14lu  %+6ld  %5lu  %8lu  %4lu  %15lu\n", k, row[k].pos,
				row[k].task, row[k].change, row[k].dirty, row[k].balanced, row[k].step,
				row[k].rate);
		fprintf(f, "\nAfter 1 s dirty lies %+ld pages from setpoint, and dirty_ratelimit is\n"
			"%lu KB/s against the balanced rate write_bw / N = %lu KB/s: position\n"
			"control answered at once, the rate follows by the filter's small steps.\n"
			"dirty after update 5: %lu pages\n"
			"dirty_ratelimit after update 5: %lu pages/s\n",
			(long)dirty - (long)setpoint, DT_KBPS(rate), DT_KBPS(wbw / n), dirty, rate);
	}
	/* dirty carries five rounded pool changes and pos_ratios a student
	 * may compute in floats: a few pages per update */
	answer(q, "dirty", (double)dirty, 10);
	answer(q, "dirty_ratelimit", (double)rate, 2);
}

/*
 * One update of v10's filter with the balanced rate held at b.
 * dt_update_ratelimit() estimates the balanced rate by formula (2),
 * task x write_bw / (dirty_rate | 1); to make that exactly b, feed it a
 * pair for which (2) gives b: an odd dirty_rate above task (so "| 1"
 * changes nothing and task / dirty_rate < 1/2) and write_bw =
 * ceil(b x dirty_rate / task), so that task x write_bw / dirty_rate lies
 * in [b, b + 1/2). Needs task > 0 (the ranges of q_step_path keep it).
 */
static void step_held(unsigned long b, struct dt_rl *rl)
{
	unsigned long task = task_rate(rl->dirty_ratelimit, rl->pos_ratio);

	rl->dirty_rate = 2 * task + 1;
	rl->write_bw = task ? (unsigned long)(((unsigned long long)b * rl->dirty_rate + task - 1) / task) : 0;
	dt_update_ratelimit(DT_V10, 0, 1, rl);
}

/*
 * The step filter's path to a new balanced rate (seed 005). Ranges:
 * dirty_ratelimit 256 to 5120 pages/s (1 to 20 MiB/s: what the lab's
 * disks give one to a few writers); the balanced rate jumps to 1.25 to 4
 * times it, or to 1/4 to 1/1.25 of it (writers stopped or started, the
 * disk slowed or sped up); pos_ratio points the same way, 4 % to 30 % off
 * 1.0, and decays by 5 % to 40 % an update toward 1.0 (at least 8/1024
 * off) as the pool nears its setpoint; in one seed of three, one of
 * updates 2 to 5 has pos_ratio on the other side (the pool crossed the
 * setpoint: the filter holds still). pos_ratio >= 724/1024 and rates >=
 * 64 keep task_ratelimit > 0.
 */
static void q_step_path(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	unsigned long r0 = pick(r, 256, 5120), b, rate;
	int up = (int)pick(r, 0, 1), flip = pick(r, 0, 2) ? 0 : (int)pick(r, 2, 5), k;
	long long pos[6], d = (long long)pick(r, 40, 300);
	struct dt_rl rl[6];

	b = up ? r0 * pick(r, 125, 400) / 100 : r0 * 100 / pick(r, 125, 400);
	for (k = 1; k <= 5; k++) {
		pos[k] = DT_ONE + (up == (k != flip) ? d : -d);
		d = d * (long long)pick(r, 60, 95) / 100;
		if (d < 8)
			d = 8;
	}
	rate = r0;
	for (k = 1; k <= 5; k++) {
		memset(&rl[k], 0, sizeof(rl[k]));
		rl[k].dirty_ratelimit = rate;
		rl[k].pos_ratio = pos[k];
		step_held(b, &rl[k]);
		rate = rl[k].new_ratelimit;
	}
	fprintf(f, "v10's step filter (seed 005 lines 122-149) over five rate updates, 200 ms\n"
		"apart. dirty_ratelimit is %lu pages/s (%lu KB/s) when the balanced rate\n"
		"(seed 004 lines 232-233) jumps to %lu pages/s (%lu KB/s) and stays there.\n"
		"pos_ratio at updates 1 to 5 is %lld, %lld, %lld, %lld and %lld (1024 = 1.0).\n"
		"Each update, in whole numbers (divisions rounded down):\n"
		"  task_ratelimit = dirty_ratelimit x pos_ratio / 1024 (seed 004 lines 199-200)\n"
		"  step = min(balanced, task_ratelimit) - dirty_ratelimit if both lie above\n"
		"    dirty_ratelimit, dirty_ratelimit - max(balanced, task_ratelimit) if both\n"
		"    lie below, else 0 (seed 005 lines 122-131)\n"
		"  step = step >> (dirty_ratelimit / (8 step + 1)), then (step + 7) / 8\n"
		"    (seed 005 lines 138-142)\n"
		"  dirty_ratelimit moves by step toward balanced (seed 005 lines 144-149)\n"
		"What is dirty_ratelimit, in pages/s, after update 1 and after update 5?\n",
		r0, DT_KBPS(r0), b, DT_KBPS(b), pos[1], pos[2], pos[3], pos[4], pos[5]);
	if (show) {
		fprintf(f, "\nraw step: before the shift; shift: dirty_ratelimit / (8 raw + 1); step: after\n"
			"the shift and the / 8; dirty_ratelimit: after the update (pages/s).\n\n"
			" update  pos_ratio  task_ratelimit  balanced  raw step  shift  step  dirty_ratelimit\n"
			"%7d  %9s  %14s  %8s  %8s  %5s  %4s  %15lu\n", 0, "", "", "", "", "", "", r0);
		for (k = 1; k <= 5; k++) {
			unsigned long raw = raw_step(&rl[k]);

			fprintf(f, "%7d  %9lld  %14lu  %8lu  %8lu  %5lu  %4lu  %15lu\n", k, pos[k],
				rl[k].task_ratelimit, rl[k].balanced, raw,
				rl[k].dirty_ratelimit / (8 * raw + 1), rl[k].step, rl[k].new_ratelimit);
		}
		fprintf(f, "\nAfter 1 s the rate has covered %.0f %% of the way from %lu to %lu: each step\n"
			"is at most the position error task_ratelimit - dirty_ratelimit, and an eighth\n"
			"of it or less.\n"
			"dirty_ratelimit after update 1: %lu pages/s\n"
			"dirty_ratelimit after update 5: %lu pages/s\n",
			100.0 * ((double)rate - (double)r0) / ((double)b - (double)r0), r0, b,
			rl[1].new_ratelimit, rl[5].new_ratelimit);
	}
	answer(q, "dirty_ratelimit_1", (double)rl[1].new_ratelimit, 0);
	answer(q, "dirty_ratelimit_5", (double)rl[5].new_ratelimit, 0);
}

/*
 * The per-bdi limits of Linux 6.2 and later (chapter 10; 6.12's
 * __wb_calc_thresh(), wb_dirty_limits(), domain_dirty_freerun() and
 * wb_position_ratio()'s strictlimit branch). A pool of thresh pages
 * (background a half to a quarter of it); a disk whose share of the
 * writeback completions is share % and whose max_bytes caps it at cap
 * pages. Its threshold is the smaller of the two; its background
 * threshold the pool's scaled the same way; with strict_limit its writer
 * runs free up to (wb_thresh + wb_bg_thresh) / 2 and above it gets the
 * global cubic on the wb's numbers, 1 at that ceiling and 0 at wb_thresh
 * (dt_polynom, 6.1's and 6.12's pos_ratio_polynom(), so that the quiz
 * has no second copy of the law).
 *
 * The key of pos_ratio is the kernel's integer result, and the question
 * spells out its steps (an odd divisor, x truncated, two shifts): the kit
 * is about what the kernel computes, and the steps are four whole-number
 * operations a student can do by hand. The real-number cubic, which the
 * question once asked for, lies up to 14/1024 away where the band is
 * 192 pages wide (seed 518); the worked answer shows it for comparison,
 * before its last line, which is the key.
 *
 * Ranges: pools of 40 to 400 MiB; shares of 10 to 50 %; caps in whole
 * MiB (as max_bytes is set) from a quarter to one and a half times the
 * share, so the cap binds for about three seeds in five and the share
 * for the rest; wb_dirty anywhere strictly inside the band (ceiling,
 * wb_thresh). With the cap always binding and wb_dirty at whole eighths
 * of the band, pos_ratio took a handful of values.
 */
static void q_bdi_limits(struct rng *r, FILE *f, int show, struct dt_quiz *q)
{
	unsigned long thresh = pick(r, 10, 100) * 1024, bg = thresh / pick(r, 2, 4);
	unsigned long share = pick(r, 2, 10) * 5;
	unsigned long by_share = thresh * share / 100;
	unsigned long cap = pick(r, by_share / 4, by_share * 3 / 2) / 256 * 256;
	unsigned long wthr, wbg, wfree, dirty;
	long long pr, den, xi, x2, x3;
	double x;

	if (cap < 256)
		cap = 256;
	wthr = by_share < cap ? by_share : cap;
	wbg = bg * wthr / thresh;
	wfree = dt_freerun(wthr, wbg);
	/* wthr >= 256 and wbg <= wthr / 2: the band is at least 64 pages */
	dirty = pick(r, wfree + 1, wthr - 1);
	pr = dt_polynom(DT_V61, wfree, dirty, wthr);
	/* the worked answer's steps, the kernel's integers as dt_polynom()
	 * takes them (pos_ratio_polynom(): an odd divisor, x truncated toward
	 * zero, two arithmetic shifts that round toward minus infinity); and
	 * the real-number value, to show what the fixed point moves */
	den = (long long)((wthr - wfree) | 1);
	xi = ((long long)wfree - (long long)dirty) * 1024 / den;
	x2 = (xi * xi) >> 10;
	x3 = (x2 * xi) >> 10;
	x = ((double)wfree - (double)dirty) / (double)(wthr - wfree);

	fprintf(f, "Linux 6.2 and later can cap one disk's share of the dirty pool and make\n"
		"its writers obey its own limit (chapter 10). The pool's threshold is\n"
		"thresh = %lu pages (%.0f MiB; a page is 4 KiB), its background threshold\n"
		"bg_thresh = %lu pages. A disk's share of the writeback completions is\n"
		"%lu %%, and its max_bytes caps it at %lu pages (%.0f MiB). With whole numbers\n"
		"and every division rounded down:\n\n"
		"    wb_thresh    = min(thresh x share / 100, cap)\n"
		"    wb_bg_thresh = bg_thresh x wb_thresh / thresh\n"
		"    the disk's free-run ceiling = (wb_thresh + wb_bg_thresh) / 2\n\n"
		"1. What is wb_thresh, in pages?\n"
		"2. What is the disk's free-run ceiling, in pages?\n"
		"3. The disk has strict_limit set and holds wb_dirty = %lu dirty pages.\n"
		"   Above its ceiling its writers get pos_ratio = 1 + ((ceiling - wb_dirty)\n"
		"   / (wb_thresh - ceiling))^3, capped to [0, 2]. The kernel computes it in\n"
		"   fixed point, 1024 = 1.0 (pos_ratio_polynom()):\n\n"
		"    x = (ceiling - wb_dirty) x 1024 / ((wb_thresh - ceiling) | 1)\n"
		"        (truncated toward zero; | 1 makes the divisor odd, never 0)\n"
		"    y = x x x / 1024, then y = y x x / 1024 (each rounded down, toward\n"
		"        minus infinity)\n"
		"    pos_ratio = 1024 + y, capped to [0, 2048]\n\n"
		"   What is pos_ratio, in 1024ths, by these integer steps (the kernel's\n"
		"   value, not the real-number cubic times 1024)?\n",
		thresh, mib(thresh), bg, share, cap, mib(cap), dirty);
	if (show) {
		fprintf(f, "\n1. thresh x share / 100 = %lu; the cap %lu is %s: wb_thresh = %lu\n",
			by_share, cap, cap < by_share ? "smaller" : cap > by_share ? "larger" : "the same",
			wthr);
		fprintf(f, "2. wb_bg_thresh = %lu x %lu / %lu = %lu; the ceiling (%lu + %lu) / 2 = %lu\n",
			bg, wthr, thresh, wbg, wthr, wbg, wfree);
		fprintf(f, "3. (%lu - %lu) | 1 = %lld; x = (%lu - %lu) x 1024 / %lld = %lld;\n"
			"   y = %lld x %lld / 1024 = %lld; y = %lld x %lld / 1024 = %lld\n"
			"   (in real numbers 1 + ((%lu - %lu) / (%lu - %lu))^3 = %.4f, %.1f in\n"
			"   1024ths: the odd divisor and the roundings put the kernel %+.1f from it)\n"
			"   pos_ratio = 1024 %c %lld = %lld\n",
			wthr, wfree, den, wfree, dirty, den, xi, xi, xi, x2, x2, xi, x3,
			wfree, dirty, wthr, wfree, 1 + x * x * x, 1024 * (1 + x * x * x),
			(double)pr - 1024 * (1 + x * x * x),
			x3 < 0 ? '-' : '+', x3 < 0 ? -x3 : x3, pr);
	}
	answer(q, "wb_thresh", (double)wthr, 0);
	answer(q, "wb_freerun", (double)wfree, 0);
	/* the integer steps give the key exactly; 2/1024 is a slip of one
	 * rounding */
	answer(q, "pos_ratio", (double)pr, 2);
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
	/* new topics go last: a topic's random stream depends on its index */
	{ "loop", q_loop, "five updates of v10's loop: position, pool, rate (seeds 003-005)" },
	{ "step-path", q_step_path, "five steps of v10's filter toward a new balanced rate (seed 005)" },
	{ "bdi-limits", q_bdi_limits, "one disk's cap and strict limit (Linux 6.2 and later, chapter 10)" },
};

int dt_quiz_ntopics(void) { return (int)(sizeof(topics) / sizeof(topics[0])); }
const char *dt_quiz_topic(int i) { return topics[i].name; }
const char *dt_quiz_what(int i) { return topics[i].what; }

int dt_quiz_find(const char *topic)
{
	int i;

	for (i = 0; i < dt_quiz_ntopics(); i++)
		if (!strcmp(topic, topics[i].name))
			return i;
	return -1;
}

int dt_quiz(const char *topic, unsigned long seed, int show, FILE *f,
	    struct dt_quiz *q)
{
	struct rng r;
	int i = dt_quiz_find(topic), k;

	if (i < 0)
		return -1;
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
