package io.stepcast.app;

import com.google.inject.multibindings.OptionalBinder;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.app.cli.BuiltInCommands;
import io.stepcast.app.cli.HardwareCommandExtension;

/**
 * The application module's contributions to the plugin registry: the built-in commands {@code evaluate},
 * {@code fit}, {@code predict}, {@code select-batch}, {@code sweep}, {@code report} and {@code predictors}
 * ({@link BuiltInCommands}), and {@code hardware} ({@link HardwareCommandExtension}: it shows the links the
 * collective cost model derives from the catalog the datasets module binds, a model the datasets module does not
 * see). Registered like any plugin, so the CLI finds a built-in command through the same registry as a
 * third-party one, and a plugin that registers one of these names again fails at start-up instead of silently
 * replacing it. The engine's own extensions (protocols, reproductions, selectors, the {@code local} engine) stay
 * with {@link io.stepcast.evaluation.EvaluationPlugin}.
 */
public final class ApplicationPlugin extends StepcastPlugin {
    /** The module name shown for this plugin. */
    public ApplicationPlugin() {
        super("application");
    }

    @Override
    protected void registerAll() {
        BuiltInCommands.extensions().forEach(this::command);
        // Optional so that this plugin loads without the datasets module; the command then says what is missing.
        OptionalBinder.newOptionalBinder(binder(), HardwareCatalog.class);
        command(HardwareCommandExtension.class);
    }
}
