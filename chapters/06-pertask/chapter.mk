# chapters/06-pertask/chapter.mk -- chapter 6's figures and claims.
# Included by the top Makefile. Runs: 996 writers joining 4 at the limit, with
# percpu_safeguard on and off (this folder); the poll-interval figure and
# claim reuse chapter 7's max_pause=v10 and 6.1 runs (ch07-w10-v10,
# ch07-w100-v10, ch07-w10-61). dttask: rule in the top Makefile (make lab).
DTTASK := $(BUILD)/dttask/dttask
CH06 := chapters/06-pertask
CH06_SG := $(RUNS)/ch06-start1000-on $(RUNS)/ch06-start1000-off
CH06_POLL := $(RUNS)/ch07-w10-v10 $(RUNS)/ch07-w100-v10 $(RUNS)/ch07-w10-61
CH06_MODEL := $(MODEL_RUNS)/ch06-start1000-on $(MODEL_RUNS)/ch06-start1000-off \
	$(MODEL_RUNS)/ch07-w10-v10

$(FIG)/ch06-overshoot.tex: $(CH06)/overshoot.gp $(addsuffix /meta,$(CH06_SG)) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch06-overshoot $(CH06_SG)
$(FIG)/ch06-overshoot-model.tex: $(CH06)/overshoot.gp $(MODEL_RUNS)/ch06-start1000-on/meta \
		$(MODEL_RUNS)/ch06-start1000-off/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch06-overshoot-model $(MODEL_RUNS)/ch06-start1000-on $(MODEL_RUNS)/ch06-start1000-off
$(FIG)/ch06-poll.tex: $(CH06)/poll.gp $(addsuffix /meta,$(CH06_POLL)) $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/ch06-poll $(CH06_POLL)

$(CLAIMS)/ch06.tsv: $(CH06)/claims $(addsuffix /meta,$(CH06_SG) $(CH06_POLL) $(CH06_MODEL)) \
		$(CLAIM_DEPS) $(DTTASK)
	@mkdir -p $(@D)
	@echo "  CLAIMS  chapter 6"
	$(Q)BUILD=$(BUILD) $< $(CH06_SG) $(CH06_POLL) $(CH06_MODEL) > $@.tmp && mv $@.tmp $@

CH06_OUT := $(FIG)/ch06-overshoot.tex $(FIG)/ch06-overshoot-model.tex $(FIG)/ch06-poll.tex \
	$(CLAIMS)/ch06.tsv
.PHONY: chapter-06
chapter-06: $(CH06_OUT)
REPORT_DEPS += $(CH06_OUT)
