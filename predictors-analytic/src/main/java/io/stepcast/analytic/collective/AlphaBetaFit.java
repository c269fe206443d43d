package io.stepcast.analytic.collective;

import java.util.List;
import java.util.Optional;

/**
 * Least squares of {@code t = alpha a + beta b} with both coefficients non-negative, each point weighted by
 * {@code 1 / t} so that the fit minimises relative errors (message sizes span three decades, and an
 * absolute fit would ignore the small messages). Solves the 2 x 2 normal equations; when one coefficient
 * comes out negative it is set to zero and the other refitted alone.
 */
final class AlphaBetaFit {
    private AlphaBetaFit() {
    }

    /** One point: the two features and the measured time. */
    record Point(double a, double b, double t) {
    }

    /** {alpha, beta}, or empty when the points cannot determine them. */
    static Optional<double[]> fit(List<Point> points) {
        double saa = 0;
        double sab = 0;
        double sbb = 0;
        double sa = 0;
        double sb = 0;
        for (Point p : points) {
            double a = p.a() / p.t();
            double b = p.b() / p.t();
            saa += a * a;
            sab += a * b;
            sbb += b * b;
            sa += a;
            sb += b;
        }
        double det = saa * sbb - sab * sab;
        if (points.size() < 2 || !(Math.abs(det) > 1e-12 * saa * sbb)) {
            return Optional.empty();
        }
        double alpha = (sa * sbb - sb * sab) / det;
        double beta = (saa * sb - sab * sa) / det;
        if (alpha < 0) {
            alpha = 0;
            beta = sb / sbb;
        } else if (beta < 0) {
            beta = 0;
            alpha = sa / saa;
        }
        return beta > 0 ? Optional.of(new double[] {alpha, beta}) : Optional.empty();
    }
}
