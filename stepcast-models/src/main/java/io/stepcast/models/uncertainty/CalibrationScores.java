package io.stepcast.models.uncertainty;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The sorted nonconformity scores {@code |y - m(x)| / sigma(x)} of one target on the calibration points, and
 * the split-conformal quantile at any level (Lei et al., JASA 2018, Algorithm 2: the
 * {@code ceil((n + 1)(1 - alpha))}-th smallest score). With a Mondrian taxonomy (Vovk, Gammerman, Shafer 2005,
 * section 4.5) the scores are also kept per category, and a configuration of a category with enough scores for
 * the level gets its category's quantile (valid within the category), else the pooled one.
 *
 * @param normalisation how {@code sigma(x)} is computed (never {@code AUTO})
 * @param scores        ascending
 * @param mondrian      the taxonomy
 * @param categories    ascending scores per category (empty without a taxonomy)
 */
record CalibrationScores(SplitConformalEstimator.Normalisation normalisation, double[] scores, Mondrian mondrian,
                         Map<String, double[]> categories) {

    /** How calibration points are grouped into Mondrian categories. */
    enum Mondrian {
        /** One category: plain split conformal. */
        NONE,
        /** The configuration's model: jobs of one model share an error scale. */
        MODEL;

        /** The category of a configuration. */
        String of(Config c) {
            return this == NONE ? "" : ModelNames.key(c.model());
        }
    }

    /** Scores of {@code target} on the calibration points that measure it; empty when none can be scored. */
    static Optional<CalibrationScores> of(Predictor proper, List<Observation> calibration, Target target,
                                          SplitConformalEstimator.Normalisation wanted, Mondrian mondrian) {
        List<Observation> points = calibration.stream().filter(o -> o.value(target).isPresent()).toList();
        Prediction.Value[] predicted = new Prediction.Value[points.size()];
        boolean allSpread = !points.isEmpty();
        for (int i = 0; i < points.size(); i++) {
            Prediction p;
            try {
                p = proper.predict(points.get(i).config(), target);
            } catch (RuntimeException e) {
                p = Prediction.notApplicable("prediction failed");
            }
            if (p instanceof Prediction.Value v) {
                predicted[i] = v;
                allSpread &= Double.isFinite(SplitConformalEstimator.Normalisation.SPREAD.sigma(v));
            }
        }
        SplitConformalEstimator.Normalisation mode = wanted != SplitConformalEstimator.Normalisation.AUTO ? wanted
                : allSpread ? SplitConformalEstimator.Normalisation.SPREAD
                : SplitConformalEstimator.Normalisation.RELATIVE;
        Map<String, List<Double>> byCategory = new TreeMap<>();
        for (int i = 0; i < points.size(); i++) {
            if (predicted[i] == null) {
                continue;
            }
            double sigma = mode.sigma(predicted[i]);
            if (Double.isFinite(sigma) && sigma > 0) {
                byCategory.computeIfAbsent(mondrian.of(points.get(i).config()), k -> new ArrayList<>())
                        .add(Math.abs(points.get(i).value(target).getAsDouble() - predicted[i].value()) / sigma);
            }
        }
        if (byCategory.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(pool(mode, mondrian, List.of(sorted(byCategory))));
    }

    private static Map<String, double[]> sorted(Map<String, List<Double>> byCategory) {
        Map<String, double[]> out = new TreeMap<>();
        byCategory.forEach((k, v) -> out.put(k, v.stream().mapToDouble(Double::doubleValue).sorted().toArray()));
        return out;
    }

    /** The scores of several folds (each by category) as one sorted set. */
    static CalibrationScores pool(SplitConformalEstimator.Normalisation mode, Mondrian mondrian,
                                  List<Map<String, double[]>> parts) {
        Map<String, List<Double>> byCategory = new TreeMap<>();
        parts.forEach(part -> part.forEach((k, v) -> {
            List<Double> l = byCategory.computeIfAbsent(k, x -> new ArrayList<>());
            Arrays.stream(v).forEach(l::add);
        }));
        Map<String, double[]> categories = sorted(byCategory);
        double[] all = categories.values().stream().flatMapToDouble(Arrays::stream).sorted().toArray();
        return new CalibrationScores(mode, all, mondrian, mondrian == Mondrian.NONE ? Map.of() : categories);
    }

    /** The pooled score quantile for an interval at {@code coverage}, or empty when there are too few scores. */
    OptionalDouble quantile(double coverage) {
        return quantile(scores, coverage);
    }

    /**
     * The quantile of the configuration's category when it has enough scores for {@code coverage}, else the
     * pooled one.
     */
    OptionalDouble quantile(double coverage, Config config) {
        double[] own = categories.get(mondrian.of(config));
        OptionalDouble q = own == null ? OptionalDouble.empty() : quantile(own, coverage);
        return q.isPresent() ? q : quantile(scores, coverage);
    }

    /**
     * The fewest scores that give an interval at {@code coverage}: the least {@code n} whose
     * {@code ceil((n + 1) coverage)}-th smallest score exists, as {@link #quantile} takes it.
     */
    static int needed(double coverage) {
        int n = 1;
        while (Math.ceil((n + 1) * coverage - 1e-9) > n) {
            n++;
        }
        return n;
    }

    private static OptionalDouble quantile(double[] sorted, double coverage) {
        int n = sorted.length;
        int k = (int) Math.ceil((n + 1) * coverage - 1e-9);
        return k <= n ? OptionalDouble.of(sorted[Math.max(k, 1) - 1]) : OptionalDouble.empty();
    }

    /** Number of calibration scores. */
    int size() {
        return scores.length;
    }
}
