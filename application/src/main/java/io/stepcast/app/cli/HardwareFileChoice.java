package io.stepcast.app.cli;

import com.google.inject.CreationException;
import com.google.inject.ProvisionException;
import com.google.inject.spi.Message;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.HardwareFile;
import io.stepcast.api.plugin.PluginRegistry;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which hardware file a run uses and the registry built with it: {@code --hardware-file FILE} anywhere on the command
 * line, else the environment variable {@code STEPCAST_HARDWARE_FILE}, else none (the embedded catalog). The file is
 * chosen before the command line is parsed because every command is built from the registry, and the registry's one
 * {@link HardwareCatalog} is what every command, predictor, suite and {@code serve} reads: so they all see the same
 * hardware.
 */
final class HardwareFileChoice {
    /** The option, global: every command accepts it. */
    static final String OPTION = "--hardware-file";
    /** The environment variable read when the option is not given. */
    static final String ENVIRONMENT = "STEPCAST_HARDWARE_FILE";

    private HardwareFileChoice() {
    }

    /**
     * The file the arguments name, else the environment's; relative names are resolved against the working folder.
     *
     * @throws IllegalArgumentException when the option has no value
     */
    static Optional<HardwareFile> of(String[] args, Map<String, String> environment) {
        Optional<String> named = named(args);
        if (named.isEmpty()) {
            named = Optional.ofNullable(environment.get(ENVIRONMENT)).filter(v -> !v.isBlank());
        }
        return named.map(n -> new HardwareFile(Path.of(n)));
    }

    /** The value of {@code --hardware-file} on the command line (the last one given), if any. */
    static Optional<String> named(String[] args) {
        Optional<String> out = Optional.empty();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--")) {
                break;
            }
            if (args[i].equals(OPTION)) {
                if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
                    throw new IllegalArgumentException(OPTION + " needs a FILE");
                }
                out = Optional.of(args[++i]);
            } else if (args[i].startsWith(OPTION + "=")) {
                out = Optional.of(args[i].substring(OPTION.length() + 1));
            }
        }
        return out;
    }

    /**
     * The plugins on the class path with {@code file} bound, its catalog built at once so that a mistake in the file is
     * reported before any command starts.
     *
     * @throws IllegalArgumentException one line: the file's mistake (file, line, entry, field)
     * @throws IllegalStateException    a plugin that breaks a start-up rule
     */
    static PluginRegistry registry(Optional<HardwareFile> file) {
        try {
            PluginRegistry registry = PluginRegistry.discover(HardwareFileChoice.class.getClassLoader(),
                    file.map(f -> List.of(f.module())).orElse(List.of()));
            registry.service(HardwareCatalog.class);
            return registry;
        } catch (ProvisionException e) {
            throw unwrapped(e, e.getErrorMessages());
        } catch (CreationException e) {
            throw unwrapped(e, e.getErrorMessages());
        }
    }

    /**
     * Why {@code registry} cannot run {@code args}: they name a hardware file it was not built with (a caller that
     * built its own registry must bind the file, as {@link #registry} does). Empty when they agree.
     */
    static Optional<String> mismatch(PluginRegistry registry, String[] args) {
        Optional<String> named;
        try {
            named = named(args);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (named.isEmpty()) {
            return Optional.empty();
        }
        HardwareFile wanted = new HardwareFile(Path.of(named.get()));
        Optional<HardwareFile> bound = registry.service(HardwareFile.class);
        return bound.filter(wanted::equals).isPresent() ? Optional.empty()
                : Optional.of(OPTION + " " + named.get() + " was given to a command line built "
                + bound.map(b -> "with " + b.path()).orElse("without a hardware file")
                + " (run it through StepcastCli.run(args, environment, ...), which builds the registry with the file)");
    }

    /** The first cause Guice wrapped: a file's mistake is an IllegalArgumentException with a one-line message. */
    private static RuntimeException unwrapped(RuntimeException e, Collection<Message> messages) {
        for (Message m : messages) {
            Throwable t = m.getCause();
            while (t != null && t.getCause() != null && !(t instanceof IllegalArgumentException)) {
                t = t.getCause();
            }
            if (t instanceof IllegalArgumentException iae) {
                return iae;
            }
            if (t instanceof IllegalStateException ise) {
                return ise;
            }
        }
        return e;
    }
}
