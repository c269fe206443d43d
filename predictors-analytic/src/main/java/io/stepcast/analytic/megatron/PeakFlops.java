package io.stepcast.analytic.megatron;

import io.stepcast.api.Precision;
import io.stepcast.api.hardware.DeviceSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A device's peak FLOP/s for the precision of a job's matrix multiplications, as the hardware catalog states it
 * from the vendor's datasheet (dense, without sparsity): FP32 the CUDA cores' figure, TF32, FP16, BF16 and FP8 the
 * tensor cores'. A precision the device has no figure for (TF32 before the A100, FP8 before the H100) has no peak
 * and is refused, never guessed. It is also the denominator of the model FLOPs utilisation (MFU; Chowdhery et al.,
 * "PaLM", 2022, appendix B).
 */
final class PeakFlops {
    private PeakFlops() {
    }

    /** FLOP/s at {@code precision}, or empty when the catalog does not state it ({@link DeviceSpec#peakFlops}). */
    static OptionalDouble of(DeviceSpec device, Precision precision) {
        return device.peakFlops(precision);
    }

    /** The precisions whose peak the catalog states for the device, e.g. {@code fp32, fp16, bf16}. */
    static String stated(DeviceSpec device) {
        List<String> out = new ArrayList<>();
        for (Precision p : Precision.values()) {
            if (of(device, p).isPresent()) {
                out.add(p.label());
            }
        }
        return out.isEmpty() ? "none" : String.join(", ", out);
    }
}
