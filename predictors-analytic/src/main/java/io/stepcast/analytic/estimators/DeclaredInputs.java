package io.stepcast.analytic.estimators;

import java.util.List;

/**
 * What part of a {@link io.stepcast.api.Config} an estimator of this module reads, so that a user (and
 * {@code predictors list}) can see which fields must be right for its predictions to mean anything.
 */
public interface DeclaredInputs {

    /** Config fields read, as accessor paths such as {@code deployment.workers} or {@code localBatch}. */
    List<String> configFields();
}
