package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Precision;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.api.zoo.ModelInfo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The per-job scales of a pooled fit ({@link ModelScale}): what lets rows of several models, or of one model at
 * several precisions, on one hardware and architecture share one set of coefficients. A model's compute terms
 * follow its measured seconds per sample on one GPU (the median of its 1-worker rows' step time over local batch),
 * or, without such a row, its forward FLOPs per sample from the model zoo at the seconds per FLOP that the pool's
 * models with both show (median); its synchronisation terms follow its gradient bytes (the configuration's
 * parameter bytes, else the zoo's). A model with neither a 1-GPU row nor zoo FLOPs, or without parameter bytes, is
 * left out with the reason.
 */
public final class ModelScales {
    /** Seconds per FLOP assumed when no model of the pool has both a 1-GPU row and zoo FLOPs; the fit absorbs it. */
    private static final double NOMINAL_SECONDS_PER_FLOP = 1e-12;

    private ModelScales() {
    }

    /**
     * The job key rows are pooled by: the canonical model name with the precision suffix of {@link GroupKey}
     * ({@code resnet50%tf32}), since a model's FP32 and mixed-precision rows differ in compute 2-3x and so each
     * needs a compute scale of its own, while both synchronise over the same links.
     */
    public static String modelKey(Config config) {
        return ModelNames.key(config.model()) + Precision.keySuffix(config.precisionTag());
    }

    /**
     * The scale of every model of {@code pool} that has one, by {@link #modelKey}; reasons for the others go to
     * {@code why}.
     */
    public static Map<String, ModelScale> of(List<Observation> pool, Optional<ModelCatalog> zoo, List<String> why) {
        Map<String, List<Observation>> byModel = new TreeMap<>();
        for (Observation o : pool) {
            byModel.computeIfAbsent(modelKey(o.config()), k -> new ArrayList<>()).add(o);
        }
        Map<String, Double> measured = new TreeMap<>();
        Map<String, Double> flops = new TreeMap<>();
        byModel.forEach((model, rows) -> {
            double[] perSample = rows.stream().filter(o -> o.config().workers() == 1)
                    .mapToDouble(o -> GroupedEstimator.stepTime(o) / o.config().localBatch()).toArray();
            if (perSample.length > 0) {
                measured.put(model, median(perSample));
            }
            zoo.flatMap(z -> z.find(rows.get(0).config().model())).map(ModelInfo::forwardFlops)
                    .filter(f -> f > 0).ifPresent(f -> flops.put(model, (double) f));
        });
        double[] rates = measured.keySet().stream().filter(flops::containsKey)
                .mapToDouble(m -> measured.get(m) / flops.get(m)).toArray();
        double secondsPerFlop = rates.length > 0 ? median(rates) : NOMINAL_SECONDS_PER_FLOP;
        Map<String, ModelScale> scales = new TreeMap<>();
        byModel.forEach((model, rows) -> {
            Config config = rows.get(0).config();
            Optional<Long> bytes = config.workload().parameterBytes().isPresent()
                    ? Optional.of(config.workload().parameterBytes().getAsLong())
                    : zoo.flatMap(z -> z.find(config.model())).map(ModelInfo::parameterBytes).filter(b -> b > 0);
            if (bytes.isEmpty() || bytes.get() <= 0) {
                why.add("the parameter bytes of '" + config.model() + "' are unknown (column parameter_bytes)");
                return;
            }
            double sync = bytes.get() / 1e9;
            if (measured.containsKey(model)) {
                scales.put(model, new ModelScale(measured.get(model), sync, "1-GPU row"));
            } else if (flops.containsKey(model)) {
                scales.put(model, new ModelScale(flops.get(model) * secondsPerFlop, sync, "FLOPs"));
            } else {
                why.add("'" + config.model() + "' has no 1-GPU row and no FLOPs in the model zoo");
            }
        });
        return scales;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
