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

.PHONY: all deps lab kernel check bench smoke clean FORCE
all: deps lab smoke report

deps:
	$(Q)tools/deps

# --- the lab ---------------------------------------------------------------
lab: deps kernel $(BUILD)/initramfs.cpio.gz $(BUILD)/dtdecode/dtdecode \
	$(BUILD)/dtstat/dtstat

# build-kernel decides itself (hash of tarball, series, fragment) whether
# to rebuild, so it always runs; bzImage's time stamp only moves on rebuild.
kernel: deps
	$(Q)experiments/build-kernel $(BUILD)
$(BUILD)/kernel/bzImage: kernel

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
# A run's folder is named after its spec (and overrides); it is remade when
# the spec, the kernel or the guest userland change.
RUNS := $(BUILD)/runs
LAB_DEPS := $(BUILD)/kernel/bzImage $(BUILD)/initramfs.cpio.gz \
	$(BUILD)/dtdecode/dtdecode experiments/run

$(RUNS)/smoke/meta: experiments/smoke.spec $(LAB_DEPS) | lab
	$(Q)KIT_NO_MAKE=1 experiments/run $<

# --- figures ---------------------------------------------------------------
FIG := $(BUILD)/figures
$(FIG)/smoke-%.pdf $(FIG)/smoke-%.png: $(RUNS)/smoke/meta figures/%.gp figures/style.gp figures/plot
	$(Q)figures/plot $* $(RUNS)/smoke $(FIG)/smoke-$*

smoke: $(FIG)/smoke-rates.pdf $(FIG)/smoke-pages.pdf

# --- report ----------------------------------------------------------------
report: smoke

# --- tests -----------------------------------------------------------------
check: deps lab
	$(Q)tools/check-all

bench: deps lab
	$(Q)tools/bench

clean:
	rm -rf $(BUILD)
