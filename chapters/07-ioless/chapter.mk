# chapters/07-ioless/chapter.mk -- chapter 7's figures and claims.
# Included by the top Makefile. Nine runs: 1, 10, 100 and 1000 writers
# with max_pause=6.1 and v10, and 10 writers under pos_ratio=threshold;
# the model on the same specs. Eight more: 1, 10, 100 writers and 10 on
# two disks under knob.scheme = direct and ioless (the model runs the
# ioless ones only). dttask: rule in the top Makefile (make lab).
DTTASK := $(BUILD)/dttask/dttask
CH07 := chapters/07-ioless
CH07_NAMES := $(basename $(notdir $(wildcard $(CH07)/ch07-*.spec)))
CH07_61 := $(foreach n,1 10 100 1000,$(RUNS)/ch07-w$(n)-61)
CH07_V10 := $(foreach n,1 10 100 1000,$(RUNS)/ch07-w$(n)-v10)
# the scheme the series replaced (knob.scheme = direct): kernel only (the
# model has no direct writeback)
CH07_MODEL_NAMES := $(filter-out ch07-direct-%,$(CH07_NAMES))

$(FIG)/ch07-cdf-61.tex: $(CH07)/cdf.gp $(addsuffix /meta,$(CH07_61)) $(DTTASK) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch07-cdf-61 $(CH07_61)
$(FIG)/ch07-cdf-v10.tex: $(CH07)/cdf.gp $(addsuffix /meta,$(CH07_V10)) $(DTTASK) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch07-cdf-v10 $(CH07_V10)
$(FIG)/ch07-cdf-v10-model.tex: $(CH07)/cdf.gp $(foreach n,1 10 100 1000,$(MODEL_RUNS)/ch07-w$(n)-v10/meta) $(DTTASK) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch07-cdf-v10-model $(foreach n,1 10 100 1000,$(MODEL_RUNS)/ch07-w$(n)-v10)
$(FIG)/ch07-progress-threshold.tex: $(CH07)/progress.gp $(RUNS)/ch07-w10-threshold/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch07-progress-threshold $(RUNS)/ch07-w10-threshold
$(FIG)/ch07-progress-61.tex: $(CH07)/progress.gp $(RUNS)/ch07-w10-61/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch07-progress-61 $(RUNS)/ch07-w10-61

$(FIG)/ch07-pattern.tex: $(CH07)/pattern.gp $(RUNS)/ch07-direct-w100/meta $(RUNS)/ch07-ioless-w100/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch07-pattern $(RUNS)/ch07-direct-w100 $(RUNS)/ch07-ioless-w100

$(CLAIMS)/ch07.tsv: $(CH07)/claims $(foreach n,$(CH07_NAMES),$(RUNS)/$(n)/meta) \
		$(foreach n,$(CH07_MODEL_NAMES),$(MODEL_RUNS)/$(n)/meta) \
		$(CLAIM_DEPS) $(DTTASK)
	@mkdir -p $(@D)
	@echo "  CLAIMS  chapter 7"
	$(Q)BUILD=$(BUILD) $< $(RUNS) $(MODEL_RUNS) > $@.tmp && mv $@.tmp $@

CH07_OUT := $(FIG)/ch07-cdf-61.tex $(FIG)/ch07-cdf-v10.tex $(FIG)/ch07-cdf-v10-model.tex \
	$(FIG)/ch07-progress-threshold.tex $(FIG)/ch07-progress-61.tex $(FIG)/ch07-pattern.tex \
	$(CLAIMS)/ch07.tsv
.PHONY: chapter-07
chapter-07: $(CH07_OUT)
REPORT_DEPS += $(CH07_OUT)
