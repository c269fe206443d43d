package io.stepcast.models.selection;

import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.api.selection.CandidateEstimate;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rule of Courier (ICPE 2021, section 4) on hand-made predictions. */
class CourierSelectorTest {

    /** Hand-made predictions by global batch: time and accuracy. */
    private record HandMade(Map<Long, Double> time, Map<Long, Double> accuracy) implements Predictor {
        @Override
        public Prediction predict(Config config, Target target) {
            Map<Long, Double> table = target == Target.ACCURACY ? accuracy : time;
            Double v = table.get(config.globalBatch());
            return v == null ? Prediction.notApplicable("no hand-made value") : Prediction.of(v);
        }

        @Override
        public Set<Target> targets() {
            return Set.of(Target.RESPONSE_TIME, Target.ACCURACY);
        }

        @Override
        public Provenance provenance() {
            return new Provenance("hand-made", Map.of(), "none", "none", 0, 0, Map.of());
        }
    }

    private static final HandMade COURIER_LIKE = new HandMade(
            Map.of(64L, 480.0, 128L, 270.0, 256L, 160.0, 512L, 100.0),
            Map.of(64L, 0.955, 128L, 0.942, 256L, 0.925, 512L, 0.902));
    private static final Config JOB = Config.builder().model("lenet5").workers(2).localBatch(32).tenants(1).build();
    private static final List<Integer> CANDIDATES = List.of(64, 128, 256, 512);

    private static CourierSelector selector(HandMade p, boolean withAccuracy) {
        return new CourierSelector(p, Target.RESPONSE_TIME, withAccuracy ? Optional.of(p) : Optional.empty(),
                BatchScope.GLOBAL, 0.5);
    }

    @Test
    void picksTheMostAccurateFeasibleBatch() {
        BatchDecision d = selector(COURIER_LIKE, true).select(JOB, CANDIDATES, OptionalDouble.of(300));
        assertThat(d.batch()).isEqualTo(128);
        assertThat(d.sloAttainable()).isTrue();
        assertThat(d.candidates()).extracting(CandidateEstimate::feasible).containsExactly(false, true, true, true);
    }

    @Test
    void feasibilityIsStrictlyBelowTheSlo() {
        BatchDecision d = selector(COURIER_LIKE, true).select(JOB, CANDIDATES, OptionalDouble.of(270));
        assertThat(d.batch()).isEqualTo(256);
    }

    @Test
    void returnsTheFastestAndSaysSoWhenNothingIsFeasible() {
        BatchDecision d = selector(COURIER_LIKE, true).select(JOB, CANDIDATES, OptionalDouble.of(50));
        assertThat(d.batch()).isEqualTo(512);
        assertThat(d.sloAttainable()).isFalse();
        assertThat(d.rationale()).contains("fastest");
    }

    @Test
    void accuracyTiesGoToTheSmallerBatch() {
        HandMade tie = new HandMade(Map.of(64L, 100.0, 128L, 90.0, 256L, 80.0),
                Map.of(64L, 0.90, 128L, 0.95, 256L, 0.95));
        assertThat(selector(tie, true).select(JOB, List.of(256, 128, 64), OptionalDouble.of(200)).batch())
                .isEqualTo(128);
    }

    @Test
    void withoutAnSloTheAlphaBetaScoreDecides() {
        // alpha = 0.5: score(b) = 0.5 a/max a + 0.5 (1 - t/max t); 512 scores 0.5*0.9445+0.5*0.7917 = 0.868,
        // 256: 0.5*0.9686+0.5*0.6667 = 0.818, 128: 0.4932+0.21875 = 0.712, 64: 0.5.
        BatchDecision d = selector(COURIER_LIKE, true).select(JOB, CANDIDATES, OptionalDouble.empty());
        assertThat(d.batch()).isEqualTo(512);
        CourierSelector accuracyOnly = new CourierSelector(COURIER_LIKE, Target.RESPONSE_TIME,
                Optional.of(COURIER_LIKE), BatchScope.GLOBAL, 1.0);
        assertThat(accuracyOnly.select(JOB, CANDIDATES, OptionalDouble.empty()).batch()).isEqualTo(64);
    }

    @Test
    void withoutAccuracyTheLargestFeasibleBatchWins() {
        BatchDecision d = selector(COURIER_LIKE, false).select(JOB, CANDIDATES, OptionalDouble.of(200));
        assertThat(d.batch()).isEqualTo(512);
    }

    @Test
    void unpredictableCandidatesAreSkippedWithTheirReason() {
        BatchDecision d = selector(COURIER_LIKE, true).select(JOB, List.of(64, 1024), OptionalDouble.of(600));
        assertThat(d.batch()).isEqualTo(64);
        assertThat(d.skipped()).singleElement().asString().contains("1024").contains("no hand-made value");
        assertThatThrownBy(() -> selector(COURIER_LIKE, true).select(JOB, List.of(1024), OptionalDouble.of(1)))
                .hasMessageContaining("no candidate batch could be predicted");
    }

    @Test
    void globalBatchesThatTheWorkersCannotSplitAreSkipped() {
        Config threeWorkers = JOB.withWorkers(3);
        HandMade withOddBatch = new HandMade(Map.of(384L, 120.0), Map.of(384L, 0.91));
        BatchDecision d2 = selector(withOddBatch, false).select(threeWorkers, List.of(64, 384), OptionalDouble.of(1e6));
        assertThat(d2.batch()).isEqualTo(384);
        assertThat(d2.skipped()).singleElement().asString().startsWith("64").contains("multiple of the 3 workers");
    }
}
