package io.stepcast.app.sweep;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.ApplicationPlugin;
import io.stepcast.app.cli.StepcastCli;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.SyntheticPlugin;
import io.stepcast.evaluation.engine.EngineOptions;
import io.stepcast.evaluation.engine.LocalEngine;
import io.stepcast.evaluation.suite.ProgressListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code stepcast sweep --train FILE}: a what-if over a user's own measurements (synthetic rows, written here),
 * fitted by the synthetic plugin's mean estimator; and the chart of a sweep that no point answered.
 */
class SweepUserFileTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.of(List.of(new SyntheticPlugin(), new EvaluationPlugin(), new ApplicationPlugin()));
    private static final SweepGrid GRID = new SweepGrid(List.of("my-net"), List.of(), List.of(1, 4), List.of(8),
            List.of(), List.of(), List.of(), List.of(), List.of());

    @TempDir
    Path dir;

    private Path syntheticFile() throws Exception {
        Path csv = dir.resolve("mine.csv");
        Files.writeString(csv, String.join("\n",
                "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,step_time_s,colour",
                "my-net,ALLREDUCE,1,1,8,32,V100,0.2,red",
                "my-net,ALLREDUCE,8,1,8,32,V100,0.3,blue", ""));
        return csv;
    }

    @Test
    void aUsersFileIsTheTrainingSetAndItsNotesAreKept() throws Exception {
        Path csv = syntheticFile();
        SweepTasks tasks = new SweepSpec("synthetic-mean", Map.of(), csv.toString(), null, "step-time", 1, GRID)
                .tasks(REGISTRY);
        assertThat(tasks.notes()).singleElement().asString().startsWith(csv + ": ").contains("colour");
        List<SweepRow> rows = new LocalEngine().run(tasks, EngineOptions.threads(1), ProgressListener.NONE);
        assertThat(rows).extracting(r -> r.point().config().workers()).containsExactly(8, 32);
        // The points take the file's architecture and hardware (its V100 read as the catalog's name); the mean
        // estimator gives the file's mean step time.
        Config first = rows.get(0).point().config();
        assertThat(first.deployment().architecture()).isEqualTo(Architecture.ALLREDUCE);
        assertThat(first.deployment().hardware()).isEqualTo("V100-SXM2-16GB");
        assertThat(rows).allSatisfy(r -> assertThat(r.mean().getAsDouble()).isCloseTo(0.25, within(1e-12)));
    }

    @Test
    void theGridsHardwareIsReadInTheCatalogsWordsLikeTheFilesLabels() throws Exception {
        SweepGrid grid = new SweepGrid(List.of("my-net"), List.of(), List.of(1), List.of(8), List.of("Tesla V100-SXM2-16GB",
                "my-own-box"), List.of(), List.of(), List.of(), List.of());
        SweepTasks tasks = new SweepSpec("synthetic-mean", Map.of(), syntheticFile().toString(), null, "step-time", 1,
                grid).tasks(REGISTRY);
        List<SweepRow> rows = new LocalEngine().run(tasks, EngineOptions.threads(1), ProgressListener.NONE);
        assertThat(rows).extracting(r -> r.point().config().deployment().hardware())
                .containsExactly("V100-SXM2-16GB", "my-own-box");
    }

    @Test
    void withoutGpusPerNodeWorkersFillTheNodesOfTheSystemTheHardwareNames() throws Exception {
        SweepGrid grid = new SweepGrid(List.of("my-net"), List.of(1, 8, 16), List.of(), List.of(),
                List.of("NVIDIA DGX A100 (8x A100 40GB)", "V100"), List.of(), List.of(), List.of(), List.of());
        SweepTasks tasks = new SweepSpec("synthetic-mean", Map.of(), syntheticFile().toString(), null, "step-time", 1,
                grid).tasks(REGISTRY);
        List<SweepRow> rows = new LocalEngine().run(tasks, EngineOptions.threads(1), ProgressListener.NONE);
        // A system label: eight GPUs per node, as simulate places them; a device label names no node: one per node.
        assertThat(rows).extracting(r -> r.point().config().deployment().hardware() + " " + r.point().config().workers()
                + "/" + r.point().config().deployment().nodes() + "/" + r.point().gpusPerNode())
                .containsExactly("dgx-a100 1/1/8", "dgx-a100 8/1/8", "dgx-a100 16/2/8", "V100-SXM2-16GB 1/1/1",
                        "V100-SXM2-16GB 8/8/1", "V100-SXM2-16GB 16/16/1");
    }

    @Test
    void theCommandSweepsAFileAndWarnsOfItsUnknownColumn() throws Exception {
        Path csv = syntheticFile();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(REGISTRY, new String[] {"sweep", "--train", csv.toString(), "--predictor",
                "synthetic-mean", "--target", "step-time", "--models", "my-net", "--nodes", "1,4", "--gpus-per-node", "8",
                "--threads", "1", "--out", dir.resolve("out").toString()}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        assertThat(err.toString()).contains("warning: " + csv + ": ").contains("colour");
        assertThat(out.toString()).contains("sweep synthetic-mean on " + csv + ": 2 points");
        assertThat(dir.resolve("out").resolve(SweepParquet.FILE)).isRegularFile();
    }

    @Test
    void theLinkAxesGiveEveryPairOfBandwidthsInOrderAndARefusedValueIsNamed() throws Exception {
        SweepGrid grid = new SweepGrid(List.of("my-net"), List.of(), List.of(1, 4), List.of(8), List.of(),
                List.of(10.0, 100.0), List.of(), List.of(), List.of(), List.of(25.0, 400.0));
        SweepTasks tasks = new SweepSpec("synthetic-mean", Map.of(), syntheticFile().toString(), null, "step-time", 1,
                grid).tasks(REGISTRY);
        List<SweepRow> rows = new LocalEngine().run(tasks, EngineOptions.threads(1), ProgressListener.NONE);
        // The NIC bandwidth outer, then the intra-node one, then the cluster size.
        assertThat(rows).extracting(r -> r.point().config().deployment().bandwidthGbps().getAsDouble() + "/"
                + r.point().config().deployment().intraNodeGbps().getAsDouble() + "/" + r.point().config().workers())
                .containsExactly("10.0/25.0/8", "10.0/25.0/32", "10.0/400.0/8", "10.0/400.0/32", "100.0/25.0/8",
                        "100.0/25.0/32", "100.0/400.0/8", "100.0/400.0/32");
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(REGISTRY, new String[] {"sweep", "--train", syntheticFile().toString(),
                "--predictor", "synthetic-mean", "--models", "my-net", "--workers", "1", "--intra-node-gbps", "0",
                "--out", dir.resolve("bad").toString()}, new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true));
        assertThat(code).isNotZero();
        assertThat(err.toString()).contains("--intra-node-gbps: 0.0 is not a positive number");
    }

    @Test
    void aMissingFileIsOneLineNamingIt() {
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(REGISTRY, new String[] {"sweep", "--train", dir.resolve("absent.csv").toString(),
                "--predictor", "synthetic-mean", "--models", "my-net", "--workers", "1", "--out", dir.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).isEqualTo(1);
        assertThat(err.toString().strip()).isEqualTo("stepcast: error: " + dir.resolve("absent.csv") + ": no such file");
    }

    @Test
    void aGridsMissingTrainFileAndASavedModelAreOneLineNamingWhereTheyCameFrom() throws Exception {
        Path grid = Files.writeString(dir.resolve("grid.yaml"), "train: absent.csv\nmodels: [my-net]\nworkers: [1]\n");
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(REGISTRY, new String[] {"sweep", "--grid", grid.toString(), "--predictor",
                "synthetic-mean", "--out", dir.resolve("out").toString()}, new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true));
        assertThat(code).isEqualTo(1);
        assertThat(err.toString().strip()).isEqualTo("stepcast: error: " + grid + ": field train: absent.csv: no such "
                + "file (relative to the working folder " + Path.of("").toAbsolutePath() + ", not to the grid file)");
        // Synthetic: any existing file named as fit --save names models.
        Path model = Files.writeString(dir.resolve("mean.model.json"), "{}");
        StringWriter err2 = new StringWriter();
        int code2 = StepcastCli.run(REGISTRY, new String[] {"sweep", "--train", model.toString(), "--predictor",
                "synthetic-mean", "--models", "my-net", "--workers", "1", "--out", dir.resolve("out").toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err2, true));
        assertThat(code2).isEqualTo(1);
        assertThat(err2.toString().strip()).startsWith("stepcast: error: --train " + model + ": a saved model "
                + "(fit --save) is not a training source").endsWith("answers the points with predict --model");
    }

    @Test
    void oneLineOfTheChartIsSaidInTheSingular() throws Exception {
        StringWriter out = new StringWriter();
        int code = StepcastCli.run(REGISTRY, new String[] {"sweep", "--train", syntheticFile().toString(),
                "--predictor", "synthetic-mean", "--target", "step-time", "--models", "my-net", "--workers", "1,8",
                "--threads", "1", "--out", dir.resolve("one").toString()}, new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true));
        assertThat(code).isZero();
        assertThat(out.toString()).contains("and scaling.png (1 line)");
    }

    @Test
    void aSweepThatNoPointAnsweredStillGetsItsChart() throws Exception {
        Config c = Config.builder().model("my-net").architecture(Architecture.ALLREDUCE).workers(4).localBatch(32).build();
        SweepRow refused = new SweepRow(new SweepPoint(c, 1, Optional.empty()), "step-time",
                List.of(OptionalDouble.empty()), Optional.of("not applicable: synthetic"));
        Path png = dir.resolve(SweepChart.FILE);
        assertThat(SweepChart.write(png, "synthetic-broken", "step-time", List.of(refused))).isZero();
        assertThat(Files.size(png)).isPositive();
    }

    /** Synthetic mechanics: the precision axis states each point's precision, after the hardware; unstated, none. */
    @Test
    void thePrecisionAxisStatesEachPointsPrecision() throws Exception {
        SweepGrid grid = new SweepGrid(List.of("my-net"), List.of(), List.of(1, 4), List.of(8), List.of(), List.of(),
                List.of(), List.of(), List.of(), List.of(), List.of("tf32", "amp"));
        SweepTasks tasks = new SweepSpec("synthetic-mean", Map.of(), syntheticFile().toString(), null, "step-time", 1,
                grid).tasks(REGISTRY);
        List<SweepRow> rows = new LocalEngine().run(tasks, EngineOptions.threads(1), ProgressListener.NONE);
        assertThat(rows).extracting(r -> SweepAxis.PRECISION.value(r) + "/" + r.point().config().workers())
                .containsExactly("tf32/8", "tf32/32", "fp16/8", "fp16/32");
        SweepGrid unstated = new SweepGrid(List.of("my-net"), List.of(), List.of(1), List.of(8), List.of(), List.of(),
                List.of(), List.of(), List.of(), List.of());
        List<SweepRow> plain = new LocalEngine().run(new SweepSpec("synthetic-mean", Map.of(),
                syntheticFile().toString(), null, "step-time", 1, unstated).tasks(REGISTRY), EngineOptions.threads(1),
                ProgressListener.NONE);
        assertThat(SweepAxis.PRECISION.value(plain.get(0))).isNull();
        assertThatThrownBy(() -> new SweepGrid(List.of("my-net"), List.of(1),
                List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of("fp12"))).hasMessageContaining("precision must be fp32, tf32");
    }
}
