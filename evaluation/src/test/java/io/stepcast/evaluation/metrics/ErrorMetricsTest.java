package io.stepcast.evaluation.metrics;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.evaluation.SyntheticObservations;
import io.stepcast.api.evaluation.Split;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ErrorMetricsTest {

    @Test
    void handComputedCase() {
        // measured 100, 200, 400, 50; predicted 110, 180, 400, 60
        // APE = 10, 10, 0, 20 %  -> mean 10, sorted 0,10,10,20: median 10, p90 at pos 2.7 -> 10 + 0.7*10 = 17, max 20
        // errors 10, -20, 0, 10 -> SSE 600, RMSE sqrt(150) = 12.2474
        // mean measured 187.5 -> SST = 7656.25 + 156.25 + 45156.25 + 18906.25 = 71875 -> R2 = 1 - 600/71875
        Metrics m = ErrorMetrics.of(new double[] {100, 200, 400, 50}, new double[] {110, 180, 400, 60}, 3);
        assertThat(m.n()).isEqualTo(4);
        assertThat(m.notApplicable()).isEqualTo(3);
        assertThat(m.mape()).isCloseTo(10.0, within(1e-12));
        assertThat(m.medianApe()).isCloseTo(10.0, within(1e-12));
        assertThat(m.p90Ape()).isCloseTo(17.0, within(1e-12));
        assertThat(m.maxApe()).isCloseTo(20.0, within(1e-12));
        assertThat(m.rmse()).isCloseTo(Math.sqrt(150), within(1e-12));
        assertThat(m.r2()).isCloseTo(1 - 600.0 / 71875.0, within(1e-12));
        assertThat(m.coverage()).isCloseTo(4.0 / 7, within(1e-12));
    }

    @Test
    void medianOfEvenCountIsTheMeanOfTheMiddlePair() {
        assertThat(ErrorMetrics.percentile(new double[] {1, 2, 3, 10}, 0.5)).isEqualTo(2.5);
        assertThat(ErrorMetrics.percentile(new double[] {5}, 0.9)).isEqualTo(5);
    }

    @Test
    void undefinedValuesAreNaNNotZero() {
        Metrics none = ErrorMetrics.of(new double[0], new double[0], 2);
        assertThat(none.n()).isZero();
        assertThat(none.mape()).isNaN();
        Metrics one = ErrorMetrics.of(new double[] {4}, new double[] {5}, 0);
        assertThat(one.mape()).isEqualTo(25.0);
        assertThat(one.r2()).isNaN();
    }

    @Test
    void refusalsAndFailedFitsAreCountedApartNotAsZeroError() {
        List<Observation> data = SyntheticObservations.grid();
        Split split = new Split("s", TrainingSet.of("t", data.subList(0, 10)), data.subList(10, 20));
        // A synthetic predictor that answers only single-node configurations, exactly.
        Estimator partial = new SyntheticEstimator(false);
        List<ScoredPoint> points = HoldOutScorer.score("grid", "p", split, "partial", partial, Target.STEP_TIME);
        Metrics m = PointMetrics.of(points);
        long singleNode = data.subList(10, 20).stream().filter(o -> o.config().deployment().nodes() == 1).count();
        assertThat(m.n()).isEqualTo((int) singleNode);
        assertThat(m.notApplicable()).isEqualTo(10 - (int) singleNode);
        assertThat(m.mape()).isZero();
        assertThat(PointMetrics.reasons(points)).containsOnlyKeys("synthetic: only one node");

        List<ScoredPoint> failed = HoldOutScorer.score("grid", "p", split, "broken", new SyntheticEstimator(true),
                Target.STEP_TIME);
        assertThat(PointMetrics.of(failed).notApplicable()).isEqualTo(10);
        assertThat(PointMetrics.reasons(failed)).containsOnlyKeys("cannot fit: synthetic: no data it likes");
        // A target the estimator does not offer is not applicable too.
        assertThat(PointMetrics.of(HoldOutScorer.score("grid", "p", split, "partial", partial, Target.THROUGHPUT))
                .notApplicable()).isEqualTo(10);
    }

    /** A synthetic estimator for the mechanics: exact on one node, refuses more; or never fits. */
    private record SyntheticEstimator(boolean failing) implements Estimator {
        public String name() { return "synthetic"; }
        public String description() { return "synthetic test estimator"; }
        public Set<Target> targets() { return Set.of(Target.STEP_TIME); }
        public Map<String, String> hyperParameters() { return Map.of(); }
        public Estimator withHyperParameters(Map<String, String> o) { return this; }

        public Predictor fit(TrainingSet training) {
            if (failing) {
                throw new CannotFitException("synthetic: no data it likes");
            }
            Provenance prov = Provenance.of(this, training, 0);
            return new Predictor() {
                public Prediction predict(io.stepcast.api.Config c, Target t) {
                    return c.deployment().nodes() == 1
                            ? Prediction.of(SyntheticObservations.stepTime(c.localBatch(), c.workers()))
                            : Prediction.notApplicable("synthetic: only one node");
                }
                public Set<Target> targets() { return Set.of(Target.STEP_TIME); }
                public Provenance provenance() { return prov; }
            };
        }
    }

    @Test
    void rSquaredIsUndefinedWhenTheMeasuredValuesDifferOnlyByRounding() {
        // 0.1 + 0.2 is not 0.3 in binary: the "same" measured time twice leaves a variance of about 1e-33.
        Metrics m = ErrorMetrics.of(new double[] {0.1 + 0.2, 0.3}, new double[] {2.0, 2.1}, 0);
        assertThat(m.r2()).isNaN();
        assertThat(ErrorMetrics.of(new double[] {1.0, 2.0}, new double[] {1.1, 1.9}, 0).r2()).isCloseTo(0.96,
                org.assertj.core.api.Assertions.within(1e-9));
    }
}
