package io.stepcast.ml.features;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The features an estimator declares, by name (see {@link Features}). Fitting it on the training
 * configurations yields {@link FittedFeatures}: the columns actually used, one-hot levels and the
 * standardisation.
 *
 * <p>Our choice: a numeric feature that some training configuration cannot provide (parameter bytes
 * or bandwidth unknown, Courier's network indicator for a non-Courier model) is dropped from the fit
 * rather than imputed, so the same declaration serves every dataset; a categorical feature with a single
 * training level gets no column but still restricts predictions to that level. The numeric features' training
 * ranges are kept, so that a point outside them is flagged as an extrapolation.
 *
 * @param names declared feature names, in order
 */
public record FeatureSet(List<String> names) {
    public FeatureSet {
        names = List.copyOf(names);
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a feature set needs at least one feature");
        }
        for (String n : names) {
            if (Features.numeric(n).isEmpty() && Features.categorical(n).isEmpty()) {
                throw new IllegalArgumentException("unknown feature '" + n + "' (known: "
                        + String.join(", ", Features.names()) + ")");
            }
        }
        if (new TreeSet<>(names).size() != names.size()) {
            throw new IllegalArgumentException("feature declared twice in " + names);
        }
    }

    /** Parses a comma-separated list of feature names. */
    public static FeatureSet parse(String commaSeparated) {
        return new FeatureSet(Arrays.stream(commaSeparated.split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).toList());
    }

    /** The declaration as a comma-separated list. */
    public String text() {
        return String.join(",", names);
    }

    /**
     * Chooses the columns and their standardisation from the training configurations.
     *
     * @throws CannotFitException when no declared numeric or categorical column is usable
     */
    public FittedFeatures fit(List<Config> training) {
        if (training.isEmpty()) {
            throw new CannotFitException("no training configurations to derive features from");
        }
        List<String> numeric = new ArrayList<>();
        Map<String, List<String>> levels = new LinkedHashMap<>();
        for (String n : names) {
            var num = Features.numeric(n);
            if (num.isPresent()) {
                boolean available = training.stream().allMatch(c -> Double.isFinite(num.get().value(c)));
                if (available) {
                    numeric.add(n);
                }
            } else {
                CategoricalFeature cat = Features.categorical(n).orElseThrow();
                TreeSet<String> seen = new TreeSet<>();
                training.forEach(c -> seen.add(cat.levelOf(c)));
                levels.put(n, List.copyOf(seen));
            }
        }
        FittedFeatures unscaled = new FittedFeatures(numeric, levels, null, null);
        int width = unscaled.width();
        if (width == 0) {
            throw new CannotFitException("none of the features " + names
                    + " is available for every training configuration or varies across them");
        }
        double[] mean = new double[width];
        double[] sd = new double[width];
        double[][] rows = training.stream().map(unscaled::raw).toArray(double[][]::new);
        for (int j = 0; j < width; j++) {
            double s = 0;
            for (double[] r : rows) {
                s += r[j];
            }
            mean[j] = s / rows.length;
            double ss = 0;
            for (double[] r : rows) {
                ss += (r[j] - mean[j]) * (r[j] - mean[j]);
            }
            double v = Math.sqrt(ss / rows.length);
            // A constant column carries no information; scale 1 keeps it at zero instead of dividing by 0.
            sd[j] = v > 0 ? v : 1.0;
        }
        return new FittedFeatures(numeric, levels, mean, sd).withRangesOf(training);
    }
}
