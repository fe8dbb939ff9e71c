# chapters/09-tracing/chapter.mk -- chapter 9's figures and claims.
# Included by the top Makefile. Two runs: N = 4 and N = 16 flat-out
# writers with the task_io event; the model on the same specs.
# dttask (per-task rates, Jain's index) is built with the lab.

CH09 := chapters/09-tracing
CH09_RUNS := $(RUNS)/ch09-fair4 $(RUNS)/ch09-fair16
CH09_MODEL := $(MODEL_RUNS)/ch09-fair4 $(MODEL_RUNS)/ch09-fair16

$(FIG)/ch09-io4.tex: $(CH09)/io.gp $(RUNS)/ch09-fair4/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch09-io4 $(RUNS)/ch09-fair4
$(FIG)/ch09-io16.tex: $(CH09)/io.gp $(RUNS)/ch09-fair16/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch09-io16 $(RUNS)/ch09-fair16
$(FIG)/ch09-share.tex: $(CH09)/share.gp $(addsuffix /meta,$(CH09_RUNS)) $(DTTASK) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch09-share $(CH09_RUNS)
$(FIG)/ch09-share-model.tex: $(CH09)/share.gp $(addsuffix /meta,$(CH09_MODEL)) $(DTTASK) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch09-share-model $(CH09_MODEL)

$(CLAIMS)/ch09.tsv: $(CH09)/claims $(addsuffix /meta,$(CH09_RUNS) $(CH09_MODEL)) $(CLAIM_DEPS) $(DTTASK)
	@mkdir -p $(@D)
	@echo "  CLAIMS  chapter 9"
	$(Q)BUILD=$(BUILD) $< $(CH09_RUNS) $(CH09_MODEL) > $@.tmp && mv $@.tmp $@

CH09_OUT := $(FIG)/ch09-io4.tex $(FIG)/ch09-io16.tex $(FIG)/ch09-share.tex \
	$(FIG)/ch09-share-model.tex $(CLAIMS)/ch09.tsv
.PHONY: chapter-09
chapter-09: $(CH09_OUT)
REPORT_DEPS += $(CH09_OUT)
