package io.stepcast.ml;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Leave-one-group-out scoring for the tests (the evaluation module has the full protocol; predictor
 * modules must not depend on it): each group in turn is held out, the estimator is fitted on the rest
 * and the held-out rows are predicted; absolute percentage errors are collected, refusals counted.
 */
final class LeaveOneGroupOut {
    /** Errors of one estimator: APE per answered row, refusals, and the formatted summary. */
    record Score(String estimator, double[] ape, int notApplicable) {
        double mape() {
            return Arrays.stream(ape).average().orElse(Double.NaN);
        }

        double percentile(double q) {
            double[] s = ape.clone();
            Arrays.sort(s);
            return s.length == 0 ? Double.NaN : s[Math.min(s.length - 1, (int) Math.ceil(q * s.length) - 1)];
        }

        @Override
        public String toString() {
            return String.format("%-24s MAPE %5.1f%%  median %5.1f%%  p90 %5.1f%%  answered %d, not applicable %d",
                    estimator, 100 * mape(), 100 * percentile(0.5), 100 * percentile(0.9), ape.length, notApplicable);
        }
    }

    private LeaveOneGroupOut() {
    }

    static Score score(String label, Estimator estimator, List<Observation> data, Function<Observation, String> group,
                       Target target) {
        Map<String, List<Observation>> groups = new TreeMap<>();
        data.forEach(o -> groups.computeIfAbsent(group.apply(o), k -> new ArrayList<>()).add(o));
        List<Double> ape = new ArrayList<>();
        int na = 0;
        long start = System.nanoTime();
        for (String held : groups.keySet()) {
            List<Observation> train = data.stream().filter(o -> !group.apply(o).equals(held)).toList();
            Predictor p;
            try {
                p = estimator.fit(TrainingSet.of("logo-" + held, train));
            } catch (CannotFitException e) {
                na += groups.get(held).size();
                continue;
            }
            for (Observation o : groups.get(held)) {
                Prediction pr = p.predict(o.config(), target);
                if (pr instanceof Prediction.Value v) {
                    double actual = o.value(target).orElseThrow();
                    ape.add(Math.abs(v.value() - actual) / actual);
                } else {
                    na++;
                }
            }
        }
        System.out.printf("  (%s: %.1f s)%n", label, (System.nanoTime() - start) / 1e9);
        return new Score(label, ape.stream().mapToDouble(Double::doubleValue).toArray(), na);
    }
}
