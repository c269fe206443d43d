package io.stepcast.app.cli;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.plugin.WritesTo;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.app.model.SavedPredictors;
import io.stepcast.app.model.TrainedParameterBytes;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.evaluation.protocol.ZooProfiles;
import io.stepcast.evaluation.suite.UserObservationFiles;
import io.stepcast.models.uncertainty.ConformalCodec;
import io.stepcast.models.uncertainty.IntervalShortfall;
import io.stepcast.models.uncertainty.SplitConformalEstimator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** {@code stepcast fit}: fits a predictor on an observations file and saves it with its provenance. */
@Command(name = "fit", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Fit a predictor on observations (Parquet or CSV) and save it with its provenance.")
final class FitCommand extends RegistryCommand {

    @Option(names = "--predictor", paramLabel = "NAME", required = true, description = "Registered predictor name (see 'predictors list').")
    private String predictor;

    @Option(names = "--train", required = true, paramLabel = "FILE", description = "Observations: .parquet or .csv.")
    private Path train;

    @WritesTo(WritesTo.Kind.FILE)
    @Option(names = "--save", required = true, paramLabel = "MODEL", description = "Where to write the fitted predictor.")
    private Path save;

    @Option(names = {"-p", "--param", "--hp"}, paramLabel = "KEY=VALUE", description = "Hyper-parameter override "
            + "(repeatable; --hp as in sweep).")
    private Map<String, String> params = Map.of();

    @Option(names = "--coverage", paramLabel = "LEVEL", description = "Also calibrate split-conformal intervals at this "
            + "level in (0, 1), e.g. 0.9, on a part of the training file (the points stay those of the plain fit); the "
            + "saved model then answers with them (conformal-* hyper-parameters through --param).")
    private Double coverage;

    FitCommand(PluginRegistry registry) {
        super(registry);
    }

    @Override
    public Integer call() throws Exception {
        if (coverage != null && !(coverage > 0 && coverage < 1)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--coverage must be in (0, 1), was " + coverage);
        }
        Estimator base = registry.estimator(predictor);
        SavedPredictors.requireSavable(registry, base.name());
        Estimator estimator = (coverage == null ? base : new SplitConformalEstimator(base).withCoverage(coverage))
                .withHyperParameters(params);
        // The training side a suite gives a predictor: the zoo's parameter bytes and profiles for known models.
        ImportedObservations read = UserObservationFiles.readWithNotes(train,
                registry.service(io.stepcast.api.hardware.HardwareCatalog.class));
        read.notes().forEach(note -> spec.commandLine().getErr().println("warning: " + train + ": " + note));
        List<Observation> observations = UserObservationFiles.withZooParameterBytes(read.observations(),
                registry.service(ModelCatalog.class));
        ProfileSource zoo = registry.service(ProfileSource.class).orElseGet(DefaultProfileSource::new);
        Predictor fitted = estimator.fit(new TrainingSet(train.getFileName().toString(), observations,
                ZooProfiles.of(observations, zoo)));
        // The bytes it was sized with, so that predict and serve size a row without them the same way.
        SavedPredictors.save(registry, fitted, TrainedParameterBytes.of(observations), save);
        Provenance p = fitted.provenance();
        PrintWriter out = spec.commandLine().getOut();
        out.printf("saved %s to %s%n", p.estimator(), save);
        if (p.trainingSize() == 0) {
            // A predictor with published constants (megatron-analytic -p efficiency=vtrain-a100) used no row of the file.
            out.printf("fitted on no observation of %s: %s%n", train.getFileName(), p.trainingSetId());
        } else {
            out.printf("trained on %d observations of %s (sha256 %s), seed %d%n", p.trainingSize(), p.trainingSetId(),
                    p.trainingChecksum().substring(0, 12), p.seed());
        }
        if (!p.hyperParameters().isEmpty()) {
            out.printf("hyper-parameters: %s%n", p.hyperParameters());
        }
        if (coverage != null) {
            // Too few calibration scores for the level leave the points without intervals: said here, not found later.
            out.printf("intervals: split-conformal at %s%s%s%n", coverage, ConformalCodec.uncalibrated(fitted)
                    .map(why -> ", not calibrated: " + why).orElse(""),
                    IntervalShortfall.of(fitted, fitted.targets()).map(why -> "; " + why).orElse(""));
        }
        out.flush();
        return 0;
    }
}
