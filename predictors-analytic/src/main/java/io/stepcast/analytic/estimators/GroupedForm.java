package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;

import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToDoubleBiFunction;

/**
 * What a fitted closed-form step-time model evaluates, given as functions so that one {@link GroupedPredictor}
 * serves every form of this module (a form differs from the next only in these answers, not in how a
 * prediction is assembled from them).
 *
 * @param grouping the group a configuration belongs to, the same function the estimator fitted the groups with
 * @param domain   why the form does not apply to a configuration at all (architecture, ...), or empty
 * @param fitCheck why a group's fitted coefficients cannot answer for a configuration, or empty
 * @param stepTime step time in seconds from a group's coefficients; NaN or a non-positive value means no answer
 * @param unfitted why no fitted group answers a configuration
 */
public record GroupedForm(Function<Config, String> grouping, Function<Config, Optional<String>> domain,
                          BiFunction<Config, double[], Optional<String>> fitCheck,
                          ToDoubleBiFunction<Config, double[]> stepTime, Unfitted unfitted) {
    public GroupedForm {
        Objects.requireNonNull(grouping, "grouping");
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(fitCheck, "fitCheck");
        Objects.requireNonNull(stepTime, "stepTime");
        Objects.requireNonNull(unfitted, "unfitted");
    }

    /**
     * A form whose refusal for a configuration without a fitted group says so in the columns' words
     * ({@link UnfittedJob}).
     */
    public GroupedForm(Function<Config, String> grouping, Function<Config, Optional<String>> domain,
                       BiFunction<Config, double[], Optional<String>> fitCheck,
                       ToDoubleBiFunction<Config, double[]> stepTime) {
        this(grouping, domain, fitCheck, stepTime,
                (estimator, config, fitted) -> UnfittedJob.reason(estimator, config, grouping.apply(config), fitted));
    }

    /** Why no fitted group answers a configuration. */
    @FunctionalInterface
    public interface Unfitted {
        /**
         * @param estimator the estimator's name
         * @param fitted    the keys of the fitted groups
         */
        String reason(String estimator, Config config, Collection<String> fitted);
    }

    /** This form, with {@code unfitted} saying why no fitted group answers a configuration. */
    public GroupedForm withUnfitted(Unfitted unfitted) {
        return new GroupedForm(grouping, domain, fitCheck, stepTime, unfitted);
    }

    /** A form whose fitted coefficients answer for every configuration of their group and domain. */
    public static GroupedForm of(Function<Config, String> grouping, Function<Config, Optional<String>> domain,
                                 ToDoubleBiFunction<Config, double[]> stepTime) {
        return new GroupedForm(grouping, domain, (config, coefficients) -> Optional.empty(), stepTime);
    }

    /** The predictor of previously fitted coefficients of this form (what the estimator and the codec return). */
    public Predictor restore(Coefficients coefficients, Provenance provenance) {
        return new GroupedPredictor(coefficients, provenance, this);
    }
}
