package io.stepcast.api;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A configured, not yet fitted, prediction method (Tribuo's {@code Trainer}). {@link #fit} turns
 * training data into an immutable {@link Predictor}; the estimator itself is immutable too, and
 * {@link #withHyperParameters} returns a new one.
 *
 * <p>Plugins register estimators by {@link #name()} through a {@link io.stepcast.api.plugin.StepcastPlugin}
 * Guice module. {@link AbstractEstimator} implements the accessors and {@link #withHyperParameters} for an
 * estimator with a fixed name, description and targets.
 */
public interface Estimator {

    /** Registered name, lower-case with dashes (for example {@code pollux}, {@code simulation}). */
    String name();

    /** One line: the method and its reference. */
    String description();

    /** The targets its predictors can answer. */
    Set<Target> targets();

    /** Current hyper-parameters with their values, as text (empty when there are none). */
    Map<String, String> hyperParameters();

    /**
     * A copy with some hyper-parameters changed.
     *
     * @throws IllegalArgumentException naming the parameter when a key is unknown or a value invalid
     */
    Estimator withHyperParameters(Map<String, String> overrides);

    /**
     * Fits the method on the training data.
     *
     * @throws CannotFitException when the data lack what the method needs (no single-worker rows, no
     *                            profile, too few points); the message says what is missing
     */
    Predictor fit(TrainingSet training);

    /**
     * Fits the method for some targets only, when the caller knows it will ask for no other (a suite scores
     * the targets it lists; a batch-size selection asks for its latency). Whatever the predictor answers for
     * one of {@code targets}, a refusal and its reason included, is the same, bit for bit, as what the
     * predictor of {@link #fit(TrainingSet)} on the same data answers; the predictor may refuse the other
     * targets. One difference is allowed: a model of a target not asked for is not fitted, so its failure
     * cannot fail this fit (where the full fit would throw). The default fits everything; an estimator that
     * fits one independent model per target overrides it to skip the models nobody will ask for.
     *
     * @param targets the targets the predictor will be asked for
     */
    default Predictor fit(TrainingSet training, Set<Target> targets) {
        return fit(training);
    }

    /**
     * This method configured to answer from the constants its authors or a published fit give, needing no training
     * row of its kind, or empty when it has none: a server whose tables hold no row the method can fit on may still
     * offer it, and say that it answers from those constants. The default has none.
     */
    default Optional<Estimator> withPublishedConstants() {
        return Optional.empty();
    }

    /**
     * Whether its predictors read a configuration's {@link ParallelLayout} (tensor, pipeline, context and expert
     * parallelism, micro-batches, virtual stages, recomputation, sharding): then a caller that varies the layout, such
     * as {@code sweep}'s layout axes, gets answers that differ by layout. A data-parallel method, which would answer
     * every layout of a job alike or refuse it, keeps the default, false.
     */
    default boolean readsParallelLayout() {
        return false;
    }
}
