# The dirty-throttling kit: `make` reproduces everything (-> the report
# PDF), `make check` runs the tests. Both first install missing Debian
# packages (tools/deps). Generated files go to $(BUILD) only.
#
# Data flows one way:
#   patches -> kernel -> guest run -> trace.dat -> TSV -> figure -> report
#
# Targets:
#   all      (default) the lab, every experiment, figures, the report
#   lab      guest kernel, initramfs, host tools (dtdecode, dtstat)
#   check    unit tests, model claims, the smoke run and its assertions
#   bench    timing figures (printed, not asserted)
#   smoke    just the smoke run, plotted
#   clean    remove $(BUILD)
BUILD ?= $(CURDIR)/build
export BUILD
KIT := $(CURDIR)
CC ?= gcc
CFLAGS ?= -O2 -g -Wall -Wextra -Werror
TRACE_CFLAGS = $(shell pkg-config --cflags libtracecmd libtraceevent 2>/dev/null)
TRACE_LIBS = $(shell pkg-config --libs libtracecmd libtraceevent 2>/dev/null)
Q ?= @

.PHONY: all deps lab kernel check bench smoke report clean FORCE
all: deps lab smoke report

deps:
	$(Q)tools/deps

# --- the lab ---------------------------------------------------------------
lab: deps $(BUILD)/kernel/bzImage $(BUILD)/initramfs.cpio.gz $(BUILD)/dtdecode/dtdecode \
	$(BUILD)/dtstat/dtstat

# build-kernel decides itself (hash of tarball, series, fragment) whether
# to rebuild, so it always runs; bzImage's time stamp only moves on rebuild,
# and make compares time stamps after the recipe ran.
kernel: $(BUILD)/kernel/bzImage
$(BUILD)/kernel/bzImage: FORCE
	$(Q)experiments/build-kernel $(BUILD)
FORCE:

$(BUILD)/dtwork/dtwork: experiments/dtwork/dtwork.c experiments/dtwork/Makefile
	$(Q)$(MAKE) -s -C experiments/dtwork BUILD=$(BUILD) all

$(BUILD)/initramfs.cpio.gz: experiments/build-initramfs experiments/guest/init \
		$(BUILD)/dtwork/dtwork /usr/bin/trace-cmd
	$(Q)experiments/build-initramfs $(BUILD)

$(BUILD)/dtdecode/dtdecode: experiments/dtdecode/dtdecode.c
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $(TRACE_CFLAGS) $< -o $@ $(TRACE_LIBS)

$(BUILD)/dtstat/dtstat: experiments/dtstat/dtstat.c
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $< -o $@ -lm

# --- runs ------------------------------------------------------------------
# A run is named after its spec file: $(RUNS)/NAME/ comes from the one file
# NAME.spec in experiments/ or chapters/*/. A chapter that needs another
# chapter's run just depends on $(RUNS)/NAME/meta, so each distinct
# experiment runs once. A run is remade when any spec of its folder, the
# kernel or the guest userland change.
# (RUNS, FIG, CLAIMS can be pointed elsewhere on the command line: the
# report test builds the report from the short runs of `make check`.)
RUNS := $(BUILD)/runs
FIG := $(BUILD)/figures
CLAIMS := $(BUILD)/claims
SPECS := $(wildcard experiments/*.spec chapters/*/*.spec)
spec_of = $(or $(filter %/$(1).spec,$(SPECS)),$(error no spec file $(1).spec in experiments/ or chapters/*/))
LAB_DEPS := $(BUILD)/kernel/bzImage $(BUILD)/initramfs.cpio.gz \
	$(BUILD)/dtdecode/dtdecode experiments/run
PLOT_DEPS := figures/plot figures/style.gp
CLAIM_DEPS := tools/claims.sh $(BUILD)/dtstat/dtstat

.SECONDEXPANSION:
$(RUNS)/%/meta: $$(call spec_of,$$*) $$(wildcard $$(dir $$(call spec_of,$$*))*.spec) $(LAB_DEPS) | lab
	$(Q)if [ $(words $(call spec_of,$*)) -ne 1 ]; then \
		echo "$(call spec_of,$*): spec name $* is not unique" >&2; exit 1; fi
	$(Q)KIT_NO_MAKE=1 experiments/run $(call spec_of,$*) -o $(RUNS)/$*

# The model on the same spec: $(MODEL_RUNS)/NAME/ (dtmodel sim spec=...),
# same TSV names and columns as a kernel run, so one figure script draws
# both.
MODEL_RUNS := $(BUILD)/model-runs
DTMODEL := $(BUILD)/model/dtmodel
$(DTMODEL): $(wildcard model/*.c model/*.h) model/Makefile
	$(Q)$(MAKE) -s -C model BUILD=$(BUILD) all
$(MODEL_RUNS)/%/meta: $$(call spec_of,$$*) $(DTMODEL)
	@mkdir -p $(MODEL_RUNS)
	@echo "  MODEL   $*"
	$(Q)$(DTMODEL) sim spec=$(call spec_of,$*) -o $(MODEL_RUNS)/$* > /dev/null

# --- the smoke run's figures (README) ----------------------------------------
$(FIG)/smoke-%.tex: $(RUNS)/smoke/meta figures/%.gp $(PLOT_DEPS)
	$(Q)figures/plot $* $(FIG)/smoke-$* $(RUNS)/smoke
smoke: $(FIG)/smoke-rates.tex $(FIG)/smoke-pages.tex

# --- chapters ------------------------------------------------------------------
# Each chapters/NN-*/chapter.mk adds its figures and claims to REPORT_DEPS
# and defines chapter-NN.
REPORT_DEPS := $(FIG)/smoke-rates.tex $(FIG)/smoke-pages.tex
include $(sort $(wildcard chapters/*/chapter.mk))

# --- report ----------------------------------------------------------------
report: $(REPORT_DEPS)

# --- tests -----------------------------------------------------------------
check: deps lab
	$(Q)tools/check-all

bench: deps lab
	$(Q)tools/bench

clean:
	rm -rf $(BUILD)
