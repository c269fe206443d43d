package io.stepcast.api;

import java.util.Locale;

/**
 * The arithmetic precision of a training job's matrix multiplications, which selects the device's peak throughput
 * (a datasheet states one figure per precision).
 */
public enum Precision {
    /** IEEE single precision on the CUDA cores. */
    FP32,
    /** TensorFloat-32 on the tensor cores (FP32 storage, 10-bit mantissa in the products). */
    TF32,
    /** Mixed precision with FP16 products (FP32 master weights). */
    FP16,
    /** Mixed precision with BF16 products (FP32 master weights). */
    BF16,
    /** 8-bit floating-point products (Transformer Engine), higher-precision master weights. */
    FP8;

    /**
     * What a key of a job appends for its precision tag ({@link Config#precisionTag}): {@code %<tag>}, or nothing for
     * the default, so that keys of files without a precision read as before.
     */
    public static String keySuffix(String precisionTag) {
        return precisionTag.isEmpty() ? "" : "%" + precisionTag;
    }

    /**
     * Bytes of a stored weight or activation element: 4 in FP32 and TF32 (an arithmetic mode on FP32 tensors), 2
     * otherwise (FP8 runs keep their weights and most activations in 16 bits and cast them for each product).
     */
    public int storedBytes() {
        return this == FP32 || this == TF32 ? 4 : 2;
    }

    /** The lower-case name, as the generic CSV and {@code plan-llm} spell it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The value spelled {@code text} (case ignored). {@code amp}, {@code mixed} and {@code mixed precision} (the
     * words joined by a space, {@code -} or {@code _}), as published tables such as NVIDIA DeepLearningExamples' name
     * automatic mixed precision (PyTorch AMP, TensorFlow's mixed-precision graph rewrite), are {@link #FP16}: both
     * multiply in FP16 on the tensor cores unless BF16 is asked for, which a table then says. The framework spellings
     * of a precision name it too: PyTorch's dtypes {@code float32}, {@code float16}, {@code bfloat16}, and the
     * {@code amp_} prefix of MosaicML Composer's precisions ({@code amp_fp16}, {@code amp_bf16}, {@code amp_fp8}).
     *
     * @param field the column or option named in the error
     * @throws InvalidField carrying {@code field}, naming the accepted values
     */
    public static Precision parse(String text, String field) {
        String t = text == null ? "" : text.strip().toUpperCase(Locale.ROOT).replaceAll("[\\s_-]+", " ");
        if (t.equals("AMP") || t.equals("MIXED") || t.equals("MIXED PRECISION")) {
            return FP16;
        }
        t = t.startsWith("AMP ") ? t.substring(4) : t;
        t = switch (t) {
            case "FLOAT32" -> "FP32";
            case "FLOAT16" -> "FP16";
            case "BFLOAT16" -> "BF16";
            default -> t;
        };
        for (Precision p : values()) {
            if (p.name().equals(t)) {
                return p;
            }
        }
        throw new InvalidField(field, "must be fp32, tf32, fp16 (or amp, mixed, mixed precision), bf16"
                + " or fp8, was '" + text + "'");
    }
}
