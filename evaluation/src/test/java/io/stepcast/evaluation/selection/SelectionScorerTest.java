package io.stepcast.evaluation.selection;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.models.selection.CourierSelector;
import io.stepcast.evaluation.SyntheticObservations;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SelectionScorerTest {
    private static final Config JOB = SyntheticObservations.of("alpha", "v100", 1, 1, 16).config();
    // Measured: batch 16 -> 10 s, 32 -> 16 s, 64 -> 24 s (throughput 1.6, 2.0, 2.667 samples/s)
    private static final Map<Integer, Double> MEASURED = Map.of(16, 10.0, 32, 16.0, 64, 24.0);

    /** Synthetic predictor: predicts the given time per local batch. */
    private static Predictor predicting(Map<Integer, Double> times) {
        return new Predictor() {
            public Prediction predict(Config c, Target t) {
                Double v = times.get(c.localBatch());
                return v == null ? Prediction.notApplicable("synthetic: unknown batch") : Prediction.of(v);
            }
            public Set<Target> targets() { return Set.of(Target.STEP_TIME); }
            public Provenance provenance() {
                return new Provenance("synthetic", Map.of(), "t", "c", 0, 0, Map.of());
            }
        };
    }

    private static CourierSelector selector(Map<Integer, Double> predicted) {
        return new CourierSelector(predicting(predicted), Target.STEP_TIME, Optional.empty(), BatchScope.LOCAL, 0.5);
    }

    private static SelectionCase slo(double s) {
        return new SelectionCase("job", JOB, BatchScope.LOCAL, s, MEASURED, Map.of());
    }

    @Test
    void perfectPredictionsMeetTheSloWithZeroRegret() {
        SelectionScorer scorer = new SelectionScorer(Objective.THROUGHPUT);
        List<SelectionOutcome> out = scorer.decideAll(selector(MEASURED), List.of(slo(13), slo(20), slo(30)));
        assertThat(out).extracting(o -> o.chosen().getAsInt()).containsExactly(16, 32, 64);
        SelectionScore s = SelectionScorer.summarise(out);
        assertThat(s.decisions()).isEqualTo(3);
        assertThat(s.violationRate()).isZero();
        assertThat(s.regret()).isZero();
        assertThat(s.feasibleMissed()).isZero();
    }

    @Test
    void optimisticPredictorViolatesAndPessimisticOneLosesThroughput() {
        SelectionScorer scorer = new SelectionScorer(Objective.THROUGHPUT);
        // Optimistic: predicts 64 at 15 s. SLO 20 -> chooses 64, measured 24 >= 20: violation although 32 met it.
        SelectionOutcome opt = scorer.decide(selector(Map.of(16, 8.0, 32, 12.0, 64, 15.0)), slo(20));
        assertThat(opt.chosen().getAsInt()).isEqualTo(64);
        assertThat(opt.met()).isFalse();
        assertThat(opt.oracle().getAsInt()).isEqualTo(32);
        assertThat(opt.feasibleMissed()).isTrue();
        assertThat(opt.regret()).isEmpty();
        // Pessimistic: predicts 32 at 25 s. SLO 20 -> chooses 16 (met); oracle 32: regret 1 - 1.6/2.0 = 0.2.
        SelectionOutcome pes = scorer.decide(selector(Map.of(16, 12.0, 32, 25.0, 64, 40.0)), slo(20));
        assertThat(pes.chosen().getAsInt()).isEqualTo(16);
        assertThat(pes.met()).isTrue();
        assertThat(pes.regret().getAsDouble()).isCloseTo(0.2, within(1e-12));
        // Unattainable SLO (5 s): nothing measured meets it; the fastest is chosen and violates, but no
        // feasible batch was missed.
        SelectionOutcome none = scorer.decide(selector(MEASURED), slo(5));
        assertThat(none.met()).isFalse();
        assertThat(none.oracle()).isEmpty();
        assertThat(none.feasibleMissed()).isFalse();

        SelectionScore s = SelectionScorer.summarise(List.of(opt, pes, none));
        assertThat(s.violationRate()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(s.feasibleMissed()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(s.regret()).isCloseTo(0.2, within(1e-12));
    }

    @Test
    void accuracyObjectivePrefersTheMostAccurateFeasibleBatch() {
        SelectionCase c = new SelectionCase("job", JOB, BatchScope.LOCAL, 20, MEASURED,
                Map.of(16, 0.95, 32, 0.94, 64, 0.90));
        SelectionScorer scorer = new SelectionScorer(Objective.ACCURACY);
        assertThat(scorer.oracle(c).getAsInt()).isEqualTo(16);
        // Without an accuracy predictor Courier's rule takes the largest feasible batch, 32 (met, regret 1 - .94/.95).
        SelectionOutcome o = scorer.decide(selector(MEASURED), c);
        assertThat(o.chosen().getAsInt()).isEqualTo(32);
        assertThat(o.regret().getAsDouble()).isCloseTo(1 - 0.94 / 0.95, within(1e-12));
    }

    @Test
    void aPredictorThatAnswersNothingLeavesTheCaseUndecided() {
        SelectionOutcome o = new SelectionScorer(Objective.THROUGHPUT).decide(selector(Map.of()), slo(20));
        assertThat(o.decided()).isFalse();
        assertThat(o.undecidedReason().orElseThrow()).contains("synthetic: unknown batch");
        SelectionScore s = SelectionScorer.summarise(List.of(o));
        assertThat(s.decisions()).isZero();
        assertThat(s.undecided()).isEqualTo(1);
    }

    @Test
    void midpointSlosSeparateEveryPairOfCandidatesAndNormalDrawsAreReproducible() {
        assertThat(new SloPolicy.Midpoints().slos(0, List.of(10.0, 16.0, 24.0))).containsExactly(13.0, 20.0);
        SloPolicy.Normal n = new SloPolicy.Normal(300, 100, 5, 1);
        assertThat(n.slos(3, List.of())).isEqualTo(n.slos(3, List.of())).allMatch(v -> v > 0).hasSize(5);
        assertThat(n.slos(3, List.of())).isNotEqualTo(n.slos(4, List.of()));
    }

    @Test
    void casesGroupTheBatchesOfOneJob() {
        List<io.stepcast.api.Observation> data = SyntheticObservations.grid();
        List<SelectionCase> cases = SelectionCases.of(data, Target.STEP_TIME, BatchScope.LOCAL,
                new SloPolicy.Midpoints(), Optional.empty());
        // 24 jobs (2 models x 3 hardware x 4 worker counts) x 2 midpoints between 3 batch sizes
        assertThat(cases).hasSize(48);
        assertThat(cases).allMatch(c -> c.candidates().equals(List.of(16, 32, 64)));
    }
}
