package io.stepcast.datasets.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * What every sub-command of {@code stepcast datasets} holds the same way: its picocli spec (for its output and its
 * usage errors) and its parent, whose importers and profile readers it reads ({@link #registered()}).
 */
abstract class DatasetsSubcommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    DatasetsCommand parent;

    /** The registry of the parent command, or the built-in one when the sub-command runs on its own. */
    final Registered registered() {
        return parent == null ? Registered.builtIn() : parent.registered();
    }
}
