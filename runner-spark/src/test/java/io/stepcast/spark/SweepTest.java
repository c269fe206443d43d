package io.stepcast.spark;

import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.cli.StepcastCli;
import io.stepcast.app.sweep.SweepGrid;
import io.stepcast.app.sweep.SweepLayout;
import io.stepcast.app.sweep.SweepRow;
import io.stepcast.app.sweep.SweepSpec;
import io.stepcast.app.sweep.SweepTasks;
import io.stepcast.datasets.parquet.GenericRows;
import io.stepcast.datasets.parquet.RowFileReader;
import io.stepcast.evaluation.engine.EngineOptions;
import io.stepcast.evaluation.engine.Engines;
import io.stepcast.evaluation.engine.LocalEngine;
import io.stepcast.evaluation.suite.ProgressListener;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code stepcast sweep} with the simulation (found in the registry) on the embedded TensorFlow benchmark
 * tables: the grid's points in order, the spread over seeds, the Parquet rows, and identical rows on one
 * thread, several threads and on Spark local-cluster (two executor JVMs).
 */
class SweepTest {
    private static final SweepGrid GRID = new SweepGrid(List.of("resnet50", "vgg16"), List.of(1, 2, 4, 8), List.of(),
            List.of(), List.of(), List.of(10.0, 25.0), List.of("random", "tic"), List.of(), List.of());
    private static final SweepSpec SPEC = new SweepSpec("simulation", Map.of("steps", "12", "warmup", "2", "seeds", "1"),
            "tf-benchmarks", null, "throughput", 2, GRID);
    private static PluginRegistry registry;
    private static List<SweepRow> oneThread;

    @TempDir
    Path dir;

    @BeforeAll
    static void reference() throws Exception {
        registry = PluginRegistry.discover();
        oneThread = new LocalEngine().run(SPEC.tasks(registry), EngineOptions.threads(1), ProgressListener.NONE);
    }

    @Test
    void everyCombinationIsOnePointInTheGridOrder() throws Exception {
        SweepTasks tasks = SPEC.tasks(registry);
        assertThat(tasks.size()).isEqualTo(2 * 4 * 2 * 2);
        assertThat(tasks.points().subList(0, 4)).extracting(p -> p.config().workers()).containsExactly(1, 2, 4, 8);
        assertThat(tasks.points().get(0).config().model()).isEqualTo("resnet50");
        assertThat(tasks.points().get(31).config().model()).isEqualTo("vgg16");
        assertThat(tasks.points().get(4).policy()).contains("tic");
        assertThat(oneThread).allMatch(r -> r.values().size() == 2 && r.answered() == 2);
        // Two seeds of a jittered simulation differ somewhere, so the spread is a real spread.
        assertThat(oneThread).anyMatch(r -> r.sd().getAsDouble() > 0);
        assertThat(oneThread).allMatch(r -> r.min().getAsDouble() <= r.mean().getAsDouble()
                && r.mean().getAsDouble() <= r.max().getAsDouble());
    }

    @Test
    void threadsAndSparkLocalClusterGiveTheSameRows() throws Exception {
        assertThat(new LocalEngine().run(SPEC.tasks(registry), EngineOptions.threads(3), ProgressListener.NONE))
                .isEqualTo(oneThread);
        assertThat(Engines.resolve("spark", registry).run(SPEC.tasks(registry),
                new EngineOptions(1, Optional.of("local-cluster[2,1,1024]")), ProgressListener.NONE)).isEqualTo(oneThread);
    }

    @Test
    void theCommandWritesOneRowPerPointAndTheChart() throws Exception {
        Path grid = Path.of(SweepTest.class.getResource("/small-sweep.yaml").toURI());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(registry, new String[] {"sweep", "--grid", grid.toString(), "--threads", "2",
            "--out", dir.toString()}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("32 points x 2 seeds");
        assertThat(err.toString()).contains("sweep: 32/32 tasks");
        assertThat(Files.size(dir.resolve("scaling.png"))).isGreaterThan(1000);
        List<Map<String, Object>> rows = new ArrayList<>();
        try (RowFileReader<Map<String, Object>> r = GenericRows.reader(dir.resolve("sweep.parquet"))) {
            for (Map<String, Object> row = r.next(); row != null; row = r.next()) {
                rows.add(row);
            }
        }
        assertThat(rows).hasSize(32);
        for (int i = 0; i < rows.size(); i++) {
            assertThat(rows.get(i).get("mean")).isEqualTo(oneThread.get(i).mean().getAsDouble());
            assertThat(rows.get(i).get("workers")).isEqualTo(oneThread.get(i).point().config().workers());
        }
    }

    @Test
    void aLayoutSweepGivesTheSameRowsAndColumnsOnSpark() throws Exception {
        // Synthetic training row (megatron-analytic with vTrain's A100 constants fits nothing to it): a parametric
        // GPT on a DGX A100, swept over TP x PP on 1 and 2 nodes, with a layout (PP 3) that divides neither.
        Path csv = Files.writeString(dir.resolve("synthetic-gpt.csv"), "model,architecture,workers,tensor_parallel,"
                + "pipeline_parallel,micro_batch,global_batch,hardware,step_time_s\n"
                + "gpt-l24-h1024-a16-s2048-v50304,ALLREDUCE,2,2,2,1,64,dgx-a100,1.0\n");
        SweepGrid grid = new SweepGrid(List.of("gpt-l24-h1024-a16-s2048-v50304"), List.of(), List.of(1, 2),
                List.of(8), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                new SweepLayout(List.of(2, 4), List.of(2, 3), List.of(), List.of(), List.of(1), List.of(), List.of(),
                        List.of(), List.of(), true, false, false, false, false));
        SweepSpec layout = new SweepSpec("megatron-analytic", Map.of("efficiency", "vtrain-a100"), csv.toString(), null,
                "step-time", 1, grid);
        List<SweepRow> local = new LocalEngine().run(layout.tasks(registry), EngineOptions.threads(1),
                ProgressListener.NONE);
        assertThat(local).hasSize(8);
        assertThat(local).filteredOn(r -> r.answered() == 1).hasSize(4);
        assertThat(Engines.resolve("spark", registry).run(layout.tasks(registry),
                new EngineOptions(1, Optional.of("local-cluster[2,1,1024]")), ProgressListener.NONE)).isEqualTo(local);
        // The command on Spark writes the layout columns, as on the local engine.
        Map<String, Object> first = null;
        for (String engine : new String[] {"local", "spark"}) {
            Path out = dir.resolve("layout-" + engine);
            Run r = sweep("--predictor", "megatron-analytic", "--hp", "efficiency=vtrain-a100", "--train",
                    csv.toString(), "--target", "step-time", "--models", "gpt-l24-h1024-a16-s2048-v50304", "--nodes",
                    "1,2", "--gpus-per-node", "8", "--tensor-parallel", "2,4", "--pipeline-parallel", "2,3",
                    "--micro-batch", "1", "--sequence-parallel", "--engine", engine, "--out", out.toString());
            assertThat(r.code()).as(r.err()).isZero();
            try (RowFileReader<Map<String, Object>> read = GenericRows.reader(out.resolve("sweep.parquet"))) {
                Map<String, Object> row = read.next();
                assertThat(row).containsEntry("workers", 8).containsEntry("data_parallel", 2)
                        .containsEntry("tensor_parallel", 2).containsEntry("pipeline_parallel", 2)
                        .containsEntry("sequence_parallel", true).containsEntry("global_batch", 64L)
                        .containsEntry("mean", local.get(0).mean().getAsDouble());
                if (first == null) {
                    first = row;
                } else {
                    assertThat(row).isEqualTo(first);
                }
            }
        }
    }

    @Test
    void theConsoleSaysWhyPointsAreNotApplicable() {
        Run r = sweep("--models", "resnet50,NoSuchNet", "--workers", "1,2", "--out", dir.resolve("o").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("4 points x 1 seeds, throughput; 2 points not applicable")
                .contains("  2 points: no profile and no single-worker observation of model NoSuchNet");
    }

    @Test
    void aBadGridFieldIsNamed() throws Exception {
        Run r = sweepGrid("bad.yaml", "models: [resnet50]\nworkers: [1, two]\n");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("bad.yaml: field workers: 'two' is not an integer");
        assertThat(dir.resolve("o")).doesNotExist();
    }

    @Test
    void aYamlSyntaxErrorInAGridNamesTheFileTheLineAndTheProblem() throws Exception {
        Run r = sweepGrid("indent.yaml", "models: [resnet50]\nworkers: [1, 2]\n  bad: indent\n");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("indent.yaml, line 3: expected <block end>, but found '<block mapping start>' "
                + "(while parsing a block mapping)");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    private record Run(int code, String out, String err) {
    }

    /** {@code stepcast sweep} with a grid file of {@code text}, writing to {@code dir/o}. */
    private Run sweepGrid(String name, String text) throws IOException {
        Path grid = Files.writeString(dir.resolve(name), text);
        return sweep("--grid", grid.toString(), "--out", dir.resolve("o").toString());
    }

    private static Run sweep(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = new String[args.length + 1];
        all[0] = "sweep";
        System.arraycopy(args, 0, all, 1, args.length);
        int code = StepcastCli.run(registry, all, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }
}
