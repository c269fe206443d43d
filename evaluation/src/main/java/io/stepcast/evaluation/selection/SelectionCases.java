package io.stepcast.evaluation.selection;

import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.evaluation.protocol.Attributes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Builds the decisions of a dataset: the observations are grouped into jobs (same configuration except
 * the batch, see {@link Attributes#job}); a job with at least two measured batch sizes yields one
 * decision per SLO of the policy. Replicated measurements of one batch are averaged.
 */
public final class SelectionCases {
    private SelectionCases() {
    }

    /**
     * The decisions of {@code data}.
     *
     * @param latency  the measured latency the SLO constrains (response time or step time)
     * @param accuracy measured accuracy of a job's candidate, when the objective needs it (for example a
     *                 lookup in a separate accuracy table); empty to use the observations' own accuracy
     */
    public static List<SelectionCase> of(List<Observation> data, Target latency, BatchScope scope, SloPolicy slos,
                                         Optional<Predictor> accuracy) {
        Map<String, List<Observation>> jobs = new LinkedHashMap<>();
        for (Observation o : data) {
            if (o.value(latency).isPresent()) {
                jobs.computeIfAbsent(Attributes.job(o), j -> new ArrayList<>()).add(o);
            }
        }
        List<SelectionCase> cases = new ArrayList<>();
        int index = 0;
        for (Map.Entry<String, List<Observation>> job : jobs.entrySet()) {
            Map<Integer, double[]> lat = new TreeMap<>();
            Map<Integer, double[]> acc = new TreeMap<>();
            for (Observation o : job.getValue()) {
                int batch = Math.toIntExact(scope.of(o.config()));
                add(lat, batch, o.value(latency).getAsDouble());
                OptionalDouble a = accuracy.isPresent()
                        ? accuracy.get().predict(o.config(), Target.ACCURACY).asDouble()
                        : o.value(Target.ACCURACY);
                a.ifPresent(v -> add(acc, batch, v));
            }
            if (lat.size() < 2) {
                index++;
                continue;
            }
            Map<Integer, Double> latency1 = means(lat);
            List<Double> sorted = latency1.values().stream().sorted().toList();
            for (double slo : slos.slos(index, sorted)) {
                cases.add(new SelectionCase(job.getKey(), job.getValue().get(0).config(), scope, slo, latency1,
                        means(acc)));
            }
            index++;
        }
        return cases;
    }

    private static void add(Map<Integer, double[]> sums, int batch, double v) {
        double[] s = sums.computeIfAbsent(batch, b -> new double[2]);
        s[0] += v;
        s[1]++;
    }

    private static Map<Integer, Double> means(Map<Integer, double[]> sums) {
        Map<Integer, Double> m = new TreeMap<>();
        sums.forEach((b, s) -> m.put(b, s[0] / s[1]));
        return m;
    }
}
