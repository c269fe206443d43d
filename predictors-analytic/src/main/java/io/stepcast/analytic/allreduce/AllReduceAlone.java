package io.stepcast.analytic.allreduce;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;

import java.util.Optional;
import java.util.Set;

/**
 * The domain of the all-reduce predictors: a synchronous all-reduce job alone on its GPUs. A job sharing
 * them depends on its co-runner, which a configuration does not name, and parameter servers are another
 * model of communication.
 */
public final class AllReduceAlone {
    private AllReduceAlone() {
    }

    /** Why {@code predictor} cannot answer for the configuration at all, or empty. */
    public static Optional<String> check(String predictor, Config config) {
        if (config.deployment().architecture() != Architecture.ALLREDUCE) {
            return Optional.of(predictor + " models all-reduce jobs, not " + config.deployment().architecture());
        }
        if (config.deployment().tenants() > 1) {
            return Optional.of(predictor + " models a job alone on its GPUs, this one shares them with "
                    + (config.deployment().tenants() - 1) + " other job(s), whose co-runner the configuration does not name");
        }
        return Optional.empty();
    }

    /** The refusal of a target the predictor does not answer or a configuration outside the domain, or empty. */
    public static Optional<Prediction> refusal(String predictor, Set<Target> targets, Config config, Target target) {
        if (!targets.contains(target)) {
            return Optional.of(Prediction.notApplicable(predictor + " does not predict " + target.label()));
        }
        return check(predictor, config).map(Prediction::notApplicable);
    }
}
