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
                "states no precision");
    }

    @Test
    void aRowThatStatesAMeasuredPrecisionIsAnswered() {
        Prediction p = predict(TWO_PRECISIONS, HEADER + "synthetic-net,ALLREDUCE,8,1,8,128,dgx-a100,fp16,1\n");
        assertThat(p.asDouble()).isPresent();
    }
}
