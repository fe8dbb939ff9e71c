# chapters/10-bdilimits/chapter.mk -- chapter 10 (chapters/lib.mk): what
# 6.12 adds, the per-bdi limits of Linux 6.2 and later. Its runs are 6.12's
# whatever make's KERNEL is (their specs say kernel = 6.12): ch10-strict
# and its control ch10-cap (one writer, a slow disk capped at 4 MiB, with and without
# strict_limit), ch10-share and ch10-share-cap (a fast and a slow disk,
# the slow one's share of the pool at its default and capped). No model
# runs: the model has no per-bdi cap (experiments/keys).
$(call kit_fig,ch10-strict,strict.gp,$(call kit_runs,ch10-strict ch10-cap))
$(call kit_fig,ch10-share,share.gp,$(call kit_runs,ch10-share ch10-share-cap))
$(call kit_claims)
