package io.stepcast.evaluation.report;

import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.datasets.parquet.PredictionFiles;
import io.stepcast.datasets.parquet.PredictionRow;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.SyntheticPlugin;
import io.stepcast.evaluation.SyntheticSuites;
import io.stepcast.evaluation.suite.ProgressListener;
import io.stepcast.evaluation.suite.SuiteResult;
import io.stepcast.evaluation.suite.SuiteRunner;
import io.stepcast.evaluation.suite.Suites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

import java.awt.Color;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scaling charts of a report over the synthetic plugin (synthetic observations, mechanics only): the training
 * and held-out points charted apart with every answering predictor's curve, and a predictions file without
 * training rows still charted. The suite runs and its report is written as {@code stepcast evaluate --out} does
 * (the command itself: the application module's {@code ReportCommandTest}).
 */
class ScalingChartsTest {
    private static final String SUITE = SyntheticSuites.REPORT;

    private static Path evaluate(Path dir) throws Exception {
        PluginRegistry registry = PluginRegistry.of(List.of(new SyntheticPlugin(), new EvaluationPlugin()));
        SuiteResult r = new SuiteRunner(registry, registry.service(ObservationCatalog.class).orElseThrow(),
                Optional.empty(), Optional.empty(), ProgressListener.NONE, 2)
                .run(Suites.parse(new ByteArrayInputStream(SUITE.getBytes(StandardCharsets.UTF_8)), true,
                        "suite.yaml"), List.of());
        Path out = Files.createDirectories(dir.resolve("out"));
        ReportWriter.write(r, out, "stepcast evaluate --suite suite.yaml --out " + out);
        return out;
    }

    @Test
    void aScalingChartHasTheTrainingAndHeldOutPointsAndEveryAnsweringPredictorsCurve(@TempDir Path dir)
            throws Exception {
        Path out = evaluate(dir);
        List<PredictionRow> rows = PredictionFiles.read(out.resolve(PredictionsParquet.FILE));
        assertThat(rows).extracting(PredictionRow::role).contains(PredictionRow.TEST, PredictionRow.TRAIN);

        List<ScalingCharts.Chart> charts = ScalingCharts.of(SavedRun.read(out).result());
        ScalingCharts.Chart alpha = charts.stream()
                .filter(c -> c.title().equals("alpha on grid: step time vs workers, extrapolation:workers<=2"))
                .findFirst().orElseThrow();
        // Fitted on 1 and 2 workers, held out 4 and 8: the curve spans all four from the same fit.
        assertThat(alpha.trainX()).containsExactly(1, 2);
        assertThat(alpha.testX()).containsExactly(4, 8);
        assertThat(alpha.curves()).extracting(ScalingCharts.Curve::predictor)
                .containsExactly("synthetic-exact", "synthetic-mean");
        ScalingCharts.Curve exact = alpha.curves().get(0);
        assertThat(exact.x()).containsExactly(1, 2, 4, 8);
        // The exact synthetic predictor gives the synthetic law, and the measured means are the law's means too.
        for (int i = 0; i < 2; i++) {
            assertThat(exact.y()[i]).isCloseTo(alpha.trainY()[i], org.assertj.core.api.Assertions.within(1e-9));
            assertThat(exact.y()[i + 2]).isCloseTo(alpha.testY()[i], org.assertj.core.api.Assertions.within(1e-9));
        }

        XYChart drawn = ScalingCharts.render(alpha, p -> Color.BLUE);
        assertThat(drawn.getSeriesMap().keySet()).contains("measured (train)", "measured (test)")
                .anyMatch(k -> k.startsWith("synthetic-exact"));
    }

    @Test
    void predictionsWithoutTrainingRowsStillChartTheHeldOutPoints(@TempDir Path dir) throws Exception {
        Path out = evaluate(dir);
        Path file = out.resolve(PredictionsParquet.FILE);
        // What a file of the layout before the role column holds: held-out rows only.
        PredictionFiles.write(file, PredictionFiles.read(file).stream()
                .filter(r -> r.role().equals(PredictionRow.TEST)).toList());
        // What stepcast report DIR does: draw the report again from the files alone.
        ReportWriter.render(SavedRun.read(out).result(), out, "stepcast report " + out);
        List<ScalingCharts.Chart> charts = ScalingCharts.of(SavedRun.read(out).result());
        assertThat(charts).isNotEmpty().allMatch(c -> c.trainX().length == 0 && !c.fromTrainingSide());
        assertThat(Files.readString(out.resolve("report.md"))).contains("this predictions file holds no training points");
    }
}
