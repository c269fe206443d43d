package io.stepcast.queueing.fit;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.profile.Profile;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Finds the single-worker basis of a configuration in a training set: the profile of the model nearest in
 * local batch ({@link TrainingSet#profile}), else the measured single-worker observation of the model nearest
 * in local batch. Whether the profiled worker's parameter server was remote is decided by the placement
 * hyper-parameter: {@code remote}, {@code local}, or {@code auto} (our choice): a single-worker observation of
 * the model at that batch says it (colocated server or all-reduce: local; a parameter server on its own host:
 * remote); without one, a profile with receive times is taken as remote (the ICPE 2020 setting) and one
 * without as local.
 */
public final class BasisLookup {
    private final TrainingSet training;
    private final String placement;

    /**
     * @param placement {@code auto}, {@code local} or {@code remote}
     */
    public BasisLookup(TrainingSet training, String placement) {
        this.training = training;
        this.placement = placement.toLowerCase(Locale.ROOT);
        if (!List.of("auto", "local", "remote").contains(this.placement)) {
            throw new IllegalArgumentException("profiled placement must be auto, local or remote, was '" + placement + "'");
        }
    }

    /** True when the training set has anything a queueing predictor can start from. */
    public boolean anyBasis() {
        return !training.profiles().isEmpty() || training.observations().stream().anyMatch(BasisLookup::usable);
    }

    /** The basis for the configuration's model and batch, if any. */
    public Optional<SingleWorkerBasis> find(Config config) {
        Optional<Observation> obs = singleWorker(config.model(), config.localBatch());
        Optional<Profile> profile = training.profile(config.model(), config.localBatch());
        if (profile.isPresent()) {
            Profile p = profile.get();
            Optional<Observation> atBatch = singleWorker(config.model(), p.localBatch())
                    .filter(o -> o.config().localBatch() == p.localBatch());
            boolean remote = remote(atBatch, !p.receives().isEmpty());
            return Optional.of(new SingleWorkerBasis(p.model(), p.localBatch(), p.stepTimeUs() * 1e-6,
                    OptionalLong.of(p.parameterBytes()), profile, remote, p.origin()));
        }
        if (obs.isPresent()) {
            Observation o = obs.get();
            OptionalLong bytes = config.workload().parameterBytes().isPresent()
                    ? config.workload().parameterBytes() : o.config().workload().parameterBytes();
            return Optional.of(new SingleWorkerBasis(o.config().model(), o.config().localBatch(),
                    o.value(Target.STEP_TIME).getAsDouble(), bytes, Optional.empty(), remote(obs, false), o.source()));
        }
        return Optional.empty();
    }

    private boolean remote(Optional<Observation> obs, boolean profileHasReceives) {
        if (!placement.equals("auto")) {
            return placement.equals("remote");
        }
        if (obs.isPresent()) {
            Config c = obs.get().config();
            return c.deployment().architecture() != Architecture.ALLREDUCE && !c.deployment().colocatedPs();
        }
        return profileHasReceives;
    }

    private Optional<Observation> singleWorker(String model, int batch) {
        String key = ModelNames.key(model);
        return training.observations().stream()
                .filter(BasisLookup::usable)
                .filter(o -> ModelNames.key(o.config().model()).equals(key))
                .min(Comparator.<Observation>comparingInt(o -> Math.abs(o.config().localBatch() - batch))
                        .thenComparingInt(o -> o.config().localBatch())
                        .thenComparing(Observation::source));
    }

    private static boolean usable(Observation o) {
        OptionalDouble t = o.value(Target.STEP_TIME);
        return o.config().workers() == 1 && o.config().deployment().tenants() == 1 && t.isPresent();
    }
}
