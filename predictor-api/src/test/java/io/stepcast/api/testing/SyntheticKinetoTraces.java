package io.stepcast.api.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Synthetic Kineto traces for the tests of the trace reader and of the steps that use what it reads (nothing
 * measured). Shipped in predictor-api's test jar for the tests of every module.
 */
public final class SyntheticKinetoTraces {
    private SyntheticKinetoTraces() {
    }

    /**
     * Writes into {@code dir} a trace of rank 0 of 2 on {@code device}: one ProfilerStep of 5 ms, a 1 ms gemm, then a
     * 2 ms NCCL all-reduce kernel without byte arguments.
     */
    public static Path allReduceWithoutBytes(Path dir, String device) throws IOException {
        String trace = "{\"schemaVersion\": 1, \"deviceProperties\": [{\"id\": 0, \"name\": \"" + device + "\"}],"
                + " \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": 0, \"world_size\": 2},"
                + " \"traceEvents\": ["
                + "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#1\", \"pid\": 1, \"tid\": 1,"
                + " \"ts\": 0, \"dur\": 5000},"
                + "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 1, \"tid\": 1,"
                + " \"ts\": 10, \"dur\": 5, \"args\": {\"correlation\": 7}},"
                + "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"pid\": 0, \"tid\": 7, \"ts\": 20,"
                + " \"dur\": 1000, \"args\": {\"stream\": 7, \"correlation\": 7, \"device\": 0}},"
                + "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 1, \"tid\": 1,"
                + " \"ts\": 30, \"dur\": 5, \"args\": {\"correlation\": 8}},"
                + "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*)\","
                + " \"pid\": 0, \"tid\": 20, \"ts\": 1100, \"dur\": 2000,"
                + " \"args\": {\"stream\": 20, \"correlation\": 8, \"device\": 0}}]}";
        return Files.writeString(dir.resolve("synthetic-allreduce.pt.trace.json"), trace);
    }
}
