# chapters/01-accounting/chapter.mk -- chapter 1 (chapters/lib.mk). It
# reuses the lab's smoke run: the same experiment, one flat-out writer on
# a 10 MB/s disk.
$(call kit_fig,ch01-cumulative,cumulative.gp,$(call kit_runs,smoke) $(call kit_models,smoke))
$(call kit_fig,ch01-rates,rates.gp,$(call kit_runs,smoke) $(call kit_models,smoke))
$(call kit_claims)
