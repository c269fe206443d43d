package io.stepcast.spark;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.models.predictor.AbstractPredictor;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A synthetic estimator {@code synthetic-native-range}: each target's training mean, with an interval of its own
 * (the training side's minimum to maximum, no stated level), so that points carry a native interval across the
 * engines' task serialisation.
 */
final class NativeRange extends AbstractEstimator {
    NativeRange() {
        super("synthetic-native-range", "synthetic test estimator: the training mean within the training range",
                Set.of(Target.RESPONSE_TIME, Target.THROUGHPUT), HyperParameters.of());
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return this;
    }

    @Override
    public Predictor fit(TrainingSet training) {
        Map<Target, double[]> summary = new EnumMap<>(Target.class);
        for (Target t : targets()) {
            double[] v = training.observations().stream().map(o -> o.value(t)).filter(OptionalDouble::isPresent)
                    .mapToDouble(OptionalDouble::getAsDouble).toArray();
            if (v.length > 0) {
                summary.put(t, new double[] {Arrays.stream(v).average().orElseThrow(), Arrays.stream(v).min().orElseThrow(),
                    Arrays.stream(v).max().orElseThrow()});
            }
        }
        if (summary.isEmpty()) {
            throw new CannotFitException("synthetic: no measured target");
        }
        Provenance provenance = Provenance.of(this, training, 0);
        return new AbstractPredictor(provenance) {
            @Override
            public Prediction predict(Config config, Target target) {
                double[] s = summary.get(target);
                return s == null ? Prediction.notApplicable("synthetic: target not measured")
                        : Prediction.of(s[0], s[1], s[2]);
            }

            @Override
            public Set<Target> targets() {
                return summary.keySet();
            }
        };
    }

}
