package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;

import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why {@link LinearScalingEstimator} has nothing to scale for a configuration, in the user's words rather than its
 * group keys: the model, hardware and local batch it lacks a row of, and the local batches it has there (or that it
 * has none of the model on that hardware). A
 * strong-scaling table (a fixed global batch: 1,048,576 samples on 1 GPU, 131,072 per GPU on 8) has its 1-GPU row at
 * another local batch than its multi-GPU rows, and the baseline does not carry a step across batch sizes.
 */
final class MissingBaselineRow {
    /** The split {@link LinearScalingEstimator#keyOf} adds to a group key: local batch and tenants. */
    private static final Pattern SPLIT = Pattern.compile("#b(\\d+)t(\\d+)$");

    private MissingBaselineRow() {
    }

    /**
     * The reason, e.g. {@code no 1-GPU row of NCF (fp32) on dgx-1-v100 at local batch 131072 (it has local
     * batches 1048576), nor any other row at that batch to scale from}.
     *
     * @param estimator unused: the reason is shown after the estimator's name
     * @param fitted    the keys of the fitted groups
     */
    static String reason(String estimator, Config config, Collection<String> fitted) {
        String key = GroupKey.of(config);
        int tenants = config.deployment().tenants();
        List<Integer> batches = fitted.stream()
                .filter(k -> k.startsWith(key + "#"))
                .map(SPLIT::matcher)
                .filter(Matcher::find)
                .filter(m -> Integer.parseInt(m.group(2)) == tenants)
                .map(m -> Integer.parseInt(m.group(1)))
                .distinct().sorted().toList();
        String precision = config.precisionTag().isEmpty() ? "" : " (" + config.precisionTag() + ")";
        String shared = tenants == 1 ? "" : " with " + tenants + " jobs sharing the GPUs";
        String job = config.model() + precision + " on " + config.deployment().hardware();
        if (batches.isEmpty()) {
            return "no row of " + job + shared + " at any local batch"
                    + (tenants == 1 ? ": linear scaling does not carry a step from other hardware" : "");
        }
        return "no 1-GPU row of " + job + " at local batch " + config.localBatch() + shared + " (it has local batches "
                + String.join(", ", batches.stream().map(String::valueOf).toList())
                + "), nor any other row at that batch to scale from";
    }
}
