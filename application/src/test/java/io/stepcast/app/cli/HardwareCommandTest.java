package io.stepcast.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

class HardwareCommandTest {
    private static CliRun run(String... args) {
        return CliRun.command(new HardwareCommand(new DefaultHardwareCatalog()), args);
    }

    @Test
    void thePluginContributesTheHardwareCommand() {
        assertThat(PluginRegistry.discover().commands()).extracting(CommandExtension::name).contains("hardware");
    }

    @Test
    void listShowsEveryCategory() throws IOException {
        CliRun r = run("list");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("devices:", "links:", "nics:", "systems:", "V100-SXM2-16GB", "fp32_tflops=15.7",
                "dgx-h100", "topology=NVSWITCH");
        JsonNode all = new ObjectMapper().readTree(run("list", "--json").out());
        assertThat(all.size()).isEqualTo(new DefaultHardwareCatalog().entries().size());
        assertThat(all.get(0).get("source").asText()).contains("https://");
    }

    @Test
    void showReadsAGpuCountAsEvaluateDoes() {
        // The count is the run's GPUs; the rest names the GPU shown, with evaluate's note on stderr.
        CliRun counted = run("show", "8x A100 80GB SXM4");
        assertThat(counted.code()).isZero();
        assertThat(counted.out()).contains("A100-SXM4-80GB");
        assertThat(counted.err()).contains("note: hardware '8x A100 80GB SXM4'", "read as 'A100-SXM4-80GB': its 8x is"
                + " taken as the GPUs the run used");
        // A rest the catalog does not know is refused with the GPU's systems, not the nearest names by spelling.
        CliRun machine = run("show", "LambdaCloud 4xV100 16GB");
        assertThat(machine.code()).isEqualTo(2);
        assertThat(machine.err()).contains("dgx-1-v100", "read as 'LambdaCloud V100 16GB'").doesNotContain("A100-PCIE-40GB", "P100");
        // A label without a count is refused as before.
        assertThat(run("show", "dgx-one").err()).contains("unknown hardware 'dgx-one' (closest: dgx-1-v100");
    }

    @Test
    void showPrintsOneEntryWithItsSource() throws IOException {
        CliRun r = run("show", "p4d.24xlarge");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("aws-p4d.24xlarge", "A100-SXM4-40GB", "nics_per_node", "aws.amazon.com/ec2");
        JsonNode j = new ObjectMapper().readTree(run("show", "ib-hdr", "--json").out());
        assertThat(j.get("gbps").asDouble()).isEqualTo(200);
        JsonNode dgx1 = new ObjectMapper().readTree(run("show", "DGX-1 V100", "--json").out());
        assertThat(dgx1.get("nvlink_matrix")).hasSize(8);
        assertThat(dgx1.get("nvlink_matrix").get(0).toString()).isEqualTo("[0,1,1,2,2,0,0,0]");
        // What the link-based predictors derive: 12 NVLinks of 25 GB/s per GPU on NVSwitch, 8 HDR ports of 200 Gb/s.
        JsonNode dgx = new ObjectMapper().readTree(run("show", "dgx-a100", "--json").out());
        assertThat(dgx.get("intra_node_gbps").asDouble()).isEqualTo(2400);
        assertThat(dgx.get("node_network_gbps").asDouble()).isEqualTo(1600);
        assertThat(dgx.get("intra_node_latency_us").asDouble()).isEqualTo(3.4);
        assertThat(dgx.get("source").asText()).contains("nvidia.com");
        assertThat(run("show", "dgx-a100").out()).contains("intra_node_gbps", "node_network_latency_us");
        // A system whose interconnect the source does not state has none.
        JsonNode gavel = new ObjectMapper().readTree(run("show", "A100-PCIE-40GB+gpus=4", "--json").out());
        assertThat(gavel.has("intra_node_gbps")).isFalse();
    }

    @Test
    void showGivesEachAddedSystemItsDerivedLinks() throws IOException {
        // intra_node_gbps: NVLinks per GPU x 25 GB/s x 8 bits (NVSwitch), or the DGX-1 mesh's rings; node_network_gbps:
        // NICs per node x line rate.
        record Derived(String label, String name, double intraGbps, double networkGbps) {
        }
        for (Derived d : java.util.List.of(
                new Derived("DGX A100 80GB", "dgx-a100-80gb", 2400, 1600),
                new Derived("DGX-2H", "dgx-2h", 1200, 800),
                new Derived("p3dn.24xlarge", "aws-p3dn.24xlarge", 1200, 100),
                new Derived("p5.48xlarge", "aws-p5.48xlarge", 3600, 3200),
                new Derived("ND A100 v4", "azure-nd96asr-v4", 2400, 1600),
                new Derived("ND H100 v5", "azure-nd96isr-h100-v5", 3600, 3200),
                new Derived("a3-highgpu-8g", "gcp-a3-highgpu-8g", 3600, 800),
                new Derived("a3-megagpu-8g", "gcp-a3-megagpu-8g", 3600, 1600))) {
            CliRun r = run("show", d.label(), "--json");
            assertThat(r.code()).as(d.label() + r.err()).isZero();
            JsonNode j = new ObjectMapper().readTree(r.out());
            assertThat(j.get("name").asText()).isEqualTo(d.name());
            assertThat(j.get("intra_node_gbps").asDouble()).as(d.name()).isEqualTo(d.intraGbps());
            assertThat(j.get("node_network_gbps").asDouble()).as(d.name()).isEqualTo(d.networkGbps());
            assertThat(j.get("source").asText()).as(d.name()).contains("https://");
        }
        assertThat(run("show", "dgx-2h").out()).contains("V100-SXM3-32GB-H", "intra_node_gbps", "1200");
    }

    @Test
    void anUnknownNameExitsTwoWithTheClosestNames() {
        CliRun r = run("show", "a100-sxm");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("unknown hardware 'a100-sxm' (closest: A100-SXM4-40GB, A100-SXM4-80GB, ");
    }
}
