/**
 * The hybrid estimator: an analytical model found by name, corrected by a learned log residual.
 */
package io.stepcast.ml.hybrid;
