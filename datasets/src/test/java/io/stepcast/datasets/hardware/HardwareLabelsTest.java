package io.stepcast.datasets.hardware;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class HardwareLabelsTest {
    private final HardwareLabels labels = new HardwareLabels();

    @Test
    void everySpellingOfACataloguedSystemBecomesItsName() {
        for (String label : List.of("DGX-1", "dgx1", "DGX-1 V100", "dgx-1-v100", " Dgx_1 ")) {
            assertThat(labels.canonical(label)).as(label).isEqualTo("dgx-1-v100");
        }
        assertThat(labels.canonical("p3.16xlarge")).isEqualTo("aws-p3.16xlarge");
        assertThat(labels.canonical("DGX A100")).isEqualTo("dgx-a100");
        assertThat(labels.canonical("DGX A100 640GB")).isEqualTo("dgx-a100-80gb");
        assertThat(labels.canonical("V100")).isEqualTo("V100-SXM2-16GB");
        assertThat(labels.canonical("NVIDIA A100-SXM4-80GB")).isEqualTo("A100-SXM4-80GB");
        assertThat(labels.canonical("Tesla V100-SXM2-16GB")).isEqualTo("V100-SXM2-16GB");
        assertThat(labels.canonical("NVIDIA H100 80GB HBM3")).isEqualTo("H100-SXM5-80GB");
    }

    @Test
    void aComposedLabelKeepsItsPartsWithItsBaseNamedTheCatalogsWay() {
        assertThat(labels.canonical("DGX A100+nic=eth-100g+nics=2")).isEqualTo("dgx-a100+nic=eth-100g+nics=2");
        assertThat(labels.known("DGX A100+nic=eth-100g+nics=2")).isTrue();
        assertThat(labels.unknownNote("dgx-a100+nic=eth-400g").orElseThrow())
                .contains("nic 'eth-400g' is not in the catalog", "(kept as written)");
    }

    @Test
    void anUnknownLabelIsKeptAsWrittenWithTheClosestCataloguedNames() {
        assertThat(labels.canonical("dgx-one")).isEqualTo("dgx-one");
        assertThat(labels.known("dgx-one")).isFalse();
        assertThat(labels.unknownNote("dgx-one").orElseThrow()).startsWith(
                "hardware 'dgx-one' is not in the hardware catalog: did you mean dgx-1-v100 or dgx-2 or dgx-2h?");
        assertThat(labels.unknownNote("DGX-one V100").orElseThrow()).contains("did you mean dgx-1-v100?");
        // A label nothing in the catalog resembles gets no suggestion, only the way to list the catalog.
        assertThat(labels.unknownNote("my-lab-cluster").orElseThrow())
                .doesNotContain("did you mean").contains("stepcast hardware list");
        assertThat(labels.canonical("")).isEmpty();
        assertThat(labels.unknownNote("")).isEmpty();
        assertThat(labels.unknownNote("DGX-1")).isEmpty();
        assertThat(labels.unknownNote("unknown")).isEmpty();
    }

    @Test
    void observationsAreRewrittenAndEachUnknownLabelReportedOnce() {
        // Synthetic configurations: only their labels matter here.
        List<Observation> rows = List.of(row("DGX-1"), row("dgx-one"), row("dgx-one"), row(""));
        HardwareLabels.Canonicalised c = labels.canonicalise(rows);
        assertThat(c.observations()).extracting(o -> o.config().deployment().hardware())
                .containsExactly("dgx-1-v100", "dgx-one", "dgx-one", "unknown");
        assertThat(c.observations().get(3)).isSameAs(rows.get(3));
        assertThat(c.notes()).hasSize(1);
        assertThat(c.notes().get(0)).contains("'dgx-one'", "did you mean dgx-1-v100");
    }

    private static Observation row(String hardware) {
        return new Observation(Config.builder().model("resnet50").workers(8).localBatch(64).hardware(hardware).build(),
                Measurements.builder().stepTimeS(0.3).build(), "synthetic");
    }

    /**
     * Labels as NVIDIA DeepLearningExamples' READMEs head their training-performance tables (e.g. PyTorch SSD at
     * commit 4cce4d88, "NVIDIA DGX-1 (8x V100 16G)"; TensorFlow ResNet-50 v1.5 at e6757d7c, "NVIDIA DGX-2 (16x V100
     * 32G)"; TensorFlow 2 EfficientNet at 48dc9ada, "NVIDIA DGX A100 (8x A100 80GB)" and "NVIDIA DGX-1 (8x V100
     * 32GB)") resolve to the system they describe, composed with the stated GPU where it is not the system's own.
     */
    @Test
    void aLabelThatDescribesASystemByItsGpusResolvesToIt() {
        assertThat(labels.canonical("NVIDIA DGX-1 (8x V100 16G)")).isEqualTo("dgx-1-v100");
        assertThat(labels.canonical("NVIDIA DGX-2 (16x V100 32G)")).isEqualTo("dgx-2");
        assertThat(labels.canonical("NVIDIA DGX A100 (8x A100 80GB)")).isEqualTo("dgx-a100-80gb");
        assertThat(labels.canonical("NVIDIA DGX A100 (8x A100 40GB)")).isEqualTo("dgx-a100");
        assertThat(labels.canonical("NVIDIA DGX-1 (8x V100 32GB)")).isEqualTo("dgx-1-v100+device=V100-SXM2-32GB");
        assertThat(labels.canonical("DGX-1 V100 32GB")).isEqualTo("dgx-1-v100+device=V100-SXM2-32GB");
        assertThat(labels.canonical("DGX-2H (16x V100 32G)")).isEqualTo("dgx-2h");
        assertThat(labels.canonical("DGX-1V")).isEqualTo("dgx-1-v100");
        // NVIDIA DeepLearningExamples' configs.yml names the platforms DGX1V, DGX2V and DGXA100.
        assertThat(labels.canonical("DGX2V")).isEqualTo("dgx-2");
        assertThat(labels.canonical("NVIDIA DGX H100 (8x H100 80GB)")).isEqualTo("dgx-h100");
        assertThat(labels.canonical("NVIDIA DGX A100 40GB")).isEqualTo("dgx-a100");
        assertThat(labels.canonical("NVIDIA DGX-1 (8x V100 32G)")).isEqualTo("dgx-1-v100+device=V100-SXM2-32GB");
        assertThat(labels.known("NVIDIA DGX-1 (8x V100 32GB)")).isTrue();
    }

    /**
     * DeepLearningExamples head a 1-GPU table "NVIDIA DGX A100 (1x A100 80GB)" and a 40-node one "(320x A100 80GB)"
     * (PyTorch BART at 305744e6): the count is of the GPUs the run used, and the label is the system itself, with a
     * note of what the count was taken as. A count that is neither part of a node nor whole nodes still sets the GPUs
     * of a node, and the system's own count needs no note.
     */
    @Test
    void aHeadingCountingTheRunsGpusResolvesToTheSystem() {
        assertThat(labels.canonical("NVIDIA DGX A100 (1x A100 80GB)")).isEqualTo("dgx-a100-80gb");
        assertThat(labels.canonical("NVIDIA DGX A100 (320x A100 80GB)")).isEqualTo("dgx-a100-80gb");
        assertThat(labels.canonical("NVIDIA DGX-2 (4x V100 32G)")).isEqualTo("dgx-2");
        assertThat(labels.countNote("NVIDIA DGX A100 (1x A100 80GB)").orElseThrow())
                .contains("is dgx-a100-80gb", "1 of a node's 8");
        assertThat(labels.countNote("NVIDIA DGX A100 (320x A100 80GB)").orElseThrow()).contains("40 nodes of 8");
        assertThat(labels.canonical("NVIDIA DGX A100 (12x A100 80GB)")).isEqualTo("dgx-a100-80gb+gpus=12");
        assertThat(labels.countNote("NVIDIA DGX A100 (12x A100 80GB)")).isEmpty();
        assertThat(labels.countNote("NVIDIA DGX A100 (8x A100 80GB)")).isEmpty();
        assertThat(labels.countNote("dgx-a100+gpus=4")).isEmpty();
    }

    /**
     * Sub-headings of the same READMEs name the system and its GPUs' memory, "NVIDIA DGX-1 With 16G", "NVIDIA DGX-2H
     * With 32G": the system, composed with the GPU of the stated memory where it is not the system's own.
     */
    @Test
    void aSubHeadingThatNamesASystemWithItsGpuMemoryResolvesToIt() {
        assertThat(labels.canonical("NVIDIA DGX-1 With 16G")).isEqualTo("dgx-1-v100");
        assertThat(labels.canonical("NVIDIA DGX-1 With 32G")).isEqualTo("dgx-1-v100+device=V100-SXM2-32GB");
        assertThat(labels.canonical("NVIDIA DGX-2H With 32G")).isEqualTo("dgx-2h");
        assertThat(labels.canonical("NVIDIA DGX-2 With 32GB")).isEqualTo("dgx-2");
        assertThat(labels.unknownNote("NVIDIA DGX-1 With 16G")).isEmpty();
        // No catalogued V100 has 24 GB: not guessed.
        assertThat(labels.known("NVIDIA DGX-1 With 24G")).isFalse();
    }

    /**
     * A count before a system's name, "4 x NVIDIA DGX-2H With 32G" (a README's multi-node heading), counts nodes, which
     * the catalog's one-node systems do not: kept as written, with the system and where the count goes.
     */
    @Test
    void aLeadingNodeCountIsNotResolvedAndTheWarningSaysWhereItGoes() {
        for (String label : List.of("4 x NVIDIA DGX-2H With 32G", "4x NVIDIA DGX-2H With 32G")) {
            assertThat(labels.known(label)).as(label).isFalse();
            assertThat(labels.canonical(label)).isEqualTo(label);
            assertThat(labels.unknownNote(label).orElseThrow()).as(label).startsWith("hardware '" + label
                    + "' is not in the hardware catalog: did you mean dgx-2h, with 4 in the nodes column?");
        }
        assertThat(labels.unknownNote("2x DGX-1 With 32G").orElseThrow())
                .contains("did you mean dgx-1-v100+device=V100-SXM2-32GB, with 2 in the nodes column?");
        // Inside a system's description, or before a GPU, a count is of GPUs.
        assertThat(labels.canonical("NVIDIA DGX-2 (16 x V100 32G)")).isEqualTo("dgx-2");
        assertThat(labels.unknownNote("8x A100 40GB").orElseThrow()).doesNotContain("nodes column");
    }

    /**
     * MLPerf Training's logs name a platform with its node count written onto the system ({@code 8xNVIDIA DGX A100}):
     * a node count like the spaced one, read as the system on a row that states as many nodes, and kept as written
     * with the warning on a row that states others; a count written onto a GPU's model stays a count of GPUs.
     */
    @Test
    void aNodeCountWrittenOntoTheSystemIsTheSystemOnARowOfThatManyNodes() {
        assertThat(labels.unknownNote("8xNVIDIA DGX A100").orElseThrow())
                .startsWith("hardware '8xNVIDIA DGX A100' is not in the hardware catalog: did you mean dgx-a100, with 8"
                        + " in the nodes column?");
        assertThat(labels.canonical("8xNVIDIA DGX A100", 8)).isEqualTo("dgx-a100");
        assertThat(labels.canonical("32xNVIDIA DGX-2H", 32)).isEqualTo("dgx-2h");
        assertThat(labels.canonical("1xNVIDIA DGX A100 80GB", 1)).isEqualTo("dgx-a100-80gb");
        assertThat(labels.canonical("4 x NVIDIA DGX-2H With 32G", 4)).isEqualTo("dgx-2h");
        assertThat(labels.nodeCountNote("8xNVIDIA DGX A100", 8).orElseThrow()).isEqualTo("hardware '8xNVIDIA DGX A100'"
                + " is dgx-a100: its 8x counts the run's nodes, which the nodes column states");
        // The row contradicts the label: kept as written, as before.
        assertThat(labels.canonical("8xNVIDIA DGX A100", 1)).isEqualTo("8xNVIDIA DGX A100");
        assertThat(labels.nodeCountNote("8xNVIDIA DGX A100", 1)).isEmpty();
        // A catalogued system, or a count of GPUs, is no node count.
        assertThat(labels.canonical("dgx-a100", 4)).isEqualTo("dgx-a100");
        assertThat(labels.nodeCountNote("dgx-a100", 1)).isEmpty();
        assertThat(labels.nodeCountNote("8xA100 80GB", 8)).isEmpty();
        assertThat(labels.unknownNote("8xA100 80GB").orElseThrow()).doesNotContain("nodes column");
    }

    /** The count and system of an MLPerf platform label, without a row to agree with (mlperf-log reads it so). */
    @Test
    void aCountedSystemIsItsNodesAndTheSystemsCatalogName() {
        assertThat(labels.countedSystem("8xNVIDIA DGX A100")).contains(new HardwareLabels.CountedSystem(8, "dgx-a100"));
        assertThat(labels.countedSystem("32xNVIDIA DGX-2H")).contains(new HardwareLabels.CountedSystem(32, "dgx-2h"));
        assertThat(labels.countedSystem("NVIDIA DGX A100")).isEmpty();
        assertThat(labels.countedSystem("4xV100")).isEmpty();
        assertThat(labels.countedSystem("2xACME Box")).isEmpty();
    }

    @Test
    void aDescriptionNothingInTheCatalogMatchesIsNotGuessed() {
        // A system word with a GPU the catalog does not have at that memory, and words that name no system.
        assertThat(labels.known("DGX-1 (8x V100 24GB)")).isFalse();
        assertThat(labels.known("p3.16xlarge spot")).isFalse();
        assertThat(labels.unknownNote("8x V100 16GB").orElseThrow())
                .contains("did you mean", "aws-p3.16xlarge", "dgx-1-v100", "(systems of V100-");
    }

    /**
     * A label that names only a GPU count, model and memory, "8x A100 40GB", is suggested every system of that GPU at
     * that memory, not a name spelled alike with another memory (it was dgx-a100-80gb alone).
     */
    @Test
    void aGpuWithItsMemoryIsSuggestedTheSystemsOfThatGpu() {
        String note = labels.unknownNote("8x A100 40GB").orElseThrow();
        assertThat(note).contains("dgx-a100 ", "aws-p4d.24xlarge", "(systems of A100-PCIE-40GB, A100-SXM4-40GB)")
                .doesNotContain("80gb", "80GB");
        // Those with as many GPUs per node as stated come first.
        assertThat(labels.unknownNote("16x V100 32GB").orElseThrow())
                .contains("did you mean dgx-2 or dgx-2h or aws-p3dn.24xlarge");
        // A memory no catalogued A100 has names no system of it.
        assertThat(labels.unknownNote("8x A100 24GB").orElseThrow()).doesNotContain("systems of");
    }

    /**
     * A label that names a GPU model with its form and no memory ({@code A100 SXM4}, {@code V100 SXM2}) is told the
     * systems of that GPU, not the entry spelled most alike: the H100 SXM alias is two edits from {@code a100sxm4},
     * and the warning said "did you mean H100-SXM5-80GB?", another GPU, three times as fast.
     */
    @Test
    void aGpuNamedWithoutItsMemoryIsToldItsSystemsNotAnotherGpuSpelledAlike() {
        for (String label : List.of("A100 SXM4", "A100-SXM4", "V100 SXM2")) {
            assertThat(labels.unknownNote(label).orElseThrow()).as(label)
                    .doesNotContain("H100")
                    .contains("(systems of " + (label.startsWith("A100") ? "A100-SXM4-40GB, A100-SXM4-80GB" : "V100-SXM2"));
        }
        // A typo of a system's name is still told the name it misses.
        assertThat(labels.unknownNote("dgx-a10O").orElseThrow()).contains("dgx-a100");
    }
}
