package io.stepcast.queueing.mva;

import io.stepcast.api.Validate;

/**
 * Exact Mean Value Analysis of a closed, single-class, product-form queueing network with one delay
 * station (think time {@code Z}) and load-independent queueing stations of service demands {@code D_k}
 * (M. Reiser, S. S. Lavenberg, "Mean-Value Analysis of Closed Multichain Queuing Networks", JACM 1980;
 * docs/methods.md section 2). For {@code n = 1..N}: {@code R_k(n) = D_k (1 + Q_k(n-1))},
 * {@code X(n) = n / (Z + sum_k R_k(n))}, {@code Q_k(n) = X(n) R_k(n)}.
 */
public final class MvaSolver {
    private MvaSolver() {
    }

    /**
     * Solves the network for {@code customers} customers.
     *
     * @param thinkS   delay-station demand Z, seconds
     * @param demandsS queueing-station demands D_k, seconds
     */
    public static MvaSolution solve(double thinkS, double[] demandsS, int customers) {
        Validate.nonNegative(thinkS, "think time");
        Validate.positive(customers, "customers");
        int k = demandsS.length;
        for (int i = 0; i < k; i++) {
            Validate.nonNegative(demandsS[i], "demand of station " + i);
        }
        double[] q = new double[k];
        double[] r = new double[k];
        double[] x = new double[customers + 1];
        for (int n = 1; n <= customers; n++) {
            double total = thinkS;
            for (int i = 0; i < k; i++) {
                r[i] = demandsS[i] * (1 + q[i]);
                total += r[i];
            }
            if (total <= 0) {
                throw new IllegalArgumentException("a network with zero think time and zero demands has no finite throughput");
            }
            x[n] = n / total;
            for (int i = 0; i < k; i++) {
                q[i] = x[n] * r[i];
            }
        }
        return new MvaSolution(customers, x, r.clone(), q.clone());
    }

    /**
     * The asymptotic bounds {@code X(N) <= min(N / (Z + sum D_k), 1 / max D_k)}.
     */
    public static double throughputBound(double thinkS, double[] demandsS, int customers) {
        double sum = 0;
        double max = 0;
        for (double d : demandsS) {
            sum += d;
            max = Math.max(max, d);
        }
        double bound = customers / (thinkS + sum);
        return max > 0 ? Math.min(bound, 1 / max) : bound;
    }
}
