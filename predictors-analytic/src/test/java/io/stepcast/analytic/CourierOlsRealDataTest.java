package io.stepcast.analytic;

import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.analytic.estimators.CourierOlsEstimator;
import io.stepcast.analytic.estimators.CourierOlsPredictor;
import io.stepcast.analytic.estimators.OlsModel;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * courier-ols fitted on the real Courier tables (48 response-time cells, 12 batch x njobs accuracy means)
 * and scored on the authors' 15 live runs ({@code evaluation_runs.csv}).
 */
class CourierOlsRealDataTest {
    private static CourierTables courier;
    private static Predictor fitted;

    @BeforeAll
    static void fit() throws IOException {
        courier = CourierTables.load();
        fitted = new CourierOlsEstimator().fit(TrainingSet.of("courier:cells+batch_njobs",
                Stream.concat(courier.cells().stream(), courier.means().stream()).toList()));
    }

    @Test
    void timeModelIsThePublishedOls() {
        assertThat(courier.cells()).hasSize(48);
        OlsModel time = ((CourierOlsPredictor) fitted).models().get(Target.RESPONSE_TIME);
        // The averaged batch x njobs rows are left out; the network is constant (mixed) in the cells.
        assertThat(time.constant()).containsOnlyKeys("network");
        assertThat(time.coefficients()).containsExactly(new double[] {423.558693, -11.307043, -0.718293, -4.256568,
                0.013947, 12.682946, 0.030830, -0.026666}, within(1e-5));
    }

    @Test
    void predictsTheLiveRuns() {
        double[] timeApe = RealData.ape(fitted, courier.live(), Target.RESPONSE_TIME);
        double[] accApe = RealData.ape(fitted, courier.live(), Target.ACCURACY);
        double mse = courier.live().stream().mapToDouble(o -> {
            double e = fitted.predict(o.config(), Target.RESPONSE_TIME).asDouble().getAsDouble()
                    - o.value(Target.RESPONSE_TIME).getAsDouble();
            return e * e;
        }).average().orElseThrow();
        System.out.printf("courier-ols on the 15 live runs: time MSE %.0f s^2 (published random forest 3688), "
                + "time MAPE %.1f%%, accuracy MAPE %.2f%%%n", mse, RealData.mean(timeApe), RealData.mean(accApe));
        assertThat(RealData.missing(timeApe)).isZero();
        assertThat(RealData.missing(accApe)).isZero();
        // A linear model of the cell means is clearly worse than Courier's forest on these runs.
        assertThat(mse).isBetween(3688.0, 15000.0);
        assertThat(RealData.mean(accApe)).isLessThan(1.5);
    }

    @Test
    void refusesOutsideTheFittedRange() {
        var job = courier.live().get(0).config();
        Prediction p = fitted.predict(job.toBuilder().workers(16).nodes(3).localBatch(8).build(), Target.RESPONSE_TIME);
        assertThat(p).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(((Prediction.NotApplicable) p).reason()).contains("cpu=16.0");
        Predictor extrapolating = new CourierOlsEstimator().withHyperParameters(Map.of("extrapolate", "true"))
                .fit(TrainingSet.of("cells", courier.cells()));
        assertThat(extrapolating.predict(job.toBuilder().workers(16).nodes(3).localBatch(8).build(), Target.RESPONSE_TIME)
                .isValue()).isTrue();
        assertThat(extrapolating.predict(job, Target.ACCURACY)).isInstanceOf(Prediction.NotApplicable.class);
    }
}
