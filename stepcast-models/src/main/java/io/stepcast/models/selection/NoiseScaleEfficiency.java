package io.stepcast.models.selection;

import io.stepcast.api.selection.StatisticalEfficiency;

import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Validate;

import java.util.Map;
import java.util.TreeMap;

/**
 * Pollux's statistical efficiency from the gradient noise scale (Qiao et al., OSDI 2021, section 3.1, after
 * McCandlish et al., "An Empirical Model of Large-Batch Training", 2018):
 * {@code EFFICIENCY(M) = (phi + M0) / (phi + M)}, where {@code M0} is the reference (initial) global batch and
 * {@code phi} the gradient noise scale in samples. Per model; a model without a noise scale has efficiency 1
 * (throughput alone decides).
 */
public final class NoiseScaleEfficiency implements StatisticalEfficiency {
    private final Map<String, double[]> byModel;

    /** @param noiseScales per model name: {@code {phi, M0}} */
    public NoiseScaleEfficiency(Map<String, double[]> noiseScales) {
        Map<String, double[]> m = new TreeMap<>();
        noiseScales.forEach((model, v) -> {
            Validate.positive(v[0], "noise scale of " + model);
            Validate.positive(v[1], "reference batch of " + model);
            m.put(ModelNames.key(model), v.clone());
        });
        this.byModel = m;
    }

    @Override
    public double efficiency(Config config, long globalBatch) {
        double[] v = byModel.get(ModelNames.key(config.model()));
        if (v == null) {
            return 1.0;
        }
        return (v[0] + v[1]) / (v[0] + globalBatch);
    }

    /** True when a noise scale is known for the model. */
    public boolean knows(String model) {
        return byModel.containsKey(ModelNames.key(model));
    }
}
