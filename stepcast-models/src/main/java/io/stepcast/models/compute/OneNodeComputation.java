package io.stepcast.models.compute;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;

import java.util.OptionalDouble;

/**
 * The computation time of one replica read from a row of one node with several GPUs, where no single-GPU row shows
 * it (published multi-node tables often start at one full node). The row's step {@code t} is its computation
 * {@code c} plus the part of its gradient all-reduce {@code x} that the computation does not hide,
 * {@code t = c + max(0, x - f c)}, so {@code c = t} where {@code x <= f t}, else {@code c = (t - x) / (1 - f)}.
 * Whatever the node loses beyond the all-reduce the caller costs is counted as computation, which every larger run
 * pays too. The one reading of such rows for {@code allreduce-analytic}'s compute line and the queueing predictors'
 * single-worker bases; each costs the all-reduce with its own collective model.
 */
public final class OneNodeComputation {
    private OneNodeComputation() {
    }

    /** True when the row is of one node with several GPUs and has a step time: it can show a computation. */
    public static boolean shows(Observation row) {
        return row.config().workers() >= 2 && row.config().deployment().workerPlacement().nodes() == 1
                && row.value(Target.STEP_TIME).isPresent();
    }

    /**
     * Seconds of computation in a step of {@code stepS} whose all-reduce takes {@code allReduceS}, with the share
     * {@code overlap} in [0, 1] of the computation it can hide behind; empty when the all-reduce alone exceeds the
     * step (the row then shows no computation).
     */
    public static OptionalDouble seconds(double stepS, double allReduceS, double overlap) {
        double c = allReduceS <= overlap * stepS ? stepS : overlap < 1 ? (stepS - allReduceS) / (1 - overlap) : 0;
        return c > 0 ? OptionalDouble.of(c) : OptionalDouble.empty();
    }
}
