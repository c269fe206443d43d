package io.stepcast.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.ApplicationPlugin;
import io.stepcast.app.sweep.LayoutStubPlugin;
import io.stepcast.datasets.parquet.GenericRows;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.SyntheticPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code sweep}'s switches from the command line and the grid file: {@code --[no-]eager-kernels} and the grid key
 * {@code fused_kernels}, written to {@code --json} and {@code sweep.parquet} as the column {@code fused_kernels}; and a
 * switch stated off, whose refusal says it is false rather than not stated; {@code --[no-]overlap-p2p-comm} and the
 * grid key {@code overlap_p2p_comm}, as the column {@code overlap_p2p_comm}. The training row is synthetic and the
 * predictors stubs that read layouts (mechanics only): 1 s with fused kernels, 2 s with eager ones; 1 s with the
 * pipeline sends overlapped, 2 s with them blocking.
 */
class SweepSwitchesCliTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.of(List.of(new SyntheticPlugin(),
            new LayoutStubPlugin("stub-kernels", "synthetic: 1 s fused, 2 s eager",
            l -> l.fusedKernels() ? 1.0 : 2.0), new LayoutStubPlugin("stub-p2p", "synthetic: 1 s overlapped, 2 s "
            + "blocking", l -> l.overlapP2pComm() ? 1.0 : 2.0), new EvaluationPlugin(), new ApplicationPlugin()));

    @TempDir
    Path dir;

    /** A sweep of the kernels' stub at tensor parallelism 2. */
    private CliRun sweep(String... extra) throws Exception {
        return sweep("stub-kernels", List.of("--tensor-parallel", "2"), extra);
    }

    /** A sweep of the pipeline sends' stub at two stages of one micro-batch. */
    private CliRun p2p(String... extra) throws Exception {
        return sweep("stub-p2p", List.of("--tensor-parallel", "2", "--pipeline-parallel", "2", "--micro-batch", "1"),
                extra);
    }

    private CliRun sweep(String predictor, List<String> layout, String... extra) throws Exception {
        Path csv = Files.writeString(dir.resolve("synthetic.csv"), String.join("\n",
                "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,step_time_s",
                "my-net,ALLREDUCE,1,1,8,32,V100,0.2", ""));
        List<String> args = new ArrayList<>(List.of("sweep", "--train", csv.toString(), "--predictor", predictor,
                "--target", "step-time", "--models", "my-net", "--nodes", "1", "--gpus-per-node", "8"));
        args.addAll(layout);
        args.addAll(List.of("--threads", "1", "--out", dir.resolve("out").toString()));
        args.addAll(List.of(extra));
        return CliRun.stepcast(REGISTRY, args.toArray(String[]::new));
    }

    private static JsonNode point(CliRun r) throws Exception {
        assertThat(r.code()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out()).get("points").get(0);
    }

    private Map<String, Object> parquetRow() throws Exception {
        try (var r = GenericRows.reader(dir.resolve("out").resolve("sweep.parquet"))) {
            return r.next();
        }
    }

    @Test
    void eagerKernelsFromTheFlagOrTheGridFileAreTheColumnFusedKernelsFalse() throws Exception {
        JsonNode fused = point(sweep("--json"));
        assertThat(fused.get("fused_kernels").asBoolean()).isTrue();
        assertThat(fused.get("mean").asDouble()).isEqualTo(1.0);

        JsonNode eager = point(sweep("--eager-kernels", "--json"));
        assertThat(eager.get("fused_kernels").asBoolean()).isFalse();
        assertThat(eager.get("mean").asDouble()).isEqualTo(2.0);
        assertThat(parquetRow()).containsEntry("fused_kernels", false).containsEntry("tensor_parallel", 2);

        Path grid = Files.writeString(dir.resolve("grid.yaml"), "fused_kernels: false\n");
        assertThat(point(sweep("--grid", grid.toString(), "--json")).get("mean").asDouble()).isEqualTo(2.0);
        // The negated flag overrides the file, as for the other switches.
        JsonNode overridden = point(sweep("--grid", grid.toString(), "--no-eager-kernels", "--json"));
        assertThat(overridden.get("fused_kernels").asBoolean()).isTrue();
        assertThat(overridden.get("mean").asDouble()).isEqualTo(1.0);

        Path bad = Files.writeString(dir.resolve("bad.yaml"), "fused_kernels: sometimes\n");
        CliRun refused = sweep("--grid", bad.toString());
        assertThat(refused.code()).isEqualTo(1);
        assertThat(refused.err().strip()).isEqualTo("stepcast: error: " + bad
                + ": field fused_kernels: 'sometimes' is not true or false");
    }

    @Test
    void contextParallelismWithoutFlashAttentionSaysWhetherItWasTurnedOffOrNotStated() throws Exception {
        CliRun stated = sweep("--no-flash-attention");
        assertThat(stated.code()).as(stated.err()).isZero();
        assertThat(parquetRow()).containsEntry("flash_attention", false);

        // Every point refused: the reasons go to stderr and the sweep writes nothing (sweep.parquet is as it was).
        CliRun off = sweep("--context-parallel", "2", "--no-flash-attention");
        assertThat(off.code()).as(off.err()).isEqualTo(1);
        assertThat(off.err()).contains("1 point: --context-parallel is 2 but --flash-attention is false: context "
                + "parallelism's ring attention runs on the fused attention kernel");
        assertThat(parquetRow()).containsEntry("flash_attention", false);
        assertThat(parquetRow().get("refusal")).isNull();

        CliRun unstated = sweep("--context-parallel", "2");
        assertThat(unstated.code()).as(unstated.err()).isEqualTo(1);
        assertThat(unstated.err()).contains("1 point: --context-parallel is 2 but --flash-attention is not stated "
                + "(false): context parallelism's");

        Path grid = Files.writeString(dir.resolve("grid.yaml"), "flash_attention: false\n");
        assertThat(sweep("--grid", grid.toString(), "--context-parallel", "2").err())
                .contains("--flash-attention is false:");
    }

    @Test
    void overlapP2pCommFollowsTheScheduleAndTheNegatedFlagOrTheGridFileTurnsItOff() throws Exception {
        JsonNode interleaved = point(p2p("--virtual-stages", "2", "--json"));
        assertThat(interleaved.get("overlap_p2p_comm").asBoolean()).isTrue();
        assertThat(interleaved.get("mean").asDouble()).isEqualTo(1.0);
        JsonNode plain = point(p2p("--json"));
        assertThat(plain.get("overlap_p2p_comm").asBoolean()).isFalse();
        assertThat(plain.get("mean").asDouble()).isEqualTo(2.0);

        JsonNode off = point(p2p("--virtual-stages", "2", "--no-overlap-p2p-comm", "--json"));
        assertThat(off.get("overlap_p2p_comm").asBoolean()).isFalse();
        assertThat(off.get("mean").asDouble()).isEqualTo(2.0);
        assertThat(parquetRow()).containsEntry("overlap_p2p_comm", false).containsEntry("virtual_stages", 2);

        Path grid = Files.writeString(dir.resolve("grid.yaml"), "overlap_p2p_comm: false\n");
        assertThat(point(p2p("--grid", grid.toString(), "--virtual-stages", "2", "--json")).get("mean").asDouble())
                .isEqualTo(2.0);
        JsonNode overridden = point(p2p("--grid", grid.toString(), "--virtual-stages", "2", "--overlap-p2p-comm",
                "--json"));
        assertThat(overridden.get("overlap_p2p_comm").asBoolean()).isTrue();
        assertThat(overridden.get("mean").asDouble()).isEqualTo(1.0);
        assertThat(parquetRow()).containsEntry("overlap_p2p_comm", true);
    }

    @Test
    void overlapP2pCommOnAPlainSchedulePointIsRefusedNamingIt() throws Exception {
        CliRun refused = p2p("--overlap-p2p-comm");
        assertThat(refused.code()).as(refused.err()).isEqualTo(1);
        assertThat(refused.err()).contains("1 point: --overlap-p2p-comm is true but needs the interleaved schedule "
                + "(--virtual-stages above 1");
    }
}
