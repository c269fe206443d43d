package io.stepcast.analytic.allreduce;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.models.compute.OneNodeComputation;

import java.util.ArrayList;
import java.util.List;

/**
 * The compute points of {@code allreduce-analytic}'s line read from rows of one node with several GPUs, where no
 * single-GPU row shows them ({@link OneNodeComputation}): the all-reduce is the catalog's at the datasheet's links
 * ({@link GradientSync}), the overlap the one the predictor assumes without rows to fit it on. These rows are spent on
 * the computation and cannot also calibrate the intra-node link or the overlap.
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
            if (!OneNodeComputation.shows(o)) {
                continue;
            }
            GradientSync.Cost cost = sync.exchange(o.config());
            if (cost.seconds().isPresent()) {
                OneNodeComputation.seconds(o.value(Target.STEP_TIME).getAsDouble(), cost.seconds().get(), overlap)
                        .ifPresent(c -> out.add(new double[] {o.config().localBatch(), c}));
            }
        }
        return out;
    }
}
