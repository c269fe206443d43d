package io.stepcast.analytic;

import io.stepcast.api.Architecture;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.analytic.estimators.ErnestEstimator;
import io.stepcast.analytic.estimators.LinearScalingEstimator;
import io.stepcast.analytic.estimators.OptimusEstimator;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The Optimus and Ernest forms on SYNTHETIC measurements generated from known coefficients. */
class OptimusErnestFormsTest {

    private static Config config(Architecture a, int w, int p, int nodes, int batch) {
        var b = Config.builder().model("SyntheticNet").hardware("k80").architecture(a).workers(w).nodes(nodes)
                .localBatch(batch);
        if (a.usesParameterServers()) {
            b.parameterServers(p);
        }
        return b.build();
    }

    private static Observation observe(Config c, double stepTime) {
        return new Observation(c, Measurements.builder().stepTimeS(stepTime).build(), "synthetic:generated");
    }

    @Test
    void optimusAsyncRecoversItsCoefficientsAndThroughputIsWOverT() {
        double[] truth = {0.3, 0.02, 0.001, 0.005};
        List<Observation> obs = new ArrayList<>();
        for (int w : new int[] {1, 2, 4, 8, 16}) {
            for (int p : new int[] {1, 2, 4}) {
                obs.add(observe(config(Architecture.ASYNC_PS, w, p, 1, 32),
                        truth[0] + truth[1] * w / (double) p + truth[2] * w + truth[3] * p));
            }
        }
        Predictor fitted = new OptimusEstimator(Optional.empty()).fit(TrainingSet.of("synthetic-async", obs));
        Config c = config(Architecture.ASYNC_PS, 32, 8, 1, 32);
        double t = truth[0] + truth[1] * 4 + truth[2] * 32 + truth[3] * 8;
        assertThat(fitted.predict(c, Target.STEP_TIME).asDouble().getAsDouble()).isCloseTo(t, within(1e-9));
        // Optimus async speed: w / (a + b w/p + c w + d p) steps/s, times the local batch.
        assertThat(fitted.predict(c, Target.THROUGHPUT).asDouble().getAsDouble()).isCloseTo(32 * 32 / t, within(1e-6));
        // The async form has no batch term: another local batch is another job, not fitted.
        assertThat(fitted.predict(c.withLocalBatch(64), Target.STEP_TIME)).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(fitted.predict(config(Architecture.SYNC_PS, 4, 1, 1, 32), Target.STEP_TIME))
                .isInstanceOf(Prediction.NotApplicable.class);
    }

    @Test
    void optimusSyncUsesTheBatchPerWorker() {
        double[] truth = {0.002, 0.05, 0.01, 0.003, 0.004};
        List<Observation> obs = new ArrayList<>();
        for (int w : new int[] {1, 2, 4, 8}) {
            for (int p : new int[] {1, 2}) {
                for (int m : new int[] {32, 64}) {
                    obs.add(observe(config(Architecture.SYNC_PS, w, p, 1, m),
                            truth[0] * m + truth[1] + truth[2] * w / p + truth[3] * w + truth[4] * p));
                }
            }
        }
        Predictor fitted = new OptimusEstimator(Optional.empty()).withHyperParameters(Map.of("weighting", "absolute"))
                .fit(TrainingSet.of("synthetic-sync", obs));
        Config c = config(Architecture.SYNC_PS, 16, 4, 2, 128);
        double t = truth[0] * 128 + truth[1] + truth[2] * 4 + truth[3] * 16 + truth[4] * 4;
        assertThat(fitted.predict(c, Target.STEP_TIME).asDouble().getAsDouble()).isCloseTo(t, within(1e-9));
        assertThat(fitted.predict(config(Architecture.ALLREDUCE, 4, 0, 1, 32), Target.STEP_TIME))
                .isInstanceOf(Prediction.NotApplicable.class);
    }

    @Test
    void ernestByNodesRecoversItsCoefficients() {
        double[] truth = {0.1, 0.0001, 0.02, 0.05};
        List<Observation> obs = new ArrayList<>();
        for (int n : new int[] {1, 2, 3, 4, 6}) {
            for (int m : new int[] {16, 64}) {
                Config c = config(Architecture.ALLREDUCE, 4 * n, 0, n, m);
                double scale = c.globalBatch() / (double) n;
                obs.add(observe(c, truth[0] + truth[1] * scale + truth[2] * n + truth[3] * Math.log(n)));
            }
        }
        Predictor fitted = new ErnestEstimator(Optional.empty()).withHyperParameters(Map.of("machines", "nodes"))
                .fit(TrainingSet.of("synthetic-ernest", obs));
        Config c = config(Architecture.ALLREDUCE, 64, 0, 16, 32);
        double t = truth[0] + truth[1] * 64 * 32 / 16.0 + truth[2] * 16 + truth[3] * Math.log(16);
        assertThat(fitted.predict(c, Target.STEP_TIME).asDouble().getAsDouble()).isCloseTo(t, within(1e-9));
    }

    @Test
    void cannotFitSaysWhatIsMissing() {
        List<Observation> twoPoints = List.of(observe(config(Architecture.SYNC_PS, 1, 1, 1, 32), 0.1),
                observe(config(Architecture.SYNC_PS, 2, 1, 1, 32), 0.12));
        assertThatThrownBy(() -> new OptimusEstimator(Optional.empty()).fit(TrainingSet.of("tiny", twoPoints)))
                .isInstanceOf(CannotFitException.class).hasMessageContaining("only 2 distinct");
        List<Observation> allReduce = List.of(observe(config(Architecture.ALLREDUCE, 1, 0, 1, 32), 0.1));
        assertThatThrownBy(() -> new OptimusEstimator(Optional.empty()).fit(TrainingSet.of("ar", allReduce)))
                .isInstanceOf(CannotFitException.class).hasMessageContaining("ALLREDUCE");
    }

    @Test
    void linearScalingWithoutASingleWorkerRowScalesFromTheFewestWorkersMeasured() {
        List<Observation> multiOnly = List.of(observe(config(Architecture.SYNC_PS, 2, 1, 1, 32), 0.1),
                observe(config(Architecture.SYNC_PS, 8, 1, 1, 32), 0.2));
        Predictor p = new LinearScalingEstimator().fit(TrainingSet.of("multi", multiOnly));
        // Two workers' step, whatever the workers: the 8-worker row is not what it scales from.
        assertThat(p.predict(config(Architecture.SYNC_PS, 16, 1, 1, 32), Target.STEP_TIME).asDouble().getAsDouble())
                .isCloseTo(0.1, within(1e-12));
    }
}
