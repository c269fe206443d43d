/**
 * Tribuo regression learners ({@link io.stepcast.ml.learn.LearnerKind}), seeded k-fold grid search, the
 * fitted regressions and the generic {@link io.stepcast.ml.learn.TribuoEstimator} /
 * {@link io.stepcast.ml.learn.LearnedPredictor} pair.
 */
package io.stepcast.ml.learn;
