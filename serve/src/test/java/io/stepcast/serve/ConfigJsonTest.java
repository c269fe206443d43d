package io.stepcast.serve;

import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Sharding;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A request's {@code fsdp}, {@code flash_attention} and {@code context_parallel} reach the configuration's layout, as
 * the CSV's columns do, and its nodes fill the system of the service's catalog.
 */
class ConfigJsonTest {
    private static final HardwareCatalog EMBEDDED = new DefaultHardwareCatalog();
    private static final String LLM = "{\"model\": \"gpt-l24-h2048-a16-s1024-v50304\", \"architecture\": "
            + "\"allreduce\", \"workers\": 8, \"global_batch\": 64, \"micro_batch\": 2, \"hardware\": \"dgx-a100\"";

    private static Config read(String extra) throws Exception {
        return ConfigJson.read(ServeFixture.JSON.readTree(LLM + extra + "}"), EMBEDDED).config();
    }

    @Test
    void aLayoutWithoutNodesFillsTheSystemOfTheServicesCatalog() throws Exception {
        // A user's catalog in which the DGX A100 80GB has four GPUs per node (the embedded one has eight).
        List<HardwareEntry> entries = EMBEDDED.entries().stream().map(e -> e instanceof SystemSpec s
                && s.name().equals("dgx-a100-80gb") ? new SystemSpec(s.name(), s.aliases(), s.device(), 4, s.topology(),
                s.intraLink(), s.nic(), s.nicsPerNode(), s.source(), s.hostLink(), Math.min(4, s.devicesPerHostLink()))
                : e).toList();
        HardwareCatalog fourPerNode = new DefaultHardwareCatalog(entries);
        var request = ServeFixture.JSON.readTree("{\"model\": \"llama3-8b\", \"architecture\": \"allreduce\", "
                + "\"workers\": 64, \"local_batch\": 1, \"fsdp\": true, \"hardware\": \"dgx-a100-80gb\"}");
        assertThat(ConfigJson.read(request, fourPerNode).config().deployment().nodes()).isEqualTo(16);
        assertThat(ConfigJson.read(request, EMBEDDED).config().deployment().nodes()).isEqualTo(8);
    }

    @Test
    void fsdpAndFlashAttentionReachTheLayout() throws Exception {
        ParallelLayout full = read(", \"fsdp\": true, \"flash_attention\": true").parallel().orElseThrow();
        assertThat(full.sharding()).isEqualTo(Sharding.FULL);
        assertThat(full.flashAttention()).isTrue();
        assertThat(read(", \"fsdp\": \"true\", \"distributed_optimizer\": true").parallel().orElseThrow()
                .sharding()).isEqualTo(Sharding.FULL);
        ParallelLayout zero1 = read(", \"distributed_optimizer\": true, \"fsdp\": false").parallel().orElseThrow();
        assertThat(zero1.sharding()).isEqualTo(Sharding.OPTIMIZER);
        assertThat(zero1.flashAttention()).isFalse();
        assertThat(read("").parallel().orElseThrow().sharding()).isEqualTo(Sharding.NONE);
        assertThat(read("").parallel().orElseThrow().fusedKernels()).isTrue();
        assertThat(read(", \"fused_kernels\": false").parallel().orElseThrow().fusedKernels()).isFalse();
    }

    @Test
    void overlapP2pCommReachesTheLayoutAndTrueOnThePlainScheduleIsA400() throws Exception {
        String interleaved = ", \"pipeline_parallel\": 2, \"virtual_stages\": 2";
        assertThat(read(interleaved).parallel().orElseThrow().overlapP2pComm()).isTrue();
        assertThat(read(interleaved + ", \"overlap_p2p_comm\": false").parallel().orElseThrow().overlapP2pComm())
                .isFalse();
        assertThat(read(", \"overlap_p2p_comm\": false").parallel().orElseThrow().overlapP2pComm()).isFalse();
        assertThatThrownBy(() -> read(", \"overlap_p2p_comm\": true"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageStartingWith("field 'config.overlap_p2p_comm' is true but needs the interleaved schedule");
    }

    @Test
    void contextParallelReachesTheLayoutAndItsReplicasGpus() throws Exception {
        Config c = read(", \"flash_attention\": true, \"context_parallel\": 2, \"tensor_parallel\": 2");
        ParallelLayout p = c.parallel().orElseThrow();
        assertThat(p.context()).isEqualTo(2);
        // workers stay the data-parallel replicas, each now of t x c GPUs
        assertThat(c.workers()).isEqualTo(8);
        assertThat(c.deployment().devicesPerWorker()).isEqualTo(4);
        assertThat(read(", \"flash_attention\": true").parallel().orElseThrow().context()).isEqualTo(1);
    }

    @Test
    void aContextParallelRequestWithoutFlashAttentionOrBelowOneIsA400NamingTheField() {
        assertThatThrownBy(() -> read(", \"flash_attention\": false, \"context_parallel\": 2"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageStartingWith("field 'config.context_parallel' is 2 but field 'config.flash_attention' is "
                        + "false");
        assertThatThrownBy(() -> read(", \"flash_attention\": true, \"context_parallel\": 0"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessage("field 'config.context_parallel' must be at least 1, was 0");
        assertThatThrownBy(() -> read(", \"flash_attention\": true, \"context_parallel\": 1.5"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("field 'config.context_parallel' is not a whole number");
    }

    @Test
    void anExpertParallelThatDoesNotDivideTheStageIsA400NamingTheField() throws Exception {
        var request = ServeFixture.JSON.readTree("{\"model\": \"qwen3-30b-a3b\", \"architecture\": \"allreduce\", "
                + "\"workers\": 8, \"local_batch\": 1, \"hardware\": \"dgx-h100\", \"expert_parallel\": 3}");
        assertThatThrownBy(() -> ConfigJson.read(request, EMBEDDED)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageStartingWith("field 'config.expert_parallel' is 3 but must divide the tensor x context x "
                        + "data = 1 x 1 x 8 ranks");
    }

    @Test
    void aDeploymentRefusalOfOneFieldIsA400NamingThatField() throws Exception {
        var ps = ServeFixture.JSON.readTree("{\"model\": \"ResNet-50\", \"architecture\": \"sync_ps\", "
                + "\"workers\": 4, \"local_batch\": 32, \"parameter_servers\": 0}");
        assertThatThrownBy(() -> ConfigJson.read(ps, EMBEDDED)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.status()).isEqualTo(400))
                .hasMessage("field 'config.parameter_servers' must be at least 1 for SYNC_PS");
        var placed = ServeFixture.JSON.readTree("{\"model\": \"ResNet-50\", \"architecture\": \"allreduce\", "
                + "\"workers\": 8, \"local_batch\": 32, \"nodes\": 2, \"placement\": \"4+2\"}");
        assertThatThrownBy(() -> ConfigJson.read(placed, EMBEDDED)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.status()).isEqualTo(400))
                .hasMessage("field 'config.placement': 4+2 has 2 nodes and 6 GPUs, but the job has nodes 2 and 8 GPUs "
                        + "(workers x devices_per_worker)");
    }

    @Test
    void aCapacityFactorReachesTheLayoutAndOneNotPositiveIsA400NamingTheField() throws Exception {
        String moe = "{\"model\": \"qwen3-30b-a3b\", \"architecture\": \"allreduce\", \"workers\": 8, "
                + "\"local_batch\": 1, \"hardware\": \"dgx-h100\", \"expert_parallel\": 8";
        Config c = ConfigJson.read(ServeFixture.JSON.readTree(moe + ", \"expert_capacity_factor\": 1.25}"), EMBEDDED)
                .config();
        assertThat(c.parallel().orElseThrow().expertCapacityFactor()).hasValue(1.25);
        assertThat(ConfigJson.read(ServeFixture.JSON.readTree(moe + "}"), EMBEDDED).config().parallel().orElseThrow()
                .expertCapacityFactor()).isEmpty();
        var bad = ServeFixture.JSON.readTree(moe + ", \"expert_capacity_factor\": 0}");
        assertThatThrownBy(() -> ConfigJson.read(bad, EMBEDDED)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("field 'config.expert_capacity_factor'");
    }

    @Test
    void aBadValueOrAContradictionIsA400NamingTheFields() {
        assertThatThrownBy(() -> read(", \"fsdp\": \"yes\"")).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.status()).isEqualTo(400))
                .hasMessage("field 'config.fsdp' must be true or false, was 'yes'");
        assertThatThrownBy(() -> read(", \"flash_attention\": 1")).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("field 'config.flash_attention' must be true or false, was '1'");
        assertThatThrownBy(() -> read(", \"fsdp\": true, \"distributed_optimizer\": false"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("field 'config.fsdp' is true but field 'config.distributed_optimizer' is false")
                .hasMessageEndingWith("(leave distributed_optimizer out or true)");
    }

    @Test
    void zeroStageReachesTheLayoutAndAContradictionOrAStageOutsideZeroToThreeIsA400() throws Exception {
        assertThat(read(", \"zero_stage\": 2").parallel().orElseThrow().sharding()).isEqualTo(Sharding.GRADIENTS);
        assertThat(read(", \"zero_stage\": 1, \"distributed_optimizer\": true").parallel().orElseThrow().sharding())
                .isEqualTo(Sharding.OPTIMIZER);
        assertThat(read(", \"zero_stage\": 3").parallel().orElseThrow().sharding()).isEqualTo(Sharding.FULL);
        assertThatThrownBy(() -> read(", \"zero_stage\": 2, \"fsdp\": true"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("field 'config.zero_stage' is 2 but field 'config.fsdp' is true");
        assertThatThrownBy(() -> read(", \"zero_stage\": 5"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("field 'config.zero_stage' must be 0, 1, 2 or 3");
    }
}
