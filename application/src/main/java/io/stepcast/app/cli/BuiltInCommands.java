package io.stepcast.app.cli;

import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;
import picocli.CommandLine;

import java.util.List;
import java.util.function.Function;

/**
 * The application module's own commands ({@code evaluate}, {@code fit}, {@code predict}, {@code select-batch},
 * {@code sweep}, {@code report} and {@code predictors list}) as command extensions, which
 * {@link io.stepcast.app.ApplicationPlugin} registers like any plugin's.
 */
public final class BuiltInCommands {
    private BuiltInCommands() {
    }

    /** One extension per built-in command, each building its command over the CLI's registry. */
    public static List<CommandExtension> extensions() {
        return List.of(
                new Named("evaluate", EvaluateCommand::new),
                new Named("fit", FitCommand::new),
                new Named("predict", PredictCommand::new),
                new Named("select-batch", SelectBatchCommand::new),
                new Named("sweep", SweepCommand::new),
                new Named("report", registry -> new ReportCommand()),
                new Named("predictors", registry -> new CommandLine(new PredictorsCommand())
                        .addSubcommand("list", new PredictorsListCommand(registry))));
    }

    private record Named(String name, Function<PluginRegistry, Object> factory) implements CommandExtension {
        @Override
        public Object command(PluginRegistry registry) {
            return factory.apply(registry);
        }
    }
}
