package io.stepcast.analytic;

import io.stepcast.api.Estimator;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.analytic.estimators.DeclaredInputs;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnalyticPluginTest {
    private static final List<String> NAMES = List.of("courier-ols", "ernest", "linear-scaling", "optimus", "pollux");

    @Test
    void serviceLoaderFindsEveryEstimatorCodecAndTheAnovaCommand() {
        PluginRegistry registry = PluginRegistry.discover();
        assertThat(registry.estimators().keySet()).containsAll(NAMES);
        NAMES.forEach(n -> assertThat(registry.moduleOf(n)).isEqualTo("predictors-analytic"));
        assertThat(registry.codecs().keySet()).containsAll(NAMES);
        assertThat(registry.commands()).extracting(CommandExtension::name).contains("anova");
    }

    @Test
    void everyEstimatorDeclaresTargetsInputsAndADescription() {
        PluginRegistry registry = PluginRegistry.of(List.of(new AnalyticPlugin()));
        for (String n : NAMES) {
            Estimator e = registry.estimator(n);
            assertThat(e.name()).isEqualTo(n);
            assertThat(e.description()).isNotBlank();
            assertThat(e.targets()).isNotEmpty();
            assertThat(((DeclaredInputs) e).configFields()).isNotEmpty();
        }
        assertThat(registry.estimator("courier-ols").targets()).containsExactlyInAnyOrder(Target.RESPONSE_TIME, Target.ACCURACY);
        assertThat(registry.estimator("pollux").targets()).containsExactlyInAnyOrder(Target.STEP_TIME, Target.THROUGHPUT);
    }

    @Test
    void hyperParametersAreCopiedAndValidated() {
        PluginRegistry registry = PluginRegistry.of(List.of(new AnalyticPlugin()));
        Estimator pollux = registry.estimator("pollux");
        Estimator fewer = pollux.withHyperParameters(Map.of("starts", "2"));
        assertThat(fewer.hyperParameters()).containsEntry("starts", "2");
        assertThat(pollux.hyperParameters()).containsEntry("starts", "8");
        assertThatThrownBy(() -> pollux.withHyperParameters(Map.of("start", "2"))).hasMessageContaining("'start'");
        assertThatThrownBy(() -> pollux.withHyperParameters(Map.of("starts", "0"))).hasMessageContaining("starts");
        assertThatThrownBy(() -> registry.estimator("optimus").withHyperParameters(Map.of("weighting", "cubic")))
                .hasMessageContaining("weighting");
        assertThatThrownBy(() -> registry.estimator("courier-ols").withHyperParameters(Map.of("time-terms", "cpu*gpu")))
                .hasMessageContaining("gpu");
        assertThatThrownBy(() -> registry.estimator("linear-scaling").withHyperParameters(Map.of("x", "1")))
                .hasMessageContaining("'x'");
    }
}
