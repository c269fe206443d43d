package io.stepcast.evaluation.suite;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.evaluation.Split;
import io.stepcast.evaluation.SyntheticObservations;
import io.stepcast.evaluation.metrics.Coverage;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.models.predictor.AbstractPredictor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The native interval of a hold-out task: a synthetic predictor with a known interval of its own, scored through
 * the suite's conformal wrapper, gives the covered share its interval implies in a row of its own next to the
 * conformal row, with the points of the plain fit; a predictor without its own interval gives no native row.
 */
class NativeIntervalTest {
    private static final Split SPLIT = SyntheticObservations.v100HeldOut();

    private static List<ScoredPoint> run(Estimator e) {
        return new HoldOutTask("synthetic", "cross-hardware", SPLIT, e.name(), e, List.of(Target.STEP_TIME)).run()
                .get(0);
    }

    @Test
    void aKnownNativeIntervalGivesItsCoveredShareInARowOfItsOwn() {
        // Alpha is over-predicted by 5% (the measured value is inside [0.9, 1.1] x the point), beta under-predicted
        // by 20% (outside): half of the V100 rows are covered.
        Band band = new Band("synthetic-band", OptionalDouble.of(0.8));
        List<ScoredPoint> points = run(band);
        Predictor plain = band.fit(SPLIT.training());
        for (ScoredPoint p : points) {
            Prediction own = plain.predict(p.config(), Target.STEP_TIME);
            assertThat(Double.doubleToRawLongBits(p.predicted().getAsDouble()))
                    .isEqualTo(Double.doubleToRawLongBits(own.asDouble().getAsDouble()));
            assertThat(p.nativeInterval()).contains((Prediction.Value) own);
        }
        List<Coverage> rows = Coverage.of(points);
        assertThat(rows).extracting(Coverage::interval)
                .containsExactly(Coverage.Interval.CONFORMAL, Coverage.Interval.NATIVE);
        Coverage conformal = rows.get(0);
        Coverage own = rows.get(1);
        assertThat(conformal.nominal()).hasValue(0.9);
        assertThat(own.n()).isEqualTo(24);
        assertThat(own.covered()).isEqualTo(0.5);
        assertThat(own.nominal()).hasValue(0.8);
        assertThat(own.meanWidth()).isCloseTo(0.2, within(1e-12));
    }

    @Test
    void aNativeIntervalWithoutAStatedLevelHasNoNominal() {
        Coverage own = Coverage.of(run(new Band("synthetic-range", OptionalDouble.empty()))).get(1);
        assertThat(own.interval()).isEqualTo(Coverage.Interval.NATIVE);
        assertThat(own.nominal()).isEmpty();
        assertThat(own.covered()).isEqualTo(0.5);
    }

    @Test
    void aPredictorWithoutANativeIntervalGivesNoNativeRow() {
        List<ScoredPoint> points = run(new Band("synthetic-point", null));
        assertThat(points).allMatch(p -> p.predicted().isPresent() && p.nativeInterval().isEmpty());
        assertThat(Coverage.of(points)).extracting(Coverage::interval).containsExactly(Coverage.Interval.CONFORMAL);
    }

    /**
     * A synthetic estimator: the synthetic step-time law times 1.05 for model alpha and 0.8 for the others, with,
     * unless {@code level} is null, its own interval [0.9, 1.1] x the point at that stated level (or none stated).
     */
    private static final class Band extends AbstractEstimator {
        private final OptionalDouble level;

        Band(String name, OptionalDouble level) {
            super(name, "synthetic estimator with a known interval of its own", Set.of(Target.STEP_TIME),
                    HyperParameters.of());
            this.level = level;
        }

        @Override
        protected Estimator copyWith(HyperParameters params) {
            return this;
        }

        @Override
        public Predictor fit(TrainingSet training) {
            Provenance provenance = Provenance.of(this, training, 0);
            return new AbstractPredictor(provenance) {
                @Override
                public Prediction predict(Config c, Target t) {
                    double v = SyntheticObservations.stepTime(c.localBatch(), c.workers())
                            * (c.model().equals("alpha") ? 1.05 : 0.8);
                    if (level == null) {
                        return Prediction.of(v);
                    }
                    return level.isPresent() ? Prediction.of(v, 0.9 * v, 1.1 * v, level.getAsDouble())
                            : Prediction.of(v, 0.9 * v, 1.1 * v);
                }

                @Override
                public Set<Target> targets() {
                    return Set.of(Target.STEP_TIME);
                }
            };
        }
    }
}
