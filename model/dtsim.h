/*
 * dtsim.h -- a deterministic simulator of dirtier tasks, flushers, disks
 * and the dirty-throttling control loop of dtlaw.h.
 *
 * What: N tasks (flat out or with think time, staggered, idled by phases
 * as the lab's dtwork does, plus model-only groups starting/stopping at
 * given times) dirty pages on one or more disks; a flusher per disk writes back
 * above the background threshold; each disk completes writeback at its own
 * bandwidth (with seeded noise); write_bw is estimated the kernel's way,
 * dirty_ratelimit is updated every 200 ms from balance_dirty_pages(), and
 * tasks are paused per the laws.  One step = one jiffy (1 ms).
 * Reads/writes: nothing itself; reports through the dt_observer callbacks
 * (dtmodel.c turns them into the lab's TSV files).
 * Configure with dt_sim_defaults() and dt_sim_set("key", "value").
 */
#ifndef DTSIM_H
#define DTSIM_H

#include <stdio.h>

#include "dtlaw.h"

#define DT_MAX_DISKS	8
#define DT_MAX_GROUPS	32
#define DT_MAX_THINK	1024	/* entries of think= */
#define DT_MAX_PHASES	256	/* entries of phases= */
/* The lab's knobs, in patches/knobs order: the name, the default, the
 * values the kernel's debugfs files accept ("KB/s" for
 * seed_dirty_ratelimit: an integer), the seed and the value of the v10
 * preset ("-": the preset leaves it alone). dt_knobs.h is generated from
 * patches/knobs by model/Makefile: it defines DT_NKNOBS and DT_KNOBS. */
struct dt_knob {
	const char *name, *def, *values, *seed, *v10;
};
#include "dt_knobs.h"
extern const struct dt_knob dt_knobs[DT_NKNOBS];

/* The presets knob.preset names (patches/presets, through the generated
 * dt_presets.h): the name, whether the base is patches/knobs' v10 column
 * (else the default, 6.1's), and the knobs then set to off ("a,b"; "-"
 * for none): v10-pNN is the series as of seed patch NN. */
struct dt_preset {
	const char *name;
	int v10;
	const char *off;
};
#include "dt_presets.h"
extern const struct dt_preset dt_presets[DT_NPRESETS];

/* The lab's spec keys (experiments/keys, through the generated
 * dt_keys.h): the name, the default ("" for none), the kind and range
 * experiments/run checks, and what the model does with it: "sim"
 * (simulates it: its default is the model's), "lab" (accepts and ignores
 * it: the machine, tracing), "meta" (records it in meta for the readers:
 * the analysis window) or "runner" (refuses it: experiments/run's own). */
struct dt_key {
	const char *name, *def, *kind, *range, *model;
};
#include "dt_keys.h"
extern const struct dt_key dt_keys[DT_NKEYS];
/* LO..HI of an int key of experiments/keys; 0 when it has none */
int dt_key_range(const char *name, long *lo, long *hi);

/* A group of identical tasks. */
struct dt_group {
	int n;			/* number of tasks */
	int disk;		/* disk index they write to */
	long start_ms;		/* first jiffy they run */
	long stop_ms;		/* jiffy they exit (0: run to the end) */
	long think_ms;		/* think this long after each chunk (0: flat out) */
	long chunk_pages;	/* pages per write() chunk when thinking */
};

struct dt_sim_cfg {
	/* the lab's workload (experiments/run, dtwork): tasks 0..ntasks-1,
	 * task i on disk i mod ndisks, starting at i * stagger_ms, thinking
	 * think_ms[i mod nthink] after every chunk, active while i is below
	 * the writer count of the current phase */
	int ntasks;			/* tasks= (1) */
	long chunk_bytes;		/* chunk= (64K) */
	int nthink;
	long think_ms[DT_MAX_THINK];	/* think= (0) */
	long stagger_ms;		/* stagger= (0) */
	int nphases;			/* phases=T:N,... (0: all, always) */
	long phase_ms[DT_MAX_PHASES];
	int phase_n[DT_MAX_PHASES];
	/* more tasks, model only: group= (after the lab's tasks) */
	int ngroups;
	struct dt_group group[DT_MAX_GROUPS];
	/* machine */
	int ndisks;
	double disk_mbps[DT_MAX_DISKS];	/* MiB/s per disk (from disk_bw=, bytes/s) */
	unsigned long long disk_bytes[DT_MAX_DISKS];	/* disk_bw= as given, bytes/s */
	double disk_noise;		/* +-fraction, redrawn every 20 ms */
	long queue_ms;			/* writeback in flight: this many ms of bw */
	int aux_line;			/* aux_line= on|off (on): v10's auxiliary
					 * line; off, model only: the bare bdi line */
	unsigned long thresh;		/* pages (from dirty_bytes) */
	unsigned long bg_thresh;	/* pages (from dirty_background_bytes;
					 * 0: bg_default, or thresh / 2 if that
					 * is not below thresh) */
	unsigned long bg_default;	/* pages: experiments/keys' default of
					 * dirty_background_bytes */
	long duration_ms;
	int cpus;
	double cpu_mbps;		/* dirtying speed of one CPU, MiB/s
					 * (from cpu_bw=, bytes/s) */
	unsigned long long seed;	/* PRNG seed */
	/* switches mirroring the kit's debugfs dirty_throttle/ knobs */
	enum dt_posmode pos;		/* pos_ratio=6.1|v10|threshold */
	int rate_estimation;		/* rate_estimation=on|off */
	int rate_pure;			/* rate_feedback=pure (1) | pos (0) */
	unsigned long seed_rl;		/* seed_dirty_ratelimit, pages/s (0: none) */
	unsigned long seed_kbps;	/* the same as given, KB/s */
	long seed_at_ms;		/* when to apply it */
	long resume_at_ms;		/* rate estimation off until then (0: never) */
	int step_filter;		/* filter on (step_filter=6.1|v10) or off */
	int safeguard;			/* percpu_safeguard=on|off */
	enum dt_variant pause_v;	/* max_pause=6.1|v10 */
	int think_comp;			/* think_time=on|off */
	double stall_rate;		/* fs stalls per task per second (0: none) */
	long stall_ms;			/* longest stall, uniform 0..stall_ms */
	enum dt_variant update_v;	/* update=6.1|v10 (dirty_ratelimit law;
					 * step_filter= sets it too) */
	/* output volume */
	int trace_tasks;		/* balance_dirty_pages rows for tasks < this
					 * (-1: all) */
};

/* Events, in model units (pages, pages/s, jiffies). */
struct dt_ev_bdp {			/* balance_dirty_pages */
	long now; int task, disk;
	unsigned long limit, setpoint, dirty, bdi_setpoint, bdi_dirty;
	unsigned long dirty_ratelimit, task_ratelimit;	/* pages/s */
	unsigned long dirtied, dirtied_pause;
	long paused, pause, period, think;		/* jiffies */
	long long pos_ratio;
};

struct dt_ev_rl {			/* bdi_dirty_ratelimit */
	long now; int task, disk;
	unsigned long write_bw, avg_write_bw, dirty_rate;
	unsigned long dirty_ratelimit, task_ratelimit, balanced;
	long long pos_ratio;
	/* extra, not in the trace event: for the claim tests */
	unsigned long prev_ratelimit, dirty, setpoint, elapsed;
};

struct dt_ev_gds {			/* global_dirty_state */
	long now;
	unsigned long nr_dirty, nr_writeback, bg_thresh, thresh, limit;
	unsigned long nr_dirtied, nr_written;
};

struct dt_ev_tio {			/* task_io */
	long now; int task;
	unsigned long long write_bytes;
};

struct dt_observer {
	void *ctx;
	void (*bdp)(void *ctx, const struct dt_ev_bdp *e);
	void (*rl)(void *ctx, const struct dt_ev_rl *e);
	void (*gds)(void *ctx, const struct dt_ev_gds *e);	/* every 200 ms */
	void (*tio)(void *ctx, const struct dt_ev_tio *e);	/* every 200 ms */
	void (*tick)(void *ctx, long now, unsigned long dirty);	/* every 1 ms */
};

/* Summary of a run. */
struct dt_sim_result {
	int ntasks;
	unsigned long max_dirty;	/* pages, dirty + writeback */
	long max_dirty_ms;
	unsigned long thresh, bg_thresh, limit, setpoint;
	unsigned long nr_dirtied, nr_written;
	unsigned long dirty_ratelimit[DT_MAX_DISKS];	/* pages/s at the end */
	unsigned long avg_write_bw[DT_MAX_DISKS];	/* pages/s at the end */
	unsigned long bdp_calls, pauses;
};

void dt_sim_defaults(struct dt_sim_cfg *c);
/* Set one key; returns 0, or -1 with a one-line message in err.
 * knob.preset=NAME applies dt_sim_preset() at once, to every knob. */
int dt_sim_set(struct dt_sim_cfg *c, const char *key, const char *val,
	       char *err, int errlen);
/*
 * knob.preset: set every knob k to its value in preset val (see
 * dt_preset_value), except the knobs with keep[k] set (keep may be NULL).  Knobs set after it win, so
 * a front end applies it before every other key (dtmodel does).
 * Returns 0, or -1 with a one-line message naming knob.preset in err.
 */
int dt_sim_preset(struct dt_sim_cfg *c, const char *val, const int *keep,
		  char *err, int errlen);
/* The value of knob k in preset val (a name of patches/presets): "off" if
 * the preset lists it, else its value in the preset's base column of
 * patches/knobs; NULL for "-" there or an unknown preset. */
const char *dt_preset_value(const char *val, int k);
/* Final consistency checks (e.g. a group on a missing disk); on error
 * *key (if key is not NULL) names the key at fault. */
int dt_sim_check(const struct dt_sim_cfg *c, char *err, int errlen,
		 const char **key);
/* The background threshold in pages the run will use. */
unsigned long dt_sim_bg_thresh(const struct dt_sim_cfg *c);
/* The resolved value of knob k (0..DT_NKNOBS-1) as the kernel names it. */
void dt_sim_knob(const struct dt_sim_cfg *c, int k, char *buf, int len);
/* Run; returns 0, or -1 on allocation failure. */
int dt_sim_run(const struct dt_sim_cfg *c, const struct dt_observer *o,
	       struct dt_sim_result *res);
/* Print the configuration as key=value lines (for params files). */
void dt_sim_print_cfg(const struct dt_sim_cfg *c, FILE *f);

#endif
