package io.stepcast.evaluation.suite;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Estimator;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Stands in for a predictor a suite names but that cannot be used (not on the class path, or refused
 * its hyper-parameters): it offers every target and never fits, so each of its points is counted as not
 * applicable with the reason, and the suite goes on.
 */
record UnavailableEstimator(String name, String reason) implements Estimator {
    @Override
    public String description() {
        return "unavailable: " + reason;
    }

    @Override
    public Set<Target> targets() {
        return EnumSet.allOf(Target.class);
    }

    @Override
    public Map<String, String> hyperParameters() {
        return Map.of();
    }

    @Override
    public Estimator withHyperParameters(Map<String, String> overrides) {
        return this;
    }

    @Override
    public Predictor fit(TrainingSet training) {
        throw new CannotFitException(reason);
    }
}
