package io.stepcast.ml.features;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The catalogue of features an estimator may declare, by name. Numeric features:
 * <ul>
 *   <li>{@code log2-local-batch}, {@code log2-global-batch}: log2 of the per-worker and job batch;</li>
 *   <li>{@code local-batch}, {@code batch} (global batch, Courier's {@code batch});</li>
 *   <li>{@code workers}, {@code inv-workers} (1/workers), {@code nodes}, {@code tenants},
 *       {@code parameter-servers}, {@code devices-per-worker};</li>
 *   <li>{@code cpu} (= workers; BigDL executor cores), {@code njobs} (= tenants), {@code cpu-x-njobs};</li>
 *   <li>{@code param-bytes-per-bandwidth}: seconds to move the parameters once over one link
 *       (bytes x 8 / (Gbit/s x 1e9)); unavailable when either is unknown;</li>
 *   <li>{@code network}: Courier's network indicator, +1 LeNet-5, -1 MLP, 0 for rows averaged over
 *       both ({@code courier-mixed}), unavailable for any other model ({@code docs/data-model.md});</li>
 *   <li>Megatron layouts ({@link LayoutFeatures}; unavailable without a layout): {@code tensor-parallel},
 *       {@code pipeline-parallel}, {@code data-parallel}, {@code context-parallel}, {@code micro-batch},
 *       {@code micro-batches},
 *       {@code pipeline-bubble}, {@code log2-flops-per-gpu}, {@code log2-tp-allreduce-bytes},
 *       {@code log2-dp-allreduce-bytes}.</li>
 * </ul>
 * Categorical features, one-hot over the training levels: {@code model}, {@code hardware},
 * {@code architecture}, {@code precision} (the row's stated precision, {@code unstated} for a row that states none).
 */
public final class Features {
    private static final DoubleUnaryOperator SAME = DoubleUnaryOperator.identity();
    private static final Set<String> BATCH_PARTS = Set.of("local batch", "workers");
    /** The features read from a configuration's parallel layout ({@link LayoutFeatures}). */
    public static final Set<String> LAYOUT = Set.of("tensor-parallel", "pipeline-parallel", "data-parallel",
            "context-parallel", "micro-batch", "micro-batches", "pipeline-bubble", "log2-flops-per-gpu",
            "log2-tp-allreduce-bytes", "log2-dp-allreduce-bytes");
    private static final Map<String, Feature> NUMERIC;
    private static final Map<String, CategoricalFeature> CATEGORICAL;

    static {
        Map<String, Feature> n = new LinkedHashMap<>();
        Map<String, CategoricalFeature> k = new LinkedHashMap<>();
        // Each feature names the quantity a user states, so that an extrapolation reads in the user's words.
        putNumeric(n, "log2-local-batch", c -> log2(c.localBatch()), "local batch", Features::pow2);
        putDerived(n, "log2-global-batch", c -> log2(c.globalBatch()), "global batch", Features::pow2, BATCH_PARTS);
        putNumeric(n, "local-batch", Config::localBatch, "local batch", SAME);
        putDerived(n, "batch", c -> (double) c.globalBatch(), "global batch", SAME, BATCH_PARTS);
        putNumeric(n, "workers", Config::workers, "workers", SAME);
        putNumeric(n, "inv-workers", c -> 1.0 / c.workers(), "workers", v -> 1.0 / v);
        putNumeric(n, "nodes", c -> c.deployment().nodes(), "nodes", SAME);
        putNumeric(n, "tenants", c -> c.deployment().tenants(), "tenants", SAME);
        putNumeric(n, "parameter-servers", c -> c.deployment().parameterServers(), "parameter servers", SAME);
        putNumeric(n, "devices-per-worker", c -> c.deployment().devicesPerWorker(), "devices per worker", SAME);
        // Courier's names for the workers (executor cores) and tenants (concurrent jobs): named as a file states them.
        putNumeric(n, "cpu", Config::workers, "workers", SAME);
        putNumeric(n, "njobs", c -> c.deployment().tenants(), "tenants", SAME);
        putDerived(n, "cpu-x-njobs", c -> (double) c.workers() * c.deployment().tenants(), "workers x tenants", SAME,
                Set.of("workers", "tenants"));
        putNumeric(n, "param-bytes-per-bandwidth", Features::transferSeconds,
                "seconds to send the parameters once (parameter bytes / bandwidth)", SAME);
        putNumeric(n, "network", Features::courierNetwork, "Courier network indicator", SAME);
        putNumeric(n, "tensor-parallel", LayoutFeatures::tensor, "tensor parallel", SAME);
        putNumeric(n, "pipeline-parallel", LayoutFeatures::pipeline, "pipeline parallel", SAME);
        putNumeric(n, "data-parallel", LayoutFeatures::data, "data parallel", SAME);
        putNumeric(n, "context-parallel", LayoutFeatures::context, "context parallel", SAME);
        putNumeric(n, "micro-batch", LayoutFeatures::microBatch, "micro batch", SAME);
        putNumeric(n, "micro-batches", LayoutFeatures::microBatches, "micro-batches", SAME);
        putNumeric(n, "pipeline-bubble", LayoutFeatures::bubble, "pipeline bubble", SAME);
        putNumeric(n, "log2-flops-per-gpu", LayoutFeatures::log2FlopsPerGpu, "FLOPs per GPU", Features::pow2);
        putNumeric(n, "log2-tp-allreduce-bytes", LayoutFeatures::log2TensorAllReduceBytes,
                "tensor-parallel all-reduce bytes", Features::pow2);
        putNumeric(n, "log2-dp-allreduce-bytes", LayoutFeatures::log2DataAllReduceBytes,
                "data-parallel all-reduce bytes", Features::pow2);
        putCategorical(k, "model", c -> ModelNames.key(c.model()));
        putCategorical(k, "hardware", c -> c.deployment().hardware().toLowerCase(Locale.ROOT));
        putCategorical(k, "architecture", c -> c.deployment().architecture().name());
        // A row's stated precision, or none: one table's FP32 and mixed-precision rows differ several-fold in step time.
        putCategorical(k, "precision", c -> c.statedPrecision().map(p -> p.label()).orElse("unstated"));
        NUMERIC = Collections.unmodifiableMap(n);
        CATEGORICAL = Collections.unmodifiableMap(k);
    }

    private Features() {
    }

    private static void putNumeric(Map<String, Feature> m, String name, ToDoubleFunction<Config> f, String quantity,
                                   DoubleUnaryOperator toQuantity) {
        m.put(name, new NumericFeature(name, f, quantity, toQuantity));
    }

    private static void putDerived(Map<String, Feature> m, String name, ToDoubleFunction<Config> f, String quantity,
                                   DoubleUnaryOperator toQuantity, Set<String> basis) {
        m.put(name, new NumericFeature(name, f, quantity, toQuantity, basis));
    }

    private static double pow2(double v) {
        return Math.pow(2, v);
    }

    private static void putCategorical(Map<String, CategoricalFeature> m, String name,
                            Function<Config, String> f) {
        m.put(name, new CategoricalFeature(name, f));
    }

    private static double log2(double v) {
        return Math.log(v) / Math.log(2);
    }

    private static double transferSeconds(Config c) {
        if (c.workload().parameterBytes().isEmpty() || c.deployment().bandwidthGbps().isEmpty()) {
            return Double.NaN;
        }
        return c.workload().parameterBytes().getAsLong() * 8.0 / (c.deployment().bandwidthGbps().getAsDouble() * 1e9);
    }

    /** Courier's network feature (+1 LeNet-5, -1 MLP, 0 averaged over both), NaN for other models. */
    static double courierNetwork(Config c) {
        return switch (ModelNames.key(c.model())) {
            case "lenet5" -> 1.0;
            case "mlp", "simplenet" -> -1.0;
            case "couriermixed" -> 0.0;
            default -> Double.NaN;
        };
    }

    /** The numeric feature of that name. */
    public static Optional<Feature> numeric(String name) {
        return Optional.ofNullable(NUMERIC.get(name));
    }

    /** The categorical feature of that name. */
    public static Optional<CategoricalFeature> categorical(String name) {
        return Optional.ofNullable(CATEGORICAL.get(name));
    }

    /** Every known feature name, numeric first. */
    public static List<String> names() {
        ArrayList<String> all = new ArrayList<>(NUMERIC.keySet());
        all.addAll(CATEGORICAL.keySet());
        return List.copyOf(all);
    }
}
