package io.stepcast.datasets.hardware;

import io.stepcast.api.Precision;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareEntry;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.NoSuchElementException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a label naming hardware the catalog does not have is told: the unknown part or GPU by name, and how to state
 * it, never the systems of another GPU that the words resemble; and the two GPUs added with their datasheets.
 */
class UnknownHardwareMessagesTest {
    private final DefaultHardwareCatalog catalog = new DefaultHardwareCatalog();

    @Test
    void aComposedLabelWhoseBaseIsUnknownNamesItAndTheHardwareFile() {
        assertThat(catalog.whyUnknown("MI300X+gpus=8")).hasValueSatisfying(m -> assertThat(m)
                .startsWith("hardware 'MI300X+gpus=8': base 'MI300X' is not in the catalog (closest: ")
                .endsWith("a hardware file can state it (--hardware-file FILE or STEPCAST_HARDWARE_FILE; README, "
                        + "\"Your own hardware\")"));
    }

    @Test
    void anUnknownDeviceIsNamedBeforeTheBasesMissingGpuCount() {
        // A device as the base needs gpus=N, but the unknown device is the first thing wrong with this label.
        assertThatThrownBy(() -> catalog.resolve("H100-SXM5-80GB+device=B300-SXM-288GB"))
                .isInstanceOf(NoSuchElementException.class)
                .hasMessageStartingWith("hardware 'H100-SXM5-80GB+device=B300-SXM-288GB': device 'B300-SXM-288GB' is "
                        + "not in the catalog");
        // Once the device is catalogued, the base's missing count is what is left to say.
        assertThatThrownBy(() -> catalog.resolve("H100-SXM5-80GB+device=H100-PCIE-80GB"))
                .hasMessage("hardware 'H100-SXM5-80GB+device=H100-PCIE-80GB': a device as the base needs gpus=N");
    }

    @Test
    void aLabelNamingAGpuTheCatalogLacksSaysSoAndSuggestsNoSystemOfAnother() {
        assertThat(catalog.whyUnknown("8x MI300X")).hasValueSatisfying(m -> assertThat(m)
                .startsWith("hardware '8x MI300X' names a GPU the catalog does not have (MI300X; no catalogued GPU is "
                        + "of that model; closest names: ")
                .contains("a hardware file can state it"));
        assertThat(catalog.suggestedSystems("8x MI300X")).isEmpty();
        // H100 NVL: the catalog has H100s, but not that one; the SXM5 systems are not it.
        assertThat(catalog.whyUnknown("H100 NVL")).contains("hardware 'H100 NVL' names a GPU the catalog does not have "
                + "(H100 NVL; its H100s are H100-SXM5-80GB, H100-PCIE-80GB)" + HardwareFileHint.TEXT);
        assertThat(catalog.suggestedSystems("H100 NVL")).isEmpty();
        assertThat(new HardwareLabels(catalog).unknownNote("MI300X")).hasValueSatisfying(n -> assertThat(n)
                .startsWith("hardware 'MI300X' is not in the hardware catalog: it names a GPU the catalog does not "
                        + "have (MI300X").endsWith("(kept as written)"));
        // The count before the GPU is the run's GPUs (GpuCount): the rows are read as the GPU's, whatever their count.
        assertThat(new HardwareLabels(catalog).unknownNote("8x MI300X")).hasValueSatisfying(n -> assertThat(n)
                .startsWith("hardware '8x MI300X' is not in the hardware catalog: it names a GPU the catalog does not "
                        + "have (MI300X").endsWith("(read as 'MI300X': its 8x is taken as the GPUs the run used, which"
                        + " the workers column states, so that rows of one GPU type meet whatever count their labels"
                        + " state)"));
    }

    @Test
    void aDevicesNameWithItsWordsInAnotherOrderIsThatDevice() {
        // As Lambda Labs' tables head their rows (lambdal/deeplearning-benchmark@0551cb70).
        assertThat(catalog.device("A100 80GB SXM4").map(DeviceSpec::name)).contains("A100-SXM4-80GB");
        assertThat(catalog.device("H100 80GB SXM5").map(DeviceSpec::name)).contains("H100-SXM5-80GB");
        assertThat(catalog.device("NVIDIA H100 80GB PCIe").map(DeviceSpec::name)).contains("H100-PCIE-80GB");
        assertThat(new HardwareLabels(catalog).canonical("A100 80GB SXM4")).isEqualTo("A100-SXM4-80GB");
        // Without the memory the words fit two A100s, and with a word no device has (the machine's name, a PCIe
        // generation) they fit none: those labels stay as written, with their warnings.
        assertThat(catalog.find("A100 SXM4")).isEmpty();
        assertThat(catalog.find("H100 80GB PCIe Gen5")).isEmpty();
        assertThat(catalog.find("LambdaCloud A100 40GB PCIe")).isEmpty();
    }

    @Test
    void aCataloguedGpuOfNoSystemIsToldHowToComposeOne() {
        assertThat(catalog.whyUnknown("8x H100 PCIe")).hasValueSatisfying(m -> assertThat(m)
                .startsWith("hardware '8x H100 PCIe' names H100-PCIE-80GB, a GPU of no catalogued system: compose one "
                        + "of its parts, e.g. 'H100-PCIE-80GB+gpus=8+intra=pcie-5-x16+nic=NIC+nics=N'"));
        assertThat(catalog.suggestedSystems("8x H100 PCIe")).isEmpty();
        // The PCIe generation is the one the catalogued systems of the same GPU model reach their hosts by: an A100
        // PCIe card is PCIe 4.0 (as the A100 SXM4 of a DGX A100), not the H100's 5.0, which would double its link; the
        // L40S, whose model has no catalogued system, is left for the user to state.
        assertThat(catalog.whyUnknown("8x A100 PCIe 40GB")).hasValueSatisfying(m -> assertThat(m)
                .contains("e.g. 'A100-PCIE-40GB+gpus=8+intra=pcie-4-x16+nic=NIC+nics=N'"));
        assertThat(catalog.whyUnknown("4x L40S PCIe")).hasValueSatisfying(m -> assertThat(m)
                .contains("e.g. 'L40S+gpus=4+intra=pcie-G-x16+nic=NIC+nics=N'"));
        // A GPU with systems is still told them (the memory makes the set exact).
        assertThat(catalog.whyUnknown("8x A100 40GB")).isEmpty();
        assertThat(catalog.suggestedSystems("8x A100 40GB")).contains("dgx-a100");
    }

    @Test
    void theH100PcieAndTheL40sAreCataloguedWithTheirDatasheetFigures() {
        DeviceSpec pcie = catalog.device("H100 PCIe").orElseThrow();
        assertThat(pcie.name()).isEqualTo("H100-PCIE-80GB");
        assertThat(catalog.device("NVIDIA H100 PCIe")).contains(pcie);
        assertThat(pcie.peakFlops(Precision.BF16).getAsDouble()).isEqualTo(756e12);
        assertThat(pcie.peakFlops(Precision.TF32).getAsDouble()).isEqualTo(378e12);
        assertThat(pcie.peakFlops(Precision.FP8).getAsDouble()).isEqualTo(1513e12);
        assertThat(pcie.memoryBandwidthGBs().getAsDouble()).isEqualTo(2000);
        assertThat(pcie.multiprocessors().getAsInt()).isEqualTo(114);
        // The workaround this replaces, an SXM5 H100 in its place, overstated the compute by 31%.
        DeviceSpec sxm = catalog.device("H100").orElseThrow();
        assertThat(sxm.peakFlops(Precision.BF16).getAsDouble() / pcie.peakFlops(Precision.BF16).getAsDouble())
                .isBetween(1.30, 1.31);
        DeviceSpec l40s = catalog.device("NVIDIA L40S").orElseThrow();
        assertThat(catalog.device("L40S")).contains(l40s);
        assertThat(l40s.peakFlops(Precision.BF16).getAsDouble()).isEqualTo(362.05e12);
        assertThat(l40s.peakFlops(Precision.FP8).getAsDouble()).isEqualTo(733e12);
        assertThat(l40s.peakFlops(Precision.TF32).getAsDouble()).isEqualTo(183e12);
        assertThat(l40s.peakFlops(Precision.FP32).getAsDouble()).isEqualTo(91.6e12);
        assertThat(l40s.memoryGb().getAsDouble()).isEqualTo(48);
        assertThat(l40s.memoryBandwidthGBs().getAsDouble()).isEqualTo(864);
        assertThat(l40s.multiprocessors().getAsInt()).isEqualTo(142);
        for (DeviceSpec d : List.of(pcie, l40s)) {
            assertThat(d.source()).contains("datasheet").contains("https://");
        }
        // Their aliases name nothing else: each label finds its own device and no other entry.
        for (String label : List.of("H100 PCIe", "NVIDIA H100 PCIe", "L40S", "NVIDIA L40S")) {
            assertThat(catalog.find(label).map(HardwareEntry::name)).as(label)
                    .contains(label.contains("L40S") ? "L40S" : "H100-PCIE-80GB");
        }
        assertThat(catalog.find("H100").map(HardwareEntry::name)).contains("H100-SXM5-80GB");
    }

    /**
     * A GPU model is a whole word: an A10, an L40 and an H20 are GPUs of their own, not the A100, L40S and H200 whose
     * names begin with theirs (the L40S has twice the L40's tensor throughput), and a memory written into a dashed
     * name ({@code H100-PCIE-94GB}) is that GPU's memory. None of them is told another GPU or its systems.
     */
    @Test
    void aGpuModelWhoseNameBeginsACataloguedOnesIsNotThatGpu() {
        for (String label : List.of("L40", "8x L40", "L40 PCIe", "A10 PCIe", "8x A10", "8x H20")) {
            assertThat(catalog.whyUnknown(label)).as(label).hasValueSatisfying(m -> assertThat(m)
                    .contains("names a GPU the catalog does not have")
                    .doesNotContain("names L40S", "names A100", "names H200", "its A10s", "its L40s"));
            assertThat(catalog.suggestedSystems(label)).as(label).isEmpty();
        }
        for (String label : List.of("Tesla V100-SXM2-24GB", "H100-PCIE-94GB")) {
            assertThat(catalog.whyUnknown(label)).as(label).hasValueSatisfying(m -> assertThat(m)
                    .contains("names a GPU the catalog does not have")
                    .doesNotContain("names V100-SXM2-16GB", "names V100-SXM2-32GB", "names H100-PCIE-80GB"));
        }
        // The 32 GB V100 PCIe and the 80 GB A100 PCIe are catalogued: the memory picks the card.
        assertThat(catalog.device("Tesla V100-PCIE-32GB").map(HardwareEntry::name)).contains("V100-PCIE-32GB");
        assertThat(catalog.device("A100 80GB PCIe").map(HardwareEntry::name)).contains("A100-PCIE-80GB");
        assertThat(catalog.device("NVIDIA A100-PCIE-40GB").map(HardwareEntry::name)).contains("A100-PCIE-40GB");
        // Without a memory, both A100 PCIe cards are named, not the one that happens to be listed first.
        assertThat(catalog.whyUnknown("8x A100 PCIe")).hasValueSatisfying(m -> assertThat(m)
                .contains("names A100-PCIE-40GB or A100-PCIE-80GB, a GPU of no catalogued system"));
        // The catalogued GPUs themselves are still named by their models.
        assertThat(catalog.whyUnknown("4x L40S PCIe")).hasValueSatisfying(m -> assertThat(m).contains("names L40S"));
        assertThat(catalog.suggestedSystems("8x A100 40GB")).contains("dgx-a100");
    }
}
