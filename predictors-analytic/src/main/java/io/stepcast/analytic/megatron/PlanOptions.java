package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;

/**
 * How every layout {@link LayoutPlanner} considers runs: recomputation, sequence parallelism, the interleaved
 * schedule's virtual stages, the precision and the distributed optimizer ({@link ParallelLayout}'s run options).
 *
 * @param recompute        which activations are recomputed
 * @param sequenceParallel Megatron-LM's sequence parallelism (where t > 1)
 * @param virtualStages    virtual stages v of the interleaved schedule; a layout it does not apply to (p = 1, the
 *                         micro-batches not divisible by p, or the layers not by p v) runs the plain schedule
 * @param precision        the precision of the matrix multiplications
 * @param distributedOptimizer the optimizer state sharded over the data-parallel replicas (Megatron-LM's
 *                         {@code --use-distributed-optimizer}, ZeRO stage 1)
 */
public record PlanOptions(Recompute recompute, boolean sequenceParallel, int virtualStages, Precision precision,
                          boolean distributedOptimizer) {
    /** No recomputation, no sequence parallelism, the plain schedule, FP16, every replica with its whole optimizer. */
    public static final PlanOptions PLAIN = new PlanOptions(Recompute.NONE, false, 1, ParallelLayout.DEFAULT_PRECISION,
            false);

    public PlanOptions {
        if (recompute == null || precision == null) {
            throw new IllegalArgumentException("recompute and precision must be given");
        }
        if (virtualStages < 1) {
            throw new IllegalArgumentException("--virtual-stages must be at least 1, was " + virtualStages);
        }
    }

    /** The options with another recomputation. */
    PlanOptions withRecompute(Recompute r) {
        return new PlanOptions(r, sequenceParallel, virtualStages, precision, distributedOptimizer);
    }

    /** The layout of t, p, d, b, m run with these options (the plain schedule where v does not apply). */
    ParallelLayout layout(int t, int p, int d, int b, int m, int layers) {
        boolean interleave = virtualStages > 1 && p > 1 && m % p == 0 && layers % (p * virtualStages) == 0;
        return new ParallelLayout(t, p, d, b, m, interleave ? virtualStages : 1, sequenceParallel, recompute, precision,
                distributedOptimizer);
    }
}
