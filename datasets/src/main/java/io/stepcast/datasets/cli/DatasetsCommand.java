package io.stepcast.datasets.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code stepcast datasets}: the real data sources, importers and Parquet files. */
@Command(name = "datasets", mixinStandardHelpOptions = true,
        description = "Real data sources, importers and stepcast Parquet files.",
        subcommands = {ListSourcesCommand.class, ImportCommand.class, ShowCommand.class, FetchCommand.class})
public final class DatasetsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }
}
