# chapters/04-stuck/chapter.mk -- chapter 4's runs, model runs, figures and
# claims. Included by the top Makefile.
CH04 := chapters/04-stuck
CH04_RUNS := $(RUNS)/ch04-pure $(RUNS)/ch04-pos
CH04_MODEL := $(MODEL_RUNS)/ch04-pure $(MODEL_RUNS)/ch04-pos

# The guest applies the seed from seed.sh (the spec's pre=): a run is
# remade when it changes.
$(CH04_RUNS:%=%/meta): $(CH04)/seed.sh

# The model on the same specs, seeded like seed.sh does in the guest: at
# 30 s (SEED_AT there), dirty_ratelimit := 2 write_bw / N = 2 x 5 MiB/s / 2
# = 5120 KB/s (the model's write_bw settles at the disk's rate, so the
# nominal rate is the model's own estimate at that time).
CH04_MODEL_SEED := seed_at=30 knob.seed_dirty_ratelimit=5120
$(CH04_MODEL:%=%/meta): $(MODEL_RUNS)/%/meta: $(CH04)/%.spec $(DTMODEL) $(CH04)/chapter.mk
	@mkdir -p $(MODEL_RUNS)
	@echo "  MODEL   $* (seeded)"
	$(Q)$(DTMODEL) sim spec=$< $(CH04_MODEL_SEED) -o $(MODEL_RUNS)/$* > /dev/null

$(FIG)/ch04-%.tex: $(CH04)/%.gp $(CH04_RUNS:%=%/meta) $(CH04_MODEL:%=%/meta) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch04-$* $(CH04_RUNS) $(CH04_MODEL)

$(CLAIMS)/ch04.tsv: $(CH04)/claims $(CH04_RUNS:%=%/meta) $(CH04_MODEL:%=%/meta) $(CLAIM_DEPS)
	@mkdir -p $(@D)
	@echo "  CLAIMS  chapter 4"
	$(Q)BUILD=$(BUILD) $< $(CH04_RUNS) $(CH04_MODEL) > $@.tmp && mv $@.tmp $@

CH04_OUT := $(FIG)/ch04-rate.tex $(FIG)/ch04-position.tex $(CLAIMS)/ch04.tsv
.PHONY: chapter-04
chapter-04: $(CH04_OUT)
REPORT_DEPS += $(CH04_OUT)
