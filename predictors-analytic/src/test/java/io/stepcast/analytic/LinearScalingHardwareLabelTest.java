package io.stepcast.analytic;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.analytic.estimators.LinearScalingEstimator;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A hardware label with blanks (a CPU model name, as the TensorFlow profiler records it) is a valid group. */
class LinearScalingHardwareLabelTest {

    @Test
    void aCpuModelNameWithBlanksIsAGroupLikeAnyOther() {
        // Synthetic single-worker row: 10 ms per step at batch 32 on a CPU named with blanks.
        Config one = Config.builder().model("lenet5").hardware("AMD EPYC 7B13").architecture(Architecture.ASYNC_PS)
                .localBatch(32).build();
        Observation row = new Observation(one, Measurements.builder().stepTimeS(0.010).build(), "synthetic:cpu");
        Predictor p = new LinearScalingEstimator().fit(TrainingSet.of("synthetic", List.of(row)));
        double fourWorkers = p.predict(one.withWorkers(4), Target.THROUGHPUT).asDouble().orElseThrow();
        assertThat(fourWorkers).isCloseTo(4 * 32 / 0.010, within(1e-6));
    }
}
