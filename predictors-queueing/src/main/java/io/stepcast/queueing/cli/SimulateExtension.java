package io.stepcast.queueing.cli;

import com.google.inject.Inject;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.NamedCommandExtension;
import io.stepcast.api.plugin.ProfileSource;

import java.util.Optional;

/**
 * Adds {@code stepcast simulate} ({@link SimulateCommand}) to the CLI. The {@link ProfileSource} is optional
 * (declared by {@link io.stepcast.queueing.QueueingPlugin} with an {@code OptionalBinder}), so the plugin
 * loads even without the datasets module; the command then explains what is missing. The
 * {@link HardwareCatalog} (for {@code --hardware}) is optional the same way.
 */
public final class SimulateExtension extends NamedCommandExtension {
    /** With the services the datasets module binds, when it is on the class path. */
    @Inject
    public SimulateExtension(Optional<ProfileSource> profiles, Optional<HardwareCatalog> catalog) {
        super("simulate", registry -> new SimulateCommand(profiles, catalog));
    }
}
