package io.stepcast.queueing.fit;

import java.util.function.DoubleUnaryOperator;

/**
 * The share {@code e} in {@code [0.001, 1]} of a link's catalogued bandwidth that best explains measured steps: the
 * minimiser of a loss over {@code u = ln e} on {@code [ln 0.001, 0]} by golden-section search (J. Kiefer,
 * "Sequential minimax search for a maximum", Proc. AMS 4, 1953), the catalog's own figure ({@code u = 0}) when it
 * does at least as well: no fitted slowdown without evidence for it. The loss should be unimodal in {@code u} (a
 * step that grows as the link slows).
 */
public final class LogEfficiencySearch {
    private static final double LOW = Math.log(1e-3);
    private static final double TOLERANCE = 1e-3;
    private static final double PHI = (Math.sqrt(5) - 1) / 2;

    private LogEfficiencySearch() {
    }

    /** The minimiser of {@code f} on {@code [ln 0.001, 0]} to within {@link #TOLERANCE}. */
    public static double minimise(DoubleUnaryOperator f) {
        return search(f)[0];
    }

    /**
     * {@code {u, f(u), f(0)}}: the golden-section minimiser, or the catalog's own figure {@code u = 0} when it does
     * at least as well (no fitted slowdown without evidence for it), with the two losses the search evaluated.
     */
    private static double[] search(DoubleUnaryOperator f) {
        double a = LOW;
        double b = 0;
        double x1 = b - PHI * (b - a);
        double x2 = a + PHI * (b - a);
        double f1 = f.applyAsDouble(x1);
        double f2 = f.applyAsDouble(x2);
        while (b - a > TOLERANCE) {
            if (f1 <= f2) {
                b = x2;
                x2 = x1;
                f2 = f1;
                x1 = b - PHI * (b - a);
                f1 = f.applyAsDouble(x1);
            } else {
                a = x1;
                x1 = x2;
                f1 = f2;
                x2 = a + PHI * (b - a);
                f2 = f.applyAsDouble(x2);
            }
        }
        double mid = (a + b) / 2;
        double atMid = f.applyAsDouble(mid);
        double atCatalog = f.applyAsDouble(0);
        return atCatalog <= atMid ? new double[] {0, atCatalog, atCatalog} : new double[] {mid, atMid, atCatalog};
    }

    /**
     * The largest {@code u} in {@code [ln 0.001, 0]} whose loss is within {@code tolerance} of the least: the share
     * closest to the catalog's figure that the rows cannot tell from the best fit (within its confidence interval,
     * {@link io.stepcast.models.compute.MeasurementNoise}); 0 when the catalog's figure itself is within it. The
     * loss grows from its minimiser towards 0, so the boundary is found by bisection to within {@link #TOLERANCE}.
     */
    public static double largestWithin(DoubleUnaryOperator f, double tolerance) {
        double[] best = search(f);
        double bound = best[1] + tolerance;
        if (best[2] <= bound) {
            return 0;
        }
        double inside = best[0];
        double outside = 0;
        while (outside - inside > TOLERANCE) {
            double m = (inside + outside) / 2;
            if (f.applyAsDouble(m) <= bound) {
                inside = m;
            } else {
                outside = m;
            }
        }
        return inside;
    }
}
