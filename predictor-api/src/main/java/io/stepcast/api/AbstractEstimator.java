package io.stepcast.api;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The accessors every estimator with a fixed name, description and target set shares: it holds them with
 * the {@link HyperParameters}, answers {@link #name()}, {@link #description()}, {@link #targets()} and
 * {@link #hyperParameters()}, and implements {@link #withHyperParameters} as {@link HyperParameters#with}
 * (an unknown key is refused naming it) followed by {@link #copyWith}. A subclass supplies the fit and the
 * copy, and validates the values in its constructor, so that a bad override fails when it is given.
 *
 * <p>Plugins may extend it too; an estimator whose name or targets are only known at fit time (for example
 * one that wraps another registered estimator) implements {@link Estimator} directly.
 *
 * <pre>{@code
 * final class AmdahlEstimator extends AbstractEstimator {
 *     AmdahlEstimator() { this(HyperParameters.of("min-workers", "2")); }
 *     private AmdahlEstimator(HyperParameters params) {
 *         super("amdahl", "Amdahl's law: T(W) = T1 (s + (1 - s) / W)", Set.of(Target.STEP_TIME), params);
 *         params.integer("min-workers");
 *     }
 *     protected Estimator copyWith(HyperParameters params) { return new AmdahlEstimator(params); }
 *     public Predictor fit(TrainingSet training) { ... params().integer("min-workers") ... }
 * }
 * }</pre>
 */
public abstract class AbstractEstimator implements Estimator {
    private final String name;
    private final String description;
    private final Set<Target> targets;
    private final HyperParameters params;

    /**
     * @param name        registered name, lower-case with dashes
     * @param description one line: the method and its reference
     * @param targets     the targets its predictors can answer
     * @param params      the declared hyper-parameters with their current values
     */
    protected AbstractEstimator(String name, String description, Set<Target> targets, HyperParameters params) {
        this.name = Validate.text(name, "estimator name");
        this.description = Validate.text(description, "estimator description");
        // Enum order, not the order of the given set: Set.of iterates in an order that changes from one JVM
        // to the next, and fit loops and listings over targets() should not.
        EnumSet<Target> copy = EnumSet.noneOf(Target.class);
        copy.addAll(Objects.requireNonNull(targets, "targets"));
        this.targets = Collections.unmodifiableSet(copy);
        this.params = Objects.requireNonNull(params, "params");
    }

    /** The configured hyper-parameters, for the fit and for the subclass's validation. */
    protected final HyperParameters params() {
        return params;
    }

    /**
     * A new estimator of the same kind with {@code params}, whose keys are the declared ones. Called by
     * {@link #withHyperParameters}; the constructor it calls should refuse a bad value with an
     * {@link IllegalArgumentException} naming the parameter.
     */
    protected abstract Estimator copyWith(HyperParameters params);

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Set<Target> targets() {
        return targets;
    }

    @Override
    public final Map<String, String> hyperParameters() {
        return params.values();
    }

    @Override
    public final Estimator withHyperParameters(Map<String, String> overrides) {
        return copyWith(params.with(overrides));
    }
}
