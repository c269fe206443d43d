package io.stepcast.analytic.megatron;

/**
 * The gradient reduce-scatters ZeRO stage 2 ({@link io.stepcast.api.Sharding#GRADIENTS}) runs in every micro-step's
 * backward pass under gradient accumulation, beyond the one exchange after the flush that every sharding pays
 * ({@link MegatronCostModel}'s data-parallel term: a reduce-scatter and an all-gather, an all-reduce's bytes).
 * DeepSpeed's stage 2 hooks every gradient and, since it keeps only its own partition of them, reduces each bucket of
 * {@code reduce_bucket_size} elements to its owner ranks in every micro-step, not only at the accumulation boundary
 * as stage 1 does ({@code reduce_ready_partitions_and_remove_grads}; microsoft/DeepSpeed@5336cd0f,
 * {@code deepspeed/runtime/zero/stage2.py}, {@code average_tensor}: one {@code dist.reduce} per owner's slice, a
 * reduce-scatter's bytes), and all-gathers the updated half-precision weights once, after the step
 * ({@code all_gather_dp_groups}). So m micro-batches pay m reduce-scatters and one all-gather: m - 1 more
 * reduce-scatters than the one after the flush. Without {@code overlap_comm} (stage 2's default) they run on the
 * compute stream, exposed; with it (stepcast's {@code overlap-dp}) each hides behind its micro-batch's backward pass,
 * as the exchange after the flush hides behind the last one. A lower bound for DeepSpeed releases whose default
 * {@code use_multi_rank_bucket_allreduce} all-reduces each bucket instead (deepspeedai/DeepSpeed@7dee2e06,
 * {@code deepspeed/runtime/zero/stage_1_and_2.py}).
 *
 * @param scatterS     one reduce-scatter of the stage's half-precision gradients over its data-parallel group, seconds
 * @param microBatches micro-batches m per iteration
 */
record MicroStepScatters(double scatterS, int microBatches) {
    /** No sharding of the gradients, or one micro-batch: nothing beyond the exchange after the flush. */
    static final MicroStepScatters NONE = new MicroStepScatters(0, 1);

    MicroStepScatters {
        if (microBatches < 1 || scatterS < 0) {
            throw new IllegalArgumentException("micro-batches must be at least 1 and a reduce-scatter's seconds not "
                    + "negative, were " + microBatches + " and " + scatterS);
        }
    }

    /**
     * Exposed seconds of the m - 1 extra reduce-scatters of one iteration whose micro-batches' backward passes each
     * take {@code backwardS} of compute: all of them, or, {@code overlapped}, what each backward pass does not hide.
     */
    double exposedS(double backwardS, boolean overlapped) {
        double each = overlapped ? Math.max(0, scatterS - backwardS) : scatterS;
        return (microBatches - 1) * each;
    }
}
