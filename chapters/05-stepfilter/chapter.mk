# chapters/05-stepfilter/chapter.mk -- chapter 5's figures and claims.
# Included by the top Makefile. Runs: ch05-off, ch05-on (kernel, the top
# Makefile's run rule) and the model on the same specs (its model-run rule).
CH05 := chapters/05-stepfilter
CH05_RUNS := $(RUNS)/ch05-off $(RUNS)/ch05-on
CH05_MODEL := $(MODEL_RUNS)/ch05-off $(MODEL_RUNS)/ch05-on

$(FIG)/ch05-%.tex: $(CH05)/%.gp $(CH05_RUNS:%=%/meta) $(CH05_MODEL:%=%/meta) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch05-$* $(CH05_RUNS) $(CH05_MODEL)

$(CLAIMS)/ch05.tsv: $(CH05)/claims $(CH05_RUNS:%=%/meta) $(CH05_MODEL:%=%/meta) $(CLAIM_DEPS)
	@mkdir -p $(@D)
	@echo "  CLAIMS  chapter 5"
	$(Q)BUILD=$(BUILD) $< $(CH05_RUNS) $(CH05_MODEL) > $@.tmp && mv $@.tmp $@

CH05_OUT := $(FIG)/ch05-rates.tex $(FIG)/ch05-spread.tex $(FIG)/ch05-direction.tex $(CLAIMS)/ch05.tsv
.PHONY: chapter-05
chapter-05: $(CH05_OUT)
REPORT_DEPS += $(CH05_OUT)
