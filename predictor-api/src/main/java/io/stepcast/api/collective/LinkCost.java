package io.stepcast.api.collective;

/**
 * The two parameters of the alpha-beta (Hockney) model of one transfer between two ranks: a message of
 * {@code m} bytes takes {@code alpha + m / bandwidth} seconds (Thakur, Rabenseifner and Gropp,
 * "Optimization of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005, section 2:
 * {@code alpha + n beta} with {@code beta = 1 / bandwidth}).
 *
 * @param alphaS        per-message latency, seconds
 * @param bytesPerS     bandwidth of one direction, bytes per second
 */
public record LinkCost(double alphaS, double bytesPerS) {
    public LinkCost {
        if (!(alphaS >= 0) || !Double.isFinite(alphaS)) {
            throw new IllegalArgumentException("alpha must be a non-negative number of seconds, was " + alphaS);
        }
        if (!(bytesPerS > 0) || !Double.isFinite(bytesPerS)) {
            throw new IllegalArgumentException("bandwidth must be a positive number of bytes/s, was " + bytesPerS);
        }
    }

    /** From the units datasheets and the catalog use: microseconds and GB/s (10^9 bytes/s). */
    public static LinkCost of(double latencyUs, double gigabytesPerS) {
        return new LinkCost(latencyUs * 1e-6, gigabytesPerS * 1e9);
    }

    /** beta: seconds per byte. */
    public double betaSPerByte() {
        return 1.0 / bytesPerS;
    }

    /** One point-to-point transfer of {@code bytes}: {@code alpha + bytes beta}. */
    public double transfer(double bytes) {
        return alphaS + bytes / bytesPerS;
    }

    /** The same link under an NCCL protocol: its per-hop latency and its share of the bandwidth. */
    public LinkCost under(NcclProtocol protocol, NcclProtocol.Hardware hardware) {
        return new LinkCost(protocol.hopLatencyUs(hardware) * 1e-6, bytesPerS * protocol.bandwidthShare());
    }
}
