package io.stepcast.ml.learn;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.models.predictor.AbstractPredictor;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A fitted predictor made of one {@link FittedRegression} per target (Tribuo's {@code Model} role).
 * It answers the targets its training set measured; any other target is not applicable. A tree model (CART,
 * a random forest, Courier's forests) also gives the interval of a quantile regression forest (Meinshausen,
 * JMLR 7, 2006): at {@link #NATIVE_COVERAGE} from {@link #predict(Config, Target)}, at any level from
 * {@link #predict(Config, Target, double)}. A point outside the range of a numeric feature its target's model was
 * trained on is answered all the same and flagged ({@link #extrapolation}).
 * Immutable and thread-safe.
 */
public final class LearnedPredictor extends AbstractPredictor {
    /** The level of the quantile-forest interval {@link #predict(Config, Target)} states. */
    public static final double NATIVE_COVERAGE = 0.9;
    private final Map<Target, FittedRegression> models;
    /** Every target its training set had enough rows of: what a full fit answers (names it in refusals). */
    private final Set<Target> measured;

    /**
     * @param models     one fitted regression per answered target, at least one
     * @param provenance how it was fitted
     */
    public LearnedPredictor(Map<Target, FittedRegression> models, Provenance provenance) {
        this(models, provenance, models.keySet());
    }

    /**
     * A predictor fitted for some targets only ({@link io.stepcast.api.Estimator#fit(io.stepcast.api.TrainingSet,
     * Set)}): it refuses every other target, and names in a refusal every target its training set measured,
     * as the predictor of a full fit does.
     *
     * @param models     one fitted regression per answered target, at least one
     * @param provenance how it was fitted
     * @param measured   the targets a full fit would have answered; contains those of {@code models}
     */
    public LearnedPredictor(Map<Target, FittedRegression> models, Provenance provenance, Set<Target> measured) {
        super(Objects.requireNonNull(provenance, "provenance"));
        if (models.isEmpty()) {
            throw new IllegalArgumentException("a learned predictor needs at least one fitted target");
        }
        if (!measured.containsAll(models.keySet())) {
            throw new IllegalArgumentException("measured targets " + measured + " miss some fitted one of "
                    + models.keySet());
        }
        this.models = Collections.unmodifiableMap(new EnumMap<>(models));
        this.measured = Collections.unmodifiableSet(EnumSet.copyOf(measured));
    }

    @Override
    public Prediction predict(Config config, Target target) {
        return predict(config, target, NATIVE_COVERAGE);
    }

    /**
     * The prediction with, for a tree model, its quantile-forest interval at {@code coverage} (Meinshausen 2006);
     * other models answer their point.
     */
    @Override
    public Prediction predict(Config config, Target target, double coverage) {
        FittedRegression m = models.get(target);
        if (m == null) {
            if (measured.contains(target)) {
                return Prediction.notApplicable(provenance().estimator() + " was fitted without " + target.label()
                        + " (not asked for)");
            }
            return Prediction.notApplicable(provenance().estimator() + " was not fitted for " + target.label()
                    + " (its training set measured " + measured.stream().map(Target::label)
                    .collect(Collectors.joining(", ")) + ")");
        }
        return m.predict(config, coverage);
    }

    /** The quantities of {@code config} outside the ranges the model of {@code target} was trained on, if any. */
    @Override
    public Optional<String> extrapolation(Config config, Target target) {
        FittedRegression m = models.get(target);
        return m == null ? Optional.empty() : m.extrapolation(config);
    }

    @Override
    public Set<Target> targets() {
        return models.keySet();
    }

    /** The fitted regressions by target (for persistence and inspection). */
    public Map<Target, FittedRegression> models() {
        return models;
    }
}
