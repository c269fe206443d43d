package io.stepcast.models.selection;

import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.BatchObjective;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.api.selection.BatchSizeSelector;
import io.stepcast.api.selection.CandidateEstimate;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.Validate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeSet;

/**
 * Courier's rule made risk-aware: a candidate is feasible when the upper end of its latency interval at
 * coverage {@code 1 - risk} is under the SLO, not its point prediction. Among the feasible candidates the
 * {@link BatchObjective} decides as in {@link CourierSelector} (highest predicted accuracy, ties to the smaller
 * batch; or the largest batch; or the highest predicted goodput). When nothing is feasible the candidate with
 * the lowest upper end is returned and the SLO flagged as not attainable. A candidate whose predictor gives
 * no interval is judged on its point prediction, and one whose interval states a lower level than
 * {@code 1 - risk}, or none, on that interval's upper end; the rationale says how many of each there were.
 *
 * <p>The intervals come from {@link Predictor#predict(Config, Target, double)}, for instance those of a
 * {@link io.stepcast.models.uncertainty.SplitConformalEstimator}; {@code risk} is fixed before the decisions are
 * scored (choosing it on the scored decisions would be fitting to the held-out side). Without an SLO the
 * decision is {@link CourierSelector}'s.
 */
public final class RiskAwareSelector implements BatchSizeSelector {
    /** The accepted probability of missing the SLO when none is asked: the conventional 95 % upper bound. */
    public static final double DEFAULT_RISK = 0.05;

    private final Predictor timePredictor;
    private final Target timeTarget;
    private final Optional<Predictor> accuracyPredictor;
    private final BatchScope scope;
    private final double risk;
    private final BatchObjective objective;

    /**
     * @param timePredictor     predicts the latency the SLO constrains, with intervals
     * @param timeTarget        {@link Target#RESPONSE_TIME} or {@link Target#STEP_TIME}
     * @param accuracyPredictor predicts {@link Target#ACCURACY}; empty to use {@code objective}
     * @param scope             whether candidates are local or global batch sizes
     * @param risk              the accepted probability of missing the SLO, in (0, 1)
     * @param objective         what is maximised among the feasible candidates without an accuracy predictor
     */
    public RiskAwareSelector(Predictor timePredictor, Target timeTarget, Optional<Predictor> accuracyPredictor,
                             BatchScope scope, double risk, BatchObjective objective) {
        this.timePredictor = Objects.requireNonNull(timePredictor, "timePredictor");
        this.timeTarget = Candidates.latency(timeTarget);
        this.accuracyPredictor = Objects.requireNonNull(accuracyPredictor, "accuracyPredictor");
        this.scope = Objects.requireNonNull(scope, "scope");
        Validate.finite(risk, "risk");
        if (!(risk > 0 && risk < 1)) {
            throw new IllegalArgumentException("risk must be in (0, 1), was " + risk);
        }
        this.risk = risk;
        this.objective = Objects.requireNonNull(objective, "objective");
    }

    /** A risk-aware Courier rule: accuracy when given, else the largest feasible batch. */
    public RiskAwareSelector(Predictor timePredictor, Target timeTarget, Optional<Predictor> accuracyPredictor,
                             BatchScope scope, double risk) {
        this(timePredictor, timeTarget, accuracyPredictor, scope, risk, BatchObjective.largestBatch());
    }

    /** The accepted probability of missing the SLO. */
    public double risk() {
        return risk;
    }

    @Override
    public BatchDecision select(Config config, List<Integer> candidates, OptionalDouble sloSeconds) {
        if (sloSeconds.isEmpty()) {
            return new CourierSelector(timePredictor, timeTarget, accuracyPredictor, scope,
                    CourierSelector.DEFAULT_ALPHA)
                    .select(config, candidates, sloSeconds);
        }
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("no candidate batch sizes given");
        }
        double slo = Validate.positive(sloSeconds.getAsDouble(), "slo");
        List<CandidateEstimate> estimates = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        int pointOnly = 0;
        int unstated = 0;
        for (int b : new TreeSet<>(candidates)) {
            Optional<Config> scoped = Candidates.scoped(scope, config, b, skipped);
            if (scoped.isEmpty()) {
                continue;
            }
            Config c = scoped.get();
            Prediction t = timePredictor.predict(c, timeTarget, 1 - risk);
            if (!(t instanceof Prediction.Value v)) {
                skipped.add(b + ": " + ((Prediction.NotApplicable) t).reason());
                continue;
            }
            OptionalDouble a = OptionalDouble.empty();
            if (accuracyPredictor.isPresent()) {
                Prediction p = accuracyPredictor.get().predict(c, Target.ACCURACY);
                if (p instanceof Prediction.NotApplicable na) {
                    skipped.add(b + ": accuracy " + na.reason());
                    continue;
                }
                a = p.asDouble();
            }
            if (v.upper().isEmpty()) {
                pointOnly++;
            } else if (v.coverage().isEmpty() || v.coverage().getAsDouble() < 1 - risk) {
                // A native range that could not state the asked level (a tree leaf of few rows, a seed range).
                unstated++;
            }
            double upper = v.upper().orElse(v.value());
            estimates.add(new CandidateEstimate(b, v.value(), a, upper < slo, OptionalDouble.of(upper)));
        }
        if (estimates.isEmpty()) {
            throw new IllegalArgumentException("no candidate batch could be predicted: " + String.join("; ", skipped));
        }
        String level = "upper bound at " + Math.round(1000 * (1 - risk)) / 10.0 + " %"
                + (pointOnly > 0 ? " (" + pointOnly + " candidates without an interval judged on their point)" : "")
                + (unstated > 0 ? " (" + unstated + " candidates judged on an interval that states a lower level or "
                        + "none)" : "");
        List<CandidateEstimate> feasible = estimates.stream().filter(CandidateEstimate::feasible).toList();
        OptionalDouble sloOut = OptionalDouble.of(slo);
        if (feasible.isEmpty()) {
            CandidateEstimate safest = estimates.stream().min(Comparator.comparingDouble(CandidateEstimate::judgedTimeS)
                    .thenComparingInt(CandidateEstimate::batch)).orElseThrow();
            return new BatchDecision(safest.batch(), sloOut, false, estimates, skipped,
                    "no candidate's " + level + " meets the SLO; the one with the lowest upper bound is returned");
        }
        CandidateEstimate best;
        String why;
        if (accuracyPredictor.isPresent()) {
            best = Candidates.mostAccurate(feasible);
            why = "highest predicted accuracy among the " + feasible.size() + " candidates whose " + level
                    + " meets the SLO";
        } else {
            best = objective.best(config, scope, feasible);
            why = objective.description() + " among the " + feasible.size() + " candidates whose " + level
                    + " meets the SLO";
        }
        return new BatchDecision(best.batch(), sloOut, true, estimates, skipped, why);
    }
}
