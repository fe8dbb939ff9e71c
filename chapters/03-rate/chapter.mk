# chapters/03-rate/chapter.mk -- chapter 3's figures and claims.
# Included by the top Makefile. Ten runs (specs in this folder): ch03-n1,
# -n2, -n4, -n8 (N flat-out writers, preset 6.1) and the same under preset
# v10 (ch03-nN-v10), ch03-phases (2 -> 6 -> 2 writers)
# and ch03-norate (the same with rate_estimation=off), and the model on
# the same specs.
CH03 := chapters/03-rate
CH03_NAMES := ch03-n1 ch03-n2 ch03-n4 ch03-n8 ch03-phases ch03-norate
CH03_RUNS := $(addprefix $(RUNS)/,$(CH03_NAMES))
CH03_MODELS := $(addprefix $(MODEL_RUNS)/,$(CH03_NAMES))
# the same N under knob.preset = v10 (the seeds' code): found by the claims
# beside ch03-nN, drawn in their own figure
CH03_V10 := $(foreach n,1 2 4 8,ch03-n$(n)-v10)
CH03_V10_RUNS := $(addprefix $(RUNS)/,$(CH03_V10))
CH03_V10_MODELS := $(addprefix $(MODEL_RUNS)/,$(CH03_V10))

$(FIG)/ch03-rates.tex: $(CH03)/rates.gp $(addsuffix /meta,$(wordlist 1,4,$(CH03_RUNS)) \
		$(wordlist 1,4,$(CH03_MODELS))) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch03-rates $(wordlist 1,4,$(CH03_RUNS)) $(wordlist 1,4,$(CH03_MODELS))

$(FIG)/ch03-rates-v10.tex: $(CH03)/rates.gp $(addsuffix /meta,$(CH03_V10_RUNS) $(CH03_V10_MODELS)) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch03-rates-v10 $(CH03_V10_RUNS) $(CH03_V10_MODELS)

$(FIG)/ch03-phases.tex: $(CH03)/phases.gp $(RUNS)/ch03-phases/meta $(RUNS)/ch03-norate/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch03-phases $(RUNS)/ch03-phases $(RUNS)/ch03-norate

$(FIG)/ch03-phases-model.tex: $(CH03)/phases.gp $(MODEL_RUNS)/ch03-phases/meta \
		$(MODEL_RUNS)/ch03-norate/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch03-phases-model $(MODEL_RUNS)/ch03-phases $(MODEL_RUNS)/ch03-norate

$(CLAIMS)/ch03.tsv: $(CH03)/claims $(addsuffix /meta,$(CH03_RUNS) $(CH03_MODELS) $(CH03_V10_RUNS) \
		$(CH03_V10_MODELS)) $(CLAIM_DEPS)
	@mkdir -p $(@D)
	@echo "  CLAIMS  chapter 3"
	$(Q)BUILD=$(BUILD) $< $(CH03_RUNS) $(CH03_MODELS) > $@.tmp && mv $@.tmp $@

CH03_OUT := $(FIG)/ch03-rates.tex $(FIG)/ch03-rates-v10.tex $(FIG)/ch03-phases.tex $(FIG)/ch03-phases-model.tex \
	$(CLAIMS)/ch03.tsv
.PHONY: chapter-03
chapter-03: $(CH03_OUT)
REPORT_DEPS += $(CH03_OUT)
