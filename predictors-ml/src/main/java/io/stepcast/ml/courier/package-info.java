/**
 * Courier's time and accuracy random forests (Albo Martinez et al., ICPE 2021), in the paper's and in a
 * compact real-time configuration, for {@link io.stepcast.models.selection.CourierSelector}.
 */
package io.stepcast.ml.courier;
