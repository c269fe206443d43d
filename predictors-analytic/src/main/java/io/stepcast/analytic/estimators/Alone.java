package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;

import java.util.Optional;

/**
 * The domain rule shared by the closed forms of a single job (Pollux, Optimus, Ernest): they model a job
 * that has its resources to itself. A configuration sharing them with other jobs (tenants &gt; 1, e.g. a
 * Gavel pair on one GPU) neither trains them nor gets an answer: interference is not in their forms.
 */
final class Alone {
    private Alone() {
    }

    /** Why the configuration is outside the single-job domain of {@code estimator}, or empty. */
    static Optional<String> check(String estimator, Config config) {
        int tenants = config.deployment().tenants();
        return tenants == 1 ? Optional.empty()
                : Optional.of(estimator + " models a job alone, this one shares its resources with " + (tenants - 1)
                + " other job(s)");
    }
}
