package io.stepcast.queueing.mva;

import io.stepcast.api.Validate;

/**
 * The closed queueing network of parameter-server SGD in its standard form (Lin, Paolieri, Chou, Golubchik,
 * "A Model-Based Approach to Streamlining Distributed Training for Asynchronous SGD", MASCOTS 2018;
 * docs/methods.md section 2): {@code customers} workers cycle through a delay station (compute, {@code Z}) and,
 * at each of the {@code P} parameter-server shards, three queueing stations: parameter download
 * {@code f S / (P B)}, update {@code U / P} and gradient upload {@code f S / (P B)}, where {@code f} is the
 * fraction of worker-shard pairs on different hosts (colocated shards move their part locally).
 *
 * <p>Asynchronous: throughput by exact MVA. Synchronous (our choice, the paper treats async only): every
 * step all customers send at once, so each shard's stations see a batch of {@code N} requests; the step lasts
 * {@code Z} plus the makespan of {@code N} jobs through the tandem of upload, update and download,
 * {@code sum_k d_k + (N - 1) max_k d_k}, where {@code d_k} are the per-customer stage demands.
 *
 * @param thinkS             Z, seconds per step of compute (and other per-worker delays)
 * @param parameterBytes     S
 * @param nicBytesPerS       B, per direction
 * @param shards             P
 * @param updateS            U, seconds to apply one full gradient on the servers
 * @param crossFraction      f in [0, 1]
 * @param customers          N: workers, or hosts when they aggregate
 * @param devicesPerCustomer devices (workers) each customer stands for
 * @param synchronous        barrier every step
 */
public record PsQueueingModel(double thinkS, double parameterBytes, double nicBytesPerS, int shards, double updateS,
                              double crossFraction, int customers, double devicesPerCustomer, boolean synchronous) {
    public PsQueueingModel {
        Validate.nonNegative(thinkS, "think time");
        Validate.nonNegative(parameterBytes, "parameter bytes");
        Validate.positive(nicBytesPerS, "bandwidth");
        Validate.positive(shards, "parameter servers");
        Validate.nonNegative(updateS, "update time");
        if (!(crossFraction >= 0 && crossFraction <= 1)) {
            throw new IllegalArgumentException("cross fraction must be in [0, 1], was " + crossFraction);
        }
        Validate.positive(customers, "customers");
        Validate.positive(devicesPerCustomer, "devices per customer");
    }

    /** Per-customer demands of the three stations of one shard: upload, update, download. */
    public double[] stageDemandsS() {
        double transfer = crossFraction * parameterBytes / (shards * nicBytesPerS);
        return new double[] {transfer, updateS / shards, transfer};
    }

    /** Demands of all 3P queueing stations. */
    public double[] demandsS() {
        double[] stage = stageDemandsS();
        double[] d = new double[3 * shards];
        for (int s = 0; s < shards; s++) {
            System.arraycopy(stage, 0, d, 3 * s, 3);
        }
        return d;
    }

    /** Steps per second summed over all devices. */
    public double stepsPerS() {
        return customers * devicesPerCustomer / stepTimeS();
    }

    /** Seconds per step of one customer. */
    public double stepTimeS() {
        if (synchronous) {
            double sum = 0;
            double max = 0;
            for (double d : stageDemandsS()) {
                sum += d;
                max = Math.max(max, d);
            }
            return thinkS + sum + (customers - 1) * max;
        }
        return MvaSolver.solve(thinkS, demandsS(), customers).cycleTimeS();
    }
}
