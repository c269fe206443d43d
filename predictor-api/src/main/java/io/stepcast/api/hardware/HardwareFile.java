package io.stepcast.api.hardware;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.multibindings.OptionalBinder;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The user's own hardware file, whose devices, links, NICs, systems and topology graphs add to the embedded
 * {@link HardwareCatalog} (the datasets module reads it; its format is in {@code docs/hardware-file.md}). Bound,
 * when a command line or a suite names one, through {@link #module()}; the catalog every plugin injects is then the
 * embedded one with the file's entries, so that every command and predictor of one run sees the same hardware.
 *
 * @param path the file, absolute, as named (relative names are resolved by whoever names it)
 */
public record HardwareFile(Path path) {
    public HardwareFile {
        Objects.requireNonNull(path, "path");
        path = path.toAbsolutePath().normalize();
    }

    /**
     * A Guice module that binds this file for the catalog to read: the datasets module declares the binding optional
     * ({@code OptionalBinder}), so that without a file the catalog is the embedded one.
     */
    public Module module() {
        HardwareFile file = this;
        return new AbstractModule() {
            @Override
            protected void configure() {
                OptionalBinder.newOptionalBinder(binder(), HardwareFile.class).setBinding().toInstance(file);
            }
        };
    }
}
