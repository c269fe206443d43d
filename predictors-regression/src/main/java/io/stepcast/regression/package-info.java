/**
 * The {@code predictors-regression} plugin: fitted closed forms and Courier's factorial analysis.
 * <ul>
 *   <li>{@link io.stepcast.regression.formula}: model formulas ({@code time ~ cpu*batch*njobs});</li>
 *   <li>{@link io.stepcast.regression.ols}: OLS on aggregated cells, Type-II ANOVA, Mann-Whitney tests;</li>
 *   <li>{@link io.stepcast.regression.fit}: non-negative least squares and the Pollux fit;</li>
 *   <li>{@link io.stepcast.regression.estimators}: the estimators {@code linear-scaling}, {@code pollux},
 *   {@code optimus}, {@code ernest}, {@code courier-ols};</li>
 *   <li>{@link io.stepcast.regression.codec}: their predictor codecs;</li>
 *   <li>{@link io.stepcast.regression.cli}: {@code stepcast anova}.</li>
 * </ul>
 */
package io.stepcast.regression;
