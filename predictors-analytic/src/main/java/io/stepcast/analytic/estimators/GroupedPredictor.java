package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A fitted closed-form step-time model with one coefficient vector per group (model on hardware):
 * answers {@link Target#STEP_TIME} from the form and {@link Target#THROUGHPUT} as global batch / step
 * time, which holds for synchronous jobs and, with the per-worker step time, for asynchronous ones.
 * Immutable and thread-safe.
 */
public abstract class GroupedPredictor implements Predictor {
    private final Coefficients coefficients;
    private final Provenance provenance;
    private final Function<Config, String> grouping;

    /** @param grouping the group of a configuration, the same function the estimator fitted the groups with */
    protected GroupedPredictor(Coefficients coefficients, Provenance provenance, Function<Config, String> grouping) {
        this.coefficients = Objects.requireNonNull(coefficients, "coefficients");
        this.provenance = Objects.requireNonNull(provenance, "provenance");
        this.grouping = Objects.requireNonNull(grouping, "grouping");
    }

    /** The fitted coefficients, for the codec. */
    public final Coefficients coefficients() {
        return coefficients;
    }

    @Override
    public final Provenance provenance() {
        return provenance;
    }

    @Override
    public Set<Target> targets() {
        return EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT);
    }

    /** Why the form does not apply to the configuration at all (architecture, ...), or empty. */
    protected abstract Optional<String> outsideDomain(Config config);

    /** Why the fitted coefficients of the configuration's group cannot answer for it, or empty. */
    protected Optional<String> outsideFit(Config config, double[] coefficients) {
        return Optional.empty();
    }

    /** Step time in seconds from the group's coefficients; NaN or a non-positive value means no answer. */
    protected abstract double stepTime(Config config, double[] coefficients);

    @Override
    public final Prediction predict(Config config, Target target) {
        if (!targets().contains(target)) {
            return Prediction.notApplicable(provenance.estimator() + " does not predict " + target.label());
        }
        Optional<String> outside = outsideDomain(config);
        if (outside.isPresent()) {
            return Prediction.notApplicable(outside.get());
        }
        String key = grouping.apply(config);
        double[] c = coefficients.group(key);
        if (c == null) {
            return Prediction.notApplicable(provenance.estimator() + " was not fitted for " + key
                    + " (fitted: " + String.join(", ", coefficients.groups().keySet()) + ")");
        }
        Optional<String> unfitted = outsideFit(config, c);
        if (unfitted.isPresent()) {
            return Prediction.notApplicable(unfitted.get());
        }
        double t = stepTime(config, c);
        if (!(t > 0) || !Double.isFinite(t)) {
            return Prediction.notApplicable(provenance.estimator() + " form gives no positive step time for " + key
                    + " at " + config.workers() + " workers");
        }
        return Prediction.of(target == Target.STEP_TIME ? t : config.globalBatch() / t);
    }
}
