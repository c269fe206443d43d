package io.stepcast.api.plugin;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Building a registry checks that every estimator has a codec or is declared not persistable, and that every codec
 * and declaration names a registered estimator: test-only plugins that break the rule stop it with one message
 * naming the estimator and the plugin.
 */
class PersistenceCheckTest {

    /** An estimator that is never fitted here. */
    private static final class Named extends AbstractEstimator {
        Named(String name) {
            super(name, "a test estimator", Set.of(Target.STEP_TIME), HyperParameters.of());
        }

        @Override
        protected Estimator copyWith(HyperParameters params) {
            return this;
        }

        @Override
        public Predictor fit(TrainingSet training) {
            throw new CannotFitException("never fitted in this test");
        }
    }

    /** A codec that is never called here. */
    private static final class Unused implements PredictorCodec {
        @Override
        public byte[] encode(Predictor predictor) throws IOException {
            throw new IOException("never called");
        }

        @Override
        public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
            throw new IOException("never called");
        }
    }

    /** A plugin named {@code module} that registers what {@code body} asks of it. */
    private static StepcastPlugin plugin(String module, Consumer<TestPlugin> body) {
        return new TestPlugin(module, body);
    }

    /** A test-only plugin: {@code registerAll} hands itself to a body that registers by name. */
    private static final class TestPlugin extends StepcastPlugin {
        private final Consumer<TestPlugin> body;

        TestPlugin(String module, Consumer<TestPlugin> body) {
            super(module);
            this.body = body;
        }

        @Override
        protected void registerAll() {
            body.accept(this);
        }

        void estimator(String name) {
            estimator(new Named(name));
        }

        void codec(String name) {
            codec(name, new Unused());
        }

        void declare(String name, String reason) {
            notPersistable(name, reason);
        }
    }

    @Test
    void anEstimatorWithACodecOrADeclarationBuilds() {
        PluginRegistry r = PluginRegistry.of(List.of(plugin("saves", p -> {
            p.estimator("kept");
            p.codec("kept");
            p.estimator("live");
            p.declare("live", "holds an open connection");
        })));
        assertThat(r.codecs()).containsOnlyKeys("kept");
        assertThat(r.notPersistable()).containsOnlyKeys("live");
        assertThat(r.notPersistable().get("live")).isEqualTo(new NotPersistable("saves", "holds an open connection"));
    }

    @Test
    void anEstimatorWithoutACodecStopsTheRegistryNamingItAndItsPlugin() {
        StepcastPlugin forgetful = plugin("forgetful-module", p -> p.estimator("amnesiac"));
        assertThatThrownBy(() -> PluginRegistry.of(List.of(forgetful)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("estimator 'amnesiac' of plugin 'forgetful-module' has no codec")
                .hasMessageContaining("notPersistable(\"amnesiac\", reason)");
    }

    @Test
    void aCodecForNoEstimatorStopsTheRegistry() {
        StepcastPlugin stray = plugin("stray-module", p -> {
            p.estimator("real");
            p.codec("real");
            p.codec("ghost");
        });
        assertThatThrownBy(() -> PluginRegistry.of(List.of(stray)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the codec registered under 'ghost' by plugin 'stray-module' belongs to no"
                        + " registered estimator")
                .hasMessageNotContaining("'real'");
    }

    @Test
    void aDeclarationForNoEstimatorOrBesideACodecStopsTheRegistry() {
        assertThatThrownBy(() -> PluginRegistry.of(List.of(plugin("m", p -> p.declare("nobody", "why")))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("plugin 'm' declares 'nobody' not persistable");
        assertThatThrownBy(() -> PluginRegistry.of(List.of(plugin("m", p -> {
            p.estimator("both");
            p.codec("both");
            p.declare("both", "why");
        })))).isInstanceOf(IllegalStateException.class).hasMessageContaining("estimator 'both' of plugin 'm' has a codec");
    }

    @Test
    void aCodecInAnotherPluginThanItsEstimatorCounts() {
        PluginRegistry r = PluginRegistry.of(List.of(plugin("estimators", p -> p.estimator("split")),
                plugin("codecs", p -> p.codec("split"))));
        assertThat(r.codecs()).containsOnlyKeys("split");
    }

    @Test
    void aDeclarationNeedsAReason() {
        assertThatThrownBy(() -> PluginRegistry.of(List.of(plugin("m", p -> {
            p.estimator("quiet");
            p.declare("quiet", " ");
        })))).hasStackTraceContaining("needs a reason");
    }
}
