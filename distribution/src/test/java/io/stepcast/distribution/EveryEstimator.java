package io.stepcast.distribution;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.evaluation.protocol.ZooProfiles;
import io.stepcast.evaluation.suite.UserObservationFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * For each saved estimator of the assembled class path, a source of real data it fits and answers, and the
 * hyper-parameters that keep its fit quick; the training side gets the zoo's parameter bytes and profiles as
 * {@code stepcast fit} gives them, the rows to predict the zoo's parameter bytes as {@code stepcast predict} does.
 *
 * @param estimator the registered name
 * @param source    the catalog source fitted on (every row) and predicted on (at most {@link #ROWS} of them)
 * @param hyper     hyper-parameters over the estimator's defaults
 * @param models    the models of the source kept (every one when empty), to keep a saved profile small
 */
record EveryEstimator(String estimator, String source, Map<String, String> hyper, Set<String> models) {
    EveryEstimator(String estimator, String source, Map<String, String> hyper) {
        this(estimator, source, hyper, Set.of());
    }

    /** At most this many rows, spread over the source, are predicted. */
    static final int ROWS = 160;
    private static final Path DATA = Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));
    private static final Map<String, List<Observation>> SOURCES = new ConcurrentHashMap<>();

    /** One case per estimator that the real plugins register a codec for. */
    static final List<EveryEstimator> CASES = List.of(
            new EveryEstimator("allreduce-analytic", "tf-benchmarks", Map.of()),
            new EveryEstimator("cart", "courier", Map.of()),
            new EveryEstimator("collective-alpha-beta", "nccl-tests", Map.of()),
            new EveryEstimator("collective-catalog", "nccl-tests", Map.of()),
            new EveryEstimator("courier-forest", "courier", Map.of("time-trees", "5", "accuracy-trees", "5")),
            new EveryEstimator("courier-forest-compact", "courier", Map.of("time-trees", "8", "accuracy-trees", "4")),
            new EveryEstimator("courier-ols", "courier", Map.of()),
            new EveryEstimator("ernest", "tf-benchmarks", Map.of()),
            new EveryEstimator("hybrid", "tf-benchmarks", Map.of("learner", "cart")),
            new EveryEstimator("linear-scaling", "tf-benchmarks", Map.of()),
            new EveryEstimator("linear-sgd", "courier", Map.of()),
            new EveryEstimator("megatron-analytic", "vtrain", Map.of()),
            new EveryEstimator("megatron-simulation", "vtrain", Map.of()),
            new EveryEstimator("mva", "tf-benchmarks", Map.of(), Set.of("AlexNet")),
            new EveryEstimator("optimus", "tf-benchmarks", Map.of()),
            new EveryEstimator("overhead-transfer", "gavel", Map.of()),
            new EveryEstimator("pollux", "tf-benchmarks", Map.of()),
            new EveryEstimator("pollux-topo", "tf-benchmarks", Map.of()),
            new EveryEstimator("random-forest", "courier", Map.of("trees", "5")),
            new EveryEstimator("simulation", "tf-benchmarks", Map.of(), Set.of("AlexNet")),
            new EveryEstimator("xgboost", "courier", Map.of()));

    /** The estimator as registered, with this case's hyper-parameters. */
    Estimator estimator(PluginRegistry registry) {
        return registry.estimator(estimator).withHyperParameters(hyper);
    }

    /** Every row of the source, with the zoo's parameter bytes and profiles, as {@code stepcast fit} trains. */
    TrainingSet training(PluginRegistry registry) {
        List<Observation> rows = withZoo(registry, observations());
        ProfileSource zoo = registry.service(ProfileSource.class).orElseGet(DefaultProfileSource::new);
        return new TrainingSet(source, rows, ZooProfiles.of(rows, zoo));
    }

    /** At most {@link #ROWS} rows of the source, evenly spread, with the zoo's parameter bytes. */
    List<Observation> rows(PluginRegistry registry) {
        List<Observation> all = observations();
        int step = Math.max(1, (all.size() + ROWS - 1) / ROWS);
        List<Observation> some = new ArrayList<>();
        for (int i = 0; i < all.size(); i += step) {
            some.add(all.get(i));
        }
        return withZoo(registry, some);
    }

    private static List<Observation> withZoo(PluginRegistry registry, List<Observation> rows) {
        return UserObservationFiles.withZooParameterBytes(rows, registry.service(ModelCatalog.class));
    }

    /** The source's rows of this case's models. */
    private List<Observation> observations() {
        List<Observation> all = SOURCES.computeIfAbsent(source, s -> {
            try {
                return new DefaultObservationCatalog().observations(s, Optional.of(DATA));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return models.isEmpty() ? all : all.stream().filter(o -> models.contains(o.config().model())).toList();
    }
}
