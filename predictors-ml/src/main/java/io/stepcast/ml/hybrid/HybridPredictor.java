package io.stepcast.ml.hybrid;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.ml.learn.FittedRegression;
import io.stepcast.models.predictor.AbstractPredictor;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An analytical predictor corrected by a learned residual: {@code analytic(x) * exp(r(x))}, where
 * {@code r} was fitted to {@code log(measured / analytic)} on the training observations. Not
 * applicable wherever the analytical base is not, and for targets no residual was learned for. A point outside the
 * ranges the residual was trained on is flagged ({@link #extrapolation}): the base carries its form past its rows,
 * the learned correction does not.
 * Immutable and thread-safe when the base is.
 */
public final class HybridPredictor extends AbstractPredictor {
    private final String baseName;
    private final Predictor base;
    private final Map<Target, FittedRegression> residuals;

    /**
     * @param baseName   registered name of the analytical estimator
     * @param base       its fitted predictor
     * @param residuals  learned log residual per target
     * @param provenance how the hybrid was fitted
     */
    public HybridPredictor(String baseName, Predictor base, Map<Target, FittedRegression> residuals,
                           Provenance provenance) {
        super(Objects.requireNonNull(provenance, "provenance"));
        this.baseName = Objects.requireNonNull(baseName, "baseName");
        this.base = Objects.requireNonNull(base, "base");
        if (residuals.isEmpty()) {
            throw new IllegalArgumentException("a hybrid predictor needs at least one learned residual");
        }
        this.residuals = Collections.unmodifiableMap(new EnumMap<>(residuals));
    }

    @Override
    public Prediction predict(Config config, Target target) {
        FittedRegression residual = residuals.get(target);
        if (residual == null) {
            return Prediction.notApplicable("hybrid(" + baseName + ") learned no residual for " + target.label());
        }
        Prediction analytic = base.predict(config, target);
        if (analytic instanceof Prediction.NotApplicable na) {
            return Prediction.notApplicable(baseName + ": " + na.reason());
        }
        double a = analytic.asDouble().getAsDouble();
        if (!(a > 0)) {
            return Prediction.notApplicable(baseName + " predicted a non-positive " + target.label() + " (" + a + ")");
        }
        Prediction r = residual.predict(config);
        if (r instanceof Prediction.NotApplicable na) {
            return Prediction.notApplicable("residual: " + na.reason());
        }
        double value = a * Math.exp(r.asDouble().getAsDouble());
        return Double.isFinite(value) ? Prediction.of(value)
                : Prediction.notApplicable("hybrid(" + baseName + ") overflowed for this configuration");
    }

    /**
     * The base's own flag, if it has one, and the quantities outside the ranges the residual of {@code target} was
     * trained on, as {@code residual: workers 64 is outside the trained range 1-8}.
     */
    @Override
    public Optional<String> extrapolation(Config config, Target target) {
        FittedRegression residual = residuals.get(target);
        if (residual == null) {
            return Optional.empty();
        }
        Optional<String> own = residual.extrapolation(config).map(why -> "residual: " + why);
        Optional<String> inBase = base.extrapolation(config, target).map(why -> baseName + ": " + why);
        return inBase.isEmpty() ? own : own.map(why -> inBase.get() + "; " + why).or(() -> inBase);
    }

    /** The base's basis, as {@code allreduce-analytic: compute carried to ...}: the residual only corrects it. */
    @Override
    public Optional<String> basis(Config config, Target target) {
        return residuals.containsKey(target) ? base.basis(config, target).map(b -> baseName + ": " + b)
                : Optional.empty();
    }

    @Override
    public Set<Target> targets() {
        return residuals.keySet();
    }

    /** Registered name of the analytical base. */
    public String baseName() {
        return baseName;
    }

    /** The fitted analytical base. */
    public Predictor base() {
        return base;
    }

    /** Learned log residuals by target. */
    public Map<Target, FittedRegression> residuals() {
        return residuals;
    }
}
