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
 * {@code overhead-transfer} applies the precision rule of every predictor keyed by precision
 * ({@link io.stepcast.models.predictor.MeasuredPrecisions}) to the machines it carries from. Synthetic rows (nothing
 * measured): one model on a DGX-1 at fp16 and fp32, predicted on a DGX A100.
 */
class OverheadTransferPrecisionTest {
    private static final String HEADER = "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,"
            + "precision,throughput_samples_s\n";
    private static final List<Observation> TWO_PRECISIONS = SyntheticCsv.read(HEADER
            + "synthetic-net,ALLREDUCE,1,1,8,128,dgx-1-v100,fp16,500\n"
            + "synthetic-net,ALLREDUCE,8,1,8,128,dgx-1-v100,fp16,3800\n"
            + "synthetic-net,ALLREDUCE,1,1,8,128,dgx-1-v100,fp32,150\n"
            + "synthetic-net,ALLREDUCE,8,1,8,128,dgx-1-v100,fp32,1150\n");

    private static Prediction predict(List<Observation> train, String query) {
        Predictor p = new OverheadTransferEstimator(Optional.of(new DefaultHardwareCatalog()))
                .fit(TrainingSet.of("synthetic", train));
        Observation q = SyntheticCsv.read(query).get(0);
        return p.predict(q.config(), Target.THROUGHPUT);
    }

    @Test
    void aRowWithoutPrecisionIsRefusedWhenTheModelWasMeasuredAtSeveral() {
        Prediction p = predict(TWO_PRECISIONS, "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,"
                + "throughput_samples_s\nsynthetic-net,ALLREDUCE,8,1,8,128,dgx-a100,1\n");
        assertThat(p).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(((Prediction.NotApplicable) p).reason()).contains("overhead-transfer", "fp16", "fp32",
                "states no precision").doesNotContain("tf32");
    }

    @Test
    void aRowThatStatesAMeasuredPrecisionIsAnswered() {
        Prediction p = predict(TWO_PRECISIONS, HEADER + "synthetic-net,ALLREDUCE,8,1,8,128,dgx-a100,fp16,1\n");
        assertThat(p.asDouble()).isPresent();
    }

    @Test
    void theDeviceRatioTakesThePeakOfTheRowsPrecision() {
        // Mixed precision: the tensor-core peaks, 125 and 312 TFLOP/s; the bandwidths 900 and 1555 GB/s.
        double fp16 = Math.sqrt(125 * 900) / Math.sqrt(312 * 1555);
        assertThat(predict(TWO_PRECISIONS, HEADER + "synthetic-net,ALLREDUCE,1,1,8,128,dgx-a100,fp16,1\n").asDouble())
                .hasValueCloseTo(500 * (1 / fp16), within(1e-9));
        // FP32: the CUDA cores' peaks, 15.7 and 19.5 TFLOP/s.
        double fp32 = Math.sqrt(15.7 * 900) / Math.sqrt(19.5 * 1555);
        assertThat(predict(TWO_PRECISIONS, HEADER + "synthetic-net,ALLREDUCE,1,1,8,128,dgx-a100,fp32,1\n").asDouble())
                .hasValueCloseTo(150 * (1 / fp32), within(1e-9));
    }

    @Test
    void aTf32RowOnAnA100IsTheSameCodeAsAnFp32RowOnAV100AtTheFp32PeakAsALowerBound() {
        // The catalog has no TF32 peak: the A100's FP32 figure, the speed of the same code with TF32 off.
        double fp32 = Math.sqrt(15.7 * 900) / Math.sqrt(19.5 * 1555);
        assertThat(predict(TWO_PRECISIONS, HEADER + "synthetic-net,ALLREDUCE,1,1,8,128,dgx-a100,tf32,1\n").asDouble())
                .hasValueCloseTo(150 * (1 / fp32), within(1e-9));
    }
}
