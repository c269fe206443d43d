package io.stepcast.app.cli;

import com.google.inject.Inject;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;

import java.util.Optional;

/**
 * Adds {@code stepcast hardware} ({@link HardwareCommand}) to the CLI, over the {@link HardwareCatalog} the datasets
 * module binds. The catalog is optional (declared by the application plugin with an {@code OptionalBinder}), so the
 * plugin loads without the datasets module; the command then says what is missing.
 */
public final class HardwareCommandExtension implements CommandExtension {
    private final Optional<HardwareCatalog> catalog;

    @Inject
    public HardwareCommandExtension(Optional<HardwareCatalog> catalog) {
        this.catalog = catalog;
    }

    @Override
    public String name() {
        return "hardware";
    }

    @Override
    public Object command(PluginRegistry registry) {
        return new HardwareCommand(catalog);
    }
}
