/**
 * What a worker's compute costs where the measurements cannot show it: the per-step part that does not grow with
 * the batch ({@link io.stepcast.models.compute.ParameterPasses}), shared by the queueing and the regression
 * predictors.
 */
package io.stepcast.models.compute;
