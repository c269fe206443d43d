package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.analytic.ols.Cells;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Courier's job features from a configuration, as {@code docs/data-model.md} defines them for BigDL:
 * {@code cpu} = workers x devices per worker (total executor cores), {@code batch} = the global batch,
 * {@code njobs} = tenants, {@code network} = +1 for LeNet-5, -1 for the MLP ({@code mlp} or
 * {@code simplenet}), 0 for anything else (rows averaged over both networks).
 */
public final class CourierFeatures {
    /** The feature names, in Courier's order. */
    public static final List<String> NAMES = List.of("cpu", "batch", "njobs", "network");

    private CourierFeatures() {
    }

    /** The four features of a configuration. */
    public static Map<String, Double> of(Config config) {
        Map<String, Double> f = new LinkedHashMap<>();
        f.put("cpu", (double) config.workers() * config.deployment().devicesPerWorker());
        f.put("batch", (double) config.globalBatch());
        f.put("njobs", (double) config.deployment().tenants());
        f.put("network", network(config.model()));
        return f;
    }

    /**
     * Aggregated observations as regression cells: the named features, the mean of {@code target}, its
     * standard deviation (0 when not published: it changes the statistics, not the coefficients) and the
     * run count.
     */
    public static Cells cells(List<Observation> rows, List<String> features, Target target) {
        int n = rows.size();
        Map<String, double[]> factors = new LinkedHashMap<>();
        for (String f : features) {
            factors.put(f, new double[n]);
        }
        double[] y = new double[n];
        double[] sd = new double[n];
        double[] runs = new double[n];
        for (int i = 0; i < n; i++) {
            Observation o = rows.get(i);
            Map<String, Double> x = of(o.config());
            for (Map.Entry<String, double[]> e : factors.entrySet()) {
                e.getValue()[i] = x.get(e.getKey());
            }
            y[i] = o.value(target).orElseThrow();
            sd[i] = o.measurements().standardDeviation(target).orElse(0);
            runs[i] = o.measurements().runs();
        }
        return new Cells(factors, y, sd, runs);
    }

    static double network(String model) {
        String k = ModelNames.key(model);
        if (k.equals("lenet5") || k.equals("lenet")) {
            return 1;
        }
        if (k.equals("mlp") || k.equals("simplenet")) {
            return -1;
        }
        return 0;
    }
}
