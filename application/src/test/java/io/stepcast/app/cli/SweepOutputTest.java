package io.stepcast.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.ApplicationPlugin;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.SyntheticPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code stepcast sweep} prints its points: a table on stdout (the axes that vary, mean, sd, min, max, unit) or,
 * with {@code --json}, the same rows as JSON and nothing else on stdout. The training file is synthetic (written
 * here) and fitted by the synthetic plugin's mean estimator, so every point predicts the file's mean step time.
 */
class SweepOutputTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.of(List.of(new SyntheticPlugin(), new EvaluationPlugin(), new ApplicationPlugin()));

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private Run sweep(String... extra) throws Exception {
        Path csv = dir.resolve("synthetic.csv");
        Files.writeString(csv, String.join("\n",
                "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,step_time_s",
                "my-net,ALLREDUCE,1,1,8,32,V100,0.2",
                "my-net,ALLREDUCE,8,1,8,32,V100,0.3", ""));
        List<String> args = new java.util.ArrayList<>(List.of("sweep", "--train", csv.toString(), "--predictor",
                "synthetic-mean", "--target", "step-time", "--models", "my-net,other-net", "--nodes", "1,4",
                "--gpus-per-node", "8", "--threads", "1", "--out", dir.resolve("out").toString()));
        args.addAll(List.of(extra));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(REGISTRY, args.toArray(String[]::new), new PrintWriter(out, true),
                new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void theTableHasOneRowPerPointWithTheVaryingAxesAndTheSpread() throws Exception {
        Run r = sweep();
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).contains("every point: mode allreduce, gpus_per_node 8, hardware V100-SXM2-16GB, local_batch 32");
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("MODEL")).findFirst().orElseThrow());
        assertThat(lines.get(header).split("\\s+")).containsExactly("MODEL", "WORKERS", "NODES", "MEAN", "SD", "MIN",
                "MAX", "UNIT");
        // The mean estimator answers the file's mean step time, 0.25 s, for every point and either model.
        assertThat(lines.subList(header + 1, header + 5)).extracting(l -> List.of(l.split("\\s+"))).containsExactly(
                List.of("my-net", "8", "1", "0.25", "0", "0.25", "0.25", "s"),
                List.of("my-net", "32", "4", "0.25", "0", "0.25", "0.25", "s"),
                List.of("other-net", "8", "1", "0.25", "0", "0.25", "0.25", "s"),
                List.of("other-net", "32", "4", "0.25", "0", "0.25", "0.25", "s"));
        assertThat(r.out()).contains("wrote " + dir.resolve("out").resolve("sweep.parquet"));
    }

    @Test
    void aHardwareLabelTheCatalogDoesNotKnowIsToldTheSystemsItMayMean() throws Exception {
        Run r = sweep("--hardware", "8x A100 80GB");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("warning: --hardware '8x A100 80GB': ").contains("did you mean dgx-a100-80gb");
    }

    @Test
    void jsonPutsTheSameRowsAloneOnStdoutAndTheSummaryOnStderr() throws Exception {
        Run r = sweep("--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertThat(root.get("predictor").asText()).isEqualTo("synthetic-mean");
        assertThat(root.get("target").asText()).isEqualTo("step-time");
        assertThat(root.get("unit").asText()).isEqualTo("s");
        JsonNode points = root.get("points");
        assertThat(points).hasSize(4);
        JsonNode last = points.get(3);
        assertThat(last.get("model").asText()).isEqualTo("other-net");
        assertThat(last.get("workers").asInt()).isEqualTo(32);
        assertThat(last.get("nodes").asInt()).isEqualTo(4);
        assertThat(last.get("global_batch").asLong()).isEqualTo(32L * 32);
        assertThat(last.get("mean").asDouble()).isEqualTo(0.25);
        assertThat(last.get("sd").asDouble()).isZero();
        assertThat(last.get("unit").asText()).isEqualTo("s");
        assertThat(last.get("bandwidth_gbps").isNull()).isTrue();
        assertThat(last.get("refusal").isNull()).isTrue();
        assertThat(r.err()).contains("sweep synthetic-mean on ").contains("4 points x 1 seeds")
                .contains("wrote " + dir.resolve("out").resolve("sweep.parquet"));
    }

    @Test
    void valuesShowFourSignificantDigitsWholeNumbersFromAThousandAndNaWhenAbsent() {
        assertThat(SweepTable.number(OptionalDouble.of(2811.34))).isEqualTo("2811");
        assertThat(SweepTable.number(OptionalDouble.of(741.155))).isEqualTo("741.2");
        assertThat(SweepTable.number(OptionalDouble.of(0.222449))).isEqualTo("0.2224");
        assertThat(SweepTable.number(OptionalDouble.of(0))).isEqualTo("0");
        assertThat(SweepTable.number(OptionalDouble.of(123456.7))).isEqualTo("123457");
        assertThat(SweepTable.number(OptionalDouble.empty())).isEqualTo("n/a");
    }
}
