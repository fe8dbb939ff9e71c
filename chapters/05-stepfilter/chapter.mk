# chapters/05-stepfilter/chapter.mk -- chapter 5 (chapters/lib.mk). The
# seeds' claims are judged on preset v10 (ch05-off-v10 against ch05-v10);
# 6.1.192's filter (ch05-off against ch05-on) gives the numbers reported
# beside them. The model on the same specs. ch05-off-v10-r2, a second
# replicate of the off run, is the spread rows' control (claims only).
CH05_61 := ch05-off ch05-on
CH05_V10 := ch05-off-v10 ch05-v10
$(foreach f,rates spread direction,\
	$(call kit_fig,ch05-$(f),$(f).gp,$(call kit_runs,$(CH05_61)) $(call kit_models,$(CH05_61)))\
	$(call kit_fig,ch05-$(f)-v10,$(f).gp,$(call kit_runs,$(CH05_V10)) $(call kit_models,$(CH05_V10))))
$(call kit_claims)
