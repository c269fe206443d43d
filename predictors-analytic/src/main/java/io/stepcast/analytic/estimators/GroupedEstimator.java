package io.stepcast.analytic.estimators;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.zoo.ModelCatalog;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Template of the closed-form estimators of this module: keeps the observations with a measured step
 * time (or throughput, converted) that the form applies to, groups them with its grouping function, fits every
 * group with enough points and assembles the predictor. Groups that cannot be fitted are left out (their
 * configurations get "not applicable"); when none can be fitted, {@link CannotFitException} says why.
 *
 * <p>Pooling: a form constructed with a model zoo to pool over gives a group too small for its own fit that has a 1-GPU
 * row and a multi-GPU row ({@link #anchorsAPooledFit}) the coefficients of one fit
 * over every usable row of the same hardware and architecture (the group key without its model and precision), each
 * job's (model and precision, {@link ModelScales#modelKey}) compute terms scaled by its seconds per sample on one GPU
 * and its synchronisation terms by its gradient bytes
 * ({@link ModelScales}); the shared coefficients times the group's scales are an ordinary coefficient vector of
 * the group, so the predictor and the codec do not change. A group large enough keeps its own fit. The
 * provenance's hyper-parameter {@code pooled} lists the pooled groups and the jobs they were pooled over.
 */
public abstract class GroupedEstimator extends AbstractEstimator implements DeclaredInputs {

    private static final int POOLED_MIN_POINTS = 4;
    /** How many groups a refusal of every group names, each with its reason (a table may have dozens). */
    private static final int LISTED_FAILURES = 3;

    /** A step-time form answers step time and, through the global batch, throughput. */
    private final GroupedForm form;
    private final boolean pools;
    private final Optional<ModelCatalog> zoo;

    /**
     * A form that does not pool: a group too small for its own fit is refused.
     *
     * @param form the form fitted per group: its grouping and the predictor of fitted coefficients
     */
    protected GroupedEstimator(String name, String description, HyperParameters params, GroupedForm form) {
        this(name, description, params, form, false, Optional.empty());
    }

    /**
     * A form that pools: a group too small for its own fit gets a fit pooled over the jobs of its hardware and
     * architecture ({@link #fitPooled}, {@link #resolvePooled}).
     *
     * @param form the form fitted per group: its grouping and the predictor of fitted coefficients
     * @param zoo  the model zoo, for the FLOPs and parameter bytes of a pooled fit (empty: the rows' own figures)
     */
    protected GroupedEstimator(String name, String description, HyperParameters params, GroupedForm form,
                               Optional<ModelCatalog> zoo) {
        this(name, description, params, form, true, zoo);
    }

    private GroupedEstimator(String name, String description, HyperParameters params, GroupedForm form,
                             boolean pools, Optional<ModelCatalog> zoo) {
        super(name, description, EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT), params);
        this.form = Objects.requireNonNull(form, "form");
        this.pools = pools;
        this.zoo = Objects.requireNonNull(zoo, "zoo");
    }

    /** Why an observation cannot train this form (architecture, ...), or empty when it can. */
    protected abstract Optional<String> unusable(Config config);

    /** Coefficients of one group, or empty (with {@code why} filled) when the group is not fittable. */
    protected abstract Optional<double[]> fitGroup(List<Observation> group, List<String> why);

    /** Coefficients per group. */
    protected abstract int arity();

    /** The model zoo a pooled fit reads (empty when the form does not pool or was given none), for copies. */
    protected final Optional<ModelCatalog> zoo() {
        return zoo;
    }

    /**
     * Shared coefficients of one fit over the rows of several jobs, each row's terms scaled by its job's
     * scale, or empty (with {@code why} filled). Called only for a form constructed to pool.
     */
    protected Optional<double[]> fitPooled(List<Observation> pool, Function<Observation, ModelScale> scale,
                                           List<String> why) {
        throw new UnsupportedOperationException(name() + " does not pool");
    }

    /** The coefficient vector of one group from the shared coefficients of a pooled fit and the group's scale. */
    protected double[] resolvePooled(double[] shared, ModelScale scale, Config config) {
        throw new UnsupportedOperationException(name() + " does not pool");
    }

    /**
     * Whether the group has fewer observations than the hyper-parameter {@code min-points} (which the subclass
     * declares), saying so in {@code why}: for the forms fitted on rows rather than on distinct configurations.
     */
    protected final boolean fewerThanMinPoints(List<Observation> group, List<String> why) {
        int min = params().integer("min-points");
        if (group.size() >= min) {
            return false;
        }
        why.add("only " + group.size() + " observations, " + name() + " needs " + min);
        return true;
    }

    /**
     * Whether a pool has fewer rows than a pooled fit of the forms fitted on rows needs, saying so in
     * {@code why}: {@code min-points}, at most 4 (a 1-GPU and a multi-GPU row of two jobs), since every
     * pooled row's compute is anchored by its model's own 1-GPU seconds per sample (or FLOPs) and the pool
     * shares one set of coefficients.
     */
    protected final boolean fewerThanPooledPoints(List<Observation> pool, List<String> why) {
        int min = Math.min(params().integer("min-points"), POOLED_MIN_POINTS);
        if (pool.size() >= min) {
            return false;
        }
        why.add("only " + pool.size() + " observations over the pooled jobs, " + name() + " needs " + min);
        return true;
    }

    /** The measured step time in seconds of an observation (converted from throughput when needed). */
    protected static double stepTime(Observation o) {
        return o.value(Target.STEP_TIME).orElseThrow();
    }

    @Override
    public final Predictor fit(TrainingSet training) {
        Map<String, List<Observation>> groups = new TreeMap<>();
        List<String> skipped = new ArrayList<>();
        for (Observation o : training.observations()) {
            if (o.value(Target.STEP_TIME).isEmpty()) {
                continue;
            }
            Optional<String> why = unusable(o.config());
            if (why.isPresent()) {
                skipped.add(why.get());
                continue;
            }
            groups.computeIfAbsent(form.grouping().apply(o.config()), k -> new ArrayList<>()).add(o);
        }
        if (groups.isEmpty()) {
            throw new CannotFitException(name() + " needs observations with a step time or throughput"
                    + (skipped.isEmpty() ? "" : "; " + skipped.size() + " were unusable, e.g. " + skipped.get(0))
                    + " (training set " + training.id() + ")");
        }
        Map<String, double[]> fitted = new LinkedHashMap<>();
        Map<String, String> failures = new TreeMap<>();
        groups.forEach((key, obs) -> {
            List<String> why = new ArrayList<>();
            fitGroup(obs, why).ifPresentOrElse(c -> fitted.put(key, c), () -> failures.put(key, String.join("; ", why)));
        });
        Map<String, String> pooled = pools ? pool(groups, failures, fitted) : Map.of();
        if (fitted.isEmpty()) {
            if (groups.values().stream().flatMap(List::stream).allMatch(o -> o.config().workers() == 1)) {
                // Every group fails for one cause, which no group's own count of configurations says.
                throw new CannotFitException(name() + " fits how a job's step grows with its workers, and every row"
                        + " of training set " + training.id() + " ran on one worker (rows of several, e.g. 1 and 8"
                        + " GPUs, show it that; from one GPU's rows alone the forms of the hardware answer:"
                        + " linear-scaling, mva, the simulation, allreduce-analytic)");
            }
            throw new CannotFitException(name() + " could not fit any group of training set " + training.id() + ": "
                    + failures.entrySet().stream().limit(LISTED_FAILURES).map(e -> e.getKey() + ": " + e.getValue())
                    .collect(Collectors.joining(" | ")) + (failures.size() > LISTED_FAILURES ? " | and "
                    + (failures.size() - LISTED_FAILURES) + " more groups" : ""));
        }
        Provenance provenance = Provenance.of(this, training, 0);
        if (!pooled.isEmpty()) {
            Map<String, String> hp = new TreeMap<>(provenance.hyperParameters());
            hp.put("pooled", pooled.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                    .collect(Collectors.joining("; ")));
            provenance = new Provenance(provenance.estimator(), hp, provenance.trainingSetId(),
                    provenance.trainingChecksum(), provenance.trainingSize(), provenance.seed(), provenance.versions());
        }
        return form.restore(new Coefficients(name(), arity(), fitted), provenance);
    }

    /**
     * Fits the failed groups that are candidates ({@link #anchorsAPooledFit}) pooled over the jobs of their
     * hardware and architecture, adding what fits to {@code fitted} (and removing it from {@code failures});
     * returns the pooled groups with how. A pool needs a second job with scales and a row of several workers
     * (else it knows nothing of scaling); without them a group keeps its own refusal unchanged.
     */
    private Map<String, String> pool(Map<String, List<Observation>> groups, Map<String, String> failures,
                                     Map<String, double[]> fitted) {
        Map<String, String> pooled = new TreeMap<>();
        Map<String, List<String>> failedByPool = new TreeMap<>();
        failures.keySet().stream().filter(k -> anchorsAPooledFit(groups.get(k)))
                .forEach(k -> failedByPool.computeIfAbsent(GroupKey.machineOf(k), p -> new ArrayList<>()).add(k));
        failedByPool.forEach((poolKey, failed) -> {
            List<Observation> rows = new ArrayList<>();
            groups.forEach((k, obs) -> {
                if (GroupKey.machineOf(k).equals(poolKey)) {
                    rows.addAll(obs);
                }
            });
            List<String> why = new ArrayList<>();
            Map<String, ModelScale> scales = ModelScales.of(rows, zoo(), why);
            List<Observation> usable = rows.stream()
                    .filter(o -> scales.containsKey(ModelScales.modelKey(o.config()))).toList();
            if (scales.size() < 2 || usable.stream().noneMatch(o -> o.config().workers() > 1)) {
                // Only a missing figure is worth a word: a lone model or a pool of 1-GPU rows has nothing to pool.
                if (!why.isEmpty()) {
                    failed.forEach(k -> failures.put(k, failures.get(k) + "; not pooled over jobs on " + poolKey
                            + ": " + String.join("; ", why)));
                }
                return;
            }
            Optional<double[]> shared = fitPooled(usable, o -> scales.get(ModelScales.modelKey(o.config())), why);
            String jobs = String.join(", ", scales.keySet());
            for (String key : failed) {
                Config config = groups.get(key).get(0).config();
                ModelScale scale = scales.get(ModelScales.modelKey(config));
                if (shared.isPresent() && scale != null) {
                    fitted.put(key, resolvePooled(shared.get(), scale, config));
                    pooled.put(key, "pooled over jobs on " + poolKey + ": " + jobs + " (compute scale: "
                            + scale.computeSource() + ", sync scale: parameter bytes)");
                    failures.remove(key);
                } else {
                    failures.put(key, failures.get(key) + "; not pooled over jobs on " + poolKey + ": "
                            + String.join("; ", why));
                }
            }
        });
        return pooled;
    }

    /**
     * Whether a group too small for its own fit can join a pool: it has a 1-GPU row, which anchors its compute, and
     * a row of several workers, which anchors the level of its synchronisation. The shape its own rows cannot pin
     * down with so few points (how the time grows between and beyond its worker counts) is what the pool supplies;
     * its own rows are part of the pooled fit. The usual published shapes qualify: 1 and 8 GPUs per model, or 1, 2,
     * 4 and 8 GPUs of one node. A group without a 1-GPU row or without a multi-GPU row does not (it would be
     * predicted from the other jobs alone).
     */
    static boolean anchorsAPooledFit(List<Observation> group) {
        return group.stream().anyMatch(o -> o.config().workers() == 1)
                && group.stream().anyMatch(o -> o.config().workers() > 1);
    }
}
