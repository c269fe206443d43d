package io.stepcast.datasets.hardware;

import com.google.inject.Inject;
import com.google.inject.Provider;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.HardwareFile;

import java.util.Optional;

/**
 * The {@link HardwareCatalog} the datasets module binds: the embedded catalog, with the user's hardware file when the
 * run binds one ({@link HardwareFile#module()}), built by {@link HardwareCatalogs}. Bound as a singleton, so the
 * file is read once per registry.
 */
public final class HardwareCatalogProvider implements Provider<HardwareCatalog> {
    private final Optional<HardwareFile> file;

    /** @param file the user's hardware file, when the run names one */
    @Inject
    public HardwareCatalogProvider(Optional<HardwareFile> file) {
        this.file = file;
    }

    @Override
    public HardwareCatalog get() {
        return HardwareCatalogs.of(file);
    }
}
