/*
 * dtlaw.c -- the control laws of IO-less dirty throttling (v10 and 6.1).
 *
 * Pure functions, no state, no I/O; declared and documented in dtlaw.h.
 * Each function names the seed file and lines it models and, for 6.1, the
 * function of mm/page-writeback.c.  Written from the seeds' formulas in our
 * own code; the integer steps (shifts, "+ 1", "| 1", truncating division)
 * are kept where the kernel has them because they decide the rounding.
 * Build: make -C model (compiled into dtmodel and test_claims).
 */
#include "dtlaw.h"

int dt_ilog2(unsigned long v)
{
	int r = -1;

	while (v) {
		v >>= 1;
		r++;
	}
	return r;
}

unsigned long dt_roundup_pow2(unsigned long v)
{
	unsigned long r = 1;

	while (r < v)
		r <<= 1;
	return r;
}

static unsigned long umin(unsigned long a, unsigned long b) { return a < b ? a : b; }
static unsigned long umax(unsigned long a, unsigned long b) { return a > b ? a : b; }

unsigned long dt_freerun(unsigned long thresh, unsigned long bg_thresh)
{
	return (thresh + bg_thresh) / 2;
}

unsigned long dt_setpoint(unsigned long thresh, unsigned long bg_thresh,
			  unsigned long limit)
{
	return (dt_freerun(thresh, bg_thresh) + limit) / 2;
}

long long dt_polynom(enum dt_variant v, unsigned long setpoint,
		     unsigned long dirty, unsigned long limit)
{
	long long den, x, r;

	/* x = (setpoint - dirty) / (limit - setpoint), scaled by 2^10 and
	 * truncated toward zero like div_s64(). */
	if (v == DT_V10)
		den = (long long)(limit - setpoint) + 1;
	else
		den = (long long)((limit - setpoint) | 1);
	x = (((long long)setpoint - (long long)dirty) * DT_ONE) / den;
	/* cube it in two steps, each dropping 10 fraction bits (arithmetic
	 * shift, i.e. floor, for negative values as on gcc/x86) */
	/* skel cubic | r = DT_ONE; (void)x; | r = 1 + x^3 in 2^10 fixed point: cube x in two steps, each dropping DT_SHIFT fraction bits */
	r = x;
	r = (r * x) >> DT_SHIFT;
	r = (r * x) >> DT_SHIFT;
	r += DT_ONE;
	/* skel end */
	if (v == DT_V61) {	/* 6.1 clamps to [0, 2.0] */
		if (r < 0)
			r = 0;
		if (r > 2 * DT_ONE)
			r = 2 * DT_ONE;
	}
	return r;
}

static long long pos_v10(struct dt_pos *p, int knob)
{
	unsigned long bdi_thresh = p->bdi_thresh, x, span, half;
	long long pos;

	/* knob: the kit's pos_ratio=v10 keeps 6.1's cubic and divisors */
	pos = dt_polynom(knob ? DT_V61 : DT_V10, p->setpoint, p->dirty, p->limit);
	p->global = pos;
	/* seed 003 lines 297-298 "if (unlikely(bdi_thresh > thresh)) bdi_thresh = thresh;":
	 * a bdi cannot own more than thresh */
	if (bdi_thresh > p->thresh)
		bdi_thresh = p->thresh;
	/* bdi share as a 16-bit fraction (seed 003 lines 303-304 "x = div_u64((u64)bdi_thresh << 16, thresh + 1);") */
	x = (unsigned long)(((unsigned long long)bdi_thresh << 16) /
			    (knob ? (p->thresh | 1) : p->thresh + 1));
	p->bdi_setpoint = (unsigned long)(((unsigned long long)p->setpoint * x) >> 16);
	/* span: 8*write_bw for a single bdi, bdi_thresh for JBOD
	 * (seed 003 line 313 "span = (thresh - bdi_thresh + 8 * write_bw) * (u64)x >> 16;") */
	span = (unsigned long)(((unsigned long long)(p->thresh - bdi_thresh +
				8 * p->write_bw) * x) >> 16);
	p->span = span;
	p->x_intercept = p->bdi_setpoint + span;
	/* auxiliary line past bdi_setpoint + span/2
	 * (seed 003 lines 316-325 "if (unlikely(bdi_dirty > bdi_setpoint + span)) {") */
	half = span >> 1;
	/* no_aux: the bare line, 0 from x_intercept on (the seed's unsigned
	 * x_intercept - bdi_dirty would wrap there; the aux line is what
	 * keeps bdi_dirty below it) */
	if (p->no_aux && p->bdi_dirty >= p->x_intercept)
		return 0;
	if (!p->no_aux && p->bdi_dirty > p->bdi_setpoint + half) {
		if (p->bdi_dirty > p->limit)
			return 0;
		if (p->x_intercept < p->limit) {
			p->x_intercept = p->limit;
			p->bdi_setpoint += half;
			pos >>= 1;
		}
	}
	if (pos < 0)	/* cannot happen for dirty < limit; keeps the u64 math honest */
		pos = 0;
	/* seed 003 lines 326-327 "pos_ratio *= x_intercept - bdi_dirty;" */
	/* skel bdi-line | (void)0; | pos *= (x_intercept - bdi_dirty) / (x_intercept - bdi_setpoint + 1), in unsigned 64-bit arithmetic */
	pos = (long long)((unsigned long long)pos * (p->x_intercept - p->bdi_dirty) /
			  (p->x_intercept - p->bdi_setpoint + 1));
	/* skel end */
	return pos;
}

static long long pos_61(struct dt_pos *p)
{
	unsigned long wb_thresh = p->bdi_thresh, x, span, xi;
	long long pos;

	pos = dt_polynom(DT_V61, p->setpoint, p->dirty, p->limit);
	p->global = pos;
	if (wb_thresh > p->thresh)
		wb_thresh = p->thresh;
	/* an idle wb still gets a workable share: (limit - dirty) / 8 */
	wb_thresh = umax(wb_thresh, (p->limit - p->dirty) / 8);
	x = (unsigned long)(((unsigned long long)wb_thresh << 16) / (p->thresh | 1));
	p->bdi_setpoint = (unsigned long)(((unsigned long long)p->setpoint * x) >> 16);
	span = (unsigned long)(((unsigned long long)(p->thresh - wb_thresh +
				8 * p->write_bw) * x) >> 16);
	p->span = span;
	p->x_intercept = p->bdi_setpoint + span;
	/* linear down to 1/4, then flat at 1/4 of the global value */
	if (p->bdi_dirty < p->x_intercept - span / 4)
		pos = (long long)((unsigned long long)pos *
				  (p->x_intercept - p->bdi_dirty) /
				  ((p->x_intercept - p->bdi_setpoint) | 1));
	else
		pos /= 4;
	/* wb reserve area below wb_thresh/2: scale up, at most 8x */
	xi = wb_thresh / 2;
	if (p->bdi_dirty < xi) {
		if (p->bdi_dirty > xi / 8)
			pos = (long long)((unsigned long long)pos * xi / p->bdi_dirty);
		else
			pos *= 8;
	}
	return pos;
}

long long dt_pos_ratio(enum dt_posmode m, struct dt_pos *p)
{
	p->freerun = dt_freerun(p->thresh, p->bg_thresh);
	if (p->limit < p->thresh)	/* hard_dirty_limit() = max(thresh, limit) */
		p->limit = p->thresh;
	p->setpoint = (p->freerun + p->limit) / 2;
	p->bdi_setpoint = p->x_intercept = p->span = 0;
	p->global = 0;
	if (m == DT_POS_THRESHOLD) {
		p->bdi_setpoint = (unsigned long)((unsigned long long)p->setpoint *
				   umin(p->bdi_thresh, p->thresh) / (p->thresh + 1));
		p->global = p->dirty <= p->thresh ? DT_ONE : 0;
		p->pos_ratio = (p->dirty <= p->thresh &&
				p->bdi_dirty <= p->bdi_thresh) ? DT_ONE : 0;
		return p->pos_ratio;
	}
	/* both: nothing above the hard limit (seed 003 lines 239-240 "if (unlikely(dirty >= limit)) return 0;") */
	if (p->dirty >= p->limit) {
		/* for the record only: the share the bdi line would use */
		p->bdi_setpoint = (unsigned long)((unsigned long long)p->setpoint *
				   umin(p->bdi_thresh, p->thresh) / (p->thresh + 1));
		p->pos_ratio = 0;
		return 0;
	}
	if (m == DT_POS_V10 || m == DT_POS_V10_KNOB)
		p->pos_ratio = pos_v10(p, m == DT_POS_V10_KNOB);
	else
		p->pos_ratio = pos_61(p);
	return p->pos_ratio;
}

void dt_update_write_bw(struct dt_bw *b, unsigned long elapsed,
			unsigned long written_delta)
{
	const unsigned long period = dt_roundup_pow2(3 * DT_HZ);	/* 4096 */
	unsigned long avg = b->avg_write_bandwidth;
	unsigned long old = b->write_bandwidth;
	unsigned long long bw;

	if (elapsed == 0)
		elapsed = 1;
	bw = (unsigned long long)written_delta * DT_HZ;
	if (elapsed > period) {		/* long idle: restart from this sample */
		bw /= elapsed;
		avg = (unsigned long)bw;
	} else {
		/* weight the new sample by elapsed/period */
		bw += (unsigned long long)b->write_bandwidth * (period - elapsed);
		bw >>= dt_ilog2(period);
		/* the average moves 1/8 towards write_bandwidth, but only when
		 * the new sample does not point back the other way */
		if (avg > old && old >= (unsigned long)bw)
			avg -= (avg - old) >> 3;
		if (avg < old && old <= (unsigned long)bw)
			avg += (old - avg) >> 3;
	}
	b->write_bandwidth = (unsigned long)bw;
	b->avg_write_bandwidth = umax(avg, 1);
}

static unsigned long min3ul(unsigned long a, unsigned long b, unsigned long c)
{
	return umin(umin(a, b), c);
}

static unsigned long max3ul(unsigned long a, unsigned long b, unsigned long c)
{
	return umax(umax(a, b), c);
}

void dt_update_ratelimit(enum dt_variant v, int pure, int filter,
			 struct dt_rl *r)
{
	unsigned long rl = r->dirty_ratelimit, task, bal, step = 0, x, shift;

	/* what each dd was allowed during the past period */
	task = (unsigned long)(((unsigned long long)rl * (unsigned long long)
				(r->pos_ratio < 0 ? 0 : r->pos_ratio)) >> DT_SHIFT);
	if (v == DT_V61)
		task++;		/* lets the rate climb from tiny values */
	r->task_ratelimit = task;

	/* formula (2): task * write_bw / dirty_rate; (1) uses rl instead */
	bal = (unsigned long)((unsigned long long)(pure ? rl : task) *
			      r->write_bw / (r->dirty_rate | 1));
	if (v == DT_V61 && bal > r->write_bw)
		bal = r->write_bw;
	r->balanced = bal;

	if (!filter) {
		r->step = bal > rl ? bal - rl : rl - bal;
		r->new_ratelimit = umax(bal, 1);
		return;
	}

	if (v == DT_V10) {
		/* seed 005 lines 122-147 "step = min(balanced_dirty_ratelimit, task_ratelimit) - dirty_ratelimit;":
		 * move only when task_ratelimit is on
		 * the same side as the balanced rate, by at most their gap */
		/* skel step-filter | step = 0; (void)shift; | seed 005: move only when task_ratelimit is on the same side as balanced, by at most the nearer of the two; then step >>= rate / (8 step + 1) and step = (step + 7) / 8 */
		if (rl < bal) {
			if (rl < task)
				step = umin(bal, task) - rl;
		} else {
			if (rl > task)
				step = rl - umax(bal, task);
		}
		shift = rl / (8 * step + 1);
		/* the seed shifts unconditionally; shifting by >= 64 bits is
		 * undefined in C, and the intent (step -> 0) is what 6.1 coded */
		step = shift < 64 ? step >> shift : 0;
		step = (step + 7) / 8;
		/* skel end */
	} else {
		/* 6.1: the position error is read from dirty vs setpoint and the
		 * previous balanced rate also bounds the step */
		if (r->dirty < r->setpoint) {
			x = min3ul(r->prev_balanced, bal, task);
			if (rl < x)
				step = x - rl;
		} else {
			x = max3ul(r->prev_balanced, bal, task);
			if (rl > x)
				step = rl - x;
		}
		shift = rl / (2 * step + 1);
		step = shift < 64 ? ((step >> shift) + 7) / 8 : 0;
	}
	r->step = step;
	if (rl < bal)
		rl += step;
	else
		rl -= step;
	r->new_ratelimit = umax(rl, 1);
}

unsigned long dt_poll_interval(unsigned long dirty, unsigned long thresh)
{
	if (thresh > dirty)
		return 1UL << (dt_ilog2(thresh - dirty) >> 1);
	return 1;
}

unsigned long dt_ratelimit_pages(unsigned long thresh, int cpus)
{
	unsigned long r = thresh / ((unsigned long)(cpus > 0 ? cpus : 1) * 32);

	return r < 16 ? 16 : r;
}

long dt_max_pause(enum dt_variant v, unsigned long write_bw,
		  unsigned long bdi_dirty)
{
	unsigned long t;

	if (v == DT_V10)
		return DT_MAX_PAUSE;
	/* 6.1: at most 1/8 s worth of the wb's dirty pool (safety ratio 8) */
	t = bdi_dirty / (1 + write_bw / dt_roundup_pow2(1 + DT_HZ / 8));
	t++;
	return (long)umin(t, DT_MAX_PAUSE);
}

long dt_min_pause(enum dt_variant v, unsigned long write_bw,
		  unsigned long dirty_ratelimit, long max_pause,
		  unsigned long task_ratelimit, int *nr_dirtied_pause)
{
	long hi, lo, t, pause;
	long pages;

	if (v == DT_V10)
		return 1;	/* seed 007 line 119 "if (unlikely(pause <= 0)) {": only pause <= 0 skips */
	hi = dt_ilog2(write_bw ? write_bw : 1);
	lo = dt_ilog2(dirty_ratelimit ? dirty_ratelimit : 1);
	t = DT_HZ / 100 > 1 ? DT_HZ / 100 : 1;	/* 10 ms for one dd */
	if (hi > lo)	/* +10 ms per doubling of the number of dirtiers */
		t += (hi - lo) * (10 * DT_HZ) / 1024;
	if (t > 1 + max_pause / 2)
		t = 1 + max_pause / 2;
	pages = (long)(dirty_ratelimit * (unsigned long)t / dt_roundup_pow2(DT_HZ));
	if (pages < DT_POLL_THRESH) {
		t = max_pause;
		pages = (long)(dirty_ratelimit * (unsigned long)t / dt_roundup_pow2(DT_HZ));
		if (pages > DT_POLL_THRESH) {
			pages = DT_POLL_THRESH;
			t = (long)(DT_HZ * DT_POLL_THRESH / dirty_ratelimit);
		}
	}
	pause = (long)(DT_HZ * (unsigned long)pages / (task_ratelimit + 1));
	if (pause > max_pause) {
		t = max_pause;
		pages = (long)(task_ratelimit * (unsigned long)t / dt_roundup_pow2(DT_HZ));
	}
	*nr_dirtied_pause = (int)pages;
	return pages >= DT_POLL_THRESH ? 1 + t / 2 : t;
}

void dt_task_pause(enum dt_variant v, int think, struct dt_task_rl *t,
		   unsigned long now, unsigned long pages_dirtied,
		   unsigned long task_ratelimit, long min_pause,
		   long max_pause, int next_pause_pages, struct dt_pause *o)
{
	long period, pause;
	unsigned long wake_base = now;

	o->think = t->dirty_paused_when == 0 ? 0 : now - t->dirty_paused_when;
	if (task_ratelimit == 0) {	/* over the limit: sleep the max */
		period = pause = max_pause;
		goto sleep;
	}
	period = (long)(DT_HZ * pages_dirtied / task_ratelimit);
	pause = period;
	/* think-time compensation: the time since the last pause ended counts
	 * against this period (seed 007 lines 19-21 "think = jiffies - dirty_paused_when; pause = period - think;") */
	/* skel pause | (void)0; | seed 007: with think-time compensation the pause is period - think, think = now - dirty_paused_when (6.1: only once the task has paused before) */
	if (think) {
		if (v == DT_V10)
			pause -= (long)(now - t->dirty_paused_when);
		else if (t->dirty_paused_when)
			pause -= (long)(now - t->dirty_paused_when);
	}
	/* skel end */
	if (pause < min_pause) {	/* no sleep this time */
		o->period = period;
		o->pause = 0;
		o->trace_pause = pause < 0 ? pause : 0;
		o->sleep = 0;
		if (v == DT_V10)
			o->trace_pause = pause;
		if (!think) {
			/* no virtual time to carry the short period: keep
			 * nr_dirtied, come back after more pages (the kit's
			 * think_time=off knob) */
			if (v == DT_V61 &&
			    t->nr_dirtied_pause <= (int)pages_dirtied)
				t->nr_dirtied_pause += (int)pages_dirtied;
		} else if (pause < -DT_HZ) {	/* thought for > 1 s: restart */
			t->dirty_paused_when = now;
			t->nr_dirtied = 0;
		} else if (period) {		/* carry the credit forward */
			t->dirty_paused_when += (unsigned long)period;
			t->nr_dirtied = 0;
		} else if (v == DT_V61 &&
			   t->nr_dirtied_pause <= (int)pages_dirtied) {
			t->nr_dirtied_pause += (int)pages_dirtied;
		}
		if (v == DT_V10)
			t->nr_dirtied_pause = next_pause_pages;
		return;
	}
	if (pause > max_pause) {
		/* 6.1: remember up to one more max_pause of debt */
		if (v == DT_V61)
			wake_base += (unsigned long)(pause - max_pause < max_pause ?
						     pause - max_pause : max_pause);
		pause = max_pause;
	}
sleep:
	o->period = period;
	o->pause = pause;
	o->trace_pause = pause;
	o->sleep = 1;
	t->dirty_paused_when = wake_base + (unsigned long)pause;
	t->nr_dirtied = 0;
	t->nr_dirtied_pause = next_pause_pages;
}
