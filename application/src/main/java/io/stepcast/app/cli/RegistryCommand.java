package io.stepcast.app.cli;

import io.stepcast.api.plugin.PluginRegistry;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * What the commands built over the CLI's plugin registry hold the same way: the registry they find estimators,
 * codecs and engines in, and their picocli spec (for their output, warnings and usage errors).
 */
abstract class RegistryCommand implements Callable<Integer> {
    /** The registry the CLI was built from. */
    final PluginRegistry registry;

    @Spec
    CommandSpec spec;

    RegistryCommand(PluginRegistry registry) {
        this.registry = registry;
    }
}
