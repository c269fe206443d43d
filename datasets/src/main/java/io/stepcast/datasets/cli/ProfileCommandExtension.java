package io.stepcast.datasets.cli;

/** Adds {@code stepcast profile inspect} to the CLI. */
public final class ProfileCommandExtension extends ProfileSubcommandExtension {
    /** For Guice. */
    public ProfileCommandExtension() {
        super("inspect");
    }

    @Override
    protected Object subcommand() {
        return new ProfileInspectCommand();
    }
}
