package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.ImportedObservations;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A system heading whose {@code (Nx GPU)} counts the GPUs a run used, not the system's (NVIDIA DeepLearningExamples'
 * BART tables, the rows labelled {@code NVIDIA DGX A100 (1x A100 80GB)} and {@code (320x A100 80GB)}; the file's
 * first lines cite the commit and tables): every row is read as the DGX A100 80GB, with one note per heading on the
 * line it first appears. The 1-GPU rows used to become a one-GPU system, which no predictor matched with the same
 * machine's 8-GPU rows, and the 40-node rows a node of 320 GPUs.
 */
class SystemHeadingGpuCountTest {

    @Test
    void aHeadingsGpuCountIsTheRunsAndIsNoted() throws Exception {
        Path file = Path.of(Objects.requireNonNull(SystemHeadingGpuCountTest.class
                .getResource("/user-csv/bart_pt_headings.cited.csv")).toURI());

        ImportedObservations r = new GenericCsvImporter().read(file);

        assertThat(r.observations()).extracting(o -> o.config().deployment().hardware()).containsOnly("dgx-a100-80gb");
        assertThat(r.notes()).containsExactly(
                "line 6: hardware 'NVIDIA DGX A100 (1x A100 80GB)' is dgx-a100-80gb, whose nodes hold 8 GPUs: its 1x is"
                        + " taken as the GPUs the run used, 1 of a node's 8 (the columns workers and nodes state a"
                        + " row's GPUs and nodes)",
                "line 8: hardware 'NVIDIA DGX A100 (320x A100 80GB)' is dgx-a100-80gb, whose nodes hold 8 GPUs: its"
                        + " 320x is taken as the GPUs the run used, 40 nodes of 8 (the columns workers and nodes state"
                        + " a row's GPUs and nodes)");
    }
}
