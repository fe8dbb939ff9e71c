# chapters/03-rate/chapter.mk -- chapter 3 (chapters/lib.mk). Ten runs:
# ch03-n1, -n2, -n4, -n8 (N flat-out writers, preset 6.1) and the same
# under preset v10 (ch03-nN-v10, drawn in their own figure), ch03-phases
# (2 -> 6 -> 2 writers) and ch03-norate (the same with
# rate_estimation=off); the model on the same specs.
CH03_N := ch03-n1 ch03-n2 ch03-n4 ch03-n8
CH03_V10 := $(addsuffix -v10,$(CH03_N))
$(call kit_fig,ch03-rates,rates.gp,$(call kit_runs,$(CH03_N)) $(call kit_models,$(CH03_N)))
$(call kit_fig,ch03-rates-v10,rates.gp,$(call kit_runs,$(CH03_V10)) $(call kit_models,$(CH03_V10)))
$(call kit_fig,ch03-phases,phases.gp,$(call kit_runs,ch03-phases ch03-norate))
$(call kit_fig,ch03-phases-model,phases.gp,$(call kit_models,ch03-phases ch03-norate))
$(call kit_claims)
