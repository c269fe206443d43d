package io.stepcast.analytic.allreduce;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;

import java.util.ArrayList;
import java.util.List;

/**
 * The computation time of one replica read from rows of one node with several GPUs, where no single-GPU row shows
 * it: published multi-node tables often start at one full node. Each such row's step {@code t} is its computation
 * {@code c} plus the part of its gradient all-reduce {@code x} that the computation does not hide,
 * {@code t = c + max(0, x - f c)}, so {@code c = t} where {@code x <= f t}, else {@code c = (t - x) / (1 - f)}. The
 * all-reduce is the catalog's at the datasheet's links ({@link GradientSync}), the overlap {@code f} the one the
 * predictor assumes without rows to fit it on: these rows are spent on the computation and cannot also calibrate the
 * intra-node link or the overlap, so whatever the node loses beyond the datasheet's all-reduce is counted as
 * computation, which every larger run pays too. A row whose step the all-reduce alone exceeds shows no computation
 * and is passed over.
 */
final class OneNodeCompute {
    private OneNodeCompute() {
    }

    /**
     * {@code {local batch, seconds}} of computation of each row of one node with several GPUs and a step time whose
     * all-reduce {@code sync} costs, at overlap {@code overlap} in [0, 1].
     */
    static List<double[]> points(List<Observation> rows, GradientSync sync, double overlap) {
        List<double[]> out = new ArrayList<>();
        for (Observation o : rows) {
            if (o.config().workers() < 2 || GradientSync.placement(o.config()).nodes() != 1
                    || o.value(Target.STEP_TIME).isEmpty()) {
                continue;
            }
            GradientSync.Cost cost = sync.exchange(o.config());
            if (cost.seconds().isEmpty()) {
                continue;
            }
            double t = o.value(Target.STEP_TIME).getAsDouble();
            double x = cost.seconds().get();
            double c = x <= overlap * t ? t : overlap < 1 ? (t - x) / (1 - overlap) : 0;
            if (c > 0) {
                out.add(new double[] {o.config().localBatch(), c});
            }
        }
        return out;
    }
}
