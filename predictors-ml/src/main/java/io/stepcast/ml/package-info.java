/**
 * The {@code predictors-ml} plugin: Tribuo-trained predictors over engineered features, Courier's
 * forests and a hybrid analytical + learned-residual predictor ({@link io.stepcast.ml.MlPlugin}).
 */
package io.stepcast.ml;
