# chapters/02-position/chapter.mk -- chapter 2's figures and claims.
# Included by the top Makefile. Five runs (specs in this folder):
# ch02-sweep (the curve), ch02-steady (dirty around the setpoint),
# ch02-threshold (the old on/off scheme), ch02-jbod-61 and ch02-jbod-v10
# (a fast and a slow disk), plus the model on the same specs and the
# model's pos_ratio curves for the sweep run's setting.
CH02 := chapters/02-position
CH02_SWEEP := $(RUNS)/ch02-sweep
CH02_STEADY := $(RUNS)/ch02-steady
CH02_THR := $(RUNS)/ch02-threshold
CH02_J61 := $(RUNS)/ch02-jbod-61
CH02_J10 := $(RUNS)/ch02-jbod-v10
CH02_CURVES := $(BUILD)/model-curves/ch02-sweep

$(CH02_CURVES)/meta: $(CH02)/curves $(CH02_SWEEP)/meta $(DTMODEL) $(BUILD)/dtstat/dtstat
	@mkdir -p $(dir $(@D))
	@echo "  MODEL   pos_ratio curves for ch02-sweep"
	$(Q)BUILD=$(BUILD) $(CH02)/curves $(CH02_SWEEP) $(CH02_CURVES)

$(FIG)/ch02-curve.tex: $(CH02)/curve.gp $(CH02_SWEEP)/meta $(CH02_CURVES)/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch02-curve $(CH02_SWEEP) $(CH02_CURVES)

$(FIG)/ch02-pages.tex: $(CH02)/pages.gp $(CH02_STEADY)/meta $(MODEL_RUNS)/ch02-steady/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch02-pages $(CH02_STEADY) $(MODEL_RUNS)/ch02-steady

$(FIG)/ch02-jbod.tex: $(CH02)/jbod.gp $(CH02_J61)/meta $(CH02_J10)/meta \
		$(MODEL_RUNS)/ch02-jbod-61/meta $(MODEL_RUNS)/ch02-jbod-v10/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch02-jbod $(CH02_J61) $(CH02_J10) \
		$(MODEL_RUNS)/ch02-jbod-61 $(MODEL_RUNS)/ch02-jbod-v10

$(FIG)/ch02-onoff.tex: $(CH02)/onoff.gp $(CH02_STEADY)/meta $(CH02_THR)/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch02-onoff $(CH02_STEADY) $(CH02_THR)

CH02_MODELS := $(MODEL_RUNS)/ch02-sweep $(MODEL_RUNS)/ch02-steady \
	$(MODEL_RUNS)/ch02-jbod-61 $(MODEL_RUNS)/ch02-jbod-v10
$(CLAIMS)/ch02.tsv: $(CH02)/claims $(CH02)/curves $(CH02_SWEEP)/meta $(CH02_STEADY)/meta \
		$(CH02_THR)/meta $(CH02_J61)/meta $(CH02_J10)/meta \
		$(addsuffix /meta,$(CH02_MODELS)) $(DTMODEL) $(CLAIM_DEPS)
	@mkdir -p $(@D)
	@echo "  CLAIMS  chapter 2"
	$(Q)BUILD=$(BUILD) $< $(CH02_SWEEP) $(CH02_STEADY) $(CH02_THR) $(CH02_J61) $(CH02_J10) \
		$(CH02_MODELS) > $@.tmp && mv $@.tmp $@

CH02_OUT := $(FIG)/ch02-curve.tex $(FIG)/ch02-pages.tex $(FIG)/ch02-jbod.tex \
	$(FIG)/ch02-onoff.tex $(CLAIMS)/ch02.tsv
.PHONY: chapter-02
chapter-02: $(CH02_OUT)
REPORT_DEPS += $(CH02_OUT)
