package io.stepcast.datasets.kineto;

import io.stepcast.api.collective.Collective;

import java.util.Locale;
import java.util.Optional;

/**
 * Recognises NCCL kernels and annotations of PyTorch traces and the collective each performs:
 * {@code ncclKernel_AllReduce_RING_LL_Sum_float(...)} (NCCL 2.x up to 2.18), {@code ncclDevKernel_AllReduce_...}
 * (2.19 on), and the {@code nccl:all_reduce} / {@code nccl:all_to_all} record-function annotations of
 * {@code torch.distributed}. Also gives element sizes of the dtypes PyTorch records. Public for the other readers
 * of NCCL kernels (the TF2 profiler trace's).
 */
public final class NcclKernels {
    private NcclKernels() {
    }

    /** Whether a kernel name is an NCCL kernel. */
    public static boolean isNccl(String kernel) {
        return kernel != null && (kernel.startsWith("ncclKernel_") || kernel.startsWith("ncclDevKernel_"));
    }

    /** The collective of an NCCL kernel name, from the word after the prefix ({@code AllReduce}). */
    public static Optional<Collective> ofKernel(String kernel) {
        int start = kernel.indexOf('_') + 1;
        int end = kernel.indexOf('_', start);
        if (start <= 0 || end < 0) {
            return Optional.empty();
        }
        return parse(kernel.substring(start, end));
    }

    /** The collective of an annotation name {@code nccl:<op>}, or empty when it is none. */
    static Optional<Collective> ofAnnotation(String name) {
        if (name == null || !name.startsWith("nccl:")) {
            return Optional.empty();
        }
        String op = name.substring(5);
        // torch.distributed names its base variants _all_gather_base, _reduce_scatter_base; _allgather_base too
        op = op.replaceFirst("^_+", "").replaceFirst("_base$", "").replace("_into_tensor", "")
                .replace("_coalesced", "");
        return parse(op);
    }

    /** The collective named by the {@code Collective name} argument ({@code allreduce}). */
    static Optional<Collective> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String key = text.replace("_", "").replace("-", "").toLowerCase(Locale.ROOT);
        if (key.equals("alltoallbase") || key.equals("alltoallv")) {
            return Optional.of(Collective.ALL_TO_ALL);
        }
        try {
            return Optional.of(Collective.parse(key));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Bytes of one element of a PyTorch dtype name ({@code Float}, {@code float}, {@code c10::Half}); -1 unknown. */
    static int elementBytes(String dtype) {
        if (dtype == null) {
            return -1;
        }
        String d = dtype.toLowerCase(Locale.ROOT).replace("c10::", "").replace("torch.", "");
        return switch (d) {
            case "float", "float32", "int", "int32", "unsigned int", "uint32" -> 4;
            case "double", "float64", "long", "int64", "long int", "uint64", "complexfloat" -> 8;
            case "half", "float16", "bfloat16", "short", "int16" -> 2;
            case "byte", "char", "int8", "uint8", "bool", "signed char", "unsigned char", "float8_e4m3fn",
                 "float8_e5m2" -> 1;
            case "complexdouble" -> 16;
            default -> -1;
        };
    }
}
