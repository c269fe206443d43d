package io.stepcast.analytic.megatron;

/**
 * The work of one pipeline stage for one micro-batch on one of its GPUs, forward plus backward, in seconds at
 * the device's peak figures (the fitted {@link Efficiency} divides them), and the kernel launches its host
 * issues.
 *
 * @param layers        transformer layers on the stage (each costs one {@link Efficiency#hostS()} of host time)
 * @param flopsS        matrix FLOPs at peak FP16/BF16 throughput, seconds
 * @param bytesS        element-wise traffic at peak memory bandwidth, seconds
 * @param tensorS       the stage's tensor-parallel all-reduces, seconds
 * @param tensorMeasured true when {@code tensorS} comes from measured NCCL times ({@link MeasuredAllReduce}), which
 *                      the fitted {@link Efficiency#tensorLink()} does not divide; false when from the link figures
 * @param ends          how many of the model's two ends the stage holds: the embedding (first stage) and the
 *                      output layer with the loss (last stage); each costs one {@link Efficiency#endHostS()}
 * @param unfusedLayers layers whose attention softmax falls back from the fused kernel
 *                      ({@link TransformerCosts#fusedSoftmax()}); each costs {@link Efficiency#unfusedSoftmaxS()}
 * @param contextS      the stage's context-parallel ring transfers, seconds ({@link TransformerCosts#contextRingSteps()})
 * @param attentionS    the stage's attention products at peak, seconds (part of {@code flopsS} unless {@code fusedS}
 *                      times them), behind which each ring step's transfer runs: only what exceeds them is exposed
 *                      (Transformer Engine overlaps each step's send and receive with the attention of the chunk in
 *                      hand)
 * @param fusedS        the stage's attention products at FlashAttention-2's published share of the device's peak
 *                      ({@link FlashAttentionRate}), seconds, which the fitted efficiency does not divide; 0 without
 *                      the fused kernel, whose products {@code flopsS} holds
 * @param expertS       the stage's mixture-of-experts all-to-alls (token dispatch and combine, {@link ExpertCosts}),
 *                      seconds, from the collective cost model and exposed: nothing here overlaps them with compute
 * @param syncedShare   the share of the stage's work (its forward passes) in which the host waits for the device once
 *                      per layer, so that the two run one after the other instead of overlapping: Megatron-Core's
 *                      dropless all-to-all token dispatcher copies each MoE layer's token counts to the host and
 *                      synchronises before its expert-parallel all-to-all ({@code MoEAlltoAllTokenDispatcher},
 *                      {@code cuda_sync_point} "before_ep_alltoall", {@code megatron/core/transformer/moe/
 *                      token_dispatcher.py}), which drains the queue of launched kernels; the backward pass reuses the
 *                      counts. 0 for a dense stage
 * @param expertOverlapped whether the all-to-alls run during another micro-batch's compute
 *                      ({@link io.stepcast.api.ParallelLayout#expertOverlap()}): the device then takes the longer of
 *                      its work and its all-to-alls, not their sum
 * @param expertHostS   host seconds of the kernels the stage's mixture-of-experts layers launch beyond a dense
 *                      layer's ({@link ExpertCosts#extraLaunches()} at {@link KernelLaunch#HOST_S} each): measured,
 *                      not fitted, so the fitted {@link Efficiency#hostS()} does not scale it. 0 for a dense stage
 */
record StageTerms(int layers, double flopsS, double bytesS, double tensorS, boolean tensorMeasured, int ends,
                  int unfusedLayers, double contextS, double attentionS, double fusedS, double expertS,
                  double syncedShare, boolean expertOverlapped, double expertHostS) {
    /** A stage without mixture-of-experts layers. */
    StageTerms(int layers, double flopsS, double bytesS, double tensorS, boolean tensorMeasured, int ends,
               int unfusedLayers, double contextS, double attentionS, double fusedS) {
        this(layers, flopsS, bytesS, tensorS, tensorMeasured, ends, unfusedLayers, contextS, attentionS, fusedS, 0, 0,
                false, 0);
    }

    /** A stage without context parallelism or a fused attention of a published rate. */
    StageTerms(int layers, double flopsS, double bytesS, double tensorS, boolean tensorMeasured, int ends,
               int unfusedLayers) {
        this(layers, flopsS, bytesS, tensorS, tensorMeasured, ends, unfusedLayers, 0, 0, 0);
    }

    /** True when the stage has tensor-parallel time that {@link Efficiency#tensorLink()} divides. */
    boolean tensorLinkMatters() {
        return tensorS > 0 && !tensorMeasured;
    }

    /** True when some of the stage's layers cost {@link Efficiency#unfusedSoftmaxS()}. */
    boolean unfusedSoftmaxMatters() {
        return unfusedLayers > 0;
    }

    /** Seconds of one micro-batch on the stage: host launches and device work overlapped by the p-norm. */
    double seconds(Efficiency e) {
        double attention = fusedS > 0 ? fusedS : attentionS / e.flops();
        double work = flopsS / e.flops() + fusedS + bytesS / e.memory()
                + tensorS / (tensorMeasured ? 1 : e.tensorLink()) + Math.max(0, contextS - attention);
        double device = expertOverlapped ? Math.max(work, expertS) : work + expertS;
        double host = layers * e.hostS() + ends * e.endHostS() + unfusedLayers * e.unfusedSoftmaxS() + expertHostS;
        double k = e.overlap();
        double top = Math.max(device, host);
        if (top == 0) {
            return 0;
        }
        // (host^k + device^k)^(1/k), scaled by the larger term so that a large k does not overflow.
        double overlapped = top * Math.pow(Math.pow(host / top, k) + Math.pow(device / top, k), 1 / k);
        return (1 - syncedShare) * overlapped + syncedShare * (host + device);
    }
}
