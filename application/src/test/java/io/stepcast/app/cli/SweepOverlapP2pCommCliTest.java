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
 * {@code sweep --[no-]overlap-p2p-comm} and the grid key {@code overlap_p2p_comm}, written to {@code --json} and
 * {@code sweep.parquet} as the column {@code overlap_p2p_comm}. The training row is synthetic and the predictor a stub
 * that reads layouts (mechanics only): 1 s with the sends overlapped, 2 s with them blocking.
 */
class SweepOverlapP2pCommCliTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.of(List.of(new SyntheticPlugin(),
            new LayoutStubPlugin("stub-p2p", "synthetic: 1 s overlapped, 2 s blocking",
            l -> l.overlapP2pComm() ? 1.0 : 2.0), new EvaluationPlugin(), new ApplicationPlugin()));

    @TempDir
    Path dir;

    private CliRun sweep(String... extra) throws Exception {
        Path csv = Files.writeString(dir.resolve("synthetic.csv"), String.join("\n",
                "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,step_time_s",
                "my-net,ALLREDUCE,1,1,8,32,V100,0.2", ""));
        List<String> args = new ArrayList<>(List.of("sweep", "--train", csv.toString(), "--predictor", "stub-p2p",
                "--target", "step-time", "--models", "my-net", "--nodes", "1", "--gpus-per-node", "8",
                "--tensor-parallel", "2", "--pipeline-parallel", "2", "--micro-batch", "1", "--threads", "1",
                "--out", dir.resolve("out").toString()));
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
    void theDefaultFollowsTheScheduleAndTheNegatedFlagOrTheGridFileTurnsItOff() throws Exception {
        JsonNode interleaved = point(sweep("--virtual-stages", "2", "--json"));
        assertThat(interleaved.get("overlap_p2p_comm").asBoolean()).isTrue();
        assertThat(interleaved.get("mean").asDouble()).isEqualTo(1.0);
        JsonNode plain = point(sweep("--json"));
        assertThat(plain.get("overlap_p2p_comm").asBoolean()).isFalse();
        assertThat(plain.get("mean").asDouble()).isEqualTo(2.0);

        JsonNode off = point(sweep("--virtual-stages", "2", "--no-overlap-p2p-comm", "--json"));
        assertThat(off.get("overlap_p2p_comm").asBoolean()).isFalse();
        assertThat(off.get("mean").asDouble()).isEqualTo(2.0);
        assertThat(parquetRow()).containsEntry("overlap_p2p_comm", false).containsEntry("virtual_stages", 2);

        Path grid = Files.writeString(dir.resolve("grid.yaml"), "overlap_p2p_comm: false\n");
        assertThat(point(sweep("--grid", grid.toString(), "--virtual-stages", "2", "--json")).get("mean").asDouble())
                .isEqualTo(2.0);
        JsonNode overridden = point(sweep("--grid", grid.toString(), "--virtual-stages", "2", "--overlap-p2p-comm",
                "--json"));
        assertThat(overridden.get("overlap_p2p_comm").asBoolean()).isTrue();
        assertThat(overridden.get("mean").asDouble()).isEqualTo(1.0);
        assertThat(parquetRow()).containsEntry("overlap_p2p_comm", true);
    }

    @Test
    void theFlagOnAPlainSchedulePointIsRefusedNamingIt() throws Exception {
        CliRun refused = sweep("--overlap-p2p-comm");
        assertThat(refused.code()).as(refused.err()).isEqualTo(1);
        assertThat(refused.err()).contains("1 point: --overlap-p2p-comm is true but needs the interleaved schedule "
                + "(--virtual-stages above 1");
    }
}
