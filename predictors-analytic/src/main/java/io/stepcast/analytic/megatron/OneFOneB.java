package io.stepcast.analytic.megatron;

import java.util.ArrayList;
import java.util.List;

/**
 * The order in which one pipeline stage runs its micro-batches under Megatron-LM's non-interleaved 1F1B
 * schedule (PipeDream-Flush; Narayanan et al., SC'21, section 2.2.1 and figure 4; Megatron-LM's
 * {@code forward_backward_pipelining_without_interleaving}): stage i of p first runs min(p - i - 1, m)
 * warm-up forward passes, then alternates one forward and one backward pass until every forward pass has
 * run (steady state), then runs the remaining backward passes (cool-down). Micro-batches are numbered from 0
 * in the order they enter the pipeline, and every stage runs their forward and backward passes in that order.
 */
final class OneFOneB {
    private OneFOneB() {
    }

    /**
     * One pass of one micro-batch.
     *
     * @param forward    forward (true) or backward pass
     * @param microBatch the micro-batch, from 0
     */
    record Pass(boolean forward, int microBatch) {
    }

    /** The 2 m passes of stage {@code stage} (from 0) of {@code stages}, with {@code microBatches} micro-batches. */
    static List<Pass> order(int stage, int stages, int microBatches) {
        if (stages < 1 || stage < 0 || stage >= stages || microBatches < 1) {
            throw new IllegalArgumentException("no stage " + stage + " of " + stages + " with " + microBatches
                    + " micro-batches");
        }
        int warmup = Math.min(stages - stage - 1, microBatches);
        List<Pass> passes = new ArrayList<>(2 * microBatches);
        int forward = 0;
        int backward = 0;
        for (; forward < warmup; forward++) {
            passes.add(new Pass(true, forward));
        }
        for (; forward < microBatches; forward++, backward++) {
            passes.add(new Pass(true, forward));
            passes.add(new Pass(false, backward));
        }
        for (; backward < microBatches; backward++) {
            passes.add(new Pass(false, backward));
        }
        return passes;
    }
}
