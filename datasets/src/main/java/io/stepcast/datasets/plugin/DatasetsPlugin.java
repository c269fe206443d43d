package io.stepcast.datasets.plugin;

import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.datasets.cli.DatasetsCommandExtension;
import io.stepcast.datasets.cli.HardwareCommandExtension;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.zoo.ZooCatalog;

/**
 * The datasets module as a stepcast plugin (module name {@code datasets}): binds {@link ProfileSource},
 * {@link ObservationCatalog}, {@link ModelCatalog} (the model zoo) and {@link HardwareCatalog} to this module's
 * implementations and adds the {@code datasets} and {@code hardware} commands.
 * Listed in {@code META-INF/services/com.google.inject.Module}.
 */
public final class DatasetsPlugin extends StepcastPlugin {

    /** For {@link java.util.ServiceLoader}. */
    public DatasetsPlugin() {
        super("datasets");
    }

    @Override
    protected void registerAll() {
        bind(ProfileSource.class).to(DefaultProfileSource.class);
        bind(ObservationCatalog.class).to(DefaultObservationCatalog.class);
        bind(ModelCatalog.class).to(ZooCatalog.class);
        bind(HardwareCatalog.class).to(DefaultHardwareCatalog.class).in(com.google.inject.Singleton.class);
        command(DatasetsCommandExtension.class);
        command(HardwareCommandExtension.class);
    }
}
