package io.stepcast.evaluation.engine;

import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.evaluation.suite.ProgressListener;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The in-process engine, the engine registry and the envelope a remote result travels in (synthetic tasks). */
class LocalEngineTest {
    /** Synthetic tasks: task i answers "i*i", task 3 throws. */
    private static final class Squares implements TaskSet<String> {
        private final String tag;

        Squares(String tag) {
            this.tag = tag;
        }

        @Override
        public int size() {
            return 20;
        }

        @Override
        public String describe(int i) {
            return tag + " task " + i;
        }

        @Override
        public String run(int i) {
            if (i == 3) {
                throw new IllegalStateException("synthetic failure\nsecond line");
            }
            return Integer.toString(i * i);
        }

        @Override
        public String failed(int i, String reason) {
            return "n/a: " + reason;
        }

        @Override
        public byte[] encode(int i, String result) {
            return result.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String decode(int i, byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public Optional<TaskSource> source() {
            return Optional.empty();
        }
    }

    @Test
    void resultsComeInTaskOrderAndAThrowIsNotApplicable() {
        List<String> told = new ArrayList<>();
        ProgressListener progress = new ProgressListener() {
            @Override
            public void start(long total) {
            }

            @Override
            public void step(String what) {
                told.add(what);
            }
        };
        List<String> one = new LocalEngine().run(new Squares("a"), EngineOptions.threads(1), progress);
        List<String> four = new LocalEngine().run(new Squares("a"), EngineOptions.threads(4), ProgressListener.NONE);
        assertThat(one).isEqualTo(four).hasSize(20);
        assertThat(one.get(4)).isEqualTo("16");
        assertThat(one.get(3)).isEqualTo("n/a: task failed: IllegalStateException: synthetic failure");
        assertThat(told).hasSize(20).contains("a task 3");
    }

    @Test
    void anEnvelopeFromAnotherPlanIsRefused() {
        byte[] envelope = Tasks.runToEnvelope(new Squares("a"), 5);
        assertThat(Tasks.fromEnvelope(new Squares("a"), 5, envelope)).isEqualTo("25");
        assertThatThrownBy(() -> Tasks.fromEnvelope(new Squares("b"), 5, envelope))
                .hasMessageContaining("'a task 5' on the executor but 'b task 5' here");
    }

    @Test
    void sparkWithoutItsModuleSaysHowToBuildIt() {
        PluginRegistry none = PluginRegistry.of(List.of(new EvaluationPlugin()));
        assertThat(Engines.all(none)).containsOnlyKeys("local");
        assertThatThrownBy(() -> Engines.resolve("spark", none)).isInstanceOf(NoSuchElementException.class)
                .hasMessageContaining("mvn -B -pl runner-spark -am package");
    }
}
