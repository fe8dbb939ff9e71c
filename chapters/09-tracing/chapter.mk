# chapters/09-tracing/chapter.mk -- chapter 9 (chapters/lib.mk). Two
# runs: N = 4 and N = 16 flat-out writers with the task_io event; the
# model on the same specs; and their direct-scheme twins, the fairness
# rows' controls (ch09-direct.spec).
CH09_RUNS := ch09-fair4 ch09-fair16
CH09_DIRECT := ch09-fair4-direct ch09-fair16-direct
$(call kit_fig,ch09-io4,io.gp,$(call kit_runs,ch09-fair4))
$(call kit_fig,ch09-io16,io.gp,$(call kit_runs,ch09-fair16))
$(call kit_fig,ch09-share,share.gp,$(call kit_runs,$(CH09_RUNS)))
$(call kit_fig,ch09-share-model,share.gp,$(call kit_models,$(CH09_RUNS)))
$(call kit_claims)
