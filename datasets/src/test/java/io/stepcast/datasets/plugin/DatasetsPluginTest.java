package io.stepcast.datasets.plugin;

import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DatasetsPluginTest {

    @Test
    void serviceLoaderFindsThePluginAndItsServices() {
        PluginRegistry registry = PluginRegistry.discover();
        assertThat(registry.service(ProfileSource.class)).get().isInstanceOf(DefaultProfileSource.class);
        assertThat(registry.service(ObservationCatalog.class)).get().isInstanceOf(DefaultObservationCatalog.class);
        assertThat(registry.service(ProfileSource.class).orElseThrow().parameterBytes("imagenet").getAsLong())
                .isEqualTo(25557032L * 4);
        assertThat(registry.service(ModelCatalog.class)).get().isInstanceOf(ZooCatalog.class);
        assertThat(registry.service(ModelCatalog.class).orElseThrow().get("bert").parameters()).isEqualTo(109_482_240L);
    }
}
