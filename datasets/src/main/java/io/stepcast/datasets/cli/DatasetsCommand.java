package io.stepcast.datasets.cli;

import picocli.CommandLine.Command;

/**
 * {@code stepcast datasets}: the real data sources, importers and Parquet files. Its sub-commands read the
 * importers and profile readers of the plugin registry it was created with.
 */
@Command(name = "datasets", mixinStandardHelpOptions = true,
        description = "Real data sources, importers and stepcast Parquet files.",
        subcommands = {ListSourcesCommand.class, ImportCommand.class, ShowCommand.class, FetchCommand.class})
public final class DatasetsCommand extends UsageCommand {
    private final Registered registered;

    /** Over the datasets module's own importers and readers (outside the stepcast CLI). */
    public DatasetsCommand() {
        this(Registered.builtIn());
    }

    DatasetsCommand(Registered registered) {
        this.registered = registered;
    }

    /** What the sub-commands read. */
    Registered registered() {
        return registered;
    }
}
