package io.stepcast.benchmarks.kineto;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a <em>synthetic</em> PyTorch profiler (Kineto) trace of a given size, laid out as {@code torch.profiler}
 * writes one: {@code schemaVersion}, {@code deviceProperties}, {@code distributedInfo}, then the host events of
 * every step ({@code ProfilerStep#N}, an ATen op and its {@code cudaLaunchKernel} per kernel, {@code ac2g} flow
 * starts), then the GPU events (kernels on stream 7 with their correlation, flow ends, an NCCL all-reduce on
 * stream 20 every {@value #KERNELS_PER_ALL_REDUCE} kernels). Not a measurement: made-up durations, only to
 * measure import speed and memory. Streams to disk; holds nothing per event.
 */
public final class SyntheticKinetoTrace {
    /** Kernels per step. */
    static final int KERNELS_PER_STEP = 2000;
    /** One NCCL all-reduce per this many kernels. */
    static final int KERNELS_PER_ALL_REDUCE = 100;
    private static final long STEP_US = 100_000;

    /** What was written. */
    public record Stats(long bytes, int steps, long events, long kernels) {
    }

    private SyntheticKinetoTrace() {
    }

    /** Writes at least {@code targetBytes} of uncompressed trace to {@code file}, gzipped when {@code gzip}. */
    public static Stats write(Path file, long targetBytes, boolean gzip) throws IOException {
        // bytes per step of the layout below (measured by writing one step into a counter)
        long perStep = stepBytes();
        int steps = (int) Math.max(1, (targetBytes + perStep - 1) / perStep);
        CountingStream counting;
        try (OutputStream raw = Files.newOutputStream(file);
             OutputStream body = gzip ? new GZIPOutputStream(raw, 1 << 16) : raw) {
            counting = new CountingStream(body);
            try (Writer w = new BufferedWriter(new OutputStreamWriter(counting, StandardCharsets.UTF_8), 1 << 16)) {
                w.write("{\"schemaVersion\": 1, \"deviceProperties\": [{\"id\": 0, \"name\": \"synthetic GPU\", "
                        + "\"totalGlobalMem\": 42297524224}], \"distributedInfo\": {\"backend\": \"nccl\", "
                        + "\"rank\": 0, \"world_size\": 8}, \"traceEvents\": [\n");
                w.write("{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"tid\": 0, \"args\": "
                        + "{\"name\": \"python\"}}");
                for (int s = 0; s < steps; s++) {
                    hostStep(w, s);
                }
                for (int s = 0; s < steps; s++) {
                    gpuStep(w, s);
                }
                w.write("\n], \"traceName\": \"synthetic\"}\n");
            }
        }
        long events = 1 + (long) steps * (1 + 3L * KERNELS_PER_STEP + 2L * KERNELS_PER_STEP);
        return new Stats(counting.count, steps, events, (long) steps * KERNELS_PER_STEP);
    }

    private static long stepBytes() throws IOException {
        CountingStream c = new CountingStream(OutputStream.nullOutputStream());
        try (Writer w = new OutputStreamWriter(c, StandardCharsets.UTF_8)) {
            hostStep(w, 0);
            gpuStep(w, 0);
        }
        return c.count;
    }

    private static long correlation(int step, int k) {
        return (long) step * KERNELS_PER_STEP + k + 1;
    }

    private static void hostStep(Writer w, int s) throws IOException {
        long t0 = 1_000_000L + s * STEP_US;
        w.write(String.format(Locale.ROOT, ",\n{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": "
                + "\"ProfilerStep#%d\", \"pid\": 1, \"tid\": 1, \"ts\": %d, \"dur\": %d, \"args\": "
                + "{\"External id\": %d}}", s, t0, STEP_US - 10, s));
        for (int k = 0; k < KERNELS_PER_STEP; k++) {
            long corr = correlation(s, k);
            double ts = t0 + 5 + k * 40.0;
            boolean nccl = k % KERNELS_PER_ALL_REDUCE == KERNELS_PER_ALL_REDUCE - 1;
            w.write(String.format(Locale.ROOT, ",\n{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"%s\", "
                    + "\"pid\": 1, \"tid\": 1, \"ts\": %.3f, \"dur\": 30.5, \"args\": {\"External id\": %d, "
                    + "\"Record function id\": 0, \"Ev Idx\": %d}}", nccl ? "c10d::allreduce_" : "aten::mm", ts, corr,
                    corr));
            w.write(String.format(Locale.ROOT, ",\n{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": "
                    + "\"cudaLaunchKernel\", \"pid\": 1, \"tid\": 1, \"ts\": %.3f, \"dur\": 8.25, \"args\": "
                    + "{\"External id\": %d, \"cbid\": 211, \"correlation\": %d}}", ts + 10, corr, corr));
            w.write(String.format(Locale.ROOT, ",\n{\"ph\": \"s\", \"id\": %d, \"pid\": 1, \"tid\": 1, \"ts\": "
                    + "%.3f, \"cat\": \"ac2g\", \"name\": \"ac2g\"}", corr, ts + 10));
        }
    }

    private static void gpuStep(Writer w, int s) throws IOException {
        long t0 = 1_000_000L + s * STEP_US;
        for (int k = 0; k < KERNELS_PER_STEP; k++) {
            long corr = correlation(s, k);
            double ts = t0 + 20 + k * 45.0;
            boolean nccl = k % KERNELS_PER_ALL_REDUCE == KERNELS_PER_ALL_REDUCE - 1;
            if (nccl) {
                w.write(String.format(Locale.ROOT, ",\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": "
                        + "\"ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)\", "
                        + "\"pid\": 0, \"tid\": 20, \"ts\": %.3f, \"dur\": 400.0, \"args\": {\"External id\": %d, "
                        + "\"device\": 0, \"stream\": 20, \"correlation\": %d, \"Collective name\": \"allreduce\", "
                        + "\"In msg nelems\": 6637568, \"dtype\": \"Float\", \"Group size\": 8}}", ts, corr, corr));
            } else {
                w.write(String.format(Locale.ROOT, ",\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"void "
                        + "cutlass::Kernel<cutlass_80_tensorop_s1688gemm_64x64_16x6_nn_align4>(Params)\", \"pid\": 0, "
                        + "\"tid\": 7, \"ts\": %.3f, \"dur\": 38.5, \"args\": {\"External id\": %d, \"queued\": 0, "
                        + "\"device\": 0, \"context\": 1, \"stream\": 7, \"correlation\": %d, \"registers per "
                        + "thread\": 90, \"shared memory\": 49152, \"grid\": [64, 1, 1], \"block\": [128, 1, 1]}}",
                        ts, corr, corr));
            }
            w.write(String.format(Locale.ROOT, ",\n{\"ph\": \"f\", \"id\": %d, \"pid\": 0, \"tid\": %d, \"ts\": "
                    + "%.3f, \"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"}", corr, nccl ? 20 : 7, ts));
        }
    }

    /** Counts the uncompressed bytes written. */
    private static final class CountingStream extends OutputStream {
        private final OutputStream out;
        long count;

        CountingStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
