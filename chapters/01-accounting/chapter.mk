# chapters/01-accounting/chapter.mk -- chapter 1's figures and claims.
# Included by the top Makefile. Reuses the lab's smoke run (the same
# experiment: one flat-out writer on a 10 MB/s disk).
CH01 := chapters/01-accounting
CH01_RUN := $(RUNS)/smoke
CH01_MODEL := $(MODEL_RUNS)/smoke

$(FIG)/ch01-%.tex: $(CH01)/%.gp $(CH01_RUN)/meta $(CH01_MODEL)/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch01-$* $(CH01_RUN) $(CH01_MODEL)

$(CLAIMS)/ch01.tsv: $(CH01)/claims $(CH01_RUN)/meta $(CH01_MODEL)/meta $(CLAIM_DEPS)
	@mkdir -p $(@D)
	@echo "  CLAIMS  chapter 1"
	$(Q)BUILD=$(BUILD) $< $(CH01_RUN) $(CH01_MODEL) > $@.tmp && mv $@.tmp $@

CH01_OUT := $(FIG)/ch01-cumulative.tex $(FIG)/ch01-rates.tex $(CLAIMS)/ch01.tsv
.PHONY: chapter-01
chapter-01: $(CH01_OUT)
REPORT_DEPS += $(CH01_OUT)
