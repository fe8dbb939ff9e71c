# chapters/04-stuck/chapter.mk -- chapter 4 (chapters/lib.mk). Two runs,
# ch04-pure and ch04-pos, seeded by seed.sh (their pre=, so a run is
# remade when it changes), and the model on
# the same specs seeded the same way.
CH04 := chapters/04-stuck
CH04_NAMES := ch04-pure ch04-pos
# The model, seeded like seed.sh does in the guest: at 30 s (SEED_AT
# there), dirty_ratelimit := 2 write_bw / N = 2 x 5 MiB/s / 2 = 5120 KB/s
# (the model's write_bw settles at the disk's rate, so the nominal rate is
# the model's own estimate at that time).
CH04_MODEL_SEED := seed_at=30 knob.seed_dirty_ratelimit=5120
$(addsuffix /meta,$(call kit_models,$(CH04_NAMES))): $(MODEL_RUNS)/%/meta: $(CH04)/%.spec $(DTMODEL) $(CH04)/chapter.mk
	@mkdir -p $(MODEL_RUNS)
	@echo "  MODEL   $* (seeded)"
	$(Q)$(DTMODEL) sim spec=$< $(CH04_MODEL_SEED) -o $(MODEL_RUNS)/$* > /dev/null

$(call kit_fig,ch04-rate,rate.gp,$(call kit_runs,$(CH04_NAMES)) $(call kit_models,$(CH04_NAMES)))
$(call kit_fig,ch04-position,position.gp,$(call kit_runs,$(CH04_NAMES)) $(call kit_models,$(CH04_NAMES)))
$(call kit_claims,$(CH04_NAMES),$(CH04_NAMES))
