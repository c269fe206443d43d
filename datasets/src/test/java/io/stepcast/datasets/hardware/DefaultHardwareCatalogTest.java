package io.stepcast.datasets.hardware;

import io.stepcast.api.Observation;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.IntraNodeTopology;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.datasets.SharedData;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DefaultHardwareCatalogTest {
    private final HardwareCatalog catalog = new DefaultHardwareCatalog();

    @Test
    void everyEntryTheIssueListsIsCatalogued() {
        for (String name : List.of("K80", "P100-PCIE-16GB", "P100-SXM2-16GB", "V100-PCIE-16GB", "V100-SXM2-16GB",
                "V100-SXM2-32GB", "T4", "A100-PCIE-40GB", "A100-SXM4-40GB", "A100-SXM4-80GB", "H100-SXM5-80GB",
                "gce-bigdl-vcpu", "pcie-3-x16", "pcie-4-x16", "pcie-5-x16", "nvlink-1", "nvlink-2", "nvlink-3",
                "nvlink-4", "nvswitch-2", "upi-10.4", "eth-10g", "eth-25g", "eth-40g", "eth-100g", "ib-edr", "ib-hdr",
                "ib-ndr", "aws-p2.8xlarge", "aws-p3.16xlarge", "aws-p4d.24xlarge", "aws-g4dn.12xlarge",
                "azure-nd40rs-v2", "azure-nd96asr-v4", "gcp-n1-k80", "gcp-n1-v100", "gcp-a2-highgpu-8g",
                "dgx-1-p100", "dgx-1-v100", "dgx-2", "dgx-a100", "dgx-h100", "vtrain-a100", "vtrain-v100",
                "courier-gce-worker")) {
            assertThat(catalog.find(name)).as(name).isPresent();
        }
        assertThat(catalog.entries()).allSatisfy(e -> assertThat(e.source()).contains("http"));
    }

    @Test
    void figuresAreTheDatasheetOnes() {
        DeviceSpec v100 = (DeviceSpec) catalog.resolve("V100-SXM2-16GB");
        assertThat(v100.fp32Tflops().getAsDouble()).isEqualTo(15.7);
        assertThat(v100.memoryBandwidthGBs().getAsDouble()).isEqualTo(900);
        assertThat(v100.bf16Tflops()).isEmpty();
        assertThat(v100.multiprocessors()).hasValue(80);
        assertThat(catalog.device("H100-SXM5-80GB").orElseThrow().multiprocessors()).hasValue(132);
        assertThat(catalog.device("B200").orElseThrow().multiprocessors()).hasValue(148);
        assertThat(catalog.device("vtrain-a100").orElseThrow().multiprocessors()).hasValue(108);
        // ml-engineering's measured BF16 MAMF over the peak: A100 SXM 271.2/312, H100 SXM 794.5/989, B200 1745/2250.
        assertThat(catalog.device("A100-SXM4-80GB").orElseThrow().achievableMatmulFraction()).hasValue(0.8692);
        assertThat(catalog.device("H100-SXM5-80GB").orElseThrow().achievableMatmulFraction()).hasValue(0.8033);
        assertThat(catalog.device("B200").orElseThrow().achievableMatmulFraction()).hasValue(0.7756);
        assertThat(v100.achievableMatmulFraction()).isEmpty();
        assertThat(catalog.device("A100-SXM4-80GB").orElseThrow().source()).contains("Maximum Achievable Matmul FLOPS");
        assertThat(((LinkSpec) catalog.resolve("nvlink-3")).perGpuGBs()).isEqualTo(300);
        SystemSpec p3 = catalog.system("p3.16xlarge").orElseThrow();
        assertThat(p3.topology()).isEqualTo(IntraNodeTopology.NVLINK_HYBRID_CUBE_MESH);
        assertThat(catalog.device("p3.16xlarge")).contains(v100);
        assertThat(catalog.nic(p3).orElseThrow().gbps()).isEqualTo(25);
        assertThat(catalog.intraLink(catalog.system("dgx-a100").orElseThrow()).orElseThrow().name())
                .isEqualTo("nvswitch-2");
    }

    @Test
    void theHybridCubeMeshSystemsHaveTheDgx1LinkMatrixOfTheirNvlinkGeneration() {
        var graph = catalog.linkGraph(catalog.system("vtrain-v100").orElseThrow()).orElseThrow();
        assertThat(graph.gpus()).isEqualTo(8);
        for (int i = 0; i < 8; i++) {
            int links = 0;
            for (int j = 0; j < 8; j++) {
                links += graph.links(i, j);
            }
            assertThat(links).as("NVLinks of GPU " + i).isEqualTo(6);
        }
        assertThat(catalog.linkGraph(catalog.system("dgx-1-v100").orElseThrow())).contains(graph);
        // The P100 has 4 NVLinks, not 6: its DGX-1 is a cube with two full quads, every link single.
        var p100 = catalog.linkGraph(catalog.system("dgx-1-p100").orElseThrow()).orElseThrow();
        assertThat(p100.linksPerGpu()).isEqualTo(4);
        for (int i = 0; i < 4; i++) {
            assertThat(p100.links(i, i + 4)).as("GPU " + i + " to its counterpart").isEqualTo(1);
            for (int j = 0; j < 4; j++) {
                assertThat(p100.links(i, j)).as(i + "-" + j).isEqualTo(i == j ? 0 : 1);
            }
        }
        assertThat(catalog.linkGraph(catalog.system("dgx-a100").orElseThrow())).isEmpty();
    }

    @Test
    void theSystemsUsersNameAreCataloguedWithTheirPartsAndSources() {
        record Expected(String label, String name, String device, int gpus, String intra, String nic, int nics,
                        String source) {
        }
        for (Expected x : List.of(
                new Expected("DGX A100 640GB", "dgx-a100-80gb", "A100-SXM4-80GB", 8, "nvswitch-2", "ib-hdr", 8,
                        "nvidia-dgx-a100-datasheet"),
                new Expected("DGX-2H", "dgx-2h", "V100-SXM3-32GB-H", 16, "nvswitch-1", "ib-edr", 8, "tomshardware"),
                new Expected("p3dn.24xlarge", "aws-p3dn.24xlarge", "V100-SXM2-32GB", 8, "nvlink-2", "eth-100g", 1,
                        "aws.amazon.com/ec2/instance-types/p3"),
                new Expected("p5.48xlarge", "aws-p5.48xlarge", "H100-SXM5-80GB", 8, "nvswitch-3", "eth-100g", 32,
                        "aws.amazon.com/ec2/instance-types/p5"),
                new Expected("ND A100 v4", "azure-nd96asr-v4", "A100-SXM4-40GB", 8, "nvswitch-2", "ib-hdr", 8,
                        "learn.microsoft.com"),
                new Expected("Standard_ND96isr_H100_v5", "azure-nd96isr-h100-v5", "H100-SXM5-80GB", 8, "nvswitch-3",
                        "ib-ndr", 8, "learn.microsoft.com"),
                new Expected("a3-highgpu-8g", "gcp-a3-highgpu-8g", "H100-SXM5-80GB", 8, "nvswitch-3", "eth-200g", 4,
                        "cloud.google.com/compute/docs/gpus/gpu-network-bandwidth"),
                new Expected("A3 Mega", "gcp-a3-megagpu-8g", "H100-SXM5-80GB", 8, "nvswitch-3", "eth-200g", 8,
                        "cloud.google.com/compute/docs/gpus/gpu-network-bandwidth"))) {
            SystemSpec s = catalog.system(x.label()).orElseThrow();
            assertThat(s.name()).isEqualTo(x.name());
            assertThat(s.device()).as(x.name()).isEqualTo(x.device());
            assertThat(s.devicesPerNode()).as(x.name()).isEqualTo(x.gpus());
            assertThat(s.intraLink()).as(x.name()).contains(x.intra());
            assertThat(s.nic()).as(x.name()).contains(x.nic());
            assertThat(s.nicsPerNode()).as(x.name()).isEqualTo(x.nics());
            assertThat(s.source()).as(x.name()).contains(x.source());
        }
        DeviceSpec v100h = catalog.device("dgx-2h").orElseThrow();
        assertThat(v100h.fp16Tflops()).hasValue(2100.0 / 16);
        // Not published: the tensor-core peak over the GV100's per-clock ratio of tensor-core to FP32 FMAs (8).
        assertThat(v100h.fp32Tflops()).hasValueCloseTo(2100.0 / 16 / 8, within(0.01));
        assertThat(catalog.device("A100 80GB SXM").orElseThrow().memoryGb()).hasValue(80);
    }

    /**
     * A device's way to its host: PCIe even where the GPUs talk over NVLink, and shared by two devices where the source
     * says so (a DGX-1's PCIe switches, a K80 board's two dies); a composed system keeps its base's unless it swaps
     * the device.
     */
    @Test
    void hostLinksAreThePciePathAndItsSharing() {
        SystemSpec dgx1 = catalog.system("DGX-1").orElseThrow();
        assertThat(catalog.hostLink(dgx1).map(HardwareEntry::name)).contains("pcie-3-x16");
        assertThat(dgx1.devicesPerHostLink()).isEqualTo(2);
        SystemSpec k80 = catalog.system("gcp-n1-k80").orElseThrow();
        assertThat(catalog.hostLink(k80).map(HardwareEntry::name)).contains("pcie-3-x16");
        assertThat(k80.devicesPerHostLink()).isEqualTo(2);
        SystemSpec a100 = catalog.system("dgx-a100").orElseThrow();
        assertThat(catalog.hostLink(a100).map(HardwareEntry::name)).contains("pcie-4-x16");
        assertThat(a100.devicesPerHostLink()).isEqualTo(1);
        assertThat(catalog.hostLink(catalog.system("aws-g4dn.12xlarge").orElseThrow()).map(HardwareEntry::name))
                .as("a PCIe tree's intra-node link is its host link").contains("pcie-3-x16");
        SystemSpec composed = catalog.system("dgx-1-v100+gpus=4").orElseThrow();
        assertThat(composed.devicesPerHostLink()).isEqualTo(2);
        assertThat(composed.hostLink()).contains("pcie-3-x16");
        SystemSpec swapped = catalog.system("dgx-1-v100+device=A100-SXM4-40GB").orElseThrow();
        assertThat(swapped.hostLink()).isEmpty();
        assertThat(swapped.devicesPerHostLink()).isEqualTo(1);
    }

    @Test
    void vendorPrefixedDeviceNamesResolve() {
        assertThat(catalog.find("NVIDIA A100-SXM4-80GB").map(HardwareEntry::name)).contains("A100-SXM4-80GB");
        assertThat(catalog.device("Tesla V100-SXM2-16GB").map(HardwareEntry::name)).contains("V100-SXM2-16GB");
        assertThat(catalog.device("NVIDIA H100 80GB HBM3").map(HardwareEntry::name)).contains("H100-SXM5-80GB");
        // The prefixes the catalog's names omit are dropped in turn: vendor, then product line.
        assertThat(catalog.device("NVIDIA Tesla V100-SXM2-32GB").map(HardwareEntry::name)).contains("V100-SXM2-32GB");
        assertThat(catalog.device("NVIDIA T4").map(HardwareEntry::name)).contains("T4");
        assertThat(catalog.device("Tesla V100-SXM3-32GB-H").map(HardwareEntry::name)).contains("V100-SXM3-32GB-H");
        assertThat(catalog.system("NVIDIA DGX A100").map(HardwareEntry::name)).contains("dgx-a100");
        assertThat(catalog.resolve("NVIDIA DGX-1+nics=2").name()).isEqualTo("NVIDIA DGX-1+nics=2");
        assertThat(catalog.find("NVIDIA")).isEmpty();
        assertThat(catalog.find("NVIDIA GeForce RTX 4090")).isEmpty();
    }

    @Test
    void labelsResolveIgnoringCaseAndPunctuation() {
        assertThat(catalog.find("t4").map(HardwareEntry::name)).contains("T4");
        assertThat(catalog.find("Tesla V100-SXM2-32GB").map(HardwareEntry::name)).contains("V100-SXM2-32GB");
        assertThat(catalog.find("NVIDIA A100-PG509-200").map(HardwareEntry::name)).contains("A100-SXM4-40GB");
        assertThat(catalog.find("DGX A100").map(HardwareEntry::name)).contains("dgx-a100");
    }

    @Test
    void deviceNamesAsProfilerTracesReportThemResolveWithTheirVendorPrefix() {
        // deviceProperties names of PyTorch profiler traces: the vendor, sometimes the product line, then the model
        assertThat(catalog.find("NVIDIA A100-SXM4-80GB").map(HardwareEntry::name)).contains("A100-SXM4-80GB");
        assertThat(catalog.find("NVIDIA H100 80GB HBM3").map(HardwareEntry::name)).contains("H100-SXM5-80GB");
        assertThat(catalog.find("Tesla V100-SXM2-16GB").map(HardwareEntry::name)).contains("V100-SXM2-16GB");
        assertThat(catalog.find("NVIDIA Tesla V100-SXM2-16GB").map(HardwareEntry::name)).contains("V100-SXM2-16GB");
        assertThat(catalog.find("NVIDIA T4").map(HardwareEntry::name)).contains("T4");
        assertThat(catalog.find("NVIDIA GeForce RTX 4090")).isEmpty();
        assertThat(catalog.find("NVIDIA ")).isEmpty();
    }

    @Test
    void anUnknownLabelIsReportedWithTheClosestNames() {
        assertThat(catalog.find("V100-SXM3")).isEmpty();
        assertThat(catalog.closest("V100-SXM3", 3)).hasSize(3).first().asString().startsWith("V100-SXM2");
        assertThatThrownBy(() -> catalog.resolve("dgx-one"))
                .hasMessageStartingWith("unknown hardware 'dgx-one' (closest: dgx-");
        // A label naming a GPU model the catalog lacks says so, with the closest names for a typo.
        assertThatThrownBy(() -> catalog.resolve("dgx-b300"))
                .hasMessageStartingWith("hardware 'dgx-b300' names a GPU the catalog does not have (B300; no "
                        + "catalogued GPU is of that model; closest names: dgx-")
                .hasMessageContaining("a hardware file can state it");
        // The DGX B200 and its GPU are catalogued, NVLink 5 at 1.8 TB/s per GPU.
        assertThat(catalog.system("DGX B200").map(s -> s.device() + " " + s.intraLink().orElseThrow())).contains(
                "B200-SXM-180GB nvswitch-4");
        assertThat(catalog.device("B200").map(HardwareEntry::name)).contains("B200-SXM-180GB");
    }

    @Test
    void aLabelNamingTwoEntriesIsRejected() {
        List<HardwareEntry> twice = new ArrayList<>(catalog.entries());
        twice.add(new DeviceSpec("T4-copy", List.of("t4"), io.stepcast.api.hardware.DeviceKind.GPU,
                OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalDouble.empty(), "synthetic test entry"));
        assertThatThrownBy(() -> new DefaultHardwareCatalog(twice)).hasMessageContaining("'t4' names both T4 and T4-copy");
    }

    /** Every hardware label every importer writes for the real data resolves to a catalog entry. */
    @Test
    void everyImportedHardwareLabelResolves() throws IOException {
        DefaultObservationCatalog sources = new DefaultObservationCatalog();
        Set<String> labels = new TreeSet<>();
        for (String source : sources.sources()) {
            if (source.equals("tf-cpu-profiles")) {
                continue; // recorded on the user's machine, not in shared/data
            }
            for (Observation o : sources.observations(source, Optional.of(SharedData.dir()))) {
                labels.add(o.config().deployment().hardware());
            }
        }
        List<String> unknown = labels.stream().filter(l -> catalog.find(l).isEmpty())
                .map(l -> l + " (closest: " + String.join(", ", catalog.closest(l, 3)) + ")").toList();
        assertThat(unknown).as("hardware labels without a catalog entry").isEmpty();
        assertThat(labels).contains("T4", "k80", "p100", "v100", "K80", "gce");
    }
}
