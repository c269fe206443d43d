package io.stepcast.analytic.transfer;

import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code overhead-transfer} scales a single-GPU time to a machine without one by the catalog's device figures, and
 * a refusal names the device and the figure it lacks. Synthetic rows (nothing measured) of one model on a DGX-1.
 */
class OverheadTransferCatalogTest {
    private static final String HEADER = "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,"
            + "precision,step_time_s\n";
    private static final List<Observation> DGX1 = SyntheticCsv.read(HEADER
            + "synthetic-net,ALLREDUCE,1,1,8,64,dgx-1-v100,fp32,0.4\n");

    private static Prediction predict(String hardware) {
        Predictor p = new OverheadTransferEstimator(Optional.of(new DefaultHardwareCatalog()))
                .fit(TrainingSet.of("synthetic", DGX1));
        return p.predict(SyntheticCsv.read(HEADER + "synthetic-net,ALLREDUCE,1,1,8,64," + hardware + ",fp32,1\n")
                .get(0).config(), Target.STEP_TIME);
    }

    @Test
    void theDgx2hIsReachedWithItsV100sFp32Peak() {
        // Same memory bandwidth, FP32 peaks 15.7 and 16.4 TFLOP/s: the time scales by sqrt(15.7 / 16.4).
        assertThat(predict("dgx-2h").asDouble()).hasValueCloseTo(0.4 * Math.sqrt(15.7 / 16.4), within(1e-12));
    }

    @Test
    void aDeviceWithoutTheFigureIsNamedWithTheMissingColumn() {
        Prediction p = predict("gce-bigdl-vcpu");
        assertThat(p).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(((Prediction.NotApplicable) p).reason()).contains("gce-bigdl-vcpu has no fp32_tflops");
    }
}
