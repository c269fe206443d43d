package io.stepcast.queueing.mva;

/**
 * The solution of a closed network by {@link MvaSolver}.
 *
 * @param customers     N
 * @param throughputs   X(n) for n = 0..N (index n; X(0) = 0), cycles per second
 * @param residenceS    R_k(N), seconds
 * @param queueLengths  Q_k(N)
 */
public record MvaSolution(int customers, double[] throughputs, double[] residenceS, double[] queueLengths) {

    /** X(N). */
    public double throughput() {
        return throughputs[customers];
    }

    /** Cycle time of one customer at N: N / X(N). */
    public double cycleTimeS() {
        return customers / throughput();
    }
}
