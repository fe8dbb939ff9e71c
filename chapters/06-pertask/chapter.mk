# chapters/06-pertask/chapter.mk -- chapter 6 (chapters/lib.mk). Runs:
# 996 writers joining 4 at the limit, with percpu_safeguard on and off
# (this folder); the poll-interval figure and claim reuse chapter 7's
# preset v10 and 6.1 runs.
CH06_SG := ch06-start1000-on ch06-start1000-off
# the sweep of N (ch06-sweep.spec) beside N = 1000
CH06_N := ch06-start250-on ch06-start500-on ch06-start2000-on
CH06_POLL := ch07-w10-v10 ch07-w100-v10 ch07-w10-61
$(call kit_fig,ch06-overshoot,overshoot.gp,$(call kit_runs,$(CH06_SG)))
$(call kit_fig,ch06-overshoot-model,overshoot.gp,$(call kit_models,$(CH06_SG)))
$(call kit_fig,ch06-poll,poll.gp,$(call kit_runs,$(CH06_POLL)))
$(call kit_fig,ch06-sweep,sweep.gp,$(call kit_runs,ch06-start250-on ch06-start500-on ch06-start1000-on ch06-start2000-on))
$(call kit_claims)
