package io.stepcast.evaluation;

import com.google.inject.CreationException;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.evaluation.protocol.KFold;
import io.stepcast.evaluation.protocol.Protocols;
import io.stepcast.evaluation.suite.Reproductions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The built-in protocols and reproductions reach suites through the plugin registry, like a plugin's. */
class EvaluationPluginTest {
    @Test
    void theDiscoveredRegistryHoldsTheBuiltInProtocolsAndReproductions() {
        PluginRegistry registry = PluginRegistry.discover();
        assertThat(registry.protocols()).containsKeys(Protocols.builtIn().keySet().toArray(String[]::new))
                .containsKeys("kfold", "logo", "extrapolation", "cross-hardware", "profile-only", "holdout",
                        "train-test");
        assertThat(registry.reproductions()).containsKeys(Reproductions.builtIn().keySet().toArray(String[]::new));
        assertThat(Protocols.resolve("kfold:5:job", registry.protocols(), Optional.empty()))
                .isInstanceOf(KFold.class);
    }

    @Test
    void anUnknownProtocolNamesTheRegisteredOnes() {
        PluginRegistry registry = PluginRegistry.of(List.of(new SyntheticPlugin(), new EvaluationPlugin()));
        assertThatThrownBy(() -> Protocols.resolve("kfld:5", registry.protocols(), Optional.empty()))
                .hasMessageContaining("unknown protocol 'kfld:5'")
                .hasMessageContaining("cross-hardware, extrapolation, holdout, kfold, logo, profile-only, "
                        + "synthetic-halves, train-test");
        // The factory still reports a malformed spec of a known protocol in its own words.
        assertThatThrownBy(() -> Protocols.resolve("kfold", registry.protocols(), Optional.empty()))
                .hasMessageContaining("expected kfold:K[:attribute]");
    }

    @Test
    void aPluginRegisteringABuiltInNameAgainFailsAtStartUp() {
        StepcastPlugin shadow = new StepcastPlugin("shadow") {
            @Override
            protected void registerAll() {
                protocol("kfold", Protocols::parse);
            }
        };
        assertThatThrownBy(() -> PluginRegistry.of(List.of(new EvaluationPlugin(), shadow)).protocols())
                .isInstanceOf(CreationException.class).hasMessageContaining("kfold");
    }
}
