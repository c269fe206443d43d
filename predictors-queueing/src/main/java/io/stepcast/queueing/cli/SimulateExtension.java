package io.stepcast.queueing.cli;

import com.google.inject.Inject;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;

import java.util.Optional;

/**
 * Adds {@code stepcast simulate} ({@link SimulateCommand}) to the CLI. The {@link ProfileSource} is optional
 * (declared by {@link io.stepcast.queueing.QueueingPlugin} with an {@code OptionalBinder}), so the plugin
 * loads even without the datasets module; the command then explains what is missing. The
 * {@link HardwareCatalog} (for {@code --hardware}) is optional the same way.
 */
public final class SimulateExtension implements CommandExtension {
    private final Optional<ProfileSource> profiles;
    private final Optional<HardwareCatalog> catalog;

    @Inject
    public SimulateExtension(Optional<ProfileSource> profiles, Optional<HardwareCatalog> catalog) {
        this.profiles = profiles;
        this.catalog = catalog;
    }

    @Override
    public String name() {
        return "simulate";
    }

    @Override
    public Object command(PluginRegistry registry) {
        return new SimulateCommand(profiles, catalog);
    }
}
