package io.stepcast.queueing;

import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class QueueingPluginTest {

    @Test
    void registersBothEstimatorsAndTheSimulateCommandWithoutAProfileSource() {
        PluginRegistry r = PluginRegistry.of(List.of(new QueueingPlugin()));
        assertThat(r.estimators()).containsKeys("simulation", "mva");
        assertThat(r.moduleOf("simulation")).isEqualTo("predictors-queueing");
        assertThat(r.moduleOf("mva")).isEqualTo("predictors-queueing");
        assertThat(r.commands()).extracting(CommandExtension::name).contains("simulate");
        assertThat(r.service(ProfileSource.class)).isEmpty();
    }

    @Test
    void isFoundByServiceLoaderBesideTheDatasetsPlugin() {
        PluginRegistry r = PluginRegistry.discover();
        assertThat(r.estimators()).containsKeys("simulation", "mva");
        assertThat(r.service(ProfileSource.class)).isPresent();
        assertThat(r.commands()).extracting(CommandExtension::name).contains("simulate");
    }
}
