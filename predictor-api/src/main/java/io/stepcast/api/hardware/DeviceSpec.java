package io.stepcast.api.hardware;

import io.stepcast.api.Gibibytes;
import io.stepcast.api.Precision;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * A compute device of the catalog: peak throughput and memory as the vendor's datasheet states them.
 * A figure the source does not give is absent, never zero.
 *
 * @param name              the catalog name, e.g. {@code V100-SXM2-16GB}
 * @param aliases           other labels that resolve to this device (importers' hardware labels)
 * @param kind              GPU or CPU
 * @param fp32Tflops        peak FP32, TFLOP/s
 * @param fp16Tflops        peak dense FP16 (tensor cores where present), TFLOP/s
 * @param bf16Tflops        peak dense BF16, TFLOP/s
 * @param memoryGb          device memory as the datasheet states it, GB; a memory's GB are binary, GiB
 *                          ({@link #memoryBytes})
 * @param memoryBandwidthGBs device memory bandwidth, GB/s
 * @param source            the public document (title and URL) every figure comes from
 * @param multiprocessors   streaming multiprocessors of a GPU (the units a matrix multiplication's tiles are
 *                          scheduled on, in waves), when the source gives them
 * @param tf32Tflops        peak dense TF32 tensor-core TFLOP/s, on GPUs that have them (A100 and later)
 * @param fp8Tflops         peak dense FP8 tensor-core TFLOP/s, on GPUs that have them (H100 and later)
 * @param achievableMatmulFraction the measured share of the BF16 peak a single large matrix multiplication reaches
 *                          (the "maximum achievable matmul FLOPS" over the datasheet peak of Stas Bekman's
 *                          ml-engineering, {@code compute/accelerator/README.md}, measured with its
 *                          {@code mamf-finder.py}), in (0, 1]; absent where nobody measured the device
 */
public record DeviceSpec(String name, List<String> aliases, DeviceKind kind, OptionalDouble fp32Tflops,
                         OptionalDouble fp16Tflops, OptionalDouble bf16Tflops, OptionalDouble memoryGb,
                         OptionalDouble memoryBandwidthGBs, String source, OptionalInt multiprocessors,
                         OptionalDouble tf32Tflops, OptionalDouble fp8Tflops,
                         OptionalDouble achievableMatmulFraction)
        implements HardwareEntry {
    public DeviceSpec {
        if (achievableMatmulFraction.isPresent() && !(achievableMatmulFraction.getAsDouble() > 0
                && achievableMatmulFraction.getAsDouble() <= 1)) {
            throw new IllegalArgumentException(name + ": achievable_matmul_fraction must be in (0, 1], was "
                    + achievableMatmulFraction.getAsDouble());
        }
        Entries.checkPositive(name, "tf32_tflops", tf32Tflops);
        Entries.checkPositive(name, "fp8_tflops", fp8Tflops);
        Entries.checkName(name, source);
        aliases = List.copyOf(aliases);
        Objects.requireNonNull(kind, "kind");
        Entries.checkPositive(name, "fp32_tflops", fp32Tflops);
        Entries.checkPositive(name, "fp16_tflops", fp16Tflops);
        Entries.checkPositive(name, "bf16_tflops", bf16Tflops);
        Entries.checkPositive(name, "memory_gb", memoryGb);
        Entries.checkPositive(name, "memory_bandwidth_gbs", memoryBandwidthGBs);
        if (multiprocessors.isPresent() && multiprocessors.getAsInt() < 1) {
            throw new IllegalArgumentException(name + ": multiprocessors must be positive, was "
                    + multiprocessors.getAsInt());
        }
    }

    /** A device whose achievable matrix-multiplication share nobody measured. */
    public DeviceSpec(String name, List<String> aliases, DeviceKind kind, OptionalDouble fp32Tflops,
                      OptionalDouble fp16Tflops, OptionalDouble bf16Tflops, OptionalDouble memoryGb,
                      OptionalDouble memoryBandwidthGBs, String source, OptionalInt multiprocessors,
                      OptionalDouble tf32Tflops, OptionalDouble fp8Tflops) {
        this(name, aliases, kind, fp32Tflops, fp16Tflops, bf16Tflops, memoryGb, memoryBandwidthGBs, source,
                multiprocessors, tf32Tflops, fp8Tflops, OptionalDouble.empty());
    }

    /** A device without TF32 or FP8 tensor cores (or whose source does not state their figures). */
    public DeviceSpec(String name, List<String> aliases, DeviceKind kind, OptionalDouble fp32Tflops,
                      OptionalDouble fp16Tflops, OptionalDouble bf16Tflops, OptionalDouble memoryGb,
                      OptionalDouble memoryBandwidthGBs, String source, OptionalInt multiprocessors) {
        this(name, aliases, kind, fp32Tflops, fp16Tflops, bf16Tflops, memoryGb, memoryBandwidthGBs, source,
                multiprocessors, OptionalDouble.empty(), OptionalDouble.empty());
    }

    /** A device whose source does not state its multiprocessors. */
    public DeviceSpec(String name, List<String> aliases, DeviceKind kind, OptionalDouble fp32Tflops,
                      OptionalDouble fp16Tflops, OptionalDouble bf16Tflops, OptionalDouble memoryGb,
                      OptionalDouble memoryBandwidthGBs, String source) {
        this(name, aliases, kind, fp32Tflops, fp16Tflops, bf16Tflops, memoryGb, memoryBandwidthGBs, source,
                OptionalInt.empty());
    }

    /**
     * The device memory in bytes: the datasheet's GB taken as GiB ({@link Gibibytes}), as DRAM is built and as
     * nvidia-smi reports it (an A100 "40 GB" has 40,960 MiB); empty where the source gives no memory.
     */
    public OptionalDouble memoryBytes() {
        return memoryGb.isPresent() ? OptionalDouble.of(memoryGb.getAsDouble() * Gibibytes.BYTES)
                : OptionalDouble.empty();
    }

    /**
     * Peak FLOP/s at {@code precision} as the datasheet states it (dense, without sparsity): FP32 the CUDA cores'
     * figure, TF32, FP16, BF16 and FP8 the tensor cores'. A figure the source does not give, or a precision the device
     * has no units for (TF32 before the A100, FP8 before the H100), is empty, never guessed.
     */
    public OptionalDouble peakFlops(Precision precision) {
        OptionalDouble tflops = switch (precision) {
            case FP32 -> fp32Tflops;
            case TF32 -> tf32Tflops;
            case FP16 -> fp16Tflops;
            case BF16 -> bf16Tflops;
            case FP8 -> fp8Tflops;
        };
        return tflops.isPresent() ? OptionalDouble.of(tflops.getAsDouble() * 1e12) : OptionalDouble.empty();
    }

    /** The precision of the device's highest catalogued peak FLOP/s ({@link #peakFlops}), when it has any. */
    public Optional<Precision> fastestPrecision() {
        Precision best = null;
        for (Precision p : Precision.values()) {
            if (peakFlops(p).isPresent()
                    && (best == null || peakFlops(p).getAsDouble() > peakFlops(best).getAsDouble())) {
                best = p;
            }
        }
        return Optional.ofNullable(best);
    }

    @Override
    public String category() {
        return "device";
    }
}
