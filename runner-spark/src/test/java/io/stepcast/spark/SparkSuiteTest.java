package io.stepcast.spark;

import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.evaluation.engine.EngineOptions;
import io.stepcast.evaluation.engine.Engines;
import io.stepcast.evaluation.engine.ExecutionEngine;
import io.stepcast.evaluation.engine.LocalEngine;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.report.Leaderboard;
import io.stepcast.evaluation.suite.ProgressListener;
import io.stepcast.evaluation.suite.SuiteResult;
import io.stepcast.evaluation.suite.SuiteRunner;
import io.stepcast.evaluation.suite.SuiteSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One small suite on embedded data, on every engine: in-process on 1 thread and on every core, Spark
 * {@code local[2]} and Spark {@code local-cluster[2,1,1024]} (two executor JVMs, so the tasks are rebuilt from
 * their recipe and the results travel as bytes). Leaderboards, selection entries and every prediction (with its
 * native interval) must be identical, and the task that throws is reported with its dataset, split and predictor on each engine.
 */
class SparkSuiteTest {
    private static PluginRegistry registry;
    private static SuiteSource source;
    private static SuiteResult oneThread;

    @BeforeAll
    static void reference() throws Exception {
        registry = PluginRegistry.discover();
        source = new SmallSuite(Path.of(SparkSuiteTest.class.getResource("/small-suite.yaml").toURI()).toString());
        oneThread = run(new LocalEngine(), EngineOptions.threads(1));
    }

    private static SuiteResult run(ExecutionEngine engine, EngineOptions options) throws Exception {
        SuiteSource.Opened o = source.open(registry);
        return new SuiteRunner(registry, o.catalog(), o.profiles(), o.dataDir(), ProgressListener.NONE, engine, options,
                Optional.of(source)).run(o.suite(), List.of());
    }

    @Test
    void theReferenceRunScoresAndReportsTheFailingTask() {
        assertThat(oneThread.points()).isNotEmpty();
        assertThat(oneThread.selection()).hasSize(2 + 2);
        assertThat(oneThread.points().stream().filter(p -> p.predictor().equals("courier-ols"))
                .anyMatch(p -> p.predicted().isPresent())).isTrue();
        assertThat(oneThread.points().stream().filter(p -> p.predictor().equals("synthetic-throws")))
                .isNotEmpty().allMatch(p -> p.predicted().isEmpty());
        // Native intervals, which must travel with the points across the engines.
        assertThat(oneThread.points().stream().filter(p -> p.predictor().equals("synthetic-native-range")))
                .isNotEmpty().allMatch(p -> p.nativeInterval().isPresent());
        assertThat(oneThread.notes()).anyMatch(n -> n.startsWith("courier-cells kfold")
                && n.contains(" synthetic-throws: task failed: IllegalStateException: synthetic failure"));
    }

    @Test
    void everyEngineGivesTheSameResults() throws Exception {
        assertSame(run(new LocalEngine(), EngineOptions.threads(Runtime.getRuntime().availableProcessors() + 1)));
        ExecutionEngine spark = Engines.resolve("spark", registry);
        assertSame(run(spark, new EngineOptions(1, Optional.of("local[2]"))));
        assertSame(run(spark, new EngineOptions(1, Optional.of("local-cluster[2,1,1024]"))));
    }

    private static void assertSame(SuiteResult r) {
        assertThat(Leaderboard.plain(r)).isEqualTo(Leaderboard.plain(oneThread));
        assertThat(r.entries()).isEqualTo(oneThread.entries());
        assertThat(r.perModel()).isEqualTo(oneThread.perModel());
        assertThat(r.selection()).isEqualTo(oneThread.selection());
        assertThat(r.notes()).isEqualTo(oneThread.notes());
        assertThat(r.points()).hasSameSizeAs(oneThread.points());
        for (int i = 0; i < r.points().size(); i++) {
            ScoredPoint a = r.points().get(i);
            ScoredPoint b = oneThread.points().get(i);
            assertThat(a).isEqualTo(b);
            assertThat(Double.doubleToRawLongBits(a.predicted().orElse(Double.NaN)))
                    .isEqualTo(Double.doubleToRawLongBits(b.predicted().orElse(Double.NaN)));
        }
    }
}
