package io.stepcast.analytic.allreduce;

/**
 * Pollux's step-time model (Qiao et al., "Pollux: Co-adaptive Cluster Scheduling for Goodput-Optimized Deep
 * Learning", OSDI 2021, section 3.2: {@code T_iter = (T_grad^g + T_sync^g)^(1/g)}, {@code T_grad = a + b m})
 * with its synchronisation term split by where the bytes travel, each part in the shape of a ring all-reduce
 * (Thakur, Rabenseifner and Gropp 2005: {@code 2(p-1) alpha + 2(p-1)/p m beta}) and every coefficient
 * non-negative, so that the terms can only grow with the GPUs or nodes they count:
 * <ul>
 *   <li>one node of g GPUs: {@code intra(g) = beta_r 2(g-1)/g + alpha_r 2(g-1)};</li>
 *   <li>k nodes, R replicas, g GPUs on the fullest node, fitted on multi-node rows:
 *       {@code a_n + alpha_n 2(R-1) + beta_n s 2(k-1)/k} (Pollux's {@code a_n + b_n } is the first two
 *       terms: each of the ring's 2(R-1) steps pays a latency);</li>
 *   <li>k nodes from the catalog (training data of one node): the hierarchical schedule,
 *       {@code intra(g) + alpha_n 2(k-1) + beta_n s 2(k-1)/k} with {@code alpha_n} the NIC's latency and
 *       {@code beta_n} the gradient bytes over the NIC bandwidth.</li>
 * </ul>
 * {@code s} is 1 when a node sends its reduced gradients once ({@code nic=hierarchical}), and g when every GPU
 * of a node streams its own ring through one shared NIC ({@code nic=shared}): the step then follows the GPUs
 * per node rather than the total replicas.
 *
 * <p>Coefficients: {@code [a_c, b_c, beta_r, alpha_r, a_n, alpha_n, beta_n, g, fromCatalog, shared]}.
 */
public final class TopoPolluxForm {
    /** Fitted coefficients (the overlap exponent included). */
    public static final int FITTED = 8;
    /** Length of the coefficient vector. */
    public static final int SIZE = 10;
    static final int FROM_CATALOG = 8;
    static final int SHARED = 9;

    private TopoPolluxForm() {
    }

    static double ring(int n) {
        return 2.0 * (n - 1) / n;
    }

    /** Seconds of computation per step. */
    static double compute(double[] c, double batch) {
        return c[0] + c[1] * batch;
    }

    static double intra(double[] c, int g) {
        return g > 1 ? c[2] * ring(g) + c[3] * 2 * (g - 1) : 0;
    }

    /** Seconds of synchronisation per step. */
    static double sync(double[] c, int nodes, int replicas, int perNode) {
        if (replicas <= 1) {
            return 0;
        }
        if (nodes == 1) {
            return intra(c, perNode);
        }
        double s = c[SHARED] > 0 ? perNode : 1;
        double bandwidth = c[6] * s * ring(nodes);
        return c[FROM_CATALOG] > 0
                ? intra(c, perNode) + c[5] * 2 * (nodes - 1) + bandwidth
                : c[4] + c[5] * 2 * (replicas - 1) + bandwidth;
    }

    /** Natural log of the step time, without overflow for a large overlap exponent. */
    static double logStepTime(double[] c, int nodes, int replicas, int perNode, double batch) {
        double comp = compute(c, batch);
        double net = sync(c, nodes, replicas, perNode);
        double hi = Math.max(comp, net);
        double lo = Math.min(comp, net);
        if (!(hi > 0)) {
            return Double.NaN;
        }
        return Math.log(hi) + Math.log1p(Math.pow(lo / hi, c[7])) / c[7];
    }
}
