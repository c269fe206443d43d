package io.stepcast.models.selection;

import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.BatchObjective;
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

/** The risk-aware rule on hand-made predictions with intervals. */
class RiskAwareSelectorTest {

    /** Hand-made time by global batch with a symmetric interval of +-{@code halfWidth} x the coverage asked. */
    private record HandMade(Map<Long, Double> time, Map<Long, Double> accuracy, double halfWidth) implements Predictor {
        @Override
        public Prediction predict(Config config, Target target) {
            return predict(config, target, 0.9);
        }

        @Override
        public Prediction predict(Config config, Target target, double coverage) {
            if (target == Target.ACCURACY) {
                return Prediction.of(accuracy.get(config.globalBatch()));
            }
            double t = time.get(config.globalBatch());
            double h = halfWidth * coverage * t;
            return Prediction.of(t, t - h, t + h, coverage);
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

    private static final HandMade P = new HandMade(Map.of(64L, 480.0, 128L, 270.0, 256L, 160.0, 512L, 100.0),
            Map.of(64L, 0.955, 128L, 0.942, 256L, 0.925, 512L, 0.902), 0.2);
    private static final Config JOB = Config.builder().model("lenet5").workers(2).localBatch(32).tenants(1).build();
    private static final List<Integer> CANDIDATES = List.of(64, 128, 256, 512);

    private static RiskAwareSelector selector(double risk) {
        return new RiskAwareSelector(P, Target.RESPONSE_TIME, Optional.of(P), BatchScope.GLOBAL, risk);
    }

    @Test
    void aBatchWhosePointMeetsTheSloButWhoseUpperBoundDoesNotIsInfeasible() {
        // 128: point 270 < 300 (Courier picks it); upper at 90 %: 270 x 1.18 = 318.6 > 300.
        assertThat(new CourierSelector(P, Target.RESPONSE_TIME, Optional.of(P), BatchScope.GLOBAL, 0.5)
                .select(JOB, CANDIDATES, OptionalDouble.of(300)).batch()).isEqualTo(128);
        BatchDecision d = selector(0.1).select(JOB, CANDIDATES, OptionalDouble.of(300));
        assertThat(d.batch()).isEqualTo(256);
        assertThat(d.sloAttainable()).isTrue();
        assertThat(d.candidates()).extracting(CandidateEstimate::feasible).containsExactly(false, false, true, true);
        assertThat(d.candidate(128).upperS().getAsDouble()).isCloseTo(318.6, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void nothingFeasibleReturnsTheLowestUpperBoundFlagged() {
        BatchDecision d = selector(0.05).select(JOB, CANDIDATES, OptionalDouble.of(110));
        assertThat(d.batch()).isEqualTo(512);
        assertThat(d.sloAttainable()).isFalse();
        assertThat(d.rationale()).contains("lowest upper bound");
    }

    @Test
    void anIntervalThatStatesNoLevelIsJudgedOnItsUpperEndAndTheRationaleSaysSo() {
        Predictor unstated = new Predictor() {
            @Override
            public Prediction predict(Config config, Target target) {
                Prediction.Value v = (Prediction.Value) P.predict(config, target);
                return target == Target.ACCURACY ? v
                        : Prediction.of(v.value(), v.lower().getAsDouble(), v.upper().getAsDouble());
            }

            @Override
            public Prediction predict(Config config, Target target, double coverage) {
                return predict(config, target);
            }

            @Override
            public Set<Target> targets() {
                return P.targets();
            }

            @Override
            public Provenance provenance() {
                return P.provenance();
            }
        };
        BatchDecision d = new RiskAwareSelector(unstated, Target.RESPONSE_TIME, Optional.of(P), BatchScope.GLOBAL, 0.1)
                .select(JOB, CANDIDATES, OptionalDouble.of(300));
        // The same decision as on the stated 90 % intervals (the hand-made ranges are those at 0.9).
        assertThat(d.batch()).isEqualTo(256);
        assertThat(d.rationale()).contains("4 candidates judged on an interval that states a lower level or none");
        assertThat(selector(0.1).select(JOB, CANDIDATES, OptionalDouble.of(300)).rationale())
                .doesNotContain("states a lower level");
    }

    @Test
    void withoutAccuracyTheGoodputObjectiveWeighsTheBatchByItsStatisticalEfficiency() {
        // Synthetic noise scale phi = 100 samples at M0 = 64: efficiency(512) = 164 / 612, which outweighs the speed.
        NoiseScaleEfficiency eff = new NoiseScaleEfficiency(Map.of("lenet5", new double[] {100, 64}));
        RiskAwareSelector s = new RiskAwareSelector(P, Target.RESPONSE_TIME, Optional.empty(), BatchScope.GLOBAL, 0.1,
                BatchObjective.goodput(eff));
        BatchDecision d = s.select(JOB, CANDIDATES, OptionalDouble.of(1000));
        // goodput = b / t x (164 / (100 + b)): 64 -> 0.133, 128 -> 0.341, 256 -> 0.737, 512 -> 1.372 ... largest wins
        // here; with a slower 512 it would not.
        assertThat(d.batch()).isEqualTo(512);
        HandMade slow512 = new HandMade(Map.of(64L, 480.0, 128L, 270.0, 256L, 160.0, 512L, 300.0), P.accuracy(), 0.2);
        RiskAwareSelector s2 = new RiskAwareSelector(slow512, Target.RESPONSE_TIME, Optional.empty(), BatchScope.GLOBAL,
                0.1, BatchObjective.goodput(eff));
        assertThat(s2.select(JOB, CANDIDATES, OptionalDouble.of(1000)).batch()).isEqualTo(256);
        assertThat(eff.efficiency(JOB, 64)).isEqualTo(1.0);
        assertThat(eff.efficiency(JOB, 512)).isCloseTo(164.0 / 612, org.assertj.core.data.Offset.offset(1e-12));
    }
}
