# chapters/lib.mk -- the rules every chapter shares. The top Makefile
# includes it before the chapters' chapter.mk files, which then only
# declare what the chapter makes:
#
#   $(call kit_fig,NAME,SCRIPT,DIRS[,DEPS])
#       $(FIG)/NAME.tex, drawn by the gnuplot SCRIPT (a file of the
#       chapter's folder, or a path with a /) from the run folders DIRS
#       through figures/plot; DEPS: more files it reads
#   $(call kit_claims[,DEPS])
#       $(CLAIMS)/chNN.tsv, the chapter's verdict rows (tools/chapter-claims:
#       its claims.conf, read by tools/dtclaims) on $(RUNS) and
#       $(MODEL_RUNS) (runs found by spec name), once the kernel and model
#       runs its claims.conf names are made (dtclaims --runs, through
#       $(BUILD)/chapters.mk: the declarations are the one list); DEPS:
#       more files
#   $(call kit_runs,NAMES), $(call kit_models,NAMES)
#       the folders of the kernel runs / model runs of those specs
#   $(kit_names)
#       the names of every run the chapter's spec files stand for (a
#       family, experiments/spec, stands for several)
# A chapter whose specs say kernel = K (KIT_PIN_NN of $(BUILD)/chapters.mk)
# has kernel K's runs, whatever make's KERNEL is: made on K in K's runs
# folder, $(BUILD)/runs + K's suffix, where make KERNEL=K finds them too
# (each run is made once); the chapter's verdicts and figures go where
# this make's others go. On a host that cannot get K (tools/kernels
# available) the chapter is not run: its runs are not made and the report
# says so (chapter 10: the bdi limits of Linux 6.2 and later).
#
# From these the top Makefile makes chapter-NN (everything the chapter
# declared, then its verdicts as a table: tools/verdicts) and adds it to
# the report's dependencies; KIT_RUNDIRS_NN lists the chapter's kernel
# runs (make runs-list, runs-table), KIT_MODELFIGS_NN its figures drawn
# from model runs only (`make report` draws them for a chapter not run
# yet). NN is the number
# that starts the chapter's folder name (chapters/NN-topic/).
kit_dir = $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
kit_nn = $(firstword $(subst -, ,$(notdir $(kit_dir))))
kit_names = $(foreach f,$(wildcard $(kit_dir)/*.spec),$(call runs_of,$(f)))
# _kit_pin NN K: chapter NN's runs are kernel K's
_kit_pin = $(eval KIT_KERNEL_$(1) := $(2))$(eval KIT_RUNS_$(1) := $(BUILD)/runs$(shell tools/kernels get $(2) suffix))$(if \
	$(filter $(2),$(KIT_AVAILABLE)),,$(eval KIT_UNAVAILABLE += $(1)))
# the kernels this host has or can install (asked once, and only when a
# chapter is pinned; KIT_AVAILABLE="6.1" on the command line tests a host
# without 6.12)
ifndef KIT_AVAILABLE
KIT_AVAILABLE = $(eval KIT_AVAILABLE := $$(shell tools/kernels available))$(KIT_AVAILABLE)
endif
KIT_UNAVAILABLE :=
$(foreach v,$(filter KIT_PIN_%,$(.VARIABLES)),$(call _kit_pin,$(v:KIT_PIN_%=%),$($(v))))
# the folder of chapter NN's kernel runs (RUNS given on the command line,
# as report/check does, holds every chapter's, a pinned one's too)
kit_rundir = $(if $(filter command line,$(origin RUNS)),$(RUNS),$(or $(KIT_RUNS_$(1)),$(RUNS)))
kit_runs = $(addprefix $(call kit_rundir,$(kit_nn))/,$(1))
kit_models = $(addprefix $(MODEL_RUNS)/,$(1))
KIT_CHAPTERS :=

# _kit_fig NAME SCRIPT DIRS DEPS NN
define _kit_fig
$(FIG)/$(1).tex: $(2) $(addsuffix /meta,$(3)) $(4) $(PLOT_DEPS)
	$$(Q)figures/plot $(2) $(FIG)/$(1) $(3)
KIT_OUT_$(5) += $(FIG)/$(1).tex
KIT_RUNDIRS_$(5) += $(filter $(call kit_rundir,$(5))/%,$(3))
KIT_MODELFIGS_$(5) += $(if $(filter $(call kit_rundir,$(5))/%,$(3)),,$(FIG)/$(1).tex)
KIT_CHAPTERS += $(5)
endef
# _kit_standin NAME SCRIPT DIRS DEPS NN: a figure drawn from kernel runs
# beside the model's on the same number of specs, and from nothing else,
# has a stand-in drawn from the model's runs alone (NAME-model, the script
# seeing no model run beside them); `make report` and pdf-NN draw it for a
# chapter not run yet, and \kitfig shows it, said to be the model's, in
# place of the missing figure
kit_standin_ok = $(and $(filter $(RUNS)/%,$(1)),$(filter $(MODEL_RUNS)/%,$(1)),\
	$(filter $(words $(filter $(RUNS)/%,$(1))),$(words $(filter $(MODEL_RUNS)/%,$(1)))),\
	$(if $(filter-out $(RUNS)/% $(MODEL_RUNS)/%,$(1)),,yes))
define _kit_standin
$(FIG)/$(1)-model.tex: $(2) $(addsuffix /meta,$(filter $(MODEL_RUNS)/%,$(3))) $(4) $(PLOT_DEPS)
	$$(Q)figures/plot $(2) $(FIG)/$(1)-model $(filter $(MODEL_RUNS)/%,$(3))
KIT_MODELFIGS_$(5) += $(FIG)/$(1)-model.tex
endef
kit_fig = $(eval $(call _kit_fig,$(1),$(if $(findstring /,$(2)),$(2),$(kit_dir)/$(2)),$(3),$(4),$(kit_nn)))$(if \
	$(call kit_standin_ok,$(3)),$(eval $(call _kit_standin,$(1),$(if $(findstring /,$(2)),$(2),$(kit_dir)/$(2)),$(3),$(4),$(kit_nn))))

# _kit_claims NN DIR RUNS MODELS DEPS
define _kit_claims
$(CLAIMS)/ch$(1).tsv: $(2)/claims.conf $(addsuffix /meta,$(call kit_runs,$(3)) $(call kit_models,$(4))) \
		$(5) $(CLAIM_DEPS) tools/chapter-claims
	@mkdir -p $$(@D)
	@echo "  CLAIMS  chapter $(1:0%=%)"
	$$(Q)BUILD=$(BUILD) tools/chapter-claims $(1) $(call kit_rundir,$(1)) $(MODEL_RUNS) > $$@.tmp && mv $$@.tmp $$@
KIT_OUT_$(1) += $(CLAIMS)/ch$(1).tsv
KIT_RUNDIRS_$(1) += $(call kit_runs,$(3))
KIT_CHAPTERS += $(1)
endef
kit_claims = $(eval $(call _kit_claims,$(kit_nn),$(kit_dir),$(KIT_CLAIM_RUNS_$(kit_nn)),$(KIT_CLAIM_MODELS_$(kit_nn)),$(1)))

# after the chapters: chapter-NN and the report's dependencies
# pdf-NN: the chapter's own PDF (report/chapterpdf) from whatever runs
# exist, like `make report`; chapter-NN makes the runs first. slides-NN:
# the chapter's beamer deck (report/slidespdf, its slides.tex), likewise
define _kit_chapter
.PHONY: chapter-$(1) pdf-$(1)
chapter-$(1): $(KIT_OUT_$(1))
	@echo "  VERDICTS chapter $(1:0%=%) ($(CLAIMS)/ch$(1).tsv)"
	@tools/verdicts $(CLAIMS)/ch$(1).tsv
	$(Q)$(MAKE) --no-print-directory pdf-$(1)
pdf-$(1): deps-report
	$(Q)$(MAKE) --no-print-directory REPORT_PARTIAL=1 $(REPORT_OUT)/ch$(1).pdf
	@echo "  PDF     $(REPORT_OUT)/ch$(1).pdf$$(if $$(filter $(1),$$(NOTRUN_CHAPTERS)), (not run yet: make chapter-$(1)))"
$(REPORT_OUT)/ch$(1).pdf: report/chapterpdf report/kit-tex.sh report/kit-preamble.tex report/kit-common.tex report/loop.tex report/formulas.tex report/glossary.tex \
		report/refs.bib $(wildcard chapters/$(1)-*/text.tex) \
		$(REPORT_OUT)/kit-config.tex $$$$(if $$$$(filter $(1),$$$$(NOTRUN_CHAPTERS)),$$$$(KIT_MODELFIGS_$(1)),$$$$(KIT_OUT_$(1)))
	@echo "  TEX     ch$(1).pdf"
	$(Q)report/chapterpdf $(1) $(wildcard chapters/$(1)-*/text.tex) $(REPORT_OUT) \
		$$(if $$(filter $(1),$$(NOTRUN_CHAPTERS)),-,$(CLAIMS)/ch$(1).tsv)
.PHONY: slides-$(1)
slides-$(1): deps-report
	$(Q)[ -r "$(wildcard chapters/$(1)-*)/slides.tex" ] || { echo "chapters/$(1)-*/slides.tex: missing" >&2; exit 1; }
	$(Q)$(MAKE) --no-print-directory REPORT_PARTIAL=1 $(REPORT_OUT)/slides-$(1).pdf
	@echo "  PDF     $(REPORT_OUT)/slides-$(1).pdf$$(if $$(filter $(1),$$(NOTRUN_CHAPTERS)), (not run yet: make chapter-$(1)))"
$(REPORT_OUT)/slides-$(1).pdf: report/slidespdf report/kit-tex.sh report/kit-slides.tex report/kit-common.tex $(wildcard chapters/$(1)-*/slides.tex) \
		$(REPORT_OUT)/kit-config.tex $$$$(if $$$$(filter $(1),$$$$(NOTRUN_CHAPTERS)),$$$$(KIT_MODELFIGS_$(1)),$$$$(KIT_OUT_$(1)))
	@echo "  TEX     slides-$(1).pdf"
	$(Q)report/slidespdf $(1) $(wildcard chapters/$(1)-*/slides.tex) $(REPORT_OUT) \
		$$(if $$(filter $(1),$$(NOTRUN_CHAPTERS)),-,$(CLAIMS)/ch$(1).tsv)
REPORT_DEPS += $(if $(filter $(1),$(KIT_UNAVAILABLE)),,$(KIT_OUT_$(1)))
endef
kit_chapters = $(foreach c,$(sort $(KIT_CHAPTERS)),$(eval $(call _kit_chapter,$(c))))
