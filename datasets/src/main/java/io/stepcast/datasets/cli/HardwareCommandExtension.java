package io.stepcast.datasets.cli;

import com.google.inject.Inject;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;

/** Adds {@code stepcast hardware} ({@link HardwareCommand}) to the CLI, over the bound {@link HardwareCatalog}. */
public final class HardwareCommandExtension implements CommandExtension {
    private final HardwareCatalog catalog;

    @Inject
    public HardwareCommandExtension(HardwareCatalog catalog) {
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
