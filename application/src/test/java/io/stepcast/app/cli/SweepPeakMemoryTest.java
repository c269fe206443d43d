package io.stepcast.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.PeakMemory;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.app.ApplicationPlugin;
import io.stepcast.app.sweep.SweepGrid;
import io.stepcast.app.sweep.SweepRow;
import io.stepcast.app.sweep.SweepSpec;
import io.stepcast.app.sweep.SweepTasks;
import io.stepcast.datasets.parquet.GenericRows;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.SyntheticPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code stepcast sweep} with a predictor that estimates the peak memory per GPU: its table, {@code --json} and
 * {@code sweep.parquet} carry {@code peak_memory_gib}, blank where the predictor gives none; a predictor without a
 * memory estimate adds no table column and leaves the others null. The predictor is a stub (its memory is made up: 1 GiB
 * per worker up to one node), fitted on a synthetic file written here.
 */
class SweepPeakMemoryTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.of(List.of(new SyntheticPlugin(),
            new StubMemoryPlugin(), new EvaluationPlugin(), new ApplicationPlugin()));

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private Path train() throws Exception {
        return Files.writeString(dir.resolve("synthetic.csv"), String.join("\n",
                "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,step_time_s",
                "my-net,ALLREDUCE,1,1,8,32,V100,0.2", ""));
    }

    private Run sweep(String predictor, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("--models", "my-net", "--nodes", "1,4", "--gpus-per-node", "8"));
        args.addAll(List.of(extra));
        return sweepOf(predictor, args);
    }

    /** A sweep whose points {@code points} gives (models, workers or nodes, GPUs per node). */
    private Run sweepOf(String predictor, List<String> points) throws Exception {
        List<String> args = new ArrayList<>(List.of("sweep", "--train", train().toString(), "--predictor", predictor,
                "--target", "step-time", "--threads", "1", "--out", dir.resolve("out").toString()));
        args.addAll(points);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(REGISTRY, args.toArray(String[]::new), new PrintWriter(out, true),
                new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    private List<Map<String, Object>> parquet() throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (var r = GenericRows.reader(dir.resolve("out").resolve("sweep.parquet"))) {
            for (Map<String, Object> row = r.next(); row != null; row = r.next()) {
                rows.add(row);
            }
        }
        return rows;
    }

    @Test
    void aPredictorThatEstimatesMemoryAddsPeakMemoryGbBlankWhereItGivesNone() throws Exception {
        Run r = sweep("stub-memory");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("WORKERS")).findFirst().orElseThrow());
        assertThat(lines.get(header)).endsWith("UNIT  PEAK GiB  FITS");
        // 8 workers on one node: 8 GiB, within a V100's 16; 32 workers on four: the stub gives no estimate.
        assertThat(lines.subList(header + 1, header + 3)).extracting(l -> List.of(l.split("\\s+"))).containsExactly(
                List.of("8", "1", "0.2", "0", "0.2", "0.2", "s", "8.0", "yes"),
                List.of("32", "4", "0.2", "0", "0.2", "0.2", "s", "-", "-"));
        assertThat(r.out()).doesNotContain("would not run");

        List<Map<String, Object>> rows = parquet();
        assertThat(rows).extracting(row -> row.get("peak_memory_gib")).containsExactly(8.0, null);
        assertThat(rows).extracting(row -> row.get("fits")).containsExactly(true, null);

        Run json = sweep("stub-memory", "--json");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode points = new ObjectMapper().readTree(json.out()).get("points");
        assertThat(points.get(0).get("peak_memory_gib").asDouble()).isEqualTo(8.0);
        assertThat(points.get(1).get("peak_memory_gib").isNull()).isTrue();
        assertThat(points.get(0).get("fits").asBoolean()).isTrue();
        assertThat(points.get(1).get("fits").isNull()).isTrue();
    }

    @Test
    void aPointThatDoesNotFitItsGpuIsMarkedAndCounted() throws Exception {
        // One node of 24 GPUs (a made-up node): the stub's 16 GiB for 16 workers just fit a V100's 16 GiB, 24 do not.
        Run r = sweepOf("stub-memory", List.of("--models", "my-net", "--workers", "16,24", "--gpus-per-node", "24"));
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("WORKERS")).findFirst().orElseThrow());
        assertThat(lines.subList(header + 1, header + 3)).extracting(l -> l.split("\\s+")[l.split("\\s+").length - 1])
                .containsExactly("yes", "NO");
        assertThat(r.out()).contains("1 of the points needs more memory per GPU (PEAK GiB) than the GPU has (FITS NO): "
                + "as stated, it would not run");
        assertThat(parquet()).extracting(row -> row.get("fits")).containsExactly(true, false);
    }

    @Test
    void aStatedLinkAboveTheHardwaresIsNotedOnce() throws Exception {
        Run r = sweepOf("stub-memory", List.of("--models", "my-net", "--nodes", "1,4", "--gpus-per-node", "8",
                "--hardware", "dgx-a100", "--intra-node-gbps", "2000,5000"));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).containsOnlyOnce("note: --intra-node-gbps 5000 is above what a GPU of dgx-a100 can send over "
                + "its nvswitch-2 links (2400 Gbit/s per direction); it is used as stated").doesNotContain("2000 is above");
    }

    @Test
    void aSweepNoPointOfWhichIsAnsweredFailsAndWritesNothing() throws Exception {
        Run r = sweepOf("stub-memory", List.of("--models", "another-net", "--nodes", "1,4", "--gpus-per-node", "8"));
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("2 points not applicable", "  2 points: only my-net was fitted",
                "stepcast: stub-memory answered no point of the sweep (the reasons above); wrote nothing to "
                        + dir.resolve("out"));
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aSweepNoPointOfWhichIsAnsweredLeavesAnEarlierRunsFilesAsTheyWere() throws Exception {
        Run good = sweep("stub-memory");
        assertThat(good.code()).as(good.err()).isZero();
        Path parquet = dir.resolve("out").resolve("sweep.parquet");
        Path chart = dir.resolve("out").resolve("scaling.png");
        byte[] table = Files.readAllBytes(parquet);
        byte[] png = Files.readAllBytes(chart);
        for (List<String> json : List.of(List.<String>of(), List.of("--json"))) {
            List<String> args = new ArrayList<>(List.of("--models", "another-net", "--nodes", "1,4", "--gpus-per-node",
                    "8"));
            args.addAll(json);
            Run r = sweepOf("stub-memory", args);
            assertThat(r.code()).isEqualTo(1);
            assertThat(r.out()).as("stdout with " + json).isEmpty();
            assertThat(r.err()).contains("answered no point of the sweep (the reasons above); wrote nothing, " + parquet
                    + " and scaling.png are left as they were");
            assertThat(Files.readAllBytes(parquet)).isEqualTo(table);
            assertThat(Files.readAllBytes(chart)).isEqualTo(png);
            assertThat(parquet()).hasSize(2).allSatisfy(row -> assertThat(row.get("refusal")).isNull());
        }
    }

    @Test
    void aPredictorWithoutAMemoryEstimateAddsNoColumnToTheTableAndNullsElsewhere() throws Exception {
        Run r = sweep("synthetic-mean");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("PEAK GiB");
        assertThat(parquet()).extracting(row -> row.get("peak_memory_gib")).containsExactly(null, null);
        Run json = sweep("synthetic-mean", "--json");
        JsonNode points = new ObjectMapper().readTree(json.out()).get("points");
        assertThat(points.get(0).get("peak_memory_gib").isNull()).isTrue();
    }

    @Test
    void thePeakMemoryTravelsToAndFromAnotherEngine() throws Exception {
        SweepGrid grid = new SweepGrid(List.of("my-net"), List.of(), List.of(1, 4), List.of(8), List.of(), List.of(),
                List.of(), List.of(), List.of());
        SweepTasks tasks = new SweepSpec("stub-memory", Map.of(), train().toString(), null, "step-time", 1, grid)
                .tasks(REGISTRY);
        for (int i = 0; i < tasks.size(); i++) {
            SweepRow row = tasks.run(i);
            assertThat(tasks.decode(i, tasks.encode(i, row))).isEqualTo(row);
        }
        assertThat(tasks.run(0).peakMemoryBytes()).isEqualTo(OptionalDouble.of(8.0 * (1L << 30)));
    }

    /** One estimator whose predictor answers 0.2 s for every point and estimates memory for one node only. */
    private static final class StubMemoryPlugin extends StepcastPlugin {
        StubMemoryPlugin() {
            super("stub-memory-test");
        }

        @Override
        protected void registerAll() {
            estimator(new StubMemory());
            // The embedded hardware catalog alone (the datasets plugin would bind a second observation catalog).
            bind(HardwareCatalog.class).toInstance(new DefaultHardwareCatalog());
            notPersistable("stub-memory", "a test fixture");
        }
    }

    /** 0.2 s for my-net, nothing for other models; 1 GiB per worker on one node; no estimate across nodes. */
    private static final class StubMemory implements Estimator {
        public String name() { return "stub-memory"; }
        public String description() { return "synthetic memory estimate"; }
        public Set<Target> targets() { return Set.of(Target.STEP_TIME); }
        public Map<String, String> hyperParameters() { return Map.of(); }
        public Estimator withHyperParameters(Map<String, String> o) { return this; }
        public Predictor fit(TrainingSet t) { return new MemoryPredictor(Provenance.of(this, t, 0)); }
    }

    private record MemoryPredictor(Provenance provenance) implements Predictor, PeakMemory {
        public Prediction predict(Config c, Target target) {
            return c.model().equals("my-net") ? Prediction.of(0.2) : Prediction.notApplicable("only my-net was fitted");
        }
        public Set<Target> targets() { return Set.of(Target.STEP_TIME); }

        public OptionalDouble peakMemoryBytes(Config c) {
            return c.deployment().nodes() == 1 ? OptionalDouble.of(c.workers() * (double) (1L << 30)) : OptionalDouble.empty();
        }
    }
}
