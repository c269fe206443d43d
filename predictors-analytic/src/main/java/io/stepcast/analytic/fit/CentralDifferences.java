package io.stepcast.analytic.fit;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.util.Pair;

import java.util.function.Function;

/**
 * The value and Jacobian of a vector function for Levenberg-Marquardt, the Jacobian by central differences
 * with a step of {@code 1e-6 max(1, |u_k|)} (second-order accurate; Nocedal and Wright, "Numerical
 * Optimization", 2nd ed., section 8.1), for closed forms whose derivatives are tedious to write out.
 */
public final class CentralDifferences {
    private CentralDifferences() {
    }

    /** {@code f(u)} and its Jacobian at {@code u}. */
    public static Pair<RealVector, RealMatrix> valueAndJacobian(RealVector uv, Function<double[], double[]> f) {
        double[] u = uv.toArray();
        double[] value = f.apply(u);
        double[][] jac = new double[value.length][u.length];
        for (int k = 0; k < u.length; k++) {
            double h = 1e-6 * Math.max(1, Math.abs(u[k]));
            double[] up = u.clone();
            double[] down = u.clone();
            up[k] += h;
            down[k] -= h;
            double[] vu = f.apply(up);
            double[] vd = f.apply(down);
            for (int i = 0; i < value.length; i++) {
                jac[i][k] = (vu[i] - vd[i]) / (2 * h);
            }
        }
        return new Pair<>(new ArrayRealVector(value, false), new Array2DRowRealMatrix(jac, false));
    }
}
