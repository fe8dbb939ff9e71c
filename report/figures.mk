# report/figures.mk -- the report's own figure set: the article's and the
# seeds' figures rebuilt from a kernel run, with the model's lines at the
# run's operating point. Included by the top Makefile after the chapters;
# adds to REPORT_DEPS. Fed by the smoke run for now (one flat-out writer on
# one 10 MB/s disk); a chapter may take a figure over later by moving its
# rule and .gp file and its paragraph of report/overview.tex.
#   rep-taskrate  task_ratelimit / dirty_ratelimit against dirty (article)
#   rep-global    the global control line and global x bdi (seed 003)
#   rep-bdi       the bdi control lines, main and auxiliary (seed 003)
#   rep-pauses    period, think and pause of one task (seed 007)
REP_RUN := $(RUNS)/smoke
REP_CURVES := $(FIG)/rep-curves-smoke

$(REP_CURVES)/meta: report/curves $(REP_RUN)/meta $(DTMODEL) $(DT)
	$(Q)BUILD=$(BUILD) report/curves $(REP_RUN) $(REP_CURVES)

$(FIG)/rep-pauses.tex: report/pauses.gp $(REP_RUN)/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/rep-pauses $(REP_RUN)

$(FIG)/rep-%.tex: report/%.gp $(REP_RUN)/meta $(REP_CURVES)/meta $(PLOT_DEPS)
	$(Q)figures/plot $< $(FIG)/rep-$* $(REP_RUN) $(REP_CURVES)

REP_FIGS := $(FIG)/rep-taskrate.tex $(FIG)/rep-global.tex $(FIG)/rep-bdi.tex \
	$(FIG)/rep-pauses.tex
REPORT_DEPS += $(REP_FIGS)
REPORT_BASE_DEPS += $(REP_FIGS)
