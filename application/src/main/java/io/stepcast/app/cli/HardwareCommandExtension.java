package io.stepcast.app.cli;

import com.google.inject.Inject;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.NamedCommandExtension;

import java.util.Optional;

/**
 * Adds {@code stepcast hardware} ({@link HardwareCommand}) to the CLI, over the {@link HardwareCatalog} the datasets
 * module binds. The catalog is optional (declared by the application plugin with an {@code OptionalBinder}), so the
 * plugin loads without the datasets module; the command then says what is missing.
 */
public final class HardwareCommandExtension extends NamedCommandExtension {
    /** With the catalog the datasets module binds, when it is on the class path. */
    @Inject
    public HardwareCommandExtension(Optional<HardwareCatalog> catalog) {
        super("hardware", registry -> new HardwareCommand(catalog));
    }
}
