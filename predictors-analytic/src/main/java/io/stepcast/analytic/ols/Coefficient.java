package io.stepcast.analytic.ols;

/**
 * One estimated coefficient of a linear model with its Wald t test.
 *
 * @param name           {@code Intercept} or the term name
 * @param estimate       the least-squares estimate
 * @param standardError  its standard error, {@code sqrt(sigma^2 [(X'WX)^-1]_jj)}
 * @param t              estimate / standard error
 * @param p              two-sided p value of t with the residual degrees of freedom
 */
public record Coefficient(String name, double estimate, double standardError, double t, double p) {
}
