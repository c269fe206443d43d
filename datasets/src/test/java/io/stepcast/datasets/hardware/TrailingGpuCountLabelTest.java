package io.stepcast.datasets.hardware;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hardware as DLPerf's report writes it (Oneflow-Inc/DLPerf@0770fdf8, reports/dlperf_benchmark_test_report_v1.md:
 * "Tesla V100-SXM2-16GB x 8" per node), the GPU count after the GPU: it was kept as written where
 * {@code 8x Tesla V100-SXM2-16GB} is read as the GPU, and the two spellings' suggestions differed from
 * {@code 8x A100 40GB}'s, which lists the GPU's systems (what a link-based predictor needs).
 */
class TrailingGpuCountLabelTest {
    private final HardwareLabels labels = new HardwareLabels();

    @Test
    void aCountAfterTheGpuIsReadAsOneBeforeIt() {
        assertThat(labels.canonical("Tesla V100-SXM2-16GB x 8")).isEqualTo("V100-SXM2-16GB")
                .isEqualTo(labels.canonical("8x Tesla V100-SXM2-16GB"));
        assertThat(labels.canonical("Tesla V100-SXM2-16GB x8")).isEqualTo("V100-SXM2-16GB");
        assertThat(labels.canonical("Tesla V100-SXM2-16GB × 8")).isEqualTo("V100-SXM2-16GB");
        assertThat(labels.canonical("A100 80GB SXM4 x 8")).isEqualTo("A100-SXM4-80GB");
        assertThat(labels.unknownNote("Tesla V100-SXM2-16GB x 8").orElseThrow())
                .contains("read as 'V100-SXM2-16GB': its x 8 is taken as the GPUs the run used")
                .doesNotContain("kept as written");
    }

    @Test
    void aGpuCountLabelIsToldTheGpusSystemsWhicheverSideItsCountIsOn() {
        for (String label : new String[] {"8x Tesla V100-SXM2-16GB", "Tesla V100-SXM2-16GB x 8"}) {
            assertThat(labels.unknownNote(label).orElseThrow()).as(label).contains(
                    ": did you mean aws-p3.16xlarge or gcp-n1-v100 or dgx-1-v100 or vtrain-v100 or gavel-v100 (systems of"
                    + " V100-SXM2-16GB)?");
        }
        // One named GPU gives its systems whole, as a stated memory does: dgx-a100 among them.
        assertThat(labels.unknownNote("8x A100-SXM4-40GB").orElseThrow()).contains("dgx-a100",
                "(systems of A100-SXM4-40GB)?").doesNotContain("A100-SXM4-80GB");
    }

    @Test
    void aCountAfterASystemsNameIsNotGuessed() {
        assertThat(labels.canonical("DGX-1 x 4")).isEqualTo("DGX-1 x 4");
        assertThat(labels.known("DGX-1 x 4")).isFalse();
        assertThat(labels.unknownNote("DGX-1 x 4").orElseThrow()).isEqualTo("hardware 'DGX-1 x 4' is not in the"
                + " hardware catalog: its x 4 after a system's name may count nodes or the run's GPUs, and stepcast"
                + " does not guess; write dgx-1-v100 with the nodes in the nodes column and the GPUs in the workers"
                + " column (kept as written)");
        // Nor after a name that names no GPU, nor inside an instance's name.
        assertThat(labels.canonical("my-cluster x 4")).isEqualTo("my-cluster x 4");
        assertThat(labels.canonical("p3.16xlarge")).isEqualTo("aws-p3.16xlarge");
    }

    @Test
    void theCatalogReadsACountAfterTheGpuAsTheFilesReaderDoes() {
        // plan-llm --hardware 'V100 x 8' was told of a GPU 'V100X' the catalog does not have, and 'RTX 4090 x 2' of
        // no system named like it, where '8x V100' and '2x RTX 4090' are told the GPU's systems and the missing GPU.
        DefaultHardwareCatalog catalog = new DefaultHardwareCatalog();
        assertThat(catalog.whyUnknown("V100 x 8")).isEmpty();
        assertThat(catalog.suggestedSystems("V100 x 8")).isNotEmpty().isEqualTo(catalog.suggestedSystems("8x V100"));
        assertThat(catalog.whyUnknown("RTX 4090 x 2")).hasValueSatisfying(m -> assertThat(m)
                .startsWith("hardware 'RTX 4090 x 2' names a GPU the catalog does not have (RTX 4090;"));
        assertThat(catalog.suggestedSystems("RTX 4090 x 2")).isEmpty();
    }

    @Test
    void theCatalogSaysHowToWriteACountAfterASystemsName() {
        // A link-based predictor and plan-llm said 'no catalogued system is named like it' of 'DGX-1 x 4', while the
        // file's reader says to write dgx-1-v100.
        assertThat(new DefaultHardwareCatalog().whyUnknown("DGX-1 x 4")).contains("hardware 'DGX-1 x 4' is not in the"
                + " hardware catalog: its x 4 after a system's name may count nodes or the run's GPUs, and stepcast"
                + " does not guess; write dgx-1-v100 with the nodes in the nodes column and the GPUs in the workers"
                + " column");
    }
}
