package io.stepcast.evaluation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.evaluation.engine.EngineOptions;
import io.stepcast.evaluation.engine.ExecutionEngine;
import io.stepcast.evaluation.protocol.ZooProfiles;
import io.stepcast.evaluation.report.PredictionJson;
import io.stepcast.evaluation.suite.ProgressListener;
import io.stepcast.evaluation.suite.SuiteResult;
import io.stepcast.evaluation.suite.SuiteRunner;
import io.stepcast.evaluation.suite.SuiteSource;
import io.stepcast.evaluation.suite.Suites;
import io.stepcast.evaluation.suite.UserObservationFiles;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The evaluation engine as its front ends (the CLI of the application module, {@code stepcast serve}) use it: the
 * built-in suites by name, running a suite from its source, and what a front end needs to fit and answer the way
 * the suites do (zoo profiles, the zoo's parameter bytes, a prediction's interval in JSON). Each method delegates to
 * the engine's own class, so a front end and a suite never differ; the engine's packages stay free to change
 * behind it. Batch-size questions go through {@link BatchSelection}.
 */
public final class Evaluation {
    private Evaluation() {
    }

    /** The built-in suites' names, in the order the help lists them. */
    public static List<String> builtInSuites() {
        return Suites.BUILT_IN;
    }

    /** True when {@code nameOrFile} is a built-in suite or an existing suite file. */
    public static boolean suiteExists(String nameOrFile) {
        return Suites.exists(nameOrFile);
    }

    /** Why {@code nameOrFile} names no suite, with the closest built-in names (for a usage error). */
    public static String unknownSuite(String nameOrFile) {
        return Suites.unknown(nameOrFile);
    }

    /**
     * Runs the suite that {@code source} opened to {@code opened} on {@code engine}; a remote engine opens
     * {@code source} again on its executors.
     *
     * @param predictors only these predictor labels; empty for every predictor of the suite
     * @param progress   told after every task
     */
    public static SuiteResult run(PluginRegistry registry, SuiteSource source, SuiteSource.Opened opened,
                                  List<String> predictors, ProgressListener progress, ExecutionEngine engine,
                                  EngineOptions options) throws IOException {
        return new SuiteRunner(registry, opened.catalog(), opened.profiles(), opened.dataDir(), progress, engine,
                options, Optional.of(source)).run(opened.suite(), predictors);
    }

    /**
     * A training set of {@code observations} with the profiles the zoo synthesises from their step times, as the
     * suites' profile-only protocol fits.
     */
    public static TrainingSet trainingSet(String source, List<Observation> observations, ProfileSource zoo) {
        return new TrainingSet(source, observations, ZooProfiles.of(observations, zoo));
    }

    /** {@code config} with the zoo's parameter bytes where it gives none, as a user's observation files are read. */
    public static Config withZooParameterBytes(Config config, Optional<ModelCatalog> zoo) {
        return UserObservationFiles.withZooParameterBytes(config, zoo);
    }

    /** Adds a prediction's interval and coverage to {@code out}, as {@code predict --json} and the reports write them. */
    public static void writeInterval(ObjectNode out, Prediction.Value value) {
        PredictionJson.putInterval(out, value);
    }
}
