package io.stepcast.analytic;

import io.stepcast.analytic.fit.NonNegativeLeastSquares;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Lawson-Hanson NNLS on SYNTHETIC systems with known answers. */
class NonNegativeLeastSquaresTest {

    @Test
    void recoversANonNegativeSolutionExactly() {
        double[] truth = {0.5, 0, 2, 0.001};
        double[][] a = new double[20][4];
        double[] b = new double[20];
        for (int i = 0; i < 20; i++) {
            double m = i + 1;
            a[i] = new double[] {1, 512.0 / m, m, Math.log(m)};
            for (int j = 0; j < 4; j++) {
                b[i] += a[i][j] * truth[j];
            }
        }
        assertThat(NonNegativeLeastSquares.solve(a, b)).containsExactly(truth, within(1e-8));
    }

    @Test
    void clampsWhereUnconstrainedLeastSquaresGoesNegative() {
        // y = 3 - x fitted with [1, x]: the slope wants -1; NNLS gives slope 0 and the mean as intercept.
        double[][] a = {{1, 0}, {1, 1}, {1, 2}, {1, 3}};
        double[] b = {3, 2, 1, 0};
        assertThat(NonNegativeLeastSquares.solve(a, b)).containsExactly(new double[] {1.5, 0}, within(1e-12));
    }

    @Test
    void survivesACollinearColumn() {
        double[][] a = {{1, 2, 1}, {1, 2, 2}, {1, 2, 3}};
        double[] b = {2, 3, 4};
        double[] x = NonNegativeLeastSquares.solve(a, b);
        for (int i = 0; i < 3; i++) {
            assertThat(a[i][0] * x[0] + a[i][1] * x[1] + a[i][2] * x[2]).isCloseTo(b[i], within(1e-9));
        }
        assertThat(Arrays.stream(x).min().orElseThrow()).isGreaterThanOrEqualTo(0);
    }
}
