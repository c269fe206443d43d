package io.stepcast.datasets.kineto;

import io.stepcast.api.collective.Collective;

import java.util.Locale;
import java.util.Optional;

/**
 * Recognises NCCL kernels and annotations of PyTorch traces and the collective each performs:
 * {@code ncclKernel_AllReduce_RING_LL_Sum_float(...)} (NCCL 2.x up to 2.18),
 * {@code ncclDevKernel_AllGather_RING_LL(...)} (2.19 on), {@code ncclKernel_SendRecv(...)} /
 * {@code ncclDevKernel_SendRecv(...)} (point-to-point, and the kernels of an all-to-all), the
 * {@code nccl:all_reduce} / {@code nccl:_all_gather_base} / {@code nccl:send 2->3} record-function annotations of
 * {@code torch.distributed}, and the {@code Collective name} argument of {@code record_param_comms} events and of
 * the kernels ({@code allreduce}, {@code _allgather_base}, {@code allgather_into_tensor_coalesced},
 * {@code _reduce_scatter_base}, {@code all_to_all}, {@code send}, {@code recv}; the names {@code ProcessGroupNCCL}
 * records). Also gives element sizes of the dtypes PyTorch records. Public for the other readers of NCCL kernels
 * (the TF2 profiler trace's).
 */
public final class NcclKernels {
    private NcclKernels() {
    }

    /** Whether a kernel name is an NCCL kernel. */
    public static boolean isNccl(String kernel) {
        return kernel != null && (kernel.startsWith("ncclKernel_") || kernel.startsWith("ncclDevKernel_"));
    }

    /**
     * The collective of an NCCL kernel name, from the word after the prefix ({@code AllReduce} of
     * {@code ncclDevKernel_AllReduce_Sum_f32_RING_LL}, {@code SendRecv} of {@code ncclKernel_SendRecv(...)});
     * empty for a kernel that does not say ({@code ncclDevKernel_Generic}).
     */
    public static Optional<Collective> ofKernel(String kernel) {
        int start = kernel.indexOf('_') + 1;
        if (start <= 0) {
            return Optional.empty();
        }
        int end = start;
        while (end < kernel.length() && Character.isLetterOrDigit(kernel.charAt(end))) {
            end++;
        }
        return parse(kernel.substring(start, end));
    }

    /** The collective of an annotation name {@code nccl:<op>}, or empty when it is none. */
    static Optional<Collective> ofAnnotation(String name) {
        if (name == null || !name.startsWith("nccl:")) {
            return Optional.empty();
        }
        return parse(name.substring(5));
    }

    /**
     * The collective a {@code torch.distributed} operation name stands for ({@code allreduce}, {@code all_reduce},
     * {@code _allgather_base}, {@code reduce_scatter_tensor_coalesced}, {@code alltoall_base}, {@code send 2->3}),
     * or empty when it is none of the {@link Collective}s ({@code barrier}, {@code gather}).
     */
    static Optional<Collective> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        // p2p annotations name the peers after a space: "send 2->3", "recv 2<-1"
        String op = text.strip();
        int space = op.indexOf(' ');
        if (space > 0) {
            op = op.substring(0, space);
        }
        // torch.distributed's variants of one operation: _allgather_base, allgather_into_tensor_coalesced,
        // reduce_scatter_tensor, _broadcast_oop, alltoall_base, all_to_allv
        String key = op.toLowerCase(Locale.ROOT).replaceFirst("^_+", "")
                .replaceAll("(_into_tensor|_tensor|_coalesced|_base|_oop)+$", "")
                .replace("_", "").replace("-", "");
        if (key.equals("alltoallv") || key.equals("alltoallsingle")) {
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
