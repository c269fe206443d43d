package io.stepcast.evaluation.suite;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A fitted predictor that answers each (configuration, target, level) once and repeats that answer: a predictor
 * is immutable and its answer depends on its arguments only, so the repeat is the same, bit for bit. A
 * batch-size selection asks for the same candidates once per SLO of a job, per rule and per objective. A
 * prediction that throws is not remembered (it throws again). Confined to the one task that made it: not
 * thread-safe, and dropped with the task.
 */
final class RememberedPredictions implements Predictor {
    /** {@code level} is NaN for {@link #predict(Config, Target)}, the predictor's own coverage. */
    private record Question(Config config, Target target, double level) {
    }

    private final Predictor fitted;
    private final Map<Question, Prediction> answers = new HashMap<>();

    RememberedPredictions(Predictor fitted) {
        this.fitted = fitted;
    }

    @Override
    public Prediction predict(Config config, Target target) {
        return answer(new Question(config, target, Double.NaN));
    }

    @Override
    public Prediction predict(Config config, Target target, double coverage) {
        return answer(new Question(config, target, coverage));
    }

    private Prediction answer(Question q) {
        Prediction p = answers.get(q);
        if (p == null) {
            p = Double.isNaN(q.level()) ? fitted.predict(q.config(), q.target())
                    : fitted.predict(q.config(), q.target(), q.level());
            answers.put(q, p);
        }
        return p;
    }

    /** The fitted predictor's flag (cheap to recompute, and asked once per scored point). */
    @Override
    public Optional<String> extrapolation(Config config, Target target) {
        return fitted.extrapolation(config, target);
    }

    @Override
    public Set<Target> targets() {
        return fitted.targets();
    }

    @Override
    public Provenance provenance() {
        return fitted.provenance();
    }
}
