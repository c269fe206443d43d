package io.stepcast.app.cli;

import io.stepcast.api.hardware.HardwareFile;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.evaluation.suite.Suite;
import io.stepcast.evaluation.suite.Suites;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The registry a suite file runs with when it names its own hardware file ({@code hardware_file}, relative to the
 * suite file): the command line's registry when that has the same file, else one built with the suite's. A suite
 * that names one file while the command line or the environment names another is refused, since a run has one
 * catalog.
 */
final class SuiteHardware {
    private SuiteHardware() {
    }

    /**
     * The registry to run {@code suite} (a built-in name or a file) with.
     *
     * @throws IllegalArgumentException when the suite's file and the run's differ, or the suite's cannot be read
     */
    static PluginRegistry registryFor(PluginRegistry registry, String suite) throws IOException {
        Path file = Path.of(suite);
        if (!Files.isRegularFile(file)) {
            return registry;
        }
        Suite loaded = Suites.load(suite, registry.selectors());
        if (loaded.hardwareFile().isEmpty()) {
            return registry;
        }
        Path folder = file.toAbsolutePath().getParent();
        HardwareFile named = new HardwareFile(folder.resolve(loaded.hardwareFile()));
        Optional<HardwareFile> bound = registry.service(HardwareFile.class);
        if (bound.isPresent()) {
            if (bound.get().equals(named)) {
                return registry;
            }
            throw new IllegalArgumentException("suite " + suite + " names hardware_file " + named.path()
                    + ", but this run's hardware file is " + bound.get().path() + " (--hardware-file or "
                    + HardwareFileChoice.ENVIRONMENT + "): a run has one catalog, name one of them");
        }
        if (!Files.exists(named.path())) {
            // Named where it was written: the suite's key, not an option the user did not type.
            throw new IllegalArgumentException(suite + ": key hardware_file: " + named.path() + ": no such file");
        }
        return HardwareFileChoice.registry(Optional.of(named));
    }
}
