package io.stepcast.models.compute;

import io.stepcast.api.Precision;

import java.util.Optional;

/**
 * The precision rules of carrying a job's time from one machine to another by the catalog's device figures
 * ({@link DeviceSpeed}): which peak a row's speed takes, and which precision the same code runs at on another
 * generation of GPU. Shared by {@code overhead-transfer} and {@code allreduce-analytic}, so the two carry alike.
 */
public final class CrossMachinePrecision {
    private CrossMachinePrecision() {
    }

    /**
     * The precision whose peak ({@link io.stepcast.api.hardware.DeviceSpec#peakFlops}) a device's speed takes for a
     * row: the one it states; FP32 where it states none (tables without the column, such as Gavel's, ran FP32 code,
     * and the CUDA cores' figure is the one every catalogued GPU has). TF32 takes the FP32 peak, not the TF32
     * tensor-core figure the catalog also holds: TF32 is FP32 code whose matrix products alone move to the tensor
     * cores, while its normalisations, activations and optimizer stay on the CUDA cores, and the speed's geometric
     * mean (half the step bound by the peak) would credit the tensor cores' eightfold figure to all of its compute.
     * The FP32 figure is the speed of the same code with TF32 off, a lower bound: a TF32 row is predicted slow rather
     * than credited too much.
     */
    public static Precision peak(Optional<Precision> stated) {
        Precision p = stated.orElse(Precision.FP32);
        return p == Precision.TF32 ? Precision.FP32 : p;
    }

    /**
     * The precision tag ({@link io.stepcast.api.Config#precisionTag}) of the same code on another generation of GPU:
     * FP32 code runs as TF32 on an Ampere or later GPU by default (PyTorch's cuDNN convolutions, TensorFlow from 2.4),
     * and published tables head the same script's column FP32 on a V100 and TF32 on an A100; so {@code fp32} and
     * {@code tf32} are one job across machines. Empty for the other precisions.
     */
    public static Optional<String> sameCode(String tag) {
        return tag.equals("fp32") ? Optional.of("tf32") : tag.equals("tf32") ? Optional.of("fp32") : Optional.empty();
    }
}
