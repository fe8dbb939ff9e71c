# chapters/04-stuck/chapter.mk -- chapter 4 (chapters/lib.mk). Two runs,
# ch04-pure and ch04-pos, seeded by seed.sh (their pre=, so a run is
# remade when it changes), and the model on
# the same specs seeded the same way.
CH04 := chapters/04-stuck
CH04_NAMES := ch04-pure ch04-pos
# The model, seeded like seed.sh does in the guest: at the spec's seed_at,
# dirty_ratelimit := 2 write_bw / N, from the spec's disk_bw and tasks (the
# model's write_bw settles at the disk's rate, so the nominal rate is the
# model's own estimate at that time): 2 x 5 MiB/s / 2 = 5120 KB/s for both
# specs.
ch04_seed = $(shell bw=$$(experiments/spec get $(1) disk_bw) && n=$$(experiments/spec get $(1) tasks) && \
	case $$bw in (*K) k=$${bw%K} ;; (*M) k=$$(($${bw%M} * 1024)) ;; (*G) k=$$(($${bw%G} * 1048576)) ;; (*) k=$$((bw / 1024)) ;; esac && \
	echo $$((2 * k / n)))
$(addsuffix /meta,$(call kit_models,$(CH04_NAMES))): $(MODEL_RUNS)/%/meta: $(CH04)/%.spec $(DTMODEL) $(CH04)/chapter.mk $(CH04)/seed.sh
	@mkdir -p $(MODEL_RUNS)
	@echo "  MODEL   $* (seeded at $$(experiments/spec get $< seed_at) s with $(call ch04_seed,$<) KB/s)"
	$(Q)$(DTMODEL) sim spec=$< knob.seed_dirty_ratelimit=$(call ch04_seed,$<) -o $(MODEL_RUNS)/$* > /dev/null

$(call kit_fig,ch04-rate,rate.gp,$(call kit_runs,$(CH04_NAMES)) $(call kit_models,$(CH04_NAMES)))
$(call kit_fig,ch04-position,position.gp,$(call kit_runs,$(CH04_NAMES)) $(call kit_models,$(CH04_NAMES)))
$(call kit_claims)
