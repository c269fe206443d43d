package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.ImportedObservations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real rows of DLPerf's ResNet-50 table (Oneflow-Inc/DLPerf@0770fdf8, reports/dlperf_benchmark_test_report_v1.md,
 * "ResNet50 V1.5, batch size = 128, FP32": 8 x Tesla V100-SXM2-16GB per node, one 100 Gb/s EDR NIC per node) with
 * the hardware written as the report writes the GPU: a bare GPU names no network, and the predictors that cost one
 * took their default for it without a word.
 */
class UnstatedNetworkCheckTest {
    @TempDir
    Path dir;

    private static final String HEADER = """
            # Oneflow-Inc/DLPerf@0770fdf8, reports/dlperf_benchmark_test_report_v1.md, ResNet50 V1.5 batch 128 FP32
            model,architecture,workers,nodes,local_batch,precision,hardware,framework,dataset,throughput_samples_s
            """;

    @Test
    void aGpuLabelOnSeveralNodesWithoutABandwidthIsNotedOncePerFile() throws IOException {
        Path f = Files.writeString(dir.resolve("dlperf.csv"), HEADER + """
                ResNet-50v1.5,ALLREDUCE,8,1,128,fp32,8x Tesla V100-SXM2-16GB,oneflow,imagenet,2969.45
                ResNet-50v1.5,ALLREDUCE,16,2,128,fp32,8x Tesla V100-SXM2-16GB,oneflow,imagenet,5906.55
                ResNet-50v1.5,ALLREDUCE,32,4,128,fp32,V100-SXM2-16GB,oneflow,imagenet,11711.18
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.notes()).filteredOn(n -> n.contains("states no network")).singleElement().satisfies(n -> {
            assertThat(n).startsWith("line 4: hardware '8x Tesla V100-SXM2-16GB' on 2 nodes states no network across"
                    + " nodes: it names a GPU whose catalogued systems have different networks (aws-p3.16xlarge 25,");
            assertThat(n).contains("dgx-1-v100 400 Gbit/s per node)");
            assertThat(n).contains("take their default bandwidth (hyper-parameter bandwidth-gbps); give column"
                    + " bandwidth_gbps (Gbit/s per node), or a system as the hardware label, e.g. dgx-1-v100"
                    + " (dgx-1-v100+nics=1 for a node with one of its 4 NICs)");
        });
    }

    @Test
    void aStatedBandwidthOrASystemLabelOrOneNodeGivesTheNetwork() throws IOException {
        Path f = Files.writeString(dir.resolve("dlperf.csv"), HEADER.replace("throughput_samples_s",
                "throughput_samples_s,bandwidth_gbps") + """
                ResNet-50v1.5,ALLREDUCE,8,1,128,fp32,V100-SXM2-16GB,oneflow,imagenet,2969.45,
                ResNet-50v1.5,ALLREDUCE,16,2,128,fp32,V100-SXM2-16GB,oneflow,imagenet,5906.55,100
                ResNet-50v1.5,ALLREDUCE,16,2,128,fp32,dgx-1-v100+nics=1,oneflow,imagenet,5906.55,
                ResNet-50v1.5,ALLREDUCE,32,4,128,fp32,dgx-1-v100,oneflow,imagenet,11711.18,
                """);
        assertThat(new GenericCsvImporter().read(f).notes()).noneMatch(n -> n.contains("states no network"));
    }
}
