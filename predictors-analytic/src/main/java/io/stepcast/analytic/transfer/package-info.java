/**
 * Predictors that carry what was measured on some hardware over to other hardware: {@code overhead-transfer}.
 */
package io.stepcast.analytic.transfer;
