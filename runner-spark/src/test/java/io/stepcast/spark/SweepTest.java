package io.stepcast.spark;

import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.cli.StepcastCli;
import io.stepcast.app.sweep.SweepGrid;
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
