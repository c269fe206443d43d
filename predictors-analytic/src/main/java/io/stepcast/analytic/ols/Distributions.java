package io.stepcast.analytic.ols;

import org.apache.commons.math3.special.Beta;

/**
 * Upper-tail probabilities of the F and Student t distributions through the regularised incomplete beta
 * function (Abramowitz and Stegun 26.6.2 and 26.7.1). Computing the tail directly, rather than
 * {@code 1 - cdf}, keeps p values such as 4e-68 (the batch effect in Courier's ANOVA) exact instead of 0.
 */
public final class Distributions {
    private Distributions() {
    }

    /** {@code P(F(d1, d2) > f)}. */
    public static double fUpperTail(double f, double d1, double d2) {
        if (!(f > 0)) {
            return 1.0;
        }
        if (Double.isInfinite(f)) {
            return 0.0;
        }
        return Beta.regularizedBeta(d2 / (d2 + d1 * f), d2 / 2, d1 / 2);
    }

    /** Two-sided {@code P(|T(df)| > |t|)}. */
    public static double tTwoSided(double t, double df) {
        if (Double.isNaN(t)) {
            return Double.NaN;
        }
        if (Double.isInfinite(t)) {
            return 0.0;
        }
        return Beta.regularizedBeta(df / (df + t * t), df / 2, 0.5);
    }
}
