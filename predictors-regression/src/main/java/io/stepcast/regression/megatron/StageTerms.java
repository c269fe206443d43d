package io.stepcast.regression.megatron;

/**
 * The work of one pipeline stage for one micro-batch on one of its GPUs, forward plus backward, in seconds at
 * the device's peak figures (the fitted {@link Efficiency} divides them).
 *
 * @param layers   transformer layers on the stage (each costs one {@link Efficiency#hostS()} of host time)
 * @param flopsS   matrix FLOPs at peak FP16/BF16 throughput, seconds
 * @param bytesS   element-wise traffic at peak memory bandwidth, seconds
 * @param tensorS  the stage's tensor-parallel all-reduces from the collective cost model, seconds
 */
record StageTerms(int layers, double flopsS, double bytesS, double tensorS) {

    /** Seconds of one micro-batch on the stage: host launches and device work overlapped by the p-norm. */
    double seconds(Efficiency e) {
        double device = flopsS / e.flops() + bytesS / e.memory() + tensorS / e.tensorLink();
        double host = layers * e.hostS();
        double k = e.overlap();
        double top = Math.max(device, host);
        if (top == 0) {
            return 0;
        }
        // (host^k + device^k)^(1/k), scaled by the larger term so that a large k does not overflow.
        return top * Math.pow(Math.pow(host / top, k) + Math.pow(device / top, k), 1 / k);
    }
}
