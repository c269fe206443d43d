/**
 * The {@code predictors-analytic} plugin: closed forms and analytic models (formerly {@code predictors-regression}:
 * it holds more than regressions), fitted on measurements, and Courier's factorial analysis.
 * <ul>
 *   <li>{@link io.stepcast.analytic.formula}: model formulas ({@code time ~ cpu*batch*njobs});</li>
 *   <li>{@link io.stepcast.analytic.ols}: OLS on aggregated cells, Type-II ANOVA, Mann-Whitney tests;</li>
 *   <li>{@link io.stepcast.analytic.fit}: non-negative least squares and the Pollux fit;</li>
 *   <li>{@link io.stepcast.analytic.estimators}: the estimators {@code linear-scaling}, {@code pollux},
 *   {@code optimus}, {@code ernest}, {@code courier-ols};</li>
 *   <li>{@link io.stepcast.analytic.codec}: their predictor codecs;</li>
 *   <li>{@link io.stepcast.analytic.cli}: {@code stepcast anova}.</li>
 * </ul>
 */
package io.stepcast.analytic;
