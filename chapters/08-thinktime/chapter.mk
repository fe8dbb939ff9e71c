# chapters/08-thinktime/chapter.mk -- chapter 8 (chapters/lib.mk). Two
# runs, think_time on / off (one flat-out writer and three thinkers); the
# model on the same specs.
CH08_RUNS := ch08-think-on ch08-think-off
$(call kit_fig,ch08-timeline,timeline.gp,$(call kit_runs,ch08-think-on))
$(call kit_fig,ch08-timeline-off,timeline.gp,$(call kit_runs,ch08-think-off))
$(call kit_fig,ch08-ratio,ratio.gp,$(call kit_runs,$(CH08_RUNS)))
$(call kit_fig,ch08-ratio-model,ratio.gp,$(call kit_models,$(CH08_RUNS)))
$(call kit_claims)
