package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.models.predictor.AbstractPredictor;

import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A fitted closed-form step-time model with one coefficient vector per group (model on hardware):
 * answers {@link Target#STEP_TIME} from the form and {@link Target#THROUGHPUT} as global batch / step
 * time, which holds for synchronous jobs and, with the per-worker step time, for asynchronous ones.
 * Immutable and thread-safe.
 */
public final class GroupedPredictor extends AbstractPredictor {
    private final Coefficients coefficients;
    private final GroupedForm form;
    private final Map<String, Set<String>> precisions;

    /** @param form the form the estimator fitted the coefficients of, with its grouping */
    GroupedPredictor(Coefficients coefficients, Provenance provenance, GroupedForm form) {
        super(Objects.requireNonNull(provenance, "provenance"));
        this.coefficients = Objects.requireNonNull(coefficients, "coefficients");
        this.form = Objects.requireNonNull(form, "form");
        this.precisions = GroupKey.precisionsByModelOnMachine(coefficients.groups().keySet());
    }

    /** The fitted coefficients, for the codec. */
    public Coefficients coefficients() {
        return coefficients;
    }

    @Override
    public Set<Target> targets() {
        return EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT);
    }

    @Override
    public Prediction predict(Config config, Target target) {
        if (!targets().contains(target)) {
            return Prediction.notApplicable(provenance().estimator() + " does not predict " + target.label());
        }
        Optional<String> outside = form.domain().apply(config);
        if (outside.isPresent()) {
            return Prediction.notApplicable(outside.get());
        }
        Optional<String> precision = GroupKey.precisionMismatch(config, precisions);
        if (precision.isPresent()) {
            return Prediction.notApplicable(provenance().estimator() + ": " + precision.get());
        }
        String key = form.grouping().apply(config);
        double[] c = coefficients.group(key);
        if (c == null) {
            return Prediction.notApplicable(form.unfitted().reason(provenance().estimator(), config,
                    coefficients.groups().keySet()));
        }
        Optional<String> unfitted = form.fitCheck().apply(config, c);
        if (unfitted.isPresent()) {
            return Prediction.notApplicable(unfitted.get());
        }
        double t = form.stepTime().applyAsDouble(config, c);
        if (!(t > 0) || !Double.isFinite(t)) {
            return Prediction.notApplicable(provenance().estimator() + " form gives no positive step time for " + key
                    + " at " + config.workers() + " workers");
        }
        return Prediction.of(target == Target.STEP_TIME ? t : config.globalBatch() / t);
    }
}
