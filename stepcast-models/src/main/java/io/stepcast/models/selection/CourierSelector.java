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
 * Courier's batch-size rule (Albo Martinez, Bobde, Motyka, Chen, "Courier: Real-Time Optimal Batch Size
 * Prediction for Latency SLOs in BigDL", ICPE 2021, section 4): predict time {@code t_b} and accuracy
 * {@code a_b} of every candidate; the feasible set is {@code {b : t_b < SLO}}; if it is empty return the
 * fastest candidate and flag the SLO as unattainable; otherwise return the feasible candidate with the
 * highest predicted accuracy, ties to the smaller batch. Without an SLO, maximise
 * {@code alpha * a_b / max(a) + (1 - alpha) * (1 - t_b / max(t))}.
 *
 * <p>Our choice where the paper is silent: without an accuracy predictor (step-time SLOs on throughput
 * traces, where larger batches do not lose accuracy within the data) the feasible candidate with the
 * <em>largest</em> batch is chosen, i.e. the highest throughput that meets the SLO; without an SLO
 * either, the candidate with the most samples per second ({@code b / t_b}).
 */
public final class CourierSelector implements BatchSizeSelector {
    /** Weight of accuracy without an SLO when none is asked: accuracy and speed count alike. */
    public static final double DEFAULT_ALPHA = 0.5;

    private final Predictor timePredictor;
    private final Target timeTarget;
    private final Predictor accuracyPredictor;
    private final BatchScope scope;
    private final double alpha;
    private final BatchObjective objective;

    /**
     * @param timePredictor     predicts the latency the SLO constrains
     * @param timeTarget        {@link Target#RESPONSE_TIME} (Courier) or {@link Target#STEP_TIME}
     * @param accuracyPredictor predicts {@link Target#ACCURACY}; empty to maximise throughput instead
     * @param scope             whether candidates are local or global batch sizes
     * @param alpha             weight of accuracy when no SLO is given, in [0, 1]
     */
    public CourierSelector(Predictor timePredictor, Target timeTarget, Optional<Predictor> accuracyPredictor,
                           BatchScope scope, double alpha) {
        this(timePredictor, timeTarget, accuracyPredictor, scope, alpha, BatchObjective.largestBatch());
    }

    /**
     * As above, with what is maximised among the feasible candidates when there is no accuracy predictor (for
     * example {@link BatchObjective#goodput Pollux's goodput}).
     */
    public CourierSelector(Predictor timePredictor, Target timeTarget, Optional<Predictor> accuracyPredictor,
                           BatchScope scope, double alpha, BatchObjective objective) {
        this.objective = Objects.requireNonNull(objective, "objective");
        this.timePredictor = Objects.requireNonNull(timePredictor, "timePredictor");
        this.timeTarget = Candidates.latency(timeTarget);
        this.accuracyPredictor = accuracyPredictor.orElse(null);
        this.scope = Objects.requireNonNull(scope, "scope");
        Validate.finite(alpha, "alpha");
        if (alpha < 0 || alpha > 1) {
            throw new IllegalArgumentException("alpha must be in [0, 1], was " + alpha);
        }
        this.alpha = alpha;
    }

    @Override
    public BatchDecision select(Config config, List<Integer> candidates, OptionalDouble sloSeconds) {
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("no candidate batch sizes given");
        }
        sloSeconds.ifPresent(s -> Validate.positive(s, "slo"));
        List<CandidateEstimate> estimates = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (int b : new TreeSet<>(candidates)) {
            Optional<Config> scoped = Candidates.scoped(scope, config, b, skipped);
            if (scoped.isEmpty()) {
                continue;
            }
            Config c = scoped.get();
            Prediction t = timePredictor.predict(c, timeTarget);
            if (t instanceof Prediction.NotApplicable na) {
                skipped.add(b + ": " + na.reason());
                continue;
            }
            OptionalDouble a = OptionalDouble.empty();
            if (accuracyPredictor != null) {
                Prediction p = accuracyPredictor.predict(c, Target.ACCURACY);
                if (p instanceof Prediction.NotApplicable na) {
                    skipped.add(b + ": accuracy " + na.reason());
                    continue;
                }
                a = p.asDouble();
            }
            double time = t.asDouble().getAsDouble();
            boolean feasible = sloSeconds.isPresent() && time < sloSeconds.getAsDouble();
            estimates.add(new CandidateEstimate(b, time, a, feasible));
        }
        if (estimates.isEmpty()) {
            throw new IllegalArgumentException("no candidate batch could be predicted: " + String.join("; ", skipped));
        }
        return sloSeconds.isPresent()
                ? underSlo(config, estimates, skipped, sloSeconds)
                : withoutSlo(estimates, skipped);
    }

    private BatchDecision underSlo(Config config, List<CandidateEstimate> estimates, List<String> skipped, OptionalDouble slo) {
        List<CandidateEstimate> feasible = estimates.stream().filter(CandidateEstimate::feasible).toList();
        if (feasible.isEmpty()) {
            CandidateEstimate fastest = estimates.stream()
                    .min(Comparator.comparingDouble(CandidateEstimate::timeS).thenComparingInt(CandidateEstimate::batch))
                    .orElseThrow();
            return new BatchDecision(fastest.batch(), slo, false, estimates, skipped,
                    "no candidate is predicted to meet the SLO; the fastest is returned");
        }
        CandidateEstimate best;
        String why;
        if (accuracyPredictor != null) {
            best = Candidates.mostAccurate(feasible);
            why = "highest predicted accuracy among the " + feasible.size() + " candidates predicted to meet the SLO";
        } else {
            best = objective.best(config, scope, feasible);
            why = objective.description() + " among the " + feasible.size() + " candidates predicted to meet the SLO";
        }
        return new BatchDecision(best.batch(), slo, true, estimates, skipped, why);
    }

    private BatchDecision withoutSlo(List<CandidateEstimate> estimates, List<String> skipped) {
        CandidateEstimate best = estimates.get(0);
        if (accuracyPredictor != null) {
            double maxA = estimates.stream().mapToDouble(c -> c.accuracy().getAsDouble()).max().orElseThrow();
            double maxT = estimates.stream().mapToDouble(CandidateEstimate::timeS).max().orElseThrow();
            double bestScore = Double.NEGATIVE_INFINITY;
            for (CandidateEstimate c : estimates) {
                double score = alpha * (maxA > 0 ? c.accuracy().getAsDouble() / maxA : 0)
                        + (1 - alpha) * (maxT > 0 ? 1 - c.timeS() / maxT : 0);
                if (score > bestScore) {
                    bestScore = score;
                    best = c;
                }
            }
            return new BatchDecision(best.batch(), OptionalDouble.empty(), true, estimates, skipped,
                    "no SLO: best alpha*accuracy + (1-alpha)*speed score with alpha=" + alpha);
        }
        double bestRate = Double.NEGATIVE_INFINITY;
        for (CandidateEstimate c : estimates) {
            double rate = c.batch() / c.timeS();
            if (rate > bestRate) {
                bestRate = rate;
                best = c;
            }
        }
        return new BatchDecision(best.batch(), OptionalDouble.empty(), true, estimates, skipped,
                "no SLO and no accuracy predictor: most samples per second");
    }
}
