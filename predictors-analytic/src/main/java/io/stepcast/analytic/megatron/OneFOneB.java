package io.stepcast.analytic.megatron;

import java.util.ArrayList;
import java.util.List;

/**
 * The order in which one pipeline stage runs its micro-batches under Megatron-LM's 1F1B schedules.
 * <ul>
 *   <li>Non-interleaved (PipeDream-Flush; Narayanan et al., SC'21, section 2.2.1 and figure 4; Megatron-LM's
 *       {@code forward_backward_pipelining_without_interleaving}, {@link #order}): stage i of p first runs
 *       min(p - i - 1, m) warm-up forward passes, then alternates one forward and one backward pass until every
 *       forward pass has run (steady state), then runs the remaining backward passes (cool-down). Micro-batches are
 *       numbered from 0 in the order they enter the pipeline, and every stage runs their forward and backward passes
 *       in that order.</li>
 *   <li>Interleaved, v model chunks per stage (Narayanan et al., SC'21, section 2.2.2 and figure 4; Megatron-LM's
 *       {@code forward_backward_pipelining_with_interleaving}, {@link #interleaved}): the same warm-up, steady state
 *       and cool-down over the m v passes of (micro-batch, chunk), with 2 (p - i - 1) + (v - 1) p warm-up forward
 *       passes (all of them when that reaches m v); the k-th forward pass runs chunk (k mod p v) / p on micro-batch
 *       (k / (p v)) p + k mod p, groups of p micro-batches going through one chunk before the next, and the k-th
 *       backward pass the same micro-batch on chunk v - 1 - (k mod p v) / p (Megatron-LM's
 *       {@code get_model_chunk_id} with {@code microbatch_group_size_per_vp_stage} = p, its default; m must be a
 *       multiple of p, as {@link io.stepcast.api.ParallelLayout} requires).</li>
 * </ul>
 */
final class OneFOneB {
    private OneFOneB() {
    }

    /**
     * One pass of one micro-batch through one model chunk of the stage.
     *
     * @param forward    forward (true) or backward pass
     * @param microBatch the micro-batch, from 0
     * @param chunk      the stage's model chunk, from 0 (always 0 under the non-interleaved schedule)
     */
    record Pass(boolean forward, int microBatch, int chunk) {
        /** A pass of the non-interleaved schedule (chunk 0). */
        Pass(boolean forward, int microBatch) {
            this(forward, microBatch, 0);
        }
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

    /**
     * The 2 m v passes of stage {@code stage} (from 0) of {@code stages} under the interleaved schedule with
     * {@code chunks} model chunks per stage ({@link #order} when there is one).
     *
     * @throws IllegalArgumentException when m is not a multiple of p (Megatron-LM's micro-batch groups of p)
     */
    static List<Pass> interleaved(int stage, int stages, int chunks, int microBatches) {
        if (chunks == 1) {
            return order(stage, stages, microBatches);
        }
        if (stages < 1 || stage < 0 || stage >= stages || microBatches < 1 || chunks < 1
                || microBatches % stages != 0) {
            throw new IllegalArgumentException("no stage " + stage + " of " + stages + " with " + chunks
                    + " chunks and " + microBatches + " micro-batches (a multiple of the stages)");
        }
        int total = microBatches * chunks;
        int warmup = Math.min(total, 2 * (stages - stage - 1) + (chunks - 1) * stages);
        List<Pass> passes = new ArrayList<>(2 * total);
        int forward = 0;
        int backward = 0;
        for (; forward < warmup; forward++) {
            passes.add(virtual(forward, true, stages, chunks));
        }
        for (; forward < total; forward++, backward++) {
            passes.add(virtual(forward, true, stages, chunks));
            passes.add(virtual(backward, false, stages, chunks));
        }
        for (; backward < total; backward++) {
            passes.add(virtual(backward, false, stages, chunks));
        }
        return passes;
    }

    /** The k-th forward or backward pass of a stage: its micro-batch and chunk (see the class comment). */
    private static Pass virtual(int k, boolean forward, int stages, int chunks) {
        int group = stages * chunks;
        int chunk = (k % group) / stages;
        int microBatch = (k / group) * stages + k % stages;
        return new Pass(forward, microBatch, forward ? chunk : chunks - 1 - chunk);
    }
}
