package io.stepcast.analytic.megatron;

import io.stepcast.api.Precision;
import io.stepcast.api.hardware.DeviceSpec;

import java.util.Locale;

/**
 * The share of a GPU's dense half-precision peak that FlashAttention-2's fused kernel reaches, forward plus backward,
 * as its paper measured it (Dao, "FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning",
 * ICLR 2024, section 4.1):
 * <ul>
 *   <li>A100 (Ampere): up to 73% of the theoretical maximum in the forward pass and up to 63% in the backward pass;
 *       weighted as the paper counts their FLOPs (the backward pass 2.5 times the forward's), forward plus backward
 *       reaches {@code 1 / (1 / (3.5 x 0.73) + 2.5 / (3.5 x 0.63))}, about 66%;</li>
 *   <li>H100 (Hopper): up to 335 TFLOP/s forward plus backward on the H100 80 GB SXM5, "using no special instructions
 *       to make use of new features such as TMA and 4th-gen Tensor Cores", a third of its 989.4 TFLOP/s dense BF16
 *       peak (NVIDIA H100 datasheet). The H200 has the same streaming multiprocessors and clocks, and the kernel is
 *       bound by them, not by memory, so its rate is the H100's.</li>
 * </ul>
 * The attention core is not a matrix multiplication of the shapes the fitted {@link Efficiency#flops()} was learnt on:
 * its softmax, masking and rescaling between two small products keep it below a GEMM's efficiency, most on the H100,
 * whose tensor cores outran what the kernel could feed them. These are the kernel's best figures (long sequences,
 * head dimension 128), so the times they give are lower bounds; FlashAttention-3 and cuDNN's fused attention reach
 * more on the H100. A device or precision the paper did not measure (FP32 and TF32 have no FlashAttention-2 kernel; the
 * V100 and T4 run other fused kernels, such as xFormers' memory-efficient attention) gets the A100's share of its own
 * peak at that precision: a carried figure, but never the fitted efficiency of the matrix multiplications, which is
 * above every fused attention kernel's measured share.
 */
final class FlashAttentionRate {
    /** FlashAttention-2 on the A100: its forward and backward maxima, weighted 1 : 2.5. */
    static final double AMPERE = 1 / (1 / (3.5 * 0.73) + 2.5 / (3.5 * 0.63));
    /** FlashAttention-2 on the H100 SXM5: 335 TFLOP/s over the 989.4 TFLOP/s dense BF16 peak. */
    static final double HOPPER = 335 / 989.4;

    private FlashAttentionRate() {
    }

    /**
     * The kernel's share of the device's peak at the attention's precision: the paper's figure for the A100 and the
     * H100 (and H200) in half precision, the A100's carried to any other device or precision.
     */
    static double ofPeak(DeviceSpec device, Precision precision) {
        String name = device.name().toUpperCase(Locale.ROOT);
        boolean half = precision != Precision.FP32 && precision != Precision.TF32;
        if (half && (name.startsWith("H100") || name.startsWith("H200"))) {
            return HOPPER;
        }
        return AMPERE;
    }
}
