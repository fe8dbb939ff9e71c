# chapters/08-thinktime/chapter.mk -- chapter 8's figures and claims.
# Included by the top Makefile. Two runs (think_time on / off: one
# flat-out writer and three thinkers); the model on the same specs.
DTTASK := $(BUILD)/dttask/dttask
CH08 := chapters/08-thinktime
CH08_RUNS := $(RUNS)/ch08-think-on $(RUNS)/ch08-think-off
CH08_MODEL := $(MODEL_RUNS)/ch08-think-on $(MODEL_RUNS)/ch08-think-off

$(FIG)/ch08-timeline.tex: $(CH08)/timeline.gp $(RUNS)/ch08-think-on/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch08-timeline $(RUNS)/ch08-think-on
$(FIG)/ch08-timeline-off.tex: $(CH08)/timeline.gp $(RUNS)/ch08-think-off/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch08-timeline-off $(RUNS)/ch08-think-off
$(FIG)/ch08-ratio.tex: $(CH08)/ratio.gp $(CH08)/pertask $(addsuffix /meta,$(CH08_RUNS)) $(DTTASK) $(PLOT_DEPS)
	$(Q)KIT=$(KIT) figures/plot $< $(FIG)/ch08-ratio $(CH08_RUNS)
$(FIG)/ch08-ratio-model.tex: $(CH08)/ratio.gp $(CH08)/pertask $(addsuffix /meta,$(CH08_MODEL)) $(DTTASK) $(PLOT_DEPS)
	$(Q)KIT=$(KIT) figures/plot $< $(FIG)/ch08-ratio-model $(CH08_MODEL)

$(CLAIMS)/ch08.tsv: $(CH08)/claims $(CH08)/pertask $(addsuffix /meta,$(CH08_RUNS) $(CH08_MODEL)) \
		$(CLAIM_DEPS) $(DTTASK)
	@mkdir -p $(@D)
	@echo "  CLAIMS  chapter 8"
	$(Q)BUILD=$(BUILD) $< $(CH08_RUNS) $(CH08_MODEL) > $@.tmp && mv $@.tmp $@

CH08_OUT := $(FIG)/ch08-timeline.tex $(FIG)/ch08-timeline-off.tex $(FIG)/ch08-ratio.tex \
	$(FIG)/ch08-ratio-model.tex $(CLAIMS)/ch08.tsv
.PHONY: chapter-08
chapter-08: $(CH08_OUT)
REPORT_DEPS += $(CH08_OUT)
