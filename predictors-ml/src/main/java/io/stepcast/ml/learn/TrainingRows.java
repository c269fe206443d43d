package io.stepcast.ml.learn;

import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;

import java.util.ArrayList;
import java.util.List;

/**
 * The configurations and measured values of one target: what a regression learns from.
 *
 * @param target  the measured target
 * @param configs configurations, in training order
 * @param values  measured values, same order
 */
public record TrainingRows(Target target, List<Config> configs, List<Double> values) {
    public TrainingRows {
        configs = List.copyOf(configs);
        values = List.copyOf(values);
        if (configs.size() != values.size()) {
            throw new IllegalArgumentException(configs.size() + " configurations but " + values.size() + " values");
        }
    }

    /** The observations that measure {@code target}, in order. */
    public static TrainingRows of(Target target, List<Observation> observations) {
        List<Config> c = new ArrayList<>();
        List<Double> v = new ArrayList<>();
        for (Observation o : observations) {
            o.value(target).ifPresent(x -> {
                c.add(o.config());
                v.add(x);
            });
        }
        return new TrainingRows(target, c, v);
    }

    /** Number of rows. */
    public int size() {
        return configs.size();
    }

    /** The rows at the given indices. */
    public TrainingRows subset(int[] indices) {
        List<Config> c = new ArrayList<>();
        List<Double> v = new ArrayList<>();
        for (int i : indices) {
            c.add(configs.get(i));
            v.add(values.get(i));
        }
        return new TrainingRows(target, c, v);
    }
}
