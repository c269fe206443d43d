package io.stepcast.evaluation.metrics;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Measured coverage on hand-made (synthetic) points. */
class CoverageTest {
    private static ScoredPoint point(String predictor, double measured, Prediction p) {
        Observation o = new Observation(Config.builder().model("synthetic").workers(1).localBatch(8).build(),
                Measurements.builder().stepTimeS(measured).build(), "synthetic");
        return new ScoredPoint("synthetic", "kfold:5", "fold-1", predictor, Target.STEP_TIME, o, measured, p);
    }

    private static ScoredPoint point(String predictor, double measured, Prediction p, Prediction own) {
        ScoredPoint s = point(predictor, measured, p);
        return new ScoredPoint(s.dataset(), s.protocol(), s.split(), s.predictor(), s.target(), s.observation(),
                s.measured(), s.prediction(), Optional.of((Prediction.Value) own));
    }

    @Test
    void nativeIntervalsGetARowOfTheirOwnAfterTheConformalRowAndOnlyWhereThereAreSome() {
        Prediction conformal = Prediction.of(1.0, 0.8, 1.2, 0.9);
        List<Coverage> c = Coverage.of(List.of(
                point("a", 1.1, conformal, Prediction.of(1.0, 0.95, 1.05)),
                point("a", 1.0, conformal, Prediction.of(1.0, 0.95, 1.05)),
                point("a", 0.9, conformal, Prediction.of(1.0, 0.85, 1.05)),
                point("a", 1.0, conformal),
                point("b", 1.0, conformal)));
        assertThat(c).extracting(Coverage::predictor, Coverage::interval).containsExactly(
                org.assertj.core.groups.Tuple.tuple("a", Coverage.Interval.CONFORMAL),
                org.assertj.core.groups.Tuple.tuple("a", Coverage.Interval.NATIVE),
                org.assertj.core.groups.Tuple.tuple("b", Coverage.Interval.CONFORMAL));
        Coverage own = c.get(1);
        assertThat(own.n()).isEqualTo(3);
        assertThat(own.points()).isEqualTo(4);
        assertThat(own.covered()).isEqualTo(2.0 / 3);
        assertThat(own.nominal()).isEmpty();
        assertThat(own.meanWidth()).isCloseTo((0.1 + 0.1 + 0.2) / 3, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(c.get(0).n()).isEqualTo(4);
        assertThat(c.get(0).covered()).isEqualTo(1.0);
    }

    @Test
    void countsThePointsInsideTheirIntervalNextToTheStatedLevel() {
        List<Coverage> c = Coverage.of(List.of(
                point("a", 1.0, Prediction.of(1.1, 0.9, 1.3, 0.9)),
                point("a", 2.0, Prediction.of(1.1, 0.9, 1.3, 0.9)),
                point("a", 1.3, Prediction.of(1.1, 0.9, 1.3, 0.9)),
                point("a", 1.0, Prediction.of(1.0)),
                point("a", 1.0, Prediction.notApplicable("synthetic refusal")),
                point("b", 1.0, Prediction.of(1.0, 0.5, 1.5))));
        assertThat(c).hasSize(2);
        Coverage a = c.get(0);
        assertThat(a.n()).isEqualTo(3);
        assertThat(a.points()).isEqualTo(4);
        assertThat(a.covered()).isEqualTo(2.0 / 3);
        assertThat(a.nominal()).hasValue(0.9);
        assertThat(a.stated()).isEqualTo(3);
        assertThat(a.meanWidth()).isCloseTo(0.4 / 1.1, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(c.get(1).nominal()).isEmpty();
        assertThat(c.get(1).stated()).isZero();
        assertThat(c.get(1).covered()).isEqualTo(1.0);
    }

    @Test
    void aGroupWhereOnlySomeIntervalsStateTheirLevelCountsThem() {
        // A quantile forest states no level where its leaves hold too few rows: the covered share still counts
        // every interval, and the row says how many stated the level it prints.
        List<Coverage> c = Coverage.of(List.of(
                point("a", 1.0, Prediction.of(1.1, 0.9, 1.3, 0.9)),
                point("a", 2.0, Prediction.of(1.1, 0.9, 1.3))));
        assertThat(c.get(0).n()).isEqualTo(2);
        assertThat(c.get(0).stated()).isEqualTo(1);
        assertThat(c.get(0).nominal()).hasValue(0.9);
        assertThat(c.get(0).covered()).isEqualTo(0.5);
    }
}
