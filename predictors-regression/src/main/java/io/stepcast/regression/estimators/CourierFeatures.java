package io.stepcast.regression.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;

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
