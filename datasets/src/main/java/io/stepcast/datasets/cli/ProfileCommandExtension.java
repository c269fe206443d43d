package io.stepcast.datasets.cli;

import com.google.inject.Inject;
import io.stepcast.api.plugin.ProfileReader;
import io.stepcast.datasets.catalog.ProfileReaders;

import java.util.Map;

/** Adds {@code stepcast profile inspect} to the CLI, over every registered profile reader. */
public final class ProfileCommandExtension extends ProfileSubcommandExtension {
    private final ProfileReaders readers;

    /** Guice gives every plugin's profile readers, in registration order. */
    @Inject
    public ProfileCommandExtension(Map<String, ProfileReader> readers) {
        super("inspect");
        this.readers = new ProfileReaders(readers);
    }

    @Override
    protected Object subcommand() {
        return new ProfileInspectCommand(readers);
    }
}
