package io.stepcast.regression.estimators;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Template of the closed-form estimators of this module: keeps the observations with a measured step
 * time (or throughput, converted) that the form applies to, groups them with its grouping function, fits every
 * group with enough points and assembles the predictor. Groups that cannot be fitted are left out (their
 * configurations get "not applicable"); when none can be fitted, {@link CannotFitException} says why.
 */
public abstract class GroupedEstimator extends AbstractEstimator implements DeclaredInputs {

    /** A step-time form answers step time and, through the global batch, throughput. */
    private final Function<Config, String> grouping;
    private final BiFunction<Coefficients, Provenance, Predictor> restore;

    /**
     * @param grouping the group a configuration belongs to; the fitted predictor groups with the same function
     * @param restore  the predictor of fitted coefficients (also what the codec calls)
     */
    protected GroupedEstimator(String name, String description, HyperParameters params,
                               Function<Config, String> grouping,
                               BiFunction<Coefficients, Provenance, Predictor> restore) {
        super(name, description, EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT), params);
        this.grouping = Objects.requireNonNull(grouping, "grouping");
        this.restore = Objects.requireNonNull(restore, "restore");
    }

    /** Why an observation cannot train this form (architecture, ...), or empty when it can. */
    protected abstract Optional<String> unusable(Config config);

    /** Coefficients of one group, or empty (with {@code why} filled) when the group is not fittable. */
    protected abstract Optional<double[]> fitGroup(List<Observation> group, List<String> why);

    /** Coefficients per group. */
    protected abstract int arity();

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
            groups.computeIfAbsent(grouping.apply(o.config()), k -> new ArrayList<>()).add(o);
        }
        if (groups.isEmpty()) {
            throw new CannotFitException(name() + " needs observations with a step time or throughput"
                    + (skipped.isEmpty() ? "" : "; " + skipped.size() + " were unusable, e.g. " + skipped.get(0))
                    + " (training set " + training.id() + ")");
        }
        Map<String, double[]> fitted = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        groups.forEach((key, obs) -> {
            List<String> why = new ArrayList<>();
            fitGroup(obs, why).ifPresentOrElse(c -> fitted.put(key, c),
                    () -> failures.add(key + ": " + String.join("; ", why)));
        });
        if (fitted.isEmpty()) {
            throw new CannotFitException(name() + " could not fit any group of training set " + training.id() + ": "
                    + String.join(" | ", failures));
        }
        return restore.apply(new Coefficients(name(), arity(), fitted), Provenance.of(this, training, 0));
    }
}
