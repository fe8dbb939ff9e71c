# chapters/02-position/chapter.mk -- chapter 2 (chapters/lib.mk). Five
# runs: ch02-sweep (the curve), ch02-steady (dirty around the setpoint),
# ch02-threshold (the old on/off scheme), ch02-jbod-61 and ch02-jbod-v10
# (a fast and a slow disk); the model on the same specs, and the model's
# pos_ratio curves for the sweep run's setting.
CH02_CURVES := $(BUILD)/model-curves/ch02-sweep
$(CH02_CURVES)/meta: figures/pos-curves $(RUNS)/ch02-sweep/meta $(DTMODEL) $(DT)
	@mkdir -p $(dir $(@D))
	@echo "  MODEL   pos_ratio curves for ch02-sweep"
	$(Q)BUILD=$(BUILD) figures/pos-curves $(RUNS)/ch02-sweep $(CH02_CURVES)

$(call kit_fig,ch02-curve,curve.gp,$(call kit_runs,ch02-sweep) $(CH02_CURVES))
$(call kit_fig,ch02-pages,pages.gp,$(call kit_runs,ch02-steady) $(call kit_models,ch02-steady))
$(call kit_fig,ch02-jbod,jbod.gp,$(call kit_runs,ch02-jbod-61 ch02-jbod-v10) \
	$(call kit_models,ch02-jbod-61 ch02-jbod-v10))
$(call kit_fig,ch02-onoff,onoff.gp,$(call kit_runs,ch02-steady ch02-threshold))
$(call kit_claims,$(DTMODEL))
