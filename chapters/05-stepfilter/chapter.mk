# chapters/05-stepfilter/chapter.mk -- chapter 5's figures and claims.
# Included by the top Makefile. Runs: ch05-off, ch05-on (kernel, the top
# Makefile's run rule) and the model on the same specs (its model-run rule).
CH05 := chapters/05-stepfilter
CH05_RUNS := $(RUNS)/ch05-off $(RUNS)/ch05-on
CH05_MODEL := $(MODEL_RUNS)/ch05-off $(MODEL_RUNS)/ch05-on
# the seeds' claims are judged on preset v10 (ch05-off-v10, ch05-v10); the
# same claims on 6.1.192's code (ch05-off, ch05-on) get ids ending in -61
CH05_V10_RUNS := $(RUNS)/ch05-off-v10 $(RUNS)/ch05-v10
CH05_V10_MODEL := $(MODEL_RUNS)/ch05-off-v10 $(MODEL_RUNS)/ch05-v10

$(FIG)/ch05-%-v10.tex: $(CH05)/%.gp $(CH05_V10_RUNS:%=%/meta) $(CH05_V10_MODEL:%=%/meta) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch05-$*-v10 $(CH05_V10_RUNS) $(CH05_V10_MODEL)

$(FIG)/ch05-%.tex: $(CH05)/%.gp $(CH05_RUNS:%=%/meta) $(CH05_MODEL:%=%/meta) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch05-$* $(CH05_RUNS) $(CH05_MODEL)

$(CLAIMS)/ch05.tsv: $(CH05)/claims $(CH05_RUNS:%=%/meta) $(CH05_MODEL:%=%/meta) \
		$(CH05_V10_RUNS:%=%/meta) $(CH05_V10_MODEL:%=%/meta) $(CLAIM_DEPS)
	@mkdir -p $(@D)
	@echo "  CLAIMS  chapter 5"
	$(Q){ BUILD=$(BUILD) $< $(CH05_V10_RUNS) $(CH05_V10_MODEL) && \
	  BUILD=$(BUILD) CLAIMS_ID_SUFFIX=-61 CLAIMS_TEXT_SUFFIX=" (6.1.192's filter)" \
		$< $(CH05_RUNS) $(CH05_MODEL); } > $@.tmp && mv $@.tmp $@

CH05_OUT := $(FIG)/ch05-rates.tex $(FIG)/ch05-spread.tex $(FIG)/ch05-direction.tex \
	$(FIG)/ch05-rates-v10.tex $(FIG)/ch05-spread-v10.tex $(FIG)/ch05-direction-v10.tex $(CLAIMS)/ch05.tsv
.PHONY: chapter-05
chapter-05: $(CH05_OUT)
REPORT_DEPS += $(CH05_OUT)
