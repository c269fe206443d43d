package io.stepcast.evaluation.suite;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.PeakMemory;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.SyntheticPlugin;
import io.stepcast.evaluation.report.Leaderboard;
import io.stepcast.evaluation.report.ReportWriter;
import io.stepcast.evaluation.report.SavedRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * A suite's {@code memory} tables: every predictor whose estimator estimates memory is scored on the measured runs
 * without a fit, the others are left out, and the scores reach results.json, details.json, the leaderboard and the
 * report, and come back from the files.
 */
class MemoryScoringTest {
    private static final double GIB = 1024.0 * 1024 * 1024;

    private static String yaml(String predictors, String memory) {
        return """
                name: memory
                datasets:
                  - name: grid
                    source: grid
                    where: {model: alpha}
                    protocols: ["kfold:3"]
                    targets: [step-time]
                predictors:
                """ + predictors + "memory: [" + memory + "]\n";
    }

    private static SuiteResult run(String text) throws IOException {
        PluginRegistry registry = PluginRegistry.of(List.of(new SyntheticPlugin(), new StubMemoryPlugin(),
                new EvaluationPlugin()));
        Suite suite = Suites.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), true, "test.yaml");
        return new SuiteRunner(registry, registry.service(ObservationCatalog.class).orElseThrow(), Optional.empty(),
                Optional.empty(), ProgressListener.NONE).run(suite, List.of());
    }

    @Test
    void theEstimatorsThatEstimateMemoryAreScoredOnEveryMeasuredRun(@TempDir Path out) throws IOException {
        SuiteResult r = run(yaml("  - name: synthetic-exact\n  - name: stub-memory\n", "megatron-lm-ci"));
        // synthetic-exact estimates no memory: only the stub is scored, though it cannot fit any time
        assertThat(r.memory()).hasSize(1);
        MemoryEntry m = r.memory().get(0);
        assertThat(m.table()).isEqualTo("megatron-lm-ci");
        assertThat(m.predictor()).isEqualTo("stub-memory");
        assertThat(m.rows()).isEqualTo(3);
        assertThat(m.answered()).isEqualTo(2);
        // 3 GiB against the two pipelined runs; the tensor-parallel one is refused, left out rather than counted as 0
        assertThat(m.mape()).isCloseTo(14.348, within(1e-3));
        assertThat(m.maxApe()).isCloseTo(17.371, within(1e-3));
        assertThat(m.runs()).extracting(MemoryRun::tensor, MemoryRun::pipeline).containsExactly(
                org.assertj.core.groups.Tuple.tuple(1, 2), org.assertj.core.groups.Tuple.tuple(1, 4),
                org.assertj.core.groups.Tuple.tuple(4, 1));
        assertThat(m.runs().get(2).estimatedBytes()).isEmpty();
        assertThat(m.runs().get(0).ape()).isCloseTo(11.326, within(1e-3));

        String console = Leaderboard.plain(r);
        assertThat(console).contains("peak memory per GPU vs measured | megatron-lm-ci\n")
                .containsPattern("stub-memory +2 +3 +14\\.3 +17\\.4\n");
        ReportWriter.write(r, out, "test");
        String results = Files.readString(out.resolve("results.json"));
        assertThat(results).contains("\"memory\" : [ {").contains("\"answered\" : 2").doesNotContain("\"runs\"");
        assertThat(Files.readString(out.resolve("details.json"))).contains("\"runs\" : [ {")
                .contains("\"measured_bytes\" : 3.632653312E9");
        String md = Files.readString(out.resolve("report.md"));
        assertThat(md).contains("#### peak memory per GPU vs measured | megatron-lm-ci")
                .contains("## Peak memory per GPU vs measured")
                .contains("| megatron-lm-ci | gpt-l12-h512-a8-s1024-v50304 | t1 p2 d4 mb4 gb32 bf16 | dgx-a100 | 3.38 |"
                        + " stub-memory | 3.00 | 11.3 |");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<h2>Peak memory per GPU vs measured</h2>");

        // stepcast report DIR reads the same scores back, with their runs
        assertThat(SavedRun.read(out).result().memory()).isEqualTo(r.memory());
    }

    @Test
    void aSuiteWithoutAnyMemoryEstimateSaysSoAndAnUnknownTableIsRefused() throws IOException {
        SuiteResult r = run(yaml("  - name: synthetic-exact\n", "megatron-lm-ci"));
        assertThat(r.memory()).isEmpty();
        assertThat(r.notes()).contains("memory megatron-lm-ci: no predictor of this run estimates the peak memory per"
                + " GPU, none scored on its 3 measured runs");
        assertThatThrownBy(() -> run(yaml("  - name: stub-memory\n", "megatron-ci")))
                .hasMessage("suite memory, field memory: no embedded peak-memory table 'megatron-ci': did you mean"
                        + " megatron-lm-ci? (embedded: megatron-lm-ci)");
    }

    /** One estimator that estimates memory and fits nothing. */
    private static final class StubMemoryPlugin extends StepcastPlugin {
        StubMemoryPlugin() {
            super("stub-memory-test");
        }

        @Override
        protected void registerAll() {
            estimator(new StubMemory());
            notPersistable("stub-memory", "it fits nothing");
        }
    }

    /** 3 GiB for every run without tensor parallelism, nothing for the others; it cannot fit a time. */
    private static final class StubMemory implements Estimator, PeakMemory {
        public String name() { return "stub-memory"; }
        public String description() { return "synthetic memory estimate"; }
        public Set<Target> targets() { return Set.of(Target.STEP_TIME); }
        public Map<String, String> hyperParameters() { return Map.of(); }
        public Estimator withHyperParameters(Map<String, String> o) { return this; }
        public Predictor fit(TrainingSet t) { throw new CannotFitException("stub-memory fits no time"); }

        public OptionalDouble peakMemoryBytes(Config c) {
            return c.parallel().orElseThrow().tensor() == 1 ? OptionalDouble.of(3 * GIB) : OptionalDouble.empty();
        }
    }
}
