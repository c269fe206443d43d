package io.stepcast.evaluation.selection;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Where the SLOs of the decisions come from.
 */
public sealed interface SloPolicy permits SloPolicy.Normal, SloPolicy.Midpoints, SloPolicy.Fixed {

    /**
     * The SLOs to decide a job under.
     *
     * @param jobIndex       position of the job in the dataset's (deterministic) job order
     * @param sortedLatencies the job's measured candidate latencies, ascending
     */
    List<Double> slos(int jobIndex, List<Double> sortedLatencies);

    /**
     * SLOs drawn from a normal distribution, as in the Courier paper (mean 300 s, sd 100 s); draws that
     * are not positive are drawn again. Each job has its own generator seeded {@code seed + jobIndex}, so
     * a job's SLOs do not depend on which other jobs are present.
     */
    record Normal(double mean, double sd, int draws, long seed) implements SloPolicy {
        @Override
        public List<Double> slos(int jobIndex, List<Double> sortedLatencies) {
            Random r = new Random(seed + jobIndex);
            List<Double> out = new ArrayList<>(draws);
            while (out.size() < draws) {
                double s = mean + sd * r.nextGaussian();
                if (s > 0) {
                    out.add(s);
                }
            }
            return out;
        }
    }

    /**
     * One SLO halfway between each pair of consecutive measured latencies of the job (our choice for
     * throughput traces, which publish no SLOs): every SLO separates the candidates, so each decision can
     * be right or wrong, and a feasible batch always exists.
     */
    record Midpoints() implements SloPolicy {
        @Override
        public List<Double> slos(int jobIndex, List<Double> sortedLatencies) {
            List<Double> out = new ArrayList<>();
            for (int i = 0; i + 1 < sortedLatencies.size(); i++) {
                double a = sortedLatencies.get(i);
                double b = sortedLatencies.get(i + 1);
                if (b > a) {
                    out.add((a + b) / 2);
                }
            }
            return out;
        }
    }

    /** The same SLO values for every job. */
    record Fixed(List<Double> values) implements SloPolicy {
        public Fixed {
            values = List.copyOf(values);
        }

        @Override
        public List<Double> slos(int jobIndex, List<Double> sortedLatencies) {
            return values;
        }
    }
}
