package io.stepcast.datasets.hardware;

import io.stepcast.api.Precision;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.HardwareFile;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.NicSpec;
import io.stepcast.api.hardware.SystemSpec;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.NoSuchElementException;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The user's hardware file: its entries join the embedded catalog (composable, resolvable, with their figures), and
 * every mistake is one line naming the file, the line, the entry and the field. The files are written here; the
 * figures of the device are AMD's published MI300X peaks (docs/examples/mi300x-cluster.yaml cites them).
 */
class UserHardwareFileTest {
    /** A device, a link, a NIC and a system of them, the NIC over Ethernet at 400 Gb/s. */
    static final String VALID = """
            devices:
              - name: MI300X
                aliases: [AMD Instinct MI300X]
                bf16_tflops: 1307.4
                fp16_tflops: 1307.4
                fp8_tflops: 2614.9
                memory_gb: 192
                memory_bandwidth_gbs: 5300
                multiprocessors: 304
                source: AMD ROCm documentation, MI300 microarchitecture
            links:
              - name: xgmi-test
                kind: NVLINK
                per_link_gbs: 64
                links_per_gpu: 7
                latency_us: 2.7
                source: AMD ROCm documentation, MI300 node-level architecture
            nics:
              - name: roce-400g
                aliases: 400GbE RoCE, 400 Gigabit
                kind: ethernet
                gbps: 400
                latency_us: 14
                source: IEEE 802.3bs-2017 (400 Gb/s Ethernet)
            systems:
              - name: lab-mi300x
                device: MI300X
                devices_per_node: 8
                topology: NVSWITCH
                intra_link: xgmi-test
                nic: roce-400g
                nics_per_node: 8
                host_link: pcie-5-x16
                source: our lab's node
            """;

    private static DefaultHardwareCatalog catalog(String text) {
        return HardwareCatalogs.withText("lab.yaml", text);
    }

    private static String error(String text) {
        try {
            catalog(text);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError("the file was accepted");
    }

    @Test
    void theFilesEntriesJoinTheEmbeddedCatalogWithTheirFigures() {
        DefaultHardwareCatalog c = catalog(VALID);
        DeviceSpec d = c.device("AMD Instinct MI300X").orElseThrow();
        assertThat(d.name()).isEqualTo("MI300X");
        assertThat(d.peakFlops(Precision.BF16).getAsDouble()).isEqualTo(1307.4e12);
        assertThat(d.peakFlops(Precision.FP8).getAsDouble()).isEqualTo(2614.9e12);
        assertThat(d.peakFlops(Precision.FP32)).isEmpty();
        assertThat(d.multiprocessors().getAsInt()).isEqualTo(304);
        SystemSpec s = c.system("lab-mi300x").orElseThrow();
        assertThat(c.nic(s).map(NicSpec::gbps)).contains(400.0);
        assertThat(c.intraLink(s).map(LinkSpec::perGpuGBs)).contains(448.0);
        assertThat(c.hostLink(s).map(LinkSpec::name)).contains("pcie-5-x16");
        // The aliases of a text field are comma-separated as in the tables; the vendor prefix AMD is dropped.
        assertThat(c.find("400 Gigabit").map(HardwareEntry::name)).contains("roce-400g");
        assertThat(c.find("MI300X").map(HardwareEntry::name)).contains("MI300X");
        // Everything embedded is still there, and the file's entries join their kind's group.
        assertThat(c.find("dgx-h100")).isPresent();
        assertThat(c.entries().size()).isEqualTo(new DefaultHardwareCatalog().entries().size() + 4);
        int lastDevice = c.entries().indexOf(d);
        assertThat(c.entries().get(lastDevice + 1)).isInstanceOf(LinkSpec.class);
    }

    @Test
    void aComposedLabelMayUseTheFilesPartsAndTheEmbeddedOnes() {
        DefaultHardwareCatalog c = catalog(VALID);
        SystemSpec s = (SystemSpec) c.resolve("MI300X+gpus=4+intra=xgmi-test+nic=ib-ndr+nics=2");
        assertThat(s.device()).isEqualTo("MI300X");
        assertThat(s.devicesPerNode()).isEqualTo(4);
        assertThat(c.nic(s).map(NicSpec::name)).contains("ib-ndr");
        SystemSpec t = (SystemSpec) c.resolve("dgx-h100+device=MI300X");
        assertThat(c.device(t.name()).map(DeviceSpec::name)).contains("MI300X");
        // Without the file the same label names the unknown part and says how to state it.
        assertThatThrownBy(() -> new DefaultHardwareCatalog().resolve("MI300X+gpus=4+intra=nvlink-4"))
                .isInstanceOf(NoSuchElementException.class)
                .hasMessageContaining("base 'MI300X' is not in the catalog")
                .hasMessageContaining("hardware file");
    }

    @Test
    void theExampleFileOfTheDocsStatesAnMi300xNode() {
        Path example = Path.of("..", "docs", "examples", "mi300x-cluster.yaml");
        DefaultHardwareCatalog c = HardwareCatalogs.of(Optional.of(new HardwareFile(example)));
        SystemSpec s = c.system("ND MI300X v5").orElseThrow();
        assertThat(s.name()).isEqualTo("mi300x-node");
        assertThat(s.devicesPerNode()).isEqualTo(8);
        assertThat(s.nicsPerNode()).isEqualTo(8);
        assertThat(c.device("mi300x-node").orElseThrow().peakFlops(Precision.BF16).getAsDouble()).isEqualTo(1307.4e12);
        assertThat(c.deviceMemoryBytes("mi300x-node").getAsDouble()).isGreaterThanOrEqualTo(192e9);
        // The file's fully connected matrix, picked by its topology, GPU count and links per GPU.
        assertThat(c.linkGraph(s).orElseThrow().name()).isEqualTo("mi300x-fully-connected");
        assertThat(c.linkGraph(s).orElseThrow().links(2, 7)).isEqualTo(1);
        // The embedded DGX-1's matrix is still its own.
        assertThat(c.linkGraph(c.system("dgx-1-v100").orElseThrow()).orElseThrow().name())
                .isEqualTo("dgx-1-hybrid-cube-mesh");
    }

    @Test
    void aNameOrAliasOfAnEmbeddedEntryIsRefusedNamingFileLineAndTheClash() {
        String clash = VALID.replace("aliases: [AMD Instinct MI300X]", "aliases: [AMD Instinct MI300X, H100 SXM]");
        assertThat(error(clash)).isEqualTo("lab.yaml:3: devices[0] 'MI300X': field aliases: 'H100 SXM' is already the "
                + "embedded device H100-SXM5-80GB (by its name or an alias, compared ignoring case, spaces, '-', '_', "
                + "'.' and a vendor prefix); a hardware file adds entries and cannot redefine one: give yours another "
                + "name");
        String renamed = VALID.replace("name: lab-mi300x", "name: DGX_H100");
        assertThat(error(renamed)).startsWith("lab.yaml:26: systems[0] 'DGX_H100': field name: 'DGX_H100' is already "
                + "the embedded system dgx-h100");
        // A vendor prefix does not hide a clash: NVIDIA T4 is the embedded T4.
        assertThat(error(VALID.replace("[AMD Instinct MI300X]", "[NVIDIA T4]")))
                .contains("'NVIDIA T4' is already the embedded device T4");
    }

    @Test
    void twoEntriesOfTheFileWithOneNameAreRefusedNamingBoth() {
        String twice = VALID.replace("name: roce-400g", "name: xgmi-test");
        assertThat(error(twice)).isEqualTo("lab.yaml:19: nics[0] 'xgmi-test': field name: 'xgmi-test' already names "
                + "links[0] 'xgmi-test' on line 12");
    }

    @Test
    void anEntryWithoutItsSourceIsRefused() {
        String unsourced = VALID.replace("    source: IEEE 802.3bs-2017 (400 Gb/s Ethernet)\n", "");
        assertThat(error(unsourced)).isEqualTo("lab.yaml:19: nics[0] 'roce-400g': field source: missing (every nic "
                + "needs its source)");
    }

    /**
     * A link or NIC without its latency used to load and then be no link at all: {@code plan-llm} on the docs' Gaudi
     * 2 node (docs/examples/gaudi2-hls2.yaml, first written without it) said only that "the catalog lacks the link,
     * peak FLOPs or memory bandwidth figures", and the all-reduce predictors asked for an {@code intra_node_gbps}
     * column. Every link-based cost needs the figure, so the file names it where it is missing.
     */
    @Test
    void aLinkOrNicWithoutItsLatencyIsRefusedNamingTheField() {
        assertThat(error(VALID.replace("    latency_us: 2.7\n", "")))
                .isEqualTo("lab.yaml:12: links[0] 'xgmi-test': field latency_us: missing (every link needs its "
                        + "latency_us: microseconds per hop, with which the link-based predictors price every transfer"
                        + " over it; the embedded NVLink and NVSwitch links take NCCL's 3.4, PCIe links 5.7 and NICs "
                        + "14)");
        assertThat(error(VALID.replace("    latency_us: 14\n", "")))
                .startsWith("lab.yaml:19: nics[0] 'roce-400g': field latency_us: missing (every nic needs its "
                        + "latency_us: ");
    }

    @Test
    void aDeviceMayStateItsMeasuredAchievableMatmulFraction() {
        // MI300X's BF16 row of ml-engineering's MAMF table: 668.4 of 1300 TFLOP/s.
        String stated = VALID.replace("    memory_gb: 192\n", "    memory_gb: 192\n    achievable_matmul_fraction: 0.5142\n");
        assertThat(catalog(stated).device("MI300X").orElseThrow().achievableMatmulFraction()).hasValue(0.5142);
        assertThat(catalog(VALID).device("MI300X").orElseThrow().achievableMatmulFraction()).isEmpty();
        assertThat(error(stated.replace("0.5142", "1.2")))
                .isEqualTo("lab.yaml:8: devices[0] 'MI300X': field achievable_matmul_fraction: "
                        + "achievable_matmul_fraction must be in (0, 1], was 1.2");
    }

    @Test
    void aBadNumberNamesItsLineAndField() {
        assertThat(error(VALID.replace("fp8_tflops: 2614.9", "fp8_tflops: fast")))
                .isEqualTo("lab.yaml:6: devices[0] 'MI300X': field fp8_tflops: 'fast' is not a number");
        assertThat(error(VALID.replace("devices_per_node: 8", "devices_per_node: 8.5")))
                .isEqualTo("lab.yaml:28: systems[0] 'lab-mi300x': field devices_per_node: '8.5' is not a whole number");
        // The records' own checks are placed on the field they name.
        assertThat(error(VALID.replace("memory_gb: 192", "memory_gb: -192")))
                .isEqualTo("lab.yaml:7: devices[0] 'MI300X': field memory_gb: memory_gb must be a positive number, "
                        + "was -192.0");
        // A system's counts are named by their own field and line, not the record's first field.
        assertThat(error(VALID.replace("devices_per_node: 8", "devices_per_node: 0")))
                .isEqualTo("lab.yaml:28: systems[0] 'lab-mi300x': field devices_per_node: must be at least 1, was 0");
        assertThat(error(VALID.replace("kind: ethernet", "kind: token-ring")))
                .isEqualTo("lab.yaml:21: nics[0] 'roce-400g': field kind: 'token-ring' is not one of ETHERNET, "
                        + "INFINIBAND");
    }

    @Test
    void aSystemNamingItsGpuByAliasIsOneOfThatGpusSystems() {
        DefaultHardwareCatalog c = catalog("""
                systems:
                  - name: lab-h100pcie
                    device: H100 PCIe
                    devices_per_node: 8
                    topology: PCIE_TREE
                    intra_link: pcie-5-x16
                    source: our lab's node
                """);
        assertThat(c.system("lab-h100pcie").orElseThrow().device()).isEqualTo("H100-PCIE-80GB");
        // A label saying PCIe names the PCIe GPU's systems, never the SXM5 ones (a third faster).
        assertThat(c.suggestedSystems("8x H100 PCIe")).containsExactly("lab-h100pcie");
    }

    @Test
    void anUnknownFieldOrSectionIsRefusedWithTheClosestName() {
        assertThat(error(VALID.replace("memory_bandwidth_gbs:", "memory_bandwith_gbs:")))
                .startsWith("lab.yaml:8: devices[0] 'MI300X': field memory_bandwith_gbs: unknown field: did you mean "
                        + "memory_bandwidth_gbs?");
        assertThat(error(VALID.replace("nics:", "nic:")))
                .startsWith("lab.yaml:18: unknown section 'nic': did you mean nics?");
    }

    @Test
    void aSystemWhosePartIsUnknownOrOfAnotherKindNamesTheField() {
        assertThat(error(VALID.replace("device: MI300X", "device: MI300")))
                .isEqualTo("lab.yaml:27: systems[0] 'lab-mi300x': field device: 'MI300' is no device of the catalog or "
                        + "of this file: did you mean MI300X?");
        assertThat(error(VALID.replace("nic: roce-400g", "nic: pcie-5-x16")))
                .isEqualTo("lab.yaml:31: systems[0] 'lab-mi300x': field nic: 'pcie-5-x16' is the link pcie-5-x16, not "
                        + "a nic");
    }

    @Test
    void aFileThatIsNotYamlOrMissingIsOneLine() {
        assertThat(error("devices:\n  - name: [unclosed\n")).startsWith("lab.yaml:").contains("not valid YAML");
        assertThat(error("devices: 3\n")).isEqualTo("lab.yaml:1: section devices must be a list of entries "
                + "('- name: ...')");
        assertThatThrownBy(() -> HardwareCatalogs.withFile(Path.of("no-such-hardware.yaml")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("hardware file no-such-hardware.yaml: no such file");
    }

    @Test
    void aGraphOfTheWrongShapeNamesItsLine() {
        String graph = VALID + """
                graphs:
                  - name: half
                    topology: NVLINK_HYBRID_CUBE_MESH
                    gpus: 2
                    links: [[0, 1], [2, 0]]
                    source: a drawing
                """;
        assertThat(error(graph)).isEqualTo("lab.yaml:39: graphs[0] 'half': field links: the link matrix must be "
                + "symmetric, non-negative, with a zero diagonal (entry 0,1)");
    }

    @Test
    void aGraphNoSystemWouldUseIsRefusedNamingTheCounts() {
        String file = """
                links:
                  - name: bridge-4
                    kind: NVLINK
                    per_link_gbs: 25
                    links_per_gpu: 4
                    latency_us: 3.4
                    source: a synthetic bridge
                systems:
                  - name: four-gpu
                    device: V100-SXM2-16GB
                    devices_per_node: 4
                    topology: NVLINK_HYBRID_CUBE_MESH
                    intra_link: bridge-4
                    source: a synthetic node
                graphs:
                  - name: four-mesh
                    topology: NVLINK_HYBRID_CUBE_MESH
                    gpus: 4
                    links: [[0, 2, 1, 1], [2, 0, 1, 1], [1, 1, 0, 2], [1, 1, 2, 0]]
                    source: a drawing
                """;
        assertThat(catalog(file).linkGraph(catalog(file).system("four-gpu").orElseThrow())).isPresent();
        String three = file.replace("[[0, 2, 1, 1], [2, 0, 1, 1], [1, 1, 0, 2], [1, 1, 2, 0]]",
                "[[0, 1, 1, 1], [1, 0, 1, 1], [1, 1, 0, 1], [1, 1, 1, 0]]");
        assertThat(error(three)).isEqualTo("lab.yaml:19: graphs[0] 'four-mesh': field links: each GPU has 3 links "
                + "here, but the NVLINK_HYBRID_CUBE_MESH systems of 4 GPUs give theirs another count (four-gpu 4 per "
                + "GPU), so no system would use this matrix");
    }
}
