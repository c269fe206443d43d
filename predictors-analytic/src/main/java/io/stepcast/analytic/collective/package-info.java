/**
 * Predictors of collective communication time: {@code collective-alpha-beta} (alpha and beta fitted per
 * hardware) and {@code collective-catalog} (the hardware catalog's figures only), both over the cost model
 * of {@link io.stepcast.api.collective}.
 */
package io.stepcast.analytic.collective;
