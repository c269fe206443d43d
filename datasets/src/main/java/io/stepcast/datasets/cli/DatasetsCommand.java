package io.stepcast.datasets.cli;

import picocli.CommandLine.Command;

/** {@code stepcast datasets}: the real data sources, importers and Parquet files. */
@Command(name = "datasets", mixinStandardHelpOptions = true,
        description = "Real data sources, importers and stepcast Parquet files.",
        subcommands = {ListSourcesCommand.class, ImportCommand.class, ShowCommand.class, FetchCommand.class})
public final class DatasetsCommand extends UsageCommand {
}
