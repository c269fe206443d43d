package io.stepcast.evaluation;

import com.google.inject.CreationException;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.SelectorFactory;
import io.stepcast.api.selection.SelectorInputs;
import io.stepcast.api.selection.SelectorParameters;
import io.stepcast.evaluation.protocol.KFold;
import io.stepcast.evaluation.protocol.Protocols;
import io.stepcast.evaluation.suite.Reproductions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The built-in protocols, reproductions and selectors reach suites through the plugin registry, like a plugin's. */
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

    /** A third-party selector (test fixture): always the smallest candidate, whatever the predictions say. */
    private static final class SmallestBatch implements SelectorFactory {
        @Override
        public String description() {
            return "the smallest candidate";
        }

        @Override
        public SelectorParameters defaults() {
            return SelectorParameters.none();
        }

        @Override
        public io.stepcast.api.selection.BatchSizeSelector create(SelectorInputs inputs, SelectorParameters p) {
            return (config, candidates, slo) -> new BatchDecision(candidates.stream().min(Integer::compare)
                    .orElseThrow(), slo, true, List.of(), List.of(), "smallest");
        }
    }

    @Test
    void theRegistryListsTheBuiltInSelectorsBesideAPluginsOwn() {
        StepcastPlugin mine = new StepcastPlugin("third-party") {
            @Override
            protected void registerAll() {
                selector("smallest-batch", new SmallestBatch());
            }
        };
        PluginRegistry registry = PluginRegistry.of(List.of(new EvaluationPlugin(), mine));
        assertThat(registry.selectors()).containsOnlyKeys("courier", "risk-aware", "smallest-batch");
        assertThat(PluginRegistry.discover().selectors()).containsKeys("courier", "risk-aware");
        // Only the risk-aware rule judges intervals, and so has a risk of its own and takes one.
        assertThat(registry.selector("courier").judgesIntervals()).isFalse();
        assertThat(registry.selector("risk-aware").judgesIntervals()).isTrue();
        assertThat(registry.selector("risk-aware").resolve(SelectorParameters.none()).risk()).hasValue(0.05);
        assertThat(registry.selector("courier").resolve(SelectorParameters.none()).alpha()).hasValue(0.5);
        SelectorParameters risky = new SelectorParameters(OptionalDouble.empty(), OptionalDouble.of(0.1));
        assertThat(registry.selector("risk-aware").resolve(risky).risk()).hasValue(0.1);
        assertThatThrownBy(() -> registry.selector("courier").resolve(risky))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("judges point predictions");
    }

    @Test
    void anUnknownSelectorNamesTheRegisteredOnesAndAShadowFailsAtStartUp() {
        PluginRegistry registry = PluginRegistry.of(List.of(new EvaluationPlugin()));
        assertThatThrownBy(() -> registry.selector("risk-awre")).isInstanceOf(NoSuchElementException.class)
                .hasMessage("no selector named 'risk-awre': did you mean risk-aware? (known: courier, risk-aware)");
        StepcastPlugin shadow = new StepcastPlugin("shadow") {
            @Override
            protected void registerAll() {
                selector("courier", new SmallestBatch());
            }
        };
        assertThatThrownBy(() -> PluginRegistry.of(List.of(new EvaluationPlugin(), shadow)))
                .isInstanceOf(CreationException.class).hasMessageContaining("courier");
    }
}
