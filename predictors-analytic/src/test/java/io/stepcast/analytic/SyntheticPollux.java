package io.stepcast.analytic;

import io.stepcast.analytic.estimators.PolluxForm;
import io.stepcast.analytic.fit.PolluxFitter;

import java.util.ArrayList;
import java.util.List;

/** SYNTHETIC step times generated from known Pollux coefficients, on the placements of the real traces. */
final class SyntheticPollux {
    static final double[] TRUTH = {0.02, 4e-4, 0.01, 0.002, 0.05, 0.004, 2.5};

    private SyntheticPollux() {
    }

    static List<PolluxFitter.Point> points() {
        List<PolluxFitter.Point> out = new ArrayList<>();
        String[] placements = {"1", "2", "3", "4", "11", "22", "13", "44", "123", "1111", "2222", "4444"};
        int[] batches = {16, 32, 64, 128, 256};
        for (String p : placements) {
            int nodes = p.length();
            int replicas = p.chars().map(c -> c - '0').sum();
            for (int b : batches) {
                out.add(new PolluxFitter.Point(nodes, replicas, b, PolluxForm.stepTime(TRUTH, nodes, replicas, b, 0)));
            }
        }
        return out;
    }
}
