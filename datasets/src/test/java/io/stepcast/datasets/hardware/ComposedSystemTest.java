package io.stepcast.datasets.hardware;

import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.IntraNodeTopology;
import io.stepcast.api.hardware.SystemSpec;
import org.junit.jupiter.api.Test;

import java.util.NoSuchElementException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Hardware labels that compose a system from catalogued parts ({@code BASE+key=value...}). */
class ComposedSystemTest {
    private final HardwareCatalog catalog = new DefaultHardwareCatalog();

    private SystemSpec system(String label) {
        return catalog.system(label).orElseThrow();
    }

    @Test
    void aSystemBaseKeepsItsPartsButTheOnesReplaced() {
        SystemSpec s = system("dgx-a100+nic=eth-100g+nics=2");
        SystemSpec base = system("dgx-a100");
        assertThat(s.device()).isEqualTo(base.device());
        assertThat(s.devicesPerNode()).isEqualTo(8);
        assertThat(s.topology()).isEqualTo(IntraNodeTopology.NVSWITCH);
        assertThat(s.intraLink()).isEqualTo(base.intraLink());
        assertThat(s.nic()).contains("eth-100g");
        assertThat(s.nicsPerNode()).isEqualTo(2);
        // Every figure keeps its part's source.
        assertThat(s.source()).contains(base.source()).contains(catalog.find("eth-100g").orElseThrow().source());
        assertThat(catalog.find("dgx-a100+nic=eth-100g+nics=2")).containsSame(s);
    }

    @Test
    void aDeviceBaseNeedsItsGpusAndTakesItsTopologyFromTheLink() {
        SystemSpec pcie = system("A100-PCIE-40GB+gpus=4+intra=pcie-4-x16+nic=eth-25g");
        assertThat(pcie.devicesPerNode()).isEqualTo(4);
        assertThat(pcie.topology()).isEqualTo(IntraNodeTopology.PCIE_TREE);
        assertThat(pcie.nicsPerNode()).isEqualTo(1);
        SystemSpec mesh = system("V100-SXM2-16GB+gpus=8+intra=nvlink-2");
        assertThat(mesh.topology()).isEqualTo(IntraNodeTopology.NVLINK_HYBRID_CUBE_MESH);
        // At eight GPUs the hybrid cube-mesh has the DGX-1's link matrix.
        assertThat(catalog.linkGraph(mesh)).isPresent();
        assertThat(mesh.nic()).isEmpty();
        assertThat(system("dgx-1-v100+intra=nvswitch-1").topology()).isEqualTo(IntraNodeTopology.NVSWITCH);
    }

    /** A PCIe server whose GPUs sit in pairs behind PCIe switches states it; a device swap drops the base's path. */
    @Test
    void theWayToTheHostCanBeStatedAndIsKeptFromASystemBase() {
        SystemSpec paired = system("A100-PCIE-40GB+gpus=8+intra=pcie-4-x16+host-share=2");
        assertThat(paired.devicesPerHostLink()).isEqualTo(2);
        assertThat(catalog.hostLink(paired).map(l -> l.name())).as("a PCIe tree reaches its host over its link")
                .contains("pcie-4-x16");
        SystemSpec stated = system("V100-SXM2-16GB+gpus=8+intra=nvlink-2+host=pcie-3-x16");
        assertThat(catalog.hostLink(stated).map(l -> l.name())).contains("pcie-3-x16");
        assertThat(stated.source()).contains(catalog.find("pcie-3-x16").orElseThrow().source());
        assertThat(catalog.hostLink(system("V100-SXM2-16GB+gpus=8+intra=nvlink-2"))).as("NVLink is no way to the host")
                .isEmpty();
    }

    @Test
    void aWrongPartIsNamedByResolveAndFindsNothing() {
        for (String[] bad : new String[][] {
            {"dgx-a100+nic=eth-1000g", "nic 'eth-1000g' is not in the catalog (closest: eth-100g"},
            {"dgx-a100+intra=upi-10.4", "host bus, not a GPU interconnect"},
            {"dgx-a100+intra=eth-25g", "intra 'eth-25g' is a NIC, not an intra-node link"},
            {"A100-PCIE-40GB+intra=pcie-4-x16", "a device as the base needs gpus=N"},
            {"dgx-a100+gpus=0", "gpus=0 is not a whole number of at least 1"},
            {"dgx-a100+gpus=4+gpus=8", "'gpus' is given twice"},
            {"dgx-a100+colour=red",
                "'colour=red' is not key=value with a key of gpus, device, intra, nic, nics, host, host-share"},
            {"dgx-a100+host=eth-25g", "host 'eth-25g' is a NIC, not a link"},
            {"T4+gpus=4+intra=pcie-3-x16+host-share=8", "host-share=8 is more than the node's 4 devices"},
            {"eth-25g+gpus=2", "the base 'eth-25g' is a NIC, not a system or a device"},
            {"A100-PCIE-40GB+gpus=2+nics=2", "nics=N needs a NIC"}}) {
            assertThat(catalog.find(bad[0])).as(bad[0]).isEmpty();
            assertThatThrownBy(() -> catalog.resolve(bad[0])).as(bad[0]).isInstanceOf(NoSuchElementException.class)
                    .hasMessageStartingWith("hardware '" + bad[0] + "': ").hasMessageContaining(bad[1]);
        }
    }

    @Test
    void labelsBeyondTheKeptOnesStillCompose() {
        for (int gpus = 1; gpus <= DefaultHardwareCatalog.MAX_COMPOSED + 5; gpus++) {
            assertThat(system("dgx-a100+gpus=" + gpus).devicesPerNode()).isEqualTo(gpus);
        }
        // Asked again, a label past the bound is composed again, the same.
        assertThat(system("dgx-a100+gpus=" + (DefaultHardwareCatalog.MAX_COMPOSED + 5)).devicesPerNode())
                .isEqualTo(DefaultHardwareCatalog.MAX_COMPOSED + 5);
        assertThat(catalog.find("dgx-a100+nic=eth-1000g")).isEmpty();
    }
}
