package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.ImportedObservations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real rows of DLPerf's cross-framework table (Oneflow-Inc/DLPerf@0770fdf8, reports/dlperf_benchmark_test_report_v1.md,
 * "ResNet50 V1.5, batch size = 128, FP32": one cluster of 8 x V100-SXM2-16GB nodes, one row per framework and GPU
 * count; docs/examples/dlperf-resnet50-v100.csv): no predictor reads {@code framework}, so without a warning the
 * frameworks' rows of one GPU count were fitted as repeats of one job, silently.
 */
class PooledRowsCheckTest {
    @TempDir
    Path dir;

    private static final String HEADER = """
            # Oneflow-Inc/DLPerf@0770fdf8, reports/dlperf_benchmark_test_report_v1.md, ResNet50 V1.5 batch 128 FP32
            model,architecture,workers,nodes,local_batch,precision,hardware,framework,dataset,throughput_samples_s
            """;

    @Test
    void frameworksOfOneConfigurationAreKeptWithOneNoteNamingTheirLines() throws IOException {
        Path f = Files.writeString(dir.resolve("dlperf-resnet50.csv"), HEADER + """
                ResNet-50v1.5,ALLREDUCE,1,1,128,fp32,dgx-1-v100+nics=1,oneflow,imagenet,384.85
                ResNet-50v1.5,ALLREDUCE,8,1,128,fp32,dgx-1-v100+nics=1,oneflow,imagenet,2969.45
                ResNet-50v1.5,ALLREDUCE,1,1,128,fp32,dgx-1-v100+nics=1,tensorflow-1.15,imagenet,362.44
                ResNet-50v1.5,ALLREDUCE,8,1,128,fp32,dgx-1-v100+nics=1,tensorflow-1.15,imagenet,2721.98
                ResNet-50v1.5,ALLREDUCE,1,1,96,fp32,dgx-1-v100+nics=1,mxnet,imagenet,389.71
                ResNet-50v1.5,ALLREDUCE,8,1,96,fp32,dgx-1-v100+nics=1,mxnet,imagenet,2947.72
                ResNet-50v1.5,ALLREDUCE,1,1,128,fp32,dgx-1-v100+nics=1,pytorch,imagenet,354.40
                ResNet-50v1.5,ALLREDUCE,8,1,128,fp32,dgx-1-v100+nics=1,pytorch,imagenet,2719.07
                """);
        ImportedObservations r = new GenericCsvImporter().read(f);
        assertThat(r.observations()).hasSize(8);
        // MXNet's batch 96 is another job; the other three frameworks share the 1-GPU and the 8-GPU job.
        assertThat(r.notes()).filteredOn(n -> n.contains("one job to every predictor")).containsExactly(
                "lines 3, 5, 9 are one job to every predictor (ResNet-50, 1 worker(s) on 1 node(s), local batch 128)"
                        + " but differ in framework (oneflow, tensorflow-1.15, pytorch), which no predictor reads: every"
                        + " fit takes them for repeats of one job and every prediction answers them alike; 1 more such"
                        + " job(s) in the file; to keep each framework apart give each its own file, or name this file"
                        + " in an evaluate suite with where: {framework: NAME} or a protocol split by it"
                        + " (extrapolation:nodes<=1:framework)");
        assertThat(PooledRowsCheck.columns(r.notes().get(r.notes().size() - 1))).containsExactly("framework");
        assertThat(PooledRowsCheck.columns("line 2: hardware 'x' is not in the hardware catalog")).isEmpty();
    }

    @Test
    void oneFrameworkPerFileAndItsRepeatedRunsPass() throws IOException {
        // The same rows, OneFlow's only, its 1-GPU row given twice as a file of replications would (a synthetic repeat).
        Path f = Files.writeString(dir.resolve("dlperf-resnet50-oneflow.csv"), HEADER + """
                ResNet-50v1.5,ALLREDUCE,1,1,128,fp32,dgx-1-v100+nics=1,oneflow,imagenet,384.85
                ResNet-50v1.5,ALLREDUCE,1,1,128,fp32,dgx-1-v100+nics=1,oneflow,imagenet,384.80
                ResNet-50v1.5,ALLREDUCE,8,1,128,fp32,dgx-1-v100+nics=1,oneflow,imagenet,2969.45
                """);
        assertThat(new GenericCsvImporter().read(f).notes()).noneMatch(n -> n.contains("one job"));
    }

    @Test
    void datasetsOfOneConfigurationAreNamedToo() throws IOException {
        // Synthetic rows: one job stated on synthetic and on real data, as the TensorFlow benchmark pages measure both.
        Path f = Files.writeString(dir.resolve("synthetic-data-pooled.csv"), """
                model,architecture,workers,local_batch,hardware,dataset,throughput_samples_s
                ResNet-50,ALLREDUCE,1,64,dgx-1-v100,synthetic,400
                ResNet-50,ALLREDUCE,1,64,dgx-1-v100,imagenet,380
                """);
        List<String> notes = new GenericCsvImporter().read(f).notes();
        assertThat(notes).filteredOn(n -> n.contains("one job")).singleElement().asString()
                .startsWith("lines 2, 3 are one job to every predictor")
                .contains("differ in dataset (synthetic, imagenet)")
                .satisfies(n -> assertThat(PooledRowsCheck.columns(n)).containsExactly("dataset"))
                .endsWith("where: {dataset: NAME} or a protocol split by it (extrapolation:nodes<=1:dataset)");
    }
}
