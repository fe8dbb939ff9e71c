# The dirty-throttling kit: `make` reproduces everything (-> the report
# PDF), `make check` runs the tests. Both first install missing Debian
# packages (tools/deps). Generated files go to $(BUILD) only.
#
# Data flows one way:
#   patches -> kernel -> guest run -> trace.dat -> TSV -> figure -> report
#
# Targets:
#   all      (default) the lab, every experiment, figures, the report
#   lab      guest kernel, initramfs, host tools (dtdecode, dt)
#   lab-K    the lab of kernel K (lab-6.12: make lab KERNEL=6.12)
#   kernels-others  the step of `make KERNELS="6.1 6.12"` that makes the
#            other kernels' labs, runs and reports first
#   check    unit tests, model claims, the smoke run and its assertions
#   bench    timing figures (printed, not asserted)
#   spread   K replicates of the chapters' kernel runs (CH="03 05": those
#            only) and, per claim row, whether its verdict held (tools/spread);
#            LOAD=N: the last N replicates beside a CPU hog on every core
#   smoke    just the smoke run, plotted
#   chapter-NN   one chapter: its runs, model runs, figures and claims
#   report   the report PDF from whatever runs exist: starts no kernel run;
#            a chapter not run yet shows its text, the model's figures and
#            "not run yet: make chapter-NN" (needs gnuplot and TeX, no QEMU)
#   report-all  every chapter's runs first, then the report (what make does)
#   pdf-NN   chapter NN's section as its own PDF, from whatever runs exist
#   slides   every chapter's beamer deck (slides-NN: one), from whatever
#            runs exist (chapters/NN-*/slides.tex)
#   model    the model and dt only (dtmodel sim, curve, quiz): needs only
#            a C compiler and make, no QEMU
#   deps-model   install only what model, answers and grade need
#   deps-report  install only what report, pdf-NN and slides need (no QEMU)
#   answers  the computed answer keys of the chapters' exercises (the
#            teacher's; model and quiz keys need no kernel run)
#   grade    ANSWERS=FILE [CH=NN]: a student's answers against the keys
#            of the chapters the file answers (computed first; keys whose
#            kernel runs are missing are listed; no value of a key is shown)
#   skel     LAW=cubic|bdi-line|step-filter|pause DIR=NEW: the model with
#            one law left for the student (make -C DIR/model check grades it)
#   runs-list  [CH="03 05"] the missing or stale kernel runs, one shell
#            command each, for GNU parallel or another engine (docs/many-machines.md)
#   specs    the spec file of every run of a family ($(BUILD)/specs)
#   help     this list, with times
#   clean    remove $(BUILD)
#
# KERNEL=K: the guest kernel, a kernel of patches/kernels (6.1, 6.12;
# default: the host's, tools/kernels default). Its lab, runs, verdicts,
# figures and report are build/kernel, runs, claims, figures, report with
# the table's suffix (-6.12 for 6.12, none for 6.1), so both kernels' runs
# live side by side. KERNELS="6.1 6.12": `make` does every one of them,
# the others first, so that the report of the first names what the
# others' verdicts were (a column per kernel).
BUILD ?= $(CURDIR)/build
export BUILD
KIT := $(CURDIR)
KERNEL ?= $(or $(KIT_KERNEL),$(shell tools/kernels default))
KSUFFIX := $(shell tools/kernels get $(KERNEL) suffix 2>&1 || echo BAD)
$(if $(findstring BAD,$(KSUFFIX)),$(error KERNEL=$(KERNEL): $(KSUFFIX:BAD=)))
export KIT_KERNEL := $(KERNEL)
KERNEL_LIST := $(shell tools/kernels list)
KERNELS ?= $(KERNEL)
DT := $(BUILD)/dt/dt
DTSPEC := $(BUILD)/dtspec/dtspec
DTMODEL := $(BUILD)/model/dtmodel
export KIT_DTSPEC := $(DTSPEC)
DTCLAIMS := $(BUILD)/dtclaims/dtclaims
CC ?= gcc
CFLAGS ?= -O2 -g -Wall -Wextra -Werror
TRACE_CFLAGS = $(shell pkg-config --cflags libtracecmd libtraceevent 2>/dev/null)
TRACE_LIBS = $(shell pkg-config --libs libtracecmd libtraceevent 2>/dev/null)
Q ?= @
# Plain `make` and `make check` use every guest slot: as many jobs as the
# machine has slots (tools/kit.sh kit_slot_count: cores per slot width, or
# KIT_SLOTS), so that two guests run at once on 2 cores and the rest of
# the work (figures, model runs, claims) fills the gaps. A -j on the
# command line wins (make -j1: one job at a time). Only the top make sets
# it; the sub-makes share its jobserver. (BUILD is given to the shell
# explicitly: GNU make 4.3 does not export variables to $(shell), and
# without $BUILD/accel kit_slot_count would count 3-core KVM slots: one
# on 2 cores. Before the lab has found its accelerator, the jobs are
# counted as TCG slots, one core each: should it find KVM, a run beyond
# its slots waits for one, which costs nothing.)
ifeq ($(MAKELEVEL),0)
KIT_JOBS := $(shell BUILD='$(BUILD)' bash -c '. tools/kit.sh && { [ -n "$${KIT_ACCEL:-}" ] || [ -r "$$BUILD/accel" ] || export KIT_ACCEL=tcg; kit_slot_count; }' 2>/dev/null || echo 1)
MAKEFLAGS += -j$(KIT_JOBS)
endif

.PHONY: all deps deps-model deps-report model lab kernel check bench spread smoke report report-all slides clean help FORCE
# (the other kernels of KERNELS first, whole, each its lab, smoke run and
# report; then this one's, in a make that reads their verdicts: its
# report shows them beside its own. A sub-make, so that -jN keeps that
# order.)
# (its wall time and jobs go to $(BUILD)/make_seconds: make bench prints
# them)
all: $(if $(filter-out $(KERNEL),$(KERNELS)),kernels-others)
	$(Q)t0=$$(date +%s); $(MAKE) --no-print-directory KERNELS=$(KERNEL) report-all && \
		echo "$$(($$(date +%s) - t0)) $(or $(patsubst -j%,%,$(filter -j%,$(MAKEFLAGS))),1) $(KERNEL)" > $(BUILD)/make_seconds$(KSUFFIX)
.PHONY: kernels-others
kernels-others:
	$(Q)$(foreach k,$(filter-out $(KERNEL),$(KERNELS)),$(MAKE) --no-print-directory KERNEL=$(k) KERNELS=$(k) all &&) true

# (deps after deps-model, never beside it: one apt-get at a time)
deps: deps-model
	$(Q)tools/deps $(KERNEL)
# what the model, the quiz, the answer keys and grading need: a C compiler
# and make (no QEMU, kernel source or TeX)
deps-model:
	$(Q)tools/deps model
# model: the model and dt (build/model/dtmodel: sim, curve, quiz), from the
# C compiler alone
model: deps-model $(DTMODEL) $(DT) $(DTSPEC)
# what `make report` needs beyond the model: gnuplot and TeX (no QEMU)
deps-report:
	$(Q)tools/deps report

# --- the lab ---------------------------------------------------------------
KERNEL_DIR := $(BUILD)/kernel$(KSUFFIX)
lab: deps $(KERNEL_DIR)/bzImage $(BUILD)/initramfs.cpio.gz $(BUILD)/dtdecode/dtdecode \
	$(DT) $(DTCLAIMS) $(DTSPEC)
# lab-K: kernel K's lab (the Debian package of K too)
lab-%: FORCE
	$(Q)$(MAKE) --no-print-directory KERNEL=$* lab

# build-kernel decides itself (hash of tarball, series, fragment) whether
# to rebuild, so it always runs; bzImage's time stamp only moves on rebuild,
# and make compares time stamps after the recipe ran. One rule per kernel
# of patches/kernels (build/kernel + its suffix).
kernel: $(KERNEL_DIR)/bzImage
define _kit_kernel_rule
$(BUILD)/kernel$(shell tools/kernels get $(1) suffix)/bzImage: FORCE | deps
	$$(Q)KIT_KERNEL=$(1) experiments/build-kernel $$(BUILD)
endef
$(foreach k,$(KERNEL_LIST),$(eval $(call _kit_kernel_rule,$(k))))
FORCE:

# (each file of the lab waits for deps: with -j, make would start them
# beside the install of the packages they need)
$(BUILD)/dtwork/dtwork $(BUILD)/dtwork/dtbw &: experiments/dtwork/dtwork.c experiments/dtwork/dtbw.c experiments/dtwork/Makefile | deps-model
	$(Q)$(MAKE) -s -C experiments/dtwork BUILD=$(BUILD) all

$(BUILD)/initramfs.cpio.gz: experiments/build-initramfs experiments/guest/init \
		$(BUILD)/dtwork/dtwork $(BUILD)/dtwork/dtbw | deps
	$(Q)experiments/build-initramfs $(BUILD)

$(BUILD)/dtdecode/dtdecode: experiments/dtdecode/dtdecode.c | deps
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $(TRACE_CFLAGS) $< -o $@ $(TRACE_LIBS)

# dt: the one analysis tool (claims, figures, tests); it shares the
# model's laws (dtlaw.c: the poll interval)
$(DT): experiments/dt/dt.c experiments/dt/dt.h experiments/common/tsvexpr.h model/dtlaw.c model/dtlaw.h | deps-model
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) $< model/dtlaw.c -o $@ -lm

# dtspec: the one reader of spec files (experiments/spec runs it; the
# model links its dtspec.c)
$(DTSPEC): experiments/dtspec/dtspec.c experiments/dtspec/dtspec.h experiments/dtspec/main.c | deps-model
	@mkdir -p $(@D)
	@echo "  CC      experiments/dtspec"
	$(Q)$(CC) $(CFLAGS) -std=gnu11 -DDTSPEC_KIT='"$(KIT)"' experiments/dtspec/dtspec.c experiments/dtspec/main.c -o $@

# dtclaims: a chapter's verdict rows from its claims.conf, every number
# from dt (tools/chapter-claims runs it)
$(DTCLAIMS): tools/dtclaims/dtclaims.c experiments/dt/dt.c experiments/dt/dt.h experiments/common/tsvexpr.h \
		model/dtlaw.c model/dtlaw.h | deps-model
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) -DDT_LIBRARY $< experiments/dt/dt.c model/dtlaw.c -o $@ -lm

# --- runs ------------------------------------------------------------------
# A run is named after its spec file: $(RUNS)/NAME/ comes from the one file
# NAME.spec in experiments/ or chapters/*/, or from the family that names
# it. A chapter that needs another
# chapter's run just depends on $(RUNS)/NAME/meta, so each distinct
# experiment runs once. A run is remade when its spec, the script its
# spec names with pre=, the kernel or the guest userland change.
# (RUNS, FIG, CLAIMS, REPORT_OUT can be pointed elsewhere on the command line: the
# report test builds the report from the short runs of `make check`.)
# RUN_ARGS (key=value ...) is added to every run make starts, e.g.
# RUN_ARGS=time_scale=25 for the report test's runs that no chapter check
# made.
RUNS := $(BUILD)/runs$(KSUFFIX)
FIG := $(BUILD)/figures$(KSUFFIX)
CLAIMS := $(BUILD)/claims$(KSUFFIX)
# the report and the chapters' own PDFs (the report section)
REPORT_OUT := $(BUILD)/report$(KSUFFIX)
SPECS := $(wildcard experiments/*.spec chapters/*/*.spec)
# Families (experiments/spec): a spec with a name = TEMPLATE line and
# lists of values stands for several runs. FAMILY_NAME is the family file
# of run NAME; the run's own spec is generated as $(BUILD)/specs/NAME.spec
# and rewritten only when its expansion changes, so editing one value of
# a family remakes only the runs whose spec that value changed.
# The families and their runs come from dtspec, in $(BUILD)/families.mk:
# make builds dtspec and that file first when a spec changed (GNU make
# remakes an included makefile, then reads it anew).
$(BUILD)/families.mk: $(DTSPEC) $(SPECS)
	@mkdir -p $(@D)
	$(Q)for f in $(SPECS); do \
		[ "$$($(DTSPEC) kind $$f)" = family ] || continue; \
		echo "FAMILIES += $$f"; \
		n=$$($(DTSPEC) names $$f | tr '\n' ' ') || exit 1; \
		echo "RUNS_OF_$$f := $$n"; \
		for r in $$n; do echo "FAMILY_$$r := $$f"; done; \
	done > $@.tmp && mv $@.tmp $@
FAMILIES :=
-include $(BUILD)/families.mk
# What each chapter declares, in $(BUILD)/chapters.mk, read from the
# declarations themselves so that no second list can drift from them:
# KIT_CLAIM_RUNS_NN / KIT_CLAIM_MODELS_NN, the kernel and model runs its
# claims.conf names (dtclaims --runs), and KIT_PIN_NN, the kernel its
# specs say they run on (kernel = K in every spec of the folder; none:
# make's KERNEL; tools/chapter-decls).
CLAIM_CONFS := $(wildcard chapters/*/claims.conf)
$(BUILD)/chapters.mk: tools/chapter-decls $(DTCLAIMS) $(DTSPEC) $(CLAIM_CONFS) $(SPECS) tools/seeds.tsv
	@mkdir -p $(@D)
	$(Q)BUILD=$(BUILD) tools/chapter-decls $(sort $(dir $(wildcard chapters/[0-9]*/*.spec chapters/[0-9]*/claims.conf))) > $@.tmp && mv $@.tmp $@
-include $(BUILD)/chapters.mk
# the runs a spec file stands for
runs_of = $(if $(filter $(1),$(FAMILIES)),$(RUNS_OF_$(1)),$(basename $(notdir $(1))))
spec_of = $(or $(filter %/$(1).spec,$(filter-out $(FAMILIES),$(SPECS))),$(if $(FAMILY_$(1)),$(BUILD)/specs/$(1).spec),$(error no spec file $(1).spec, and no family naming $(1), in experiments/ or chapters/*/))
src_of = $(or $(FAMILY_$(1)),$(call spec_of,$(1)))
# the guest script a spec names with pre= (a path relative to the kit)
pre_of = $(shell $(DTSPEC) get $(1) pre 2> /dev/null)
LAB_DEPS := $(KERNEL_DIR)/bzImage $(BUILD)/initramfs.cpio.gz experiments/guest/lib.sh \
	$(BUILD)/dtdecode/dtdecode experiments/run
PLOT_DEPS := figures/plot figures/style.gp $(DT)
CLAIM_DEPS = tools/claims.cols tools/seeds.tsv $(DT) $(DTCLAIMS) $(DTMODEL)

.SECONDEXPANSION:
# (precious: make would delete them as intermediate files, and the next
# make would write them anew and remake their runs)
.PRECIOUS: $(BUILD)/specs/%.spec
$(BUILD)/specs/%.spec: $$(FAMILY_$$*) $(DTSPEC) FORCE
	@mkdir -p $(@D)
	$(Q)$(DTSPEC) expand $(FAMILY_$*) $* > $@.tmp && \
		{ cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@; }
ifeq ($(REPORT_PARTIAL),)
# (kit_run: the recipe of a kernel run, also a pinned chapter's (below);
# $(1): more key=value arguments)
kit_run = $(Q)if [ $(words $(call spec_of,$*)) -ne 1 ]; then \
		echo "$(call spec_of,$*): spec name $* is not unique" >&2; exit 1; fi; \
	experiments/run $(call spec_of,$*) $(1) $(RUN_ARGS) -o $(@D)
$(RUNS)/%/meta: $$(call spec_of,$$*) $$(call pre_of,$$(call src_of,$$*)) $(LAB_DEPS) | lab
	$(call kit_run)
else
# `make report`: a kernel run is used as it is, never made or remade
# (make chapter-NN or make remakes a run whose spec or lab changed)
$(RUNS)/%/meta:
	@echo "$@: missing (make report uses only the runs already made)" >&2; exit 1
endif

# The model on the same spec: $(MODEL_RUNS)/NAME/ (dtmodel sim spec=...),
# same TSV names and columns as a kernel run, so one figure script draws
# both.
MODEL_RUNS := $(BUILD)/model-runs
# (with the model's claim tests, which make check runs: one sub-make, so
# that two jobs never compile the same objects)
$(DTMODEL) $(BUILD)/model/test_claims &: $(wildcard model/*.c model/*.h) model/Makefile patches/knobs patches/presets experiments/keys \
		experiments/dtspec/dtspec.c experiments/dtspec/dtspec.h | deps-model
	$(Q)$(MAKE) -s -C model BUILD=$(BUILD) all $(BUILD)/model/test_claims
$(MODEL_RUNS)/%/meta: $$(call spec_of,$$*) $(DTMODEL)
	@mkdir -p $(MODEL_RUNS)
	@echo "  MODEL   $*"
	$(Q)$(DTMODEL) sim spec=$(call spec_of,$*) -o $(MODEL_RUNS)/$* > /dev/null

# --- the smoke run's figures (docs/commands.md) ---------------------------------
$(FIG)/smoke-%.tex: $(RUNS)/smoke/meta figures/%.gp $(PLOT_DEPS)
	$(Q)figures/plot $* $(FIG)/smoke-$* $(RUNS)/smoke
smoke: $(FIG)/smoke-rates.tex $(FIG)/smoke-pages.tex

# --- chapters ------------------------------------------------------------------
# Each chapters/NN-*/chapter.mk declares its figures and claims with the
# shared rules of chapters/lib.mk; kit_chapters then defines chapter-NN
# and adds the chapter's outputs to REPORT_DEPS.
# (REPORT_BASE_DEPS: the figures of the smoke run, report/figures.mk's too)
REPORT_BASE_DEPS := $(FIG)/smoke-rates.tex $(FIG)/smoke-pages.tex
REPORT_DEPS := $(REPORT_BASE_DEPS)
include chapters/lib.mk
include $(sort $(wildcard chapters/*/chapter.mk))
$(kit_chapters)
# A chapter pinned to another kernel (its specs say kernel = K; chapter 10 on 6.12):
# its runs are made in that kernel's runs folder, on that kernel's lab
# (its Debian package installed first, as make KERNEL=K lab would), one
# rule per folder other than this make's $(RUNS).
define _kit_pinned_rule
$(BUILD)/runs$(2)/%/meta: $$$$(call spec_of,$$$$*) $$$$(call pre_of,$$$$(call src_of,$$$$*)) \
		$(BUILD)/kernel$(2)/bzImage $(filter-out $(KERNEL_DIR)/bzImage,$(LAB_DEPS)) | lab
	$$(call kit_run,kernel=$(1))
$(BUILD)/kernel$(2)/bzImage: kernel-deps-$(1)
kernel-deps-$(1): FORCE
	$$(Q)tools/deps $(1)
endef
KIT_PINNED := $(foreach k,$(sort $(foreach c,$(filter-out $(KIT_UNAVAILABLE),$(KIT_CHAPTERS)),$(KIT_KERNEL_$(c)))),$(if \
	$(filter $(RUNS),$(BUILD)/runs$(shell tools/kernels get $(k) suffix)),,$(k)))
ifeq ($(REPORT_PARTIAL),)
$(foreach k,$(KIT_PINNED),$(eval $(call _kit_pinned_rule,$(k),$(shell tools/kernels get $(k) suffix))))
else
$(foreach k,$(KIT_PINNED),$(eval $(BUILD)/runs$(shell tools/kernels get $(k) suffix)/%/meta: ; \
	@echo "$$@: missing (make report uses only the runs already made)" >&2; exit 1))
endif

# --- runs-list: the kernel runs, as shell commands for any engine ----------
# make runs-list [CH="03 05"]: one line per run of those chapters (default:
# every chapter and the smoke run) that is missing or older than its spec,
# to be run from the kit's top folder on a machine that ran `make lab`
# (and `make specs`, for the runs of a family). Their folders, copied back
# here with their times (rsync -a), satisfy make (docs/many-machines.md).
# specs: the generated spec of every run of a family
RUNS_LIST_DIRS = $(sort $(if $(CH),$(foreach c,$(CH),$(KIT_RUNDIRS_$(c))),\
	$(RUNS)/smoke $(foreach c,$(KIT_CHAPTERS),$(KIT_RUNDIRS_$(c)))))
ALL_FAMILY_SPECS = $(foreach f,$(FAMILIES),$(addprefix $(BUILD)/specs/,$(addsuffix .spec,$(RUNS_OF_$(f)))))
rel = $(patsubst $(KIT)/%,%,$(1))
.PHONY: runs-list runs-table specs
# runs-table: "NN NAME SPEC DIR" for every kernel run of every chapter
# this host can run (tools/bench; DIR: the run's folder, another kernel's
# for a pinned chapter)
runs-table:
	@$(foreach c,$(filter-out $(KIT_UNAVAILABLE),$(sort $(KIT_CHAPTERS))),$(foreach d,$(sort $(KIT_RUNDIRS_$(c))),echo "$(c) $(notdir $(d)) $(call rel,$(call spec_of,$(notdir $(d)))) $(d)";))true
specs: $(ALL_FAMILY_SPECS)
runs-list: $$(foreach d,$$(RUNS_LIST_DIRS),$$(if $$(FAMILY_$$(notdir $$(d))),$(BUILD)/specs/$$(notdir $$(d)).spec))
	$(Q)$(if $(filter-out $(KIT_CHAPTERS),$(CH)),echo "make runs-list: no chapter $(filter-out $(KIT_CHAPTERS),$(CH)) (chapters: $(sort $(KIT_CHAPTERS)))" >&2; exit 2;) \
	$(foreach d,$(RUNS_LIST_DIRS),{ [ -e $(d)/meta ] && [ ! $(call spec_of,$(notdir $(d))) -nt $(d)/meta ] || \
		echo "experiments/run $(call rel,$(call spec_of,$(notdir $(d)))) $(if $(RUN_ARGS),$(RUN_ARGS) )-o $(call rel,$(d))"; };) true

# --- report ----------------------------------------------------------------
# report/report.tex -> $(REPORT_OUT)/report.pdf (latexmk, pdflatex; aux files
# in $(REPORT_OUT)/tex). It depends on every chapter's figures and claims
# (REPORT_DEPS), the report's own figures (report/figures.mk), the claims
# table generated from the claims TSVs (report/claims2tex) and the chapter
# list generated from the chapters/*/text.tex present (report/mkinputs).
# `report` builds it in a sub-make so that any failure on the way (a run, a
# figure, a LaTeX error) removes the old PDF: never a PDF with stale or
# missing figures. REPORT_OUT can be pointed elsewhere like RUNS, FIG,
# CLAIMS (report/check does).
include report/figures.mk
# (a chapter pinned to a kernel this host cannot get is left out, and
# make says so)
CHAPTER_TEXTS := $(filter-out $(foreach c,$(KIT_UNAVAILABLE),chapters/$(c)-%),$(sort $(wildcard chapters/*/text.tex)))
REPORT_SRC := report/report.tex report/kit-preamble.tex report/kit-common.tex report/overview.tex report/loop.tex report/formulas.tex \
	report/glossary.tex report/refs.bib $(CHAPTER_TEXTS)
# `make report` (REPORT_PARTIAL=1) builds from whatever runs exist and
# never starts a kernel run: the chapters whose kernel runs are all made
# (RAN_CHAPTERS) with everything, the others (NOTRUN_CHAPTERS) with their
# text, their model-only figures and a note how to make them; the smoke
# run's figures when it is made. `make` and report/check (report-all)
# build every run first and refuse a missing figure or claim.
kit_ran = $(if $(strip $(foreach d,$(KIT_RUNDIRS_$(1)),$(if $(wildcard $(d)/meta),,x))),,$(1))
RAN_CHAPTERS := $(foreach c,$(sort $(KIT_CHAPTERS)),$(call kit_ran,$(c)))
NOTRUN_CHAPTERS := $(filter-out $(RAN_CHAPTERS) $(KIT_UNAVAILABLE),$(sort $(KIT_CHAPTERS)))
REPORT_AVAIL := $(if $(wildcard $(RUNS)/smoke/meta),$(REPORT_BASE_DEPS)) \
	$(foreach c,$(RAN_CHAPTERS),$(KIT_OUT_$(c))) \
	$(foreach c,$(NOTRUN_CHAPTERS),$(KIT_MODELFIGS_$(c)))
REPORT_PDF_DEPS := $(if $(REPORT_PARTIAL),$(REPORT_AVAIL),$(REPORT_DEPS))
REPORT_CLAIMS := $(sort $(filter %.tsv,$(REPORT_PDF_DEPS)))

# the run-to-run spread of the kernel verdicts, when `make spread` made it
SPREAD := $(wildcard $(BUILD)/spread$(KSUFFIX)/summary.tsv)
# the other kernels' verdicts, where make KERNEL=K made some (a column
# each in the report's kernel table; make KERNELS="6.1 6.12")
claims_of = $(BUILD)/claims$(shell tools/kernels get $(1) suffix)
# the chapters that judge a later kernel's own features: those pinned to
# a kernel by their specs (KIT_PIN_NN), counted apart from the seeds'
comma := ,
FEATURE_CHAPTERS = $(subst $() ,$(comma),$(strip $(patsubst KIT_PIN_%,%,$(filter KIT_PIN_%,$(.VARIABLES)))))
ALSO_CLAIMS := $(foreach k,$(filter-out $(KERNEL),$(KERNEL_LIST)),$(if \
	$(wildcard $(call claims_of,$(k))/ch*.tsv),$(k)=$(call claims_of,$(k))))
AMENDMENTS := $(sort $(wildcard chapters/*/amendments.tsv))
$(REPORT_OUT)/kit-claims.tex: report/claims2tex $(REPORT_CLAIMS) $(SPREAD) $(AMENDMENTS) \
		$(foreach a,$(ALSO_CLAIMS),$(wildcard $(lastword $(subst =, ,$(a)))/ch*.tsv))
	@mkdir -p $(@D)
	$(Q)$(if $(strip $(REPORT_CLAIMS)),,printf 'id\tchapter\n' > $@.none.tsv &&) \
		report/claims2tex $(if $(SPREAD),--spread $(SPREAD)) --kernel $(KERNEL) $(foreach a,$(ALSO_CLAIMS),--also $(a)) \
		--features "$(FEATURE_CHAPTERS)" $(foreach a,$(AMENDMENTS),--amendments $(a)) \
		$(or $(strip $(REPORT_CLAIMS)),$@.none.tsv) > $@.tmp && mv $@.tmp $@

# rewritten only when the figure folder or the chapter list change
$(REPORT_OUT)/kit-config.tex $(REPORT_OUT)/kit-chapters.tex &: report/mkinputs FORCE
	$(Q)KIT_PARTIAL=$(REPORT_PARTIAL) KIT_NOTRUN="$(if $(REPORT_PARTIAL),$(NOTRUN_CHAPTERS))" \
		report/mkinputs $(REPORT_OUT) $(FIG) $(CHAPTER_TEXTS)

$(REPORT_OUT)/report.pdf: $(REPORT_SRC) $(REPORT_PDF_DEPS) $(REPORT_OUT)/kit-claims.tex \
		$(REPORT_OUT)/kit-config.tex $(REPORT_OUT)/kit-chapters.tex
	@echo "  TEX     report.pdf"
	$(Q)rm -f $@
	$(Q)TEXINPUTS=$(REPORT_OUT):$(KIT)/report: BIBINPUTS=$(KIT)/report: \
		latexmk -pdf -interaction=nonstopmode -halt-on-error -file-line-error \
		-outdir=$(REPORT_OUT)/tex report/report.tex > $(REPORT_OUT)/latexmk.log 2>&1 || { \
		echo "report/report.tex: LaTeX failed; from $(REPORT_OUT)/tex/report.log:" >&2; \
		grep -m3 -A2 -E '^(! |[^ ]*\.tex:[0-9]+: )' $(REPORT_OUT)/tex/report.log >&2 || \
			tail -n 20 $(REPORT_OUT)/latexmk.log >&2; exit 1; }
	$(Q)cp $(REPORT_OUT)/tex/report.pdf $@

report: deps-report
	$(Q)$(MAKE) --no-print-directory REPORT_PARTIAL=1 $(REPORT_OUT)/report.pdf || \
		{ rm -f $(REPORT_OUT)/report.pdf; exit 1; }
	@echo "  PDF     $(REPORT_OUT)/report.pdf ($$(pdfinfo $(REPORT_OUT)/report.pdf 2>/dev/null | sed -n 's/^Pages: *//p') pages)$(if $(NOTRUN_CHAPTERS), not run yet: chapters $(NOTRUN_CHAPTERS) (make chapter-NN))"
# slides: every chapter's deck (slides-NN), from whatever runs exist
slides: $(foreach c,$(sort $(KIT_CHAPTERS)),$(if $(wildcard chapters/$(c)-*/slides.tex),slides-$(c)))
# (after the lab: in `make`, so that no run starts before its kernel)
report-all: lab
	$(Q)$(foreach c,$(KIT_UNAVAILABLE),echo "  SKIP    chapter $(c:0%=%): it needs kernel $(KIT_KERNEL_$(c)) ($(shell tools/kernels get $(KIT_KERNEL_$(c)) package)), which this host cannot install (tools/kernels available: $(or $(KIT_AVAILABLE),none)); the report leaves it out" >&2;)
	$(Q)$(MAKE) --no-print-directory $(REPORT_OUT)/report.pdf || \
		{ rm -f $(REPORT_OUT)/report.pdf; exit 1; }
	@echo "  PDF     $(REPORT_OUT)/report.pdf ($$(pdfinfo $(REPORT_OUT)/report.pdf 2>/dev/null | sed -n 's/^Pages: *//p') pages)"

# --- teaching ------------------------------------------------------------------
# answers: the teacher's key of every chapter's exercises (tools/answers,
# from chapters/*/answers.conf: the model, the quiz and the kernel runs
# made so far) into $(ANSWERS_OUT)/chNN.key. grade: a student's
# "key = value" file against the keys of the chapters it answers (CH=NN:
# that chapter's only), computed into $(GRADE_KEYS) without the
# teacher's model answers. The whole file is checked first (tools/grade
# --chapters), so bad input stops before any key is computed. Grading
# prints ok, wrong, not answered or not graded (needs a run) per key and
# no value of a key (REVEAL=1, the teacher's, adds them). Both need only
# a C compiler and make
# (deps-model): a key that needs a kernel run not made yet says so and is
# skipped.
ANSWERS_OUT := $(BUILD)/answers$(KSUFFIX)
GRADE_KEYS := $(BUILD)/grade-keys$(KSUFFIX)
.PHONY: answers grade
# (KIT_CHAPTER_RUNS: where a chapter pinned to another kernel has its runs)
KIT_CHAPTER_RUNS = $(foreach c,$(sort $(KIT_CHAPTERS)),$(if $(KIT_KERNEL_$(c)),$(c)=$(call kit_rundir,$(c))))
# the model runs the answer keys read ($$MODEL_RUNS/NAME in answers.conf),
# made here: tools/answers only reads them
ANSWER_MODEL_RUNS := $(sort $(patsubst $$MODEL_RUNS/%,%,$(shell sed '/^[[:space:]]*\#/d' chapters/*/answers.conf 2>/dev/null | grep -o '$$MODEL_RUNS/[A-Za-z0-9_.+-]*')))
ANSWER_DEPS := $(DTMODEL) $(DT) $(foreach m,$(ANSWER_MODEL_RUNS),$(MODEL_RUNS)/$(m)/meta)
answers: deps-model $(ANSWER_DEPS)
	$(Q)RUNS=$(RUNS) KIT_CHAPTER_RUNS="$(KIT_CHAPTER_RUNS)" tools/answers $(ANSWERS_OUT)
grade: deps-model $(ANSWER_DEPS)
	$(Q)[ -n "$(ANSWERS)" ] || { echo "usage: make grade ANSWERS=FILE [CH=NN]" >&2; exit 2; }
	$(Q)chs=$$(tools/grade --chapters "$(ANSWERS)") || exit 2; \
	[ -z "$(CH)" ] || chs="$(CH)"; \
	[ -n "$$chs" ] || { echo "make grade: $(ANSWERS): no key exNN.M... in it (CH=NN grades one chapter)" >&2; exit 2; }; \
	dirs=""; for c in $$chs; do d=$$(echo chapters/$$c-*); \
		[ -d "$$d" ] || { echo "make grade: CH=$$c: no chapter chapters/$$c-*" >&2; exit 2; }; dirs="$$dirs $$d"; done; \
	ANSWERS_NO_TEACHER=1 RUNS=$(RUNS) KIT_CHAPTER_RUNS="$(KIT_CHAPTER_RUNS)" tools/answers $(GRADE_KEYS) $$dirs && \
	tools/grade $$(for c in $$chs; do echo $(GRADE_KEYS)/ch$$c.key; done) "$(ANSWERS)"
# skel: a copy of the model with one law blanked (tools/skel), graded by
# make -C DIR/model check
.PHONY: skel
skel:
	$(Q)[ -n "$(LAW)" ] && [ -n "$(DIR)" ] || { echo "usage: make skel LAW=cubic|bdi-line|step-filter|pause DIR=NEW_FOLDER" >&2; exit 2; }
	$(Q)tools/skel $(LAW) $(DIR)

# --- tests -----------------------------------------------------------------
# make check tests the default kernel with every suite, and builds and
# smoke-tests every other kernel the host can get (tools/kernels
# available; asked after deps, whose apt-get update makes apt know them)
# (the host's tools the suites use are built here: no suite runs make)
CHECK_TOOLS := $(DT) $(DTCLAIMS) $(DTMODEL) $(BUILD)/model/test_claims $(BUILD)/dtwork/dtwork \
	$(foreach m,$(ANSWER_MODEL_RUNS),$(MODEL_RUNS)/$(m)/meta)
check: deps lab $(CHECK_TOOLS)
	$(Q)ks="$$(tools/kernels available | tr '\n' ' ')"; \
	for k in $$ks; do [ "$$k" = "$(KERNEL)" ] || $(MAKE) --no-print-directory KERNEL=$$k lab || exit 1; done; \
	CHECK_KERNELS="$$ks" tools/check-all

# (tools/bench reads the family runs' specs and the runs table, made here
# first; the model's bench follows)
bench: deps lab specs
	$(Q)$(MAKE) --no-print-directory -s runs-table > $(BUILD)/runs-table.tmp && mv $(BUILD)/runs-table.tmp $(BUILD)/runs-table
	$(Q)tools/bench
	$(Q)$(MAKE) -s -C model BUILD=$(BUILD) bench

K ?= 3
CH ?=
LOAD ?= 0
# (replicate k: its own RUNS, CLAIMS and FIG under the kernel's spread
# folder, every run's replicate key (k - 1) x 10 higher; the last LOAD
# replicates beside a CPU hog on every core; then tools/spread's summary)
SPREAD_CHS = $(or $(CH),$(sort $(KIT_CHAPTERS)))
spread: deps lab
	$(Q)case "$(K)" in [1-9]) ;; *) echo "make spread: K=$(K): want 1..9 replicates" >&2; exit 2 ;; esac
	$(Q)S=$$(tools/kernels path $(KERNEL) spread); t0=$$(date +%s); \
	for k in $$(seq 1 $(K)); do \
		load=$$([ $$k -gt $$(($(K) - $(LOAD))) ] && nproc || echo 0); \
		echo "  SPREAD  replicate $$k of $(K): chapters $(SPREAD_CHS)$$([ $$load -gt 0 ] && echo ", beside $$load CPU hogs") ($$(($$(date +%s) - t0)) s elapsed)"; \
		[ $$load -eq 0 ] || { tools/spread hogs start $$load && echo "loaded: $$load CPU hogs" > $$S/r$$k.load; }; \
		KIT_REPLICATE_OFFSET=$$(((k - 1) * 10)) $(MAKE) --no-print-directory -s RUNS=$$S/r$$k/runs CLAIMS=$$S/r$$k/claims \
			FIG=$$S/r$$k/figures $(foreach c,$(SPREAD_CHS),$$S/r$$k/claims/ch$(c).tsv); rc=$$?; \
		tools/spread hogs stop; [ $$rc -eq 0 ] || { echo "make spread: replicate $$k failed (see above)" >&2; exit 1; }; \
	done; \
	tools/spread $(K) $(SPREAD_CHS)

help:
	@tools/help

clean:
	rm -rf $(BUILD)
