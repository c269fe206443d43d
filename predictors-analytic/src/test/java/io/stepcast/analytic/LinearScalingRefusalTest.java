package io.stepcast.analytic;

import io.stepcast.analytic.estimators.LinearScalingEstimator;
import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A strong-scaling table keeps the global batch fixed, so its 1-GPU row is at another local batch than its 8-GPU rows;
 * linear scaling refuses those in plain words (model, hardware, the local batch it lacks and the ones it has) rather
 * than with its group keys. Real rows: NVIDIA DeepLearningExamples@05ee9863, PyTorch/Recommendation/NCF/README.md,
 * "Training performance results", NVIDIA DGX-1 (8x V100 16GB), FP32: 10.42M samples/s on 1 GPU at batch 1,048,576,
 * 60.03M on 8 GPUs at 131,072 per GPU.
 */
class LinearScalingRefusalTest {

    @Test
    void aBatchWithoutARowIsRefusedInTheUsersWords() {
        Config one = fp32(1, 1_048_576);
        Observation row = new Observation(one, Measurements.builder().throughputSamplesPerS(10_420_000).build(),
                "dle-ncf");
        Predictor p = new LinearScalingEstimator().fit(TrainingSet.of("dle-ncf", List.of(row)));

        Config eight = fp32(8, 131_072);
        Prediction refused = p.predict(eight, Target.THROUGHPUT);

        assertThat(refused).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(((Prediction.NotApplicable) refused).reason()).isEqualTo("no 1-GPU row of NCF (fp32) on"
                + " dgx-1-v100 at local batch 131072 (it has local batches 1048576), nor any other row at that"
                + " batch to scale from");
        Prediction otherMachine = p.predict(fp32(1, 1_048_576).toBuilder().hardware("dgx-a100").build(),
                Target.THROUGHPUT);
        assertThat(((Prediction.NotApplicable) otherMachine).reason()).isEqualTo("no row of NCF (fp32) on dgx-a100 at"
                + " any local batch: linear scaling does not carry a step from other hardware");
    }

    /** NCF on {@code workers} GPUs of a DGX-1 at FP32, data-parallel. */
    private static Config fp32(int workers, int localBatch) {
        return Config.builder().model("NCF").architecture(Architecture.ALLREDUCE).hardware("dgx-1-v100")
                .workers(workers).localBatch(localBatch)
                .parallel(ParallelLayout.builder(1, 1, workers, localBatch, 1).precision(Precision.FP32).build())
                .build();
    }
}
