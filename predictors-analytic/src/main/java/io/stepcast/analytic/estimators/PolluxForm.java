package io.stepcast.analytic.estimators;

/**
 * The Pollux step-time model (Qiao et al., "Pollux: Co-adaptive Cluster Scheduling for Goodput-Optimized
 * Deep Learning", OSDI 2021, section 3.2, equations 9-11): compute {@code T_comp = a_c + b_c m} for local
 * batch m; synchronisation {@code T_sync = 0} for one replica, else {@code a + b max(R - 2, 0)} with
 * {@code (a_r, b_r)} when all R replicas share one node and {@code (a_n, b_n)} across nodes; the step
 * overlaps the two as {@code T_step = (T_comp^g + T_sync^g)^(1/g)}, g in [1, 10] (1 = no overlap, large g =
 * the maximum). With s gradient-accumulation steps the time is {@code s T_comp + T_step} (the traces
 * have none).
 *
 * <p>Coefficient vector: {@code [a_c, b_c, a_r, b_r, a_n, b_n, g]}.
 */
public final class PolluxForm {
    /** Number of coefficients. */
    public static final int SIZE = 7;

    private PolluxForm() {
    }

    /** Step time in seconds. */
    public static double stepTime(double[] c, int nodes, int replicas, double localBatch, int accumulationSteps) {
        return Math.exp(logStepTime(c, nodes, replicas, localBatch)) + accumulationSteps * compute(c, localBatch);
    }

    /** Seconds of computation per step. */
    public static double compute(double[] c, double localBatch) {
        return c[0] + c[1] * localBatch;
    }

    /** Seconds of synchronisation (0 for one replica). */
    public static double sync(double[] c, int nodes, int replicas) {
        if (replicas <= 1) {
            return 0;
        }
        double extra = Math.max(replicas - 2, 0);
        return nodes > 1 ? c[4] + c[5] * extra : c[2] + c[3] * extra;
    }

    /** Natural log of the step time without accumulation, computed without overflow for large g. */
    public static double logStepTime(double[] c, int nodes, int replicas, double localBatch) {
        double comp = compute(c, localBatch);
        double net = sync(c, nodes, replicas);
        double g = c[6];
        double hi = Math.max(comp, net);
        double lo = Math.min(comp, net);
        if (!(hi > 0)) {
            return Double.NaN;
        }
        return Math.log(hi) + Math.log1p(Math.pow(lo / hi, g)) / g;
    }
}
