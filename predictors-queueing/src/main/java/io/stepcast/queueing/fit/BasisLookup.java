package io.stepcast.queueing.fit;

import io.stepcast.api.Architecture;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.profile.Profile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Lists, at fit time, the single-worker bases a queueing predictor can start from: every profile of the training set,
 * and for each model without a profile, the measured single-worker observation of each local batch, hardware label
 * and precision (the one of the first source by name when several sources measured it). {@link BasisTable#find}
 * then chooses, for a configuration, the profile of its model nearest in local batch, else the observation nearest
 * in local batch.
 *
 * <p>Whether the profiled worker's parameter server was remote is decided by the placement hyper-parameter:
 * {@code remote}, {@code local}, or {@code auto} (our choice): a single-worker observation of the model at that
 * batch says it (colocated server or all-reduce: local; a parameter server on its own host: remote); without one,
 * a profile with receive times is taken as remote (the ICPE 2020 setting) and one without as local.
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

    /**
     * Refuses to fit a queueing estimator on a training set without anything to start from ({@link #anyBasis}).
     *
     * @param estimator the estimator as the message names it, e.g. {@code MVA}
     * @throws CannotFitException when the training set has no basis
     */
    public void requireAnyBasis(String estimator) {
        if (!anyBasis()) {
            throw new CannotFitException(estimator + " needs a single-worker profile or a single-worker observation "
                    + "with a step time or throughput, or all-reduce rows of one node of a model whose gradient bytes "
                    + "are known (column parameter_bytes, or the zoo); training set '" + training.id()
                    + "' has none of them");
        }
    }

    /** Every basis a configuration can be predicted from: the profiles first, in the training set's order. */
    public List<SingleWorkerBasis> candidates() {
        List<SingleWorkerBasis> out = new ArrayList<>();
        // A recorded trace stands for its model on any hardware; a profile synthesised from a single-worker row, for
        // its model on that row's hardware only, so that a row of another machine (one read from a node's rows,
        // OneNodeBases) still gives that machine a basis; and at that row's precision, so that rows of another
        // precision that got no zoo profile (they state other gradient bytes: FP16 beside FP32) are bases of their own.
        Set<String> profiled = new HashSet<>();
        for (Profile p : training.profiles()) {
            Optional<Observation> atBatch = singleWorker(p.model(), p.localBatch(), hardwareOf(p),
                    p.stepTimeUs() * 1e-6);
            String key = profileKey(p);
            profiled.add(key.contains("@") && atBatch.isPresent() ? key + "%" + atBatch.get().config().precisionTag()
                    : key);
            boolean remote = remote(atBatch, !p.receives().isEmpty());
            out.add(new SingleWorkerBasis(p.model(), p.localBatch(), p.stepTimeUs() * 1e-6,
                    OptionalLong.of(p.parameterBytes()), Optional.of(p), remote, p.origin(), hardwareOf(p),
                    withoutServer(atBatch), atBatch.map(o -> o.config().precisionTag()).orElse(""),
                    atBatch.map(o -> o.config().deployment().bandwidthGbps()).orElse(OptionalDouble.empty())));
        }
        Map<String, Observation> chosen = new LinkedHashMap<>();
        training.observations().stream()
                .filter(BasisLookup::usable)
                .filter(o -> !profiled.contains(ModelNames.key(o.config().model()))
                        && !profiled.contains(ModelNames.key(o.config().model()) + "@" + hardwareKey(o))
                        && !profiled.contains(ModelNames.key(o.config().model()) + "@" + hardwareKey(o) + "%"
                        + o.config().precisionTag()))
                .sorted(Comparator.comparing(Observation::source))
                .forEach(o -> chosen.putIfAbsent(ModelNames.key(o.config().model()) + "|" + o.config().localBatch()
                        + "|" + hardwareKey(o) + "|" + o.config().precisionTag(), o));
        for (Observation o : chosen.values()) {
            out.add(new SingleWorkerBasis(o.config().model(), o.config().localBatch(),
                    o.value(Target.STEP_TIME).getAsDouble(), o.config().workload().parameterBytes(), Optional.empty(),
                    remote(Optional.of(o), false), o.source(), hardwareKey(o), withoutServer(Optional.of(o)),
                    o.config().precisionTag(), o.config().deployment().bandwidthGbps()));
        }
        return out;
    }

    /**
     * What a profile stands for: its model on the machine of the single-worker row it was synthesised from
     * ({@code model@hardware}), or its model on any machine ({@code model}) for a recorded trace or a profile that
     * names no machine.
     */
    static String profileKey(Profile p) {
        String hardware = hardwareOf(p);
        return hardware == null || hardware.isBlank() || hardware.equalsIgnoreCase(SingleWorkerBasis.UNKNOWN)
                ? ModelNames.key(p.model()) : ModelNames.key(p.model()) + "@" + hardware.toLowerCase(Locale.ROOT);
    }

    /** True when the single-worker row ran in an all-reduce job: no parameter server, no parameter copies. */
    private static boolean withoutServer(Optional<Observation> obs) {
        return obs.isPresent() && !obs.get().config().deployment().architecture().usesParameterServers();
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

    /**
     * The single-worker observation of the model at exactly this batch (first source by name), on this hardware when
     * it is given and such a row exists. Where those rows were run at several precisions, the profile stands for the
     * precision of the row whose step time it was scaled to (the nearest to {@code profileStepS}).
     */
    private Optional<Observation> singleWorker(String model, int batch, String hardware, double profileStepS) {
        String key = ModelNames.key(model);
        List<Observation> rows = training.observations().stream()
                .filter(BasisLookup::usable)
                .filter(o -> ModelNames.key(o.config().model()).equals(key) && o.config().localBatch() == batch)
                .toList();
        List<Observation> same = hardware == null ? List.of()
                : rows.stream().filter(o -> o.config().deployment().hardware().equalsIgnoreCase(hardware)).toList();
        List<Observation> pool = same.isEmpty() ? rows : same;
        if (pool.stream().map(o -> o.config().precisionTag()).distinct().count() > 1) {
            String nearest = pool.stream().min(Comparator.comparingDouble(
                    o -> Math.abs(o.value(Target.STEP_TIME).getAsDouble() - profileStepS))).orElseThrow()
                    .config().precisionTag();
            pool = pool.stream().filter(o -> o.config().precisionTag().equals(nearest)).toList();
        }
        return pool.stream().min(Comparator.comparing(Observation::source));
    }

    /**
     * The hardware a profile stands for: the row's label of a profile synthesised from a single-worker row (the zoo
     * records it as the profile's device); none for a recorded trace, whose device name is the trace's own.
     */
    private static String hardwareOf(Profile p) {
        return p.origin().startsWith("synthesised") && p.rank().worldSize() == 1 ? p.rank().device() : null;
    }

    private static String hardwareKey(Observation o) {
        return o.config().deployment().hardware().toLowerCase(Locale.ROOT);
    }

    private static boolean usable(Observation o) {
        OptionalDouble t = o.value(Target.STEP_TIME);
        return o.config().workers() == 1 && o.config().deployment().tenants() == 1 && t.isPresent();
    }
}
