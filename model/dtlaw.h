/*
 * dtlaw.h -- the control laws of IO-less dirty throttling, as pure functions.
 *
 * What: Wu Fengguang's "IO-less dirty throttling v10" (2011, seeds 003-007)
 * and the same laws as they stand in Debian's 6.1 mm/page-writeback.c,
 * rewritten in our own code with the kernel's integer arithmetic so that
 * the model rounds exactly where the kernel rounds.
 * Reads/writes: nothing (no state, no I/O). Used by dtsim.c, dtmodel.c and
 * test_claims.c.  Build: see model/Makefile.
 *
 * Units, as in the kernel: pages (4 KiB), pages/s for rates and bandwidths,
 * jiffies at HZ=1000 (1 jiffy = 1 ms).  pos_ratio is fixed point with
 * RATELIMIT_CALC_SHIFT = 10, so 1024 means 1.0.
 */
#ifndef DTLAW_H
#define DTLAW_H

#define DT_HZ		1000
#define DT_SHIFT	10			/* RATELIMIT_CALC_SHIFT */
#define DT_ONE		(1L << DT_SHIFT)	/* pos_ratio 1.0 */
#define DT_PAGE_SHIFT	12
#define DT_MAX_PAUSE	(DT_HZ / 5)		/* MAX_PAUSE: 200 ms */
#define DT_BW_INTERVAL	(DT_HZ / 5)		/* BANDWIDTH_INTERVAL: 200 ms */
#define DT_INIT_BW	(100UL << (20 - DT_PAGE_SHIFT))	/* INIT_BW: 100 MB/s */
#define DT_POLL_THRESH	(128 >> (DT_PAGE_SHIFT - 10))	/* 32 pages */
#define DT_EXCEEDED_RL	(32 >> (DT_PAGE_SHIFT - 10))	/* 8 pages */
#define DT_KBPS(x)	((x) << (DT_PAGE_SHIFT - 10))	/* pages/s -> KB/s */

/* Which text the arithmetic follows. */
enum dt_variant { DT_V61 = 0, DT_V10 = 1 };

/* Position-control law: 6.1, v10, or the old on/off threshold scheme. */
enum dt_posmode { DT_POS_61 = 0, DT_POS_V10 = 1, DT_POS_THRESHOLD = 2,
		  DT_POS_V10_KNOB = 3 };

/* Helpers the kernel takes from <linux/log2.h>. */
int dt_ilog2(unsigned long v);			/* floor(log2 v), v > 0 */
unsigned long dt_roundup_pow2(unsigned long v);	/* v > 0 */

/* Freerun ceiling (thresh + bg) / 2: seed 003 lines 128-132 "return (thresh + bg_thresh) / 2;". */
unsigned long dt_freerun(unsigned long thresh, unsigned long bg_thresh);
/* Global setpoint (freerun + limit) / 2: seed 003 line 258 "setpoint = (freerun + limit) / 2;". */
unsigned long dt_setpoint(unsigned long thresh, unsigned long bg_thresh,
			  unsigned long limit);

/*
 * Global control line, 1.0 + ((setpoint - dirty) / (limit - setpoint))^3.
 * v10: seed 003 lines 242-264 "x = div_s64((setpoint - dirty) << RATELIMIT_CALC_SHIFT, limit - setpoint + 1);"
 *   (denominator limit - setpoint + 1, no clamp).
 * 6.1: pos_ratio_polynom() (denominator (limit - setpoint) | 1, clamped to
 * [0, 2.0]).
 */
long long dt_polynom(enum dt_variant v, unsigned long setpoint,
		     unsigned long dirty, unsigned long limit);

/* Inputs and intermediate values of the position ratio. */
struct dt_pos {
	/* in: pages, write_bw in pages/s (the bdi's avg_write_bandwidth) */
	unsigned long thresh, bg_thresh, limit, dirty;
	unsigned long bdi_thresh, bdi_dirty, write_bw;
	/* in, DT_POS_V10 and DT_POS_V10_KNOB only: 1 = no auxiliary line, the
	 * bare bdi line down to 0 at x_intercept (the model's control for
	 * seed 003's auxiliary line; no kernel knob has it) */
	int no_aux;
	/* out */
	unsigned long freerun, setpoint, bdi_setpoint, x_intercept, span;
	long long global;	/* the global line alone */
	long long pos_ratio;	/* the result, 1024 = 1.0 */
};

/*
 * The full position ratio (global cubic times the bdi line).
 * DT_POS_V10: bdi_position_ratio(),
 *   seed 003 lines 222-330 "static unsigned long bdi_position_ratio(struct backing_dev_info *bdi,"
 *   (single-bdi and JBOD span, auxiliary control line past bdi_setpoint + span/2).
 * DT_POS_61: wb_position_ratio() (1/4 floor instead of the auxiliary
 *   line, wb_thresh floor (limit - dirty)/8, wb reserve area below
 *   wb_thresh/2).  Non-strictlimit, no memcg.
 * DT_POS_THRESHOLD: the old scheme (seed 003 lines 9-13 "free run area | throttle area") as the kit's
 *   dirty_throttle/pos_ratio=threshold knob reads it: 1.0 while dirty <=
 *   thresh and bdi_dirty <= bdi_thresh (the caller then lets the task run
 *   free), else 0.
 * DT_POS_V10_KNOB: what the kit's pos_ratio=v10 knob computes inside 6.1:
 *   6.1's clamped cubic and bdi share, then v10's bdi line (no wb_thresh
 *   floor, no reserve area, the auxiliary line).
 */
long long dt_pos_ratio(enum dt_posmode m, struct dt_pos *p);

/* Write bandwidth estimator state of one bdi (pages/s). */
struct dt_bw {
	unsigned long write_bandwidth;
	unsigned long avg_write_bandwidth;
};

/*
 * One write_bw update after @elapsed jiffies in which @written_delta pages
 * completed: a 3 s (rounded to 4096 jiffies) moving average plus a second
 * smoothing step that ignores single spikes.  6.1 wb_update_write_bandwidth();
 * v10 carried the same estimator, which seed 005 refers to
 * (seed 005 lines 16-17 "the 3s write_bw averaging time lag").
 */
void dt_update_write_bw(struct dt_bw *b, unsigned long elapsed,
			unsigned long written_delta);

/* One dirty_ratelimit update (every 200 ms). */
struct dt_rl {
	/* in */
	unsigned long dirty_ratelimit;	/* current base rate, pages/s */
	unsigned long prev_balanced;	/* 6.1: wb->balanced_dirty_ratelimit */
	unsigned long write_bw;		/* avg_write_bandwidth, pages/s */
	unsigned long dirty_rate;	/* pages dirtied per s over the period */
	unsigned long dirty, setpoint;	/* 6.1 uses the sign of dirty-setpoint */
	long long pos_ratio;
	/* out */
	unsigned long task_ratelimit;
	unsigned long balanced;
	unsigned long step;
	unsigned long new_ratelimit;
};

/*
 * The balanced-rate estimate and the update of dirty_ratelimit.
 * v10: bdi_update_dirty_ratelimit(),
 *   seed 004 lines 172-236 "balanced_dirty_ratelimit = div_u64((u64)task_ratelimit * write_bw,"
 *   (estimate)
 *   and seed 005 lines 88-149 "makes use of task_ratelimit to filter out sigular points"
 *   (step filter).
 * 6.1: wb_update_dirty_ratelimit() (task_ratelimit + 1, balanced capped at
 *   write_bw, min3/max3 against the previous balanced rate and the sign of
 *   dirty - setpoint, step >> (rate / (2 step + 1)), rounded up / 8).
 * @pure: use formula (1) rate * write_bw / dirty_rate instead of (2)
 *   (seed 004 lines 208-231 "Note that the expanded form is not a pure rate feedback:").
 *   @filter = 0: follow the balanced rate directly
 *   (seed 005 lines 89-91 "bdi->dirty_ratelimit = balanced_dirty_ratelimit;").
 */
void dt_update_ratelimit(enum dt_variant v, int pure, int filter,
			 struct dt_rl *r);

/* Pages a task may dirty before polling again:
 * seed 006 lines 95-102 "return 1UL << (ilog2(thresh - dirty) >> 1);",
 * 6.1 dirty_poll_interval(). */
unsigned long dt_poll_interval(unsigned long dirty, unsigned long thresh);

/* Per-CPU safeguard threshold thresh / (cpus * 32), at least 16 pages:
 * seed 006 lines 195-206 "ratelimit_pages = dirty_thresh / (num_online_cpus() * 32);",
 * 6.1 writeback_set_ratelimit(). */
unsigned long dt_ratelimit_pages(unsigned long thresh, int cpus);

/* 6.1 wb_max_pause(): cap the pause so a small dirty pool cannot run dry. */
long dt_max_pause(enum dt_variant v, unsigned long write_bw,
		  unsigned long bdi_dirty);

/* 6.1 wb_min_pause(): target pause and the next nr_dirtied_pause.
 * v10 has no minimum (pause <= 0 means "don't sleep",
 * seed 007 line 119 "if (unlikely(pause <= 0)) {"):
 * returns 1 and leaves *nr_dirtied_pause alone. */
long dt_min_pause(enum dt_variant v, unsigned long write_bw,
		  unsigned long dirty_ratelimit, long max_pause,
		  unsigned long task_ratelimit, int *nr_dirtied_pause);

/* Per-task throttling state (task_struct fields of seeds 006 and 007). */
struct dt_task_rl {
	int nr_dirtied;
	int nr_dirtied_pause;
	unsigned long dirty_paused_when;	/* jiffies, 0 = never */
};

/* Result of one pass through the pause computation. */
struct dt_pause {
	long period;		/* jiffies the dirtied pages are worth */
	long pause;		/* jiffies to sleep (if sleep) */
	long trace_pause;	/* what the trace event records */
	unsigned long think;	/* now - dirty_paused_when (trace), jiffies */
	int sleep;		/* 1: sleep @pause jiffies; 0: go on */
};

/*
 * The per-task pause with think-time compensation and the max-pause cap:
 * seed 007 lines 17-48, 99-138 "pause = current->dirty_paused_when + period - now;";
 * 6.1 balance_dirty_pages() from
 * "if (unlikely(task_ratelimit == 0))" to the sleep.  @think = 0 drops the
 * compensation (pause = period).  @next_pause_pages is what 6.1's
 * wb_min_pause() chose (v10: dirty_poll_interval()).  Updates @t.
 */
void dt_task_pause(enum dt_variant v, int think, struct dt_task_rl *t,
		   unsigned long now, unsigned long pages_dirtied,
		   unsigned long task_ratelimit, long min_pause,
		   long max_pause, int next_pause_pages, struct dt_pause *o);

#endif
