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
 * {@code overhead-transfer} carries another machine's single-GPU step to a batch it did not run along the compute
 * line {@code a + c b}, and names the batches when it cannot. Synthetic rows (nothing measured): a model on a DGX-1
 * at batch 64 (0.4 s alone, 0.42 s on 8 GPUs), predicted on a DGX A100 at batch 128.
 */
class OverheadTransferBatchTest {
    private static final String HEADER = "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware,"
            + "precision,step_time_s,parameter_bytes\n";
    private static final long BYTES = 180_000_000L;

    private static List<Observation> dgx1(String bytes) {
        return SyntheticCsv.read(HEADER
                + "synthetic-net,ALLREDUCE,1,1,8,64,dgx-1-v100,fp32,0.4," + bytes + "\n"
                + "synthetic-net,ALLREDUCE,8,1,8,64,dgx-1-v100,fp32,0.42," + bytes + "\n");
    }

    private static Prediction predict(List<Observation> train, int workers, String bytes) {
        Predictor p = new OverheadTransferEstimator(Optional.of(new DefaultHardwareCatalog()))
                .fit(TrainingSet.of("synthetic", train));
        return p.predict(SyntheticCsv.read(HEADER + "synthetic-net,ALLREDUCE," + workers + ",1,8,128,dgx-a100,fp32,1,"
                + bytes + "\n").get(0).config(), Target.STEP_TIME);
    }

    @Test
    void anotherBatchIsCarriedAlongTheLineThroughTheParameterPasses() {
        // One batch on the DGX-1: the fixed part is the 6 passes over the parameters at the V100's 900 GB/s.
        double a = 6.0 * BYTES / 900e9;
        double atBatch128 = a + (0.4 - a) / 64 * 128;
        double ratio = Math.sqrt(15.7 * 900) / Math.sqrt(19.5 * 1555);
        assertThat(predict(dgx1(Long.toString(BYTES)), 1, Long.toString(BYTES)).asDouble())
                .hasValueCloseTo(atBatch128 * ratio, within(1e-12));
        // 8 GPUs: plus the DGX-1's 0.02 s of overhead at its own batch.
        assertThat(predict(dgx1(Long.toString(BYTES)), 8, Long.toString(BYTES)).asDouble())
                .hasValueCloseTo(atBatch128 * ratio + 0.02, within(1e-12));
    }

    @Test
    void withoutAFixedPartTheRefusalNamesTheBatches() {
        Prediction p = predict(dgx1(""), 1, "");
        assertThat(p).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(((Prediction.NotApplicable) p).reason()).contains("at batch 64 only, not 128", "parameter_bytes")
                .doesNotContain("catalogued device figures");
    }
}
