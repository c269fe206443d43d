package io.stepcast.profiler.tensorflow;

import io.stepcast.datasets.cli.ProfileSubcommandExtension;

/** Adds {@code stepcast profile tensorflow} to the CLI (merged with the other plugins' {@code profile} sub-commands). */
public final class ProfileCommandExtension extends ProfileSubcommandExtension {
    /** For Guice. */
    public ProfileCommandExtension() {
        super("tensorflow");
    }

    @Override
    protected Object subcommand() {
        return new ProfileTensorflowCommand();
    }
}
