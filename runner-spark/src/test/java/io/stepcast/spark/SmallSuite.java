package io.stepcast.spark;

import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.evaluation.suite.SuiteSource;
import io.stepcast.evaluation.suite.Suites;

import java.io.IOException;
import java.util.Optional;

/** The test suite file (embedded data only) as a recipe an executor opens again. */
record SmallSuite(String file) implements SuiteSource {
    private static final long serialVersionUID = 1L;

    @Override
    public Opened open(PluginRegistry registry) throws IOException {
        ObservationCatalog catalog = registry.service(ObservationCatalog.class).orElseGet(DefaultObservationCatalog::new);
        ProfileSource profiles = registry.service(ProfileSource.class).orElseGet(DefaultProfileSource::new);
        return new Opened(Suites.load(file), catalog, Optional.of(profiles), Optional.empty());
    }
}
