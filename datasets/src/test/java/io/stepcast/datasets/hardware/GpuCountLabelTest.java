package io.stepcast.datasets.hardware;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The labels of Lambda Labs' PyTorch training tables (lambdal/deeplearning-benchmark at 0551cb70,
 * {@code pytorch/pytorch-train-throughput-fp32.csv}, column {@code name_gpu}), which head each machine's rows with
 * the GPUs they ran on: {@code RTX 4090}, {@code 2x RTX 4090}; {@code LambdaCloud V100 16GB}, {@code LambdaCloud 2x
 * V100 16GB}, {@code LambdaCloud 4xV100 16GB}. Kept as written they were distinct hardware, and no 2-, 4- or 8-GPU
 * row met its machine's 1-GPU row.
 */
class GpuCountLabelTest {
    private final HardwareLabels labels = new HardwareLabels();

    @Test
    void aGpuCountBeforeAnUncataloguedGpuIsTheRunsGpusAndTheRestNamesTheMachine() {
        for (String label : List.of("LambdaCloud 2x V100 16GB", "LambdaCloud 4xV100 16GB", "LambdaCloud 8xV100 16GB")) {
            assertThat(labels.canonical(label)).as(label).isEqualTo("LambdaCloud V100 16GB");
        }
        assertThat(labels.canonical("2x RTX 4090")).isEqualTo("RTX 4090");
        assertThat(labels.canonical("8x RTX 6000 Ada")).isEqualTo("RTX 6000 Ada");
        // The rest is a catalogued GPU's name in another order (A100-SXM4-80GB) or a machine's (with Gen5).
        assertThat(labels.canonical("8x A100 80GB SXM4")).isEqualTo("A100-SXM4-80GB");
        assertThat(labels.canonical("8x H100 80GB PCIe Gen5")).isEqualTo("H100 80GB PCIe Gen5");
        // What the rest names is read the catalog's way.
        assertThat(labels.canonical("8x H100-SXM5-80GB")).isEqualTo("H100-SXM5-80GB");
        assertThat(labels.unknownNote("LambdaCloud 4xV100 16GB").orElseThrow())
                .contains("did you mean", "dgx-1-v100", "(systems of V100-PCIE-16GB, V100-SXM2-16GB)")
                .contains("read as 'LambdaCloud V100 16GB': its 4x is taken as the GPUs the run used")
                .doesNotContain("kept as written");
    }

    @Test
    void aCountThatIsNoGpusCountIsLeftAlone() {
        // Of nodes, before a catalogued system's name: kept, with where the count goes.
        assertThat(labels.canonical("4 x NVIDIA DGX-2H With 32G")).isEqualTo("4 x NVIDIA DGX-2H With 32G");
        // Inside an instance's name, before no GPU model.
        assertThat(labels.canonical("g5.12xlarge")).isEqualTo("g5.12xlarge");
        assertThat(labels.canonical("2x my-cluster")).isEqualTo("2x my-cluster");
        // A composed label states its GPUs as a part.
        assertThat(labels.canonical("RTX4090+gpus=2")).isEqualTo("RTX4090+gpus=2");
        assertThat(labels.canonical("RTX 4090")).isEqualTo("RTX 4090");
    }

    @Test
    void aConsumerOrWorkstationGpuIsSaidToBeUncataloguedWithTheHardwareFile() {
        for (String label : List.of("RTX 4090", "RTX 3090", "Quadro RTX 8000", "RTX 6000 Ada", "2x RTX 4090")) {
            assertThat(labels.unknownNote(label).orElseThrow()).as(label)
                    .contains("names a GPU the catalog does not have (RTX", "a hardware file can state it",
                            "--hardware-file FILE");
        }
    }

    @Test
    void olderGpusNamedWithoutAModelNumberOfTheUsualShapeAreSaidToBeUncatalogued() {
        // Tesla P4 is no T4, and a TITAN RTX no T4 or InfiniBand link, the names merely spelled nearest.
        assertThat(labels.unknownNote("Tesla P4").orElseThrow())
                .contains("names a GPU the catalog does not have (P4; no catalogued GPU is of that model",
                        "a hardware file can state it");
        assertThat(labels.unknownNote("NVIDIA TITAN RTX").orElseThrow())
                .contains("names a GPU the catalog does not have (TITAN RTX;", "a hardware file can state it");
        assertThat(labels.unknownNote("4x TITAN V").orElseThrow()).contains("(TITAN V;");
        // A Ti is another GPU than the plain model.
        assertThat(labels.unknownNote("GeForce RTX 2080 Ti").orElseThrow()).contains("(RTX 2080 Ti;");
        assertThat(labels.unknownNote("RTX 4070 SUPER").orElseThrow()).contains("(RTX 4070 SUPER;");
        // A one-digit model is read only after Tesla: an instance family is no GPU.
        assertThat(labels.unknownNote("p3.24xhuge").orElseThrow()).doesNotContain("names a GPU");
    }

    /**
     * A hardware file that names its RTX 4090 {@code GeForce-RTX-4090} (docs/examples/rtx4090-workstation.yaml) has the
     * GPU a label {@code 8x RTX 4090} names: the label is told the file's GPU and how to compose a system of it, not
     * that the catalog lacks the GPU and a hardware file could state it.
     */
    @Test
    void aFilesGpuNamedWithItsProductLineIsTheGpuALabelNames() throws Exception {
        DefaultHardwareCatalog catalog = HardwareCatalogs.withText("rtx.yaml", """
                devices:
                  - name: GeForce-RTX-4090
                    fp32_tflops: 82.6
                    fp16_tflops: 165.2
                    memory_gb: 24
                    memory_bandwidth_gbs: 1008
                    source: NVIDIA Ada GPU Architecture whitepaper, Appendix A
                """);
        assertThat(new HardwareLabels(catalog).unknownNote("8x RTX 4090").orElseThrow())
                .contains("it names GeForce-RTX-4090, a GPU of no catalogued system: compose one of its parts, e.g."
                        + " 'GeForce-RTX-4090+gpus=8+intra=")
                .doesNotContain("names a GPU the catalog does not have");
        assertThat(new HardwareLabels().unknownNote("8x RTX 4090").orElseThrow())
                .contains("names a GPU the catalog does not have (RTX 4090");
    }
}
