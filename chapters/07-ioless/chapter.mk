# chapters/07-ioless/chapter.mk -- chapter 7 (chapters/lib.mk). Nine
# runs: 1, 10, 100 and 1000 writers with max_pause=6.1 and v10, and 10
# writers under pos_ratio=threshold; eight more: 1, 10, 100 writers and 10
# on two disks under knob.scheme = direct and ioless. The model on the same
# specs, but for the direct scheme (the model has no direct writeback).
CH07_NAMES := $(kit_names)
CH07_W := 1 10 100 1000
$(call kit_fig,ch07-cdf-61,cdf.gp,$(call kit_runs,$(CH07_W:%=ch07-w%-61)))
$(call kit_fig,ch07-cdf-v10,cdf.gp,$(call kit_runs,$(CH07_W:%=ch07-w%-v10)))
$(call kit_fig,ch07-cdf-v10-model,cdf.gp,$(call kit_models,$(CH07_W:%=ch07-w%-v10)))
$(call kit_fig,ch07-progress-threshold,progress.gp,$(call kit_runs,ch07-w10-threshold))
$(call kit_fig,ch07-progress-61,progress.gp,$(call kit_runs,ch07-w10-61))
$(call kit_fig,ch07-pattern,pattern.gp,$(call kit_runs,ch07-direct-w100 ch07-ioless-w100))
$(call kit_claims)
