package io.stepcast.evaluation.cli;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code stepcast fit}: fits a predictor on an observations file and saves it with its provenance. */
@Command(name = "fit", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Fit a predictor on observations (Parquet or CSV) and save it with its provenance.")
final class FitCommand implements Callable<Integer> {
    private final PluginRegistry registry;

    @Spec
    private CommandSpec spec;

    @Option(names = "--predictor", paramLabel = "NAME", required = true, description = "Registered predictor name (see 'predictors list').")
    private String predictor;

    @Option(names = "--train", required = true, paramLabel = "FILE", description = "Observations: .parquet or .csv.")
    private Path train;

    @Option(names = "--save", required = true, paramLabel = "MODEL", description = "Where to write the fitted predictor.")
    private Path save;

    @Option(names = {"-p", "--param"}, paramLabel = "KEY=VALUE", description = "Hyper-parameter override (repeatable).")
    private Map<String, String> params = Map.of();

    FitCommand(PluginRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() throws Exception {
        Estimator estimator = registry.estimator(predictor).withHyperParameters(params);
        if (!registry.codecs().containsKey(estimator.name())) {
            throw new IllegalArgumentException("predictor '" + predictor + "' cannot be saved: its plugin registers no codec");
        }
        List<Observation> observations = io.stepcast.evaluation.suite.ObservationFiles.read(train);
        Predictor fitted = estimator.fit(TrainingSet.of(train.getFileName().toString(), observations));
        SavedPredictors.save(registry, fitted, save);
        Provenance p = fitted.provenance();
        PrintWriter out = spec.commandLine().getOut();
        out.printf("saved %s to %s%n", p.estimator(), save);
        out.printf("trained on %d observations of %s (sha256 %s), seed %d%n", p.trainingSize(), p.trainingSetId(),
                p.trainingChecksum().substring(0, 12), p.seed());
        if (!p.hyperParameters().isEmpty()) {
            out.printf("hyper-parameters: %s%n", p.hyperParameters());
        }
        out.flush();
        return 0;
    }
}
