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
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The mechanics of the pooled fit on SYNTHETIC step times generated from the pooled Ernest form: each model's
 * time is {@code kappa b / m + pi t3 log m}, kappa its seconds per sample on one GPU (what its 1-GPU row shows),
 * pi its gradient gigabytes, t3 shared.
 */
class PooledFitSyntheticTest {
    private static final double T3 = 0.05;

    private static Observation row(String model, double kappa, long bytes, int workers, int batch) {
        Config c = Config.builder().model(model).hardware("k80").architecture(Architecture.ALLREDUCE)
                .workers(workers).localBatch(batch).parameterBytes(bytes).build();
        double t = kappa * batch + bytes / 1e9 * T3 * Math.log(workers);
        return new Observation(c, Measurements.builder().stepTimeS(t).build(), "synthetic:generated");
    }

    private static double expected(double kappa, long bytes, int workers, int batch) {
        return kappa * batch + bytes / 1e9 * T3 * Math.log(workers);
    }

    @Test
    void modelsWithTwoRowsEachShareOneFitScaledByTheirOwnComputeAndBytes() {
        List<Observation> rows = new ArrayList<>();
        for (int w : new int[] {1, 8}) {
            rows.add(row("SyntheticA", 0.02, 100_000_000L, w, 64));
            rows.add(row("SyntheticB", 0.05, 240_000_000L, w, 32));
            rows.add(row("SyntheticC", 0.004, 500_000_000L, w, 128));
        }
        Predictor p = new ErnestEstimator(Optional.empty()).fit(TrainingSet.of("synthetic-pool", rows));
        for (int w : new int[] {2, 4, 16}) {
            Config a = row("SyntheticA", 0.02, 100_000_000L, w, 64).config();
            Config c = row("SyntheticC", 0.004, 500_000_000L, w, 128).config();
            assertThat(p.predict(a, Target.STEP_TIME).asDouble().getAsDouble())
                    .isCloseTo(expected(0.02, 100_000_000L, w, 64), within(1e-9));
            assertThat(p.predict(c, Target.STEP_TIME).asDouble().getAsDouble())
                    .isCloseTo(expected(0.004, 500_000_000L, w, 128), within(1e-9));
        }
        assertThat(p.provenance().hyperParameters().get("pooled"))
                .contains("synthetica@k80#allreduce pooled over jobs on k80#allreduce: synthetica, syntheticb, "
                        + "syntheticc (compute scale: 1-GPU row, sync scale: parameter bytes)");
    }

    @Test
    void aGroupWithThreeWorkerCountsJoinsThePoolWithItsOwnRows() {
        List<Observation> rows = new ArrayList<>();
        for (int w : new int[] {1, 8}) {
            rows.add(row("SyntheticA", 0.02, 100_000_000L, w, 64));
            rows.add(row("SyntheticB", 0.05, 240_000_000L, w, 32));
        }
        for (int w : new int[] {1, 2, 4}) {
            rows.add(row("SyntheticC", 0.004, 500_000_000L, w, 128));
        }
        Predictor p = new ErnestEstimator(Optional.empty()).fit(TrainingSet.of("synthetic-pool", rows));
        assertThat(p.predict(row("SyntheticC", 0.004, 500_000_000L, 8, 128).config(), Target.STEP_TIME)
                .asDouble().getAsDouble()).isCloseTo(expected(0.004, 500_000_000L, 8, 128), within(1e-9));
        assertThat(p.provenance().hyperParameters().get("pooled")).contains("syntheticc@k80#allreduce pooled");
    }

    @Test
    void aGroupWithoutASingleGpuRowKeepsItsOwnRefusal() {
        List<Observation> rows = new ArrayList<>();
        for (int w : new int[] {1, 8}) {
            rows.add(row("SyntheticA", 0.02, 100_000_000L, w, 64));
            rows.add(row("SyntheticB", 0.05, 240_000_000L, w, 32));
        }
        for (int w : new int[] {2, 4}) {
            rows.add(row("SyntheticC", 0.004, 500_000_000L, w, 128));
        }
        Predictor p = new ErnestEstimator(Optional.empty()).fit(TrainingSet.of("synthetic-pool", rows));
        Prediction c = p.predict(row("SyntheticC", 0.004, 500_000_000L, 8, 128).config(), Target.STEP_TIME);
        assertThat(c).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(p.predict(row("SyntheticB", 0.05, 240_000_000L, 4, 32).config(), Target.STEP_TIME).isValue()).isTrue();
        assertThat(p.provenance().hyperParameters().get("pooled")).doesNotContain("syntheticc@");
    }

    @Test
    void withoutParameterBytesNoModelIsPooledAndTheRefusalSaysWhy() {
        List<Observation> rows = new ArrayList<>();
        for (int w : new int[] {1, 8}) {
            for (String m : new String[] {"SyntheticA", "SyntheticB"}) {
                Config c = Config.builder().model(m).hardware("k80").architecture(Architecture.ALLREDUCE).workers(w)
                        .localBatch(64).build();
                rows.add(new Observation(c, Measurements.builder().stepTimeS(0.5 + 0.1 * w).build(),
                        "synthetic:generated"));
            }
        }
        assertThatThrownBy(() -> new ErnestEstimator(Optional.empty()).fit(TrainingSet.of("synthetic-no-bytes", rows)))
                .isInstanceOf(CannotFitException.class)
                .hasMessageContaining("only 2 distinct configurations, ernest needs 4; not pooled over jobs on "
                        + "k80#allreduce: the parameter bytes of 'SyntheticA' are unknown (column parameter_bytes)");
    }
}
