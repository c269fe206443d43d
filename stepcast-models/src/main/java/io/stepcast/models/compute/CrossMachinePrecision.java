package io.stepcast.models.compute;

import io.stepcast.api.Precision;
import io.stepcast.api.hardware.DeviceSpec;

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
     * than credited too much. Between two devices that both have TF32 tensor cores, {@link #pair} compares their TF32
     * figures instead.
     */
    public static Precision peak(Optional<Precision> stated) {
        Precision p = stated.orElse(Precision.FP32);
        return p == Precision.TF32 ? Precision.FP32 : p;
    }

    /**
     * The peaks a job's speeds take on the two devices it is carried between, like for like. Where both sides take
     * the FP32 peak ({@link #peak}: FP32 and TF32 code, or no stated precision) and both devices have TF32 tensor
     * cores (a TF32 figure in the catalog), both take the TF32 peak instead: on such GPUs FP32 code runs its matrix
     * products as TF32 by default in NVIDIA's NGC containers, which published tables such as Lambda Labs' and
     * DeepLearningExamples' ran (and in PyTorch's cuDNN convolutions, and TensorFlow from 2.4), so the tensor cores'
     * figures compare the two devices' work as it ran; an A100 and an RTX 4090 have 156 and 82.6 TFLOP/s of TF32, but
     * 19.5 and 82.6 of FP32 on the CUDA cores, which those products never touched. Upstream PyTorch from 1.12 keeps
     * its matrix multiplications (not its convolutions) on the CUDA cores unless
     * {@code torch.backends.cuda.matmul.allow_tf32} is set; for a transformer measured so the FP32 figures would be the
     * like ones, which a row does not say. Where only one of the two has TF32 (a V100 and an A100), no one peak
     * describes both and the FP32 figures stay, the lower bound {@link #peak} states for a row carried to the GPU
     * with TF32; carried the other way, from an A100's TF32 rows to a V100's FP32 rows, the same figures are an upper
     * bound on the V100's speed. Measured A100-TF32 over V100-FP32 ratios lie between the two peaks' ratios
     * (DeepLearningExamples' ResNeXt-101 about 2.0 and nnU-Net 2.4 and 4.7, against 1.5-1.7 by the FP32 figures and
     * 4.1-4.7 by the A100's TF32 one), so neither is taken; a V100 row carried from an A100 comes out fast, which
     * {@link Peaks#label} says. Other precisions are returned as given.
     *
     * @param ours   the peak {@link #peak} gives the device carried to
     * @param to     the device carried to
     * @param theirs the peak {@link #peak} gives the device carried from
     * @param from   the device carried from
     */
    public static Peaks pair(Precision ours, DeviceSpec to, Precision theirs, DeviceSpec from) {
        boolean toTf32 = to.peakFlops(Precision.TF32).isPresent();
        boolean fromTf32 = from.peakFlops(Precision.TF32).isPresent();
        if (ours == Precision.FP32 && theirs == Precision.FP32 && toTf32 && fromTf32) {
            return new Peaks(Precision.TF32, Precision.TF32);
        }
        if (ours == Precision.FP32 && theirs == Precision.FP32 && toTf32 != fromTf32) {
            // Said in the basis, since the answer leans one way: slow on the GPU with TF32, fast on the one without.
            return new Peaks(ours, theirs, Optional.of(toTf32
                    ? "a lower bound on " + to.name() + "'s speed: its TF32 tensor cores are not credited"
                    : "an upper bound on " + to.name() + "'s speed: " + from.name()
                            + "'s TF32 tensor cores are not credited"));
        }
        return new Peaks(ours, theirs);
    }

    /**
     * The peaks of a carry ({@link #pair}).
     *
     * @param ours   the peak of the device carried to
     * @param theirs the peak of the device carried from
     * @param bound  which way the answer leans when only one of the two GPUs has TF32 tensor cores, else empty
     */
    public record Peaks(Precision ours, Precision theirs, Optional<String> bound) {
        /** Peaks whose answer leans no known way. */
        public Peaks(Precision ours, Precision theirs) {
            this(ours, theirs, Optional.empty());
        }

        /** How a basis names them: {@code tf32 peaks} when alike, else the two; with the bound, if any. */
        public String label() {
            return (ours == theirs ? ours.label() + " peaks" : ours.label() + " and " + theirs.label() + " peaks")
                    + bound.map(b -> " (" + b + ")").orElse("");
        }
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
