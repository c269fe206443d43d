package io.stepcast.analytic;

import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.analytic.courier.CourierStepsEstimator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * courier-steps fitted on the 48 published response-time cells only and scored on the authors' 15 live runs
 * (never fitted on them).
 */
class CourierStepsRealDataTest {
    private static CourierTables courier;
    private static Predictor fitted;

    @BeforeAll
    static void fit() throws IOException {
        courier = CourierTables.load();
        fitted = new CourierStepsEstimator().fit(TrainingSet.of("courier:cells", courier.cells()));
    }

    @Test
    void inverseBatchFormFitsTheCells() {
        double worst = 0;
        for (Observation o : courier.cells()) {
            double p = fitted.predict(o.config(), Target.RESPONSE_TIME).asDouble().getAsDouble();
            double m = o.value(Target.RESPONSE_TIME).getAsDouble();
            worst = Math.max(worst, Math.abs(p - m) / m);
        }
        // Two parameters per four batches; the worst cell is the noisiest column (1 core, 3 jobs: its batch-128
        // cell has a standard deviation of 47% of its mean), the cells' own sd being 3-47% of their means.
        assertThat(worst).isLessThan(0.2);
    }

    @Test
    void liveRunTimeError() {
        double sse = 0;
        double withoutHandEntered = 0;
        for (Observation o : courier.live()) {
            double e = fitted.predict(o.config(), Target.RESPONSE_TIME).asDouble().getAsDouble()
                    - o.value(Target.RESPONSE_TIME).getAsDouble();
            sse += e * e;
            withoutHandEntered += o.tag("note", "").isEmpty() ? e * e : 0;
        }
        double mse = sse / courier.live().size();
        System.out.printf("courier-steps time MSE on the 15 live runs: %.0f s^2 (paper's forest 3688, target 2000); "
                + "%.0f s^2 without the run the authors entered by hand%n", mse,
                withoutHandEntered / (courier.live().size() - 1));
        // Misses the 2,000 s^2 target: the hand-entered run of job 3 (284 s where its cell measured 112 s)
        // alone adds about 1,800 s^2.
        assertThat(mse).isBetween(2000.0, 2400.0);
        assertThat(withoutHandEntered / (courier.live().size() - 1)).isLessThan(600.0);
    }

    @Test
    void networkOffsetAveragesToThePublishedDifference() {
        double sum = 0;
        for (Observation o : courier.cells()) {
            var lenet = o.config().toBuilder().model("lenet5").build();
            var mlp = o.config().toBuilder().model("mlp").build();
            sum += value(lenet) - value(mlp);
        }
        assertThat(sum / courier.cells().size()).isCloseTo(311.826275 - 277.713189, within(1e-9));
        Predictor none = new CourierStepsEstimator().withHyperParameters(Map.of("network-difference-s", "0"))
                .fit(TrainingSet.of("courier:cells", courier.cells()));
        var job = courier.live().get(0).config();
        assertThat(none.predict(job, Target.RESPONSE_TIME).asDouble().getAsDouble()).isLessThan(value(job));
    }

    @Test
    void refusesOutsideTheFittedLevels() {
        var job = courier.live().get(0).config();
        Prediction p = fitted.predict(job.toBuilder().workers(16).nodes(3).build(), Target.RESPONSE_TIME);
        assertThat(p).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(fitted.predict(job, Target.ACCURACY)).isInstanceOf(Prediction.NotApplicable.class);
    }

    private static double value(io.stepcast.api.Config c) {
        return fitted.predict(c, Target.RESPONSE_TIME).asDouble().getAsDouble();
    }
}
