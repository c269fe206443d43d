package io.stepcast.datasets.hardware;

import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.StatedLinkBounds;
import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Stated link bandwidths against the catalogued hardware's: a DGX A100's GPU sends 12 NVLinks x 25 GB/s = 2,400 Gbit/s
 * per direction through its NVSwitches and the node has 8 x 200 Gbit/s HDR NICs (NVIDIA DGX A100 datasheet, as the
 * catalog cites it); one PCIe 4.0 x16 slot carries 252 Gbit/s (PCI-SIG: 16 GT/s, 128b/130b).
 */
class StatedLinkBoundsTest {
    private static final HardwareCatalog CATALOG = new DefaultHardwareCatalog();

    private static java.util.List<String> notes(String hardware, double intra, double nic) {
        return StatedLinkBounds.notes(CATALOG, hardware, intra > 0 ? OptionalDouble.of(intra) : OptionalDouble.empty(),
                nic > 0 ? OptionalDouble.of(nic) : OptionalDouble.empty(), "intra_node_gbps", "bandwidth_gbps");
    }

    @Test
    void aFigureWithinTheLinksIsNoted() {
        assertThat(notes("dgx-a100", 2000, 1600)).isEmpty();
        // A rounded figure (2,500 for 2,400) is no error.
        assertThat(notes("dgx-a100", 2500, 0)).isEmpty();
        assertThat(notes("dgx-a100", 0, 0)).isEmpty();
    }

    @Test
    void aFigureAboveTheLinksIsNotedWithTheirs() {
        assertThat(notes("dgx-a100", 5000, 3200)).containsExactly(
                "intra_node_gbps 5000 is above what a GPU of dgx-a100 can send over its nvswitch-2 links (2400 Gbit/s "
                        + "per direction); it is used as stated",
                "bandwidth_gbps 3200 is above the 8 x ib-hdr NICs of a dgx-a100 node (1600 Gbit/s per direction); it is "
                        + "used as stated");
        assertThat(notes("A100-PCIE-40GB+gpus=8+intra=pcie-4-x16+nic=eth-200g+nics=1", 5000, 0)).singleElement()
                .asString().contains("over its pcie-4-x16 links (252 Gbit/s per direction)");
    }

    @Test
    void aLabelThatNamesNoSystemHasNoBound() {
        assertThat(notes("V100", 1e9, 1e9)).isEmpty();
        assertThat(notes("synthetic-cluster", 1e9, 1e9)).isEmpty();
        assertThat(notes("", 1e9, 1e9)).isEmpty();
    }
}
