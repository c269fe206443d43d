package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;

import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why {@link LinearScalingEstimator} has nothing to scale for a configuration, in the user's words rather than its
 * group keys: the model, hardware and local batch it lacks a row of, and the local batches it has there. A
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
        String job = GroupKey.of(config);
        int tenants = config.deployment().tenants();
        List<Integer> batches = fitted.stream()
                .filter(k -> k.startsWith(job + "#"))
                .map(SPLIT::matcher)
                .filter(Matcher::find)
                .filter(m -> Integer.parseInt(m.group(2)) == tenants)
                .map(m -> Integer.parseInt(m.group(1)))
                .distinct().sorted().toList();
        String precision = config.precisionTag().isEmpty() ? "" : " (" + config.precisionTag() + ")";
        String shared = tenants == 1 ? "" : " with " + tenants + " jobs sharing the GPUs";
        String has = batches.isEmpty() ? "it has no row of that model there at any local batch"
                : "it has local batches " + String.join(", ", batches.stream().map(String::valueOf).toList());
        return "no 1-GPU row of " + config.model() + precision + " on " + config.deployment().hardware()
                + " at local batch " + config.localBatch() + shared + " (" + has
                + "), nor any other row at that batch to scale from";
    }
}
