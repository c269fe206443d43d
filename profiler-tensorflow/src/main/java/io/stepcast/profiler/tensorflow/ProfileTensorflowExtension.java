package io.stepcast.profiler.tensorflow;

import io.stepcast.datasets.cli.ProfileSubcommandExtension;

/** Adds {@code stepcast profile tensorflow} to the CLI (merged with the other plugins' {@code profile} sub-commands). */
public final class ProfileTensorflowExtension extends ProfileSubcommandExtension {
    /** For Guice. */
    public ProfileTensorflowExtension() {
        super("tensorflow");
    }

    @Override
    protected Object subcommand() {
        return new ProfileTensorflowCommand();
    }
}
