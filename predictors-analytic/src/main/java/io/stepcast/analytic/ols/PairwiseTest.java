package io.stepcast.analytic.ols;

/**
 * A Mann-Whitney U test between the runs at two levels of one factor.
 *
 * @param factor the factor
 * @param levelA first level
 * @param levelB second level
 * @param sizeA  runs at level A
 * @param sizeB  runs at level B
 * @param u      the U statistic (the larger of U_A and U_B, as Commons Math reports it)
 * @param p      two-sided p value (normal approximation with tie correction)
 */
public record PairwiseTest(String factor, double levelA, double levelB, int sizeA, int sizeB, double u, double p) {
}
