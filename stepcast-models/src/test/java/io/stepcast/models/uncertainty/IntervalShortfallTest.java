package io.stepcast.models.uncertainty;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.models.predictor.AbstractPredictor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** What a split-conformal fit with too few calibration scores for its level says (synthetic scores, mechanics only). */
class IntervalShortfallTest {
    private static final Predictor POINT = new AbstractPredictor(
            new Provenance("toy", Map.of(), "synthetic", "0".repeat(64), 1, 0, Map.of())) {
        @Override
        public Prediction predict(Config config, Target target) {
            return Prediction.of(1.0);
        }

        @Override
        public Set<Target> targets() {
            return Set.of(Target.STEP_TIME, Target.THROUGHPUT);
        }
    };

    @Test
    void theFewestScoresForALevelAreThoseItsQuantileReads() {
        assertThat(CalibrationScores.needed(0.9)).isEqualTo(9);
        assertThat(CalibrationScores.needed(0.8)).isEqualTo(4);
        assertThat(CalibrationScores.needed(0.95)).isEqualTo(19);
        assertThat(CalibrationScores.needed(0.5)).isEqualTo(1);
        for (double level : new double[] {0.5, 0.8, 0.9, 0.95, 0.99}) {
            int n = CalibrationScores.needed(level);
            assertThat(scores(n).quantile(level)).as("%s with %d", level, n).isPresent();
            assertThat(scores(n - 1).quantile(level)).as("%s with %d", level, n - 1).isEmpty();
        }
    }

    @Test
    void eachTargetShortOfScoresIsNamedWithItsCount() {
        Predictor p = new ConformalPredictor(POINT, Optional.empty(),
                Map.of(Target.STEP_TIME, scores(8), Target.THROUGHPUT, scores(6)), 0.9, POINT.provenance(), "");
        assertThat(IntervalShortfall.of(p, List.of(Target.THROUGHPUT, Target.STEP_TIME))).contains("no interval for"
                + " step-time, throughput: 8, 6 calibration scores, and an interval at 0.9 needs at least 9 (more"
                + " training rows, or a lower coverage)");
        assertThat(IntervalShortfall.of(p, List.of(Target.THROUGHPUT))).contains("no interval for throughput: 6"
                + " calibration scores, and an interval at 0.9 needs at least 9 (more training rows, or a lower"
                + " coverage)");
    }

    @Test
    void enoughScoresOrNoConformalFitSayNothing() {
        Predictor p = new ConformalPredictor(POINT, Optional.empty(),
                Map.of(Target.STEP_TIME, scores(9), Target.THROUGHPUT, scores(3)), 0.9, POINT.provenance(), "");
        assertThat(IntervalShortfall.of(p, List.of(Target.STEP_TIME))).isEmpty();
        assertThat(IntervalShortfall.of(p, List.of(Target.STEP_TIME, Target.THROUGHPUT)))
                .contains("no interval for throughput: 3 calibration scores, and an interval at 0.9 needs at least 9"
                        + " (more training rows, or a lower coverage)");
        assertThat(IntervalShortfall.of(POINT, List.of(Target.STEP_TIME))).isEmpty();
        // No score at all, with the reason the fit gave: that reason is the one line.
        Predictor uncalibrated = new ConformalPredictor(POINT, Optional.empty(), Map.of(), 0.9, POINT.provenance(),
                "too few jobs to set 0.25 of them aside for calibration");
        assertThat(IntervalShortfall.of(uncalibrated, List.of(Target.STEP_TIME))).isEmpty();
    }

    private static CalibrationScores scores(int n) {
        double[] s = new double[n];
        for (int i = 0; i < n; i++) {
            s[i] = 0.01 * (i + 1);
        }
        return new CalibrationScores(SplitConformalEstimator.Normalisation.RELATIVE, s, CalibrationScores.Mondrian.NONE,
                Map.of());
    }
}
