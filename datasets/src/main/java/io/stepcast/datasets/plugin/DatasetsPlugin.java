package io.stepcast.datasets.plugin;

import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.datasets.cli.DatasetsCommandExtension;

/**
 * The datasets module as a stepcast plugin (module name {@code datasets}): binds {@link ProfileSource} and
 * {@link ObservationCatalog} to this module's implementations and adds the {@code datasets} and {@code profile inspect} commands.
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
        command(DatasetsCommandExtension.class);
        command(io.stepcast.datasets.cli.ProfileCommandExtension.class);
    }
}
