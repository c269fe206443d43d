package io.stepcast.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A grid value {@code sweep} refuses before any point runs is named where the user gave it: by its option when the
 * command line gave it, by the grid file and field when the file did (one line, exit 1). The training file is
 * synthetic (mechanics only).
 */
class SweepRefusedValueTest {
    @TempDir
    Path dir;

    private CliRun sweep(List<String> extra) throws Exception {
        Path csv = dir.resolve("synthetic.csv");
        Files.writeString(csv, String.join("\n",
                "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,step_time_s",
                "my-net,ALLREDUCE,1,1,8,32,V100,0.2", ""));
        List<String> args = new ArrayList<>(List.of("sweep", "--train", csv.toString(), "--predictor",
                "synthetic-mean", "--target", "step-time", "--models", "my-net", "--out", dir.resolve("out").toString()));
        args.addAll(extra);
        return CliRun.stepcast(CliRun.synthetic(), args.toArray(String[]::new));
    }

    private static String oneLine(CliRun r) {
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.err().lines()).as(r.err()).hasSize(1);
        return r.err().strip();
    }

    @Test
    void aValueOfAnOptionIsNamedByTheOption() throws Exception {
        assertThat(oneLine(sweep(List.of("--nodes", "1,0", "--batch", "32"))))
                .isEqualTo("stepcast: error: --nodes: 0 is not at least 1");
        assertThat(oneLine(sweep(List.of("--nodes", "1", "--batch", "32", "--tensor-parallel", "0"))))
                .isEqualTo("stepcast: error: --tensor-parallel: 0 is not at least 1");
        assertThat(oneLine(sweep(List.of("--nodes", "1", "--batch", "32", "--recompute", "some"))))
                .isEqualTo("stepcast: error: --recompute must be none, selective or full, was 'some'");
        assertThat(oneLine(sweep(List.of("--nodes", "1", "--batch", "32", "--bandwidth", "-1"))))
                .isEqualTo("stepcast: error: --bandwidth: -1.0 is not a positive number");
        assertThat(oneLine(sweep(List.of("--nodes", "1", "--batch", "32", "--precision", "fp7"))))
                .startsWith("stepcast: error: --precision must be fp32, tf32");
        assertThat(oneLine(sweep(List.of("--nodes", "1", "--batch", "32", "--seeds", "0"))))
                .isEqualTo("stepcast: error: --seeds: 0 is not at least 1");
        // plan-llm says the same of --virtual-stages 0, exit 1 too (VirtualStagesZeroCliTest).
        assertThat(oneLine(sweep(List.of("--nodes", "1", "--batch", "32", "--virtual-stages", "0"))))
                .isEqualTo("stepcast: error: --virtual-stages: 0 is not at least 1");
    }

    @Test
    void aValueOfTheGridFileIsNamedByTheFileAndItsFieldUnlessAnOptionOverridesIt() throws Exception {
        Path grid = dir.resolve("grid.yaml");
        Files.writeString(grid, "nodes: [1]\nbatch: 32\ntensor_parallel: [2, 0]\nrecompute: sometimes\n");
        assertThat(oneLine(sweep(List.of("--grid", grid.toString(), "--recompute", "none"))))
                .isEqualTo("stepcast: error: " + grid + ": field tensor_parallel: 0 is not at least 1");
        assertThat(oneLine(sweep(List.of("--grid", grid.toString(), "--tensor-parallel", "2"))))
                .isEqualTo("stepcast: error: " + grid
                        + ": field recompute must be none, selective or full, was 'sometimes'");
    }

    @Test
    void anUnknownTargetIsNamedByItsOptionOrItsField() throws Exception {
        // It said only "unknown target 'thruput'", naming neither the option nor the grid file.
        Path csv = dir.resolve("synthetic.csv");
        Files.writeString(csv, "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,step_time_s\n"
                + "my-net,ALLREDUCE,1,1,8,32,V100,0.2\n");
        List<String> args = List.of("sweep", "--train", csv.toString(), "--predictor", "synthetic-mean", "--models",
                "my-net", "--nodes", "1", "--batch", "32", "--out", dir.resolve("out").toString());
        List<String> option = new ArrayList<>(args);
        option.addAll(List.of("--target", "thruput"));
        assertThat(oneLine(CliRun.stepcast(CliRun.synthetic(), option.toArray(String[]::new))))
                .startsWith("stepcast: error: --target: unknown target 'thruput' (expected step-time, throughput");
        Path grid = dir.resolve("grid.yaml");
        Files.writeString(grid, "target: thruput\n");
        List<String> field = new ArrayList<>(args);
        field.addAll(List.of("--grid", grid.toString()));
        assertThat(oneLine(CliRun.stepcast(CliRun.synthetic(), field.toArray(String[]::new))))
                .startsWith("stepcast: error: " + grid + ": field target: unknown target 'thruput'");
    }
}
