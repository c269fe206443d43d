package io.stepcast.models.compute;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * How a worker's compute grows with its local batch, read from the rows of one node with several GPUs: within each
 * set of rows with the same number of GPUs, the step's growth with the batch, pooled by least squares over the sets
 * (the gradient exchange of a fixed model over fixed GPUs does not depend on the batch, so only compute moves).
 * Where single-GPU rows show one batch only, this slope is what the one-node rows add: a line through that one step
 * with this slope has the fixed part a single batch cannot show.
 */
public final class OneNodeSlope {
    private OneNodeSlope() {
    }

    /**
     * Seconds per sample from {@code rows} (one model on one machine; rows of other shapes are passed over), empty
     * when no set of one node's rows with the same GPUs has two batches.
     */
    public static OptionalDouble of(List<Observation> rows) {
        Map<Integer, Map<Integer, double[]>> sets = new TreeMap<>();
        for (Observation o : rows) {
            if (o.config().workers() < 2 || o.config().deployment().workerPlacement().nodes() != 1
                    || o.value(Target.STEP_TIME).isEmpty()) {
                continue;
            }
            double[] v = sets.computeIfAbsent(o.config().workers(), k -> new TreeMap<>())
                    .computeIfAbsent(o.config().localBatch(), k -> new double[2]);
            v[0] += o.value(Target.STEP_TIME).getAsDouble();
            v[1]++;
        }
        double sbb = 0;
        double sbt = 0;
        for (Map<Integer, double[]> byBatch : sets.values()) {
            if (byBatch.size() < 2) {
                continue;
            }
            double mb = 0;
            double mt = 0;
            for (Map.Entry<Integer, double[]> e : byBatch.entrySet()) {
                mb += e.getKey();
                mt += e.getValue()[0] / e.getValue()[1];
            }
            mb /= byBatch.size();
            mt /= byBatch.size();
            for (Map.Entry<Integer, double[]> e : byBatch.entrySet()) {
                double db = e.getKey() - mb;
                sbb += db * db;
                sbt += db * (e.getValue()[0] / e.getValue()[1] - mt);
            }
        }
        return sbb > 0 ? OptionalDouble.of(sbt / sbb) : OptionalDouble.empty();
    }
}
