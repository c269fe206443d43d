package io.stepcast.datasets.cli;

import picocli.CommandLine.Command;

/**
 * {@code stepcast profile}: inspects and records training profiles. Plugins add its sub-commands ({@code inspect}
 * here, {@code tensorflow} in profiler-tensorflow); the CLI merges them under this one name.
 */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = "Inspect and record training profiles (op timelines and step times).")
public final class ProfileCommand extends UsageCommand {
}
