/**
 * Models of Courier's BigDL jobs (Albo Martinez et al., ICPE 2021) beyond the paper's OLS and forests: the
 * step-count model of the response time.
 */
package io.stepcast.analytic.courier;
