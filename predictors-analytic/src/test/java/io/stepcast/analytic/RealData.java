package io.stepcast.analytic;

import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The real reference data through the datasets module's catalog, and the error measures of the tests. */
final class RealData {
    private RealData() {
    }

    static Path dir() {
        return Path.of(System.getProperty("stepcast.shared.data"));
    }

    static List<Observation> source(String name) throws IOException {
        return new DefaultObservationCatalog().observations(name, Optional.of(dir()));
    }

    /** The rows of one Courier table ({@code cells}, {@code batch_njobs}, {@code live}, ...) of the source's rows. */
    static List<Observation> table(List<Observation> courier, String table) {
        return courier.stream().filter(o -> o.tag("table", "").equals(table)).toList();
    }

    /** Absolute percentage errors of the predictor on the observations it answers; NaN where not applicable. */
    static double[] ape(Predictor p, List<Observation> test, Target target) {
        return test.stream().mapToDouble(o -> {
            Prediction pr = p.predict(o.config(), target);
            if (!pr.isValue()) {
                return Double.NaN;
            }
            double truth = o.value(target).orElseThrow();
            return 100 * Math.abs(pr.asDouble().getAsDouble() - truth) / Math.abs(truth);
        }).toArray();
    }

    /** Mean of the non-NaN values. */
    static double mean(double[] v) {
        return Arrays.stream(v).filter(d -> !Double.isNaN(d)).average().orElse(Double.NaN);
    }

    /** Number of NaN values (predictions that were not applicable). */
    static long missing(double[] v) {
        return Arrays.stream(v).filter(Double::isNaN).count();
    }
}
