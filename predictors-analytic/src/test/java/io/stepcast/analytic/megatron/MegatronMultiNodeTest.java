package io.stepcast.analytic.megatron;

import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Layouts over several nodes are costed through the catalog's NICs; synthetic layouts, default constants. */
class MegatronMultiNodeTest {
    private final Predictor p = MegatronAnalyticRealDataTest.estimator()
            .withHyperParameters(Map.of("efficiency", "vtrain-a100")).fit(TrainingSet.of("none", List.of()));

    private static Config job(String hardware, ParallelLayout layout) {
        return Config.builder().model("gpt-l48-h4096-a32-s2048-v50304").hardware(hardware).parallel(layout)
                .nodes((layout.gpus() + 7) / 8).build();
    }

    private double seconds(String hardware, ParallelLayout layout) {
        Prediction pr = p.predict(job(hardware, layout), Target.STEP_TIME);
        assertThat(pr.isValue()).as(pr.toString()).isTrue();
        return pr.asDouble().getAsDouble();
    }

    @Test
    void dataAndPipelineParallelismCrossTheNics() {
        // 64 GPUs = 8 DGX A100 nodes: TP 8 inside each node, DP 8 across the nodes.
        double dgx = seconds("dgx-a100", ParallelLayout.builderForGlobalBatch(8, 1, 8, 1, 512).build());
        // The same layout over 100 Gb/s Ethernet (one NIC per node) pays more for the DP all-reduce.
        double ethernet = seconds("gcp-a2-highgpu-8g", ParallelLayout.builderForGlobalBatch(8, 1, 8, 1, 512).build());
        assertThat(ethernet).isGreaterThan(dgx);
        // 512 GPUs with a pipeline over nodes.
        assertThat(seconds("dgx-a100", ParallelLayout.builderForGlobalBatch(8, 8, 8, 1, 512).build())).isPositive();
    }

    @Test
    void aSystemWithoutNicFiguresRefusesSeveralNodes() {
        Prediction pr = p.predict(job("vtrain-a100", ParallelLayout.builderForGlobalBatch(8, 2, 1, 1, 64)
                .build()), Target.STEP_TIME);
        assertThat(pr).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(((Prediction.NotApplicable) pr).reason()).contains("no NIC figures for vtrain-a100");
        Prediction tp = p.predict(job("dgx-a100", ParallelLayout.builderForGlobalBatch(16, 1, 1, 1, 8)
                .build()), Target.STEP_TIME);
        assertThat(((Prediction.NotApplicable) tp).reason()).contains("tensor_parallel 16 must divide the 8 GPUs");
        assertThat(((Prediction.NotApplicable) tp).field()).map(f -> f.field()).hasValue("tensor_parallel");
    }

    @Test
    void aRowThatSpreadsItsGpusOverMoreNodesIsCostedWhereItPutsThem() {
        // TP 2, PP 2, DP 2 = 8 GPUs: on one DGX A100 node, on four nodes of two GPUs, on eight nodes of one.
        ParallelLayout layout = ParallelLayout.builderForGlobalBatch(2, 2, 2, 4, 16).build();
        Config packed = job("dgx-a100", layout);
        Config twoPerNode = Config.builder().model(packed.model()).hardware("dgx-a100").parallel(layout).nodes(4)
                .build();
        double one = p.predict(packed, Target.STEP_TIME).asDouble().orElseThrow();
        double four = p.predict(twoPerNode, Target.STEP_TIME).asDouble().orElseThrow();
        // The pipeline's messages and the data-parallel all-reduce now cross the NICs.
        assertThat(four).isGreaterThan(one);
        Prediction eight = p.predict(Config.builder().model(packed.model()).hardware("dgx-a100").parallel(layout)
                .nodes(8).build(), Target.STEP_TIME);
        assertThat(((Prediction.NotApplicable) eight).reason())
                .contains("places 1 GPU(s) per node, fewer than its tensor parallelism 2");
        Prediction noNic = p.predict(Config.builder().model(packed.model()).hardware("vtrain-a100").parallel(layout)
                .nodes(2).build(), Target.STEP_TIME);
        assertThat(((Prediction.NotApplicable) noNic).reason()).contains("no NIC figures for vtrain-a100");
    }

    @Test
    void thePredictorReportsThePeakMemoryOfTheLayout() {
        ParallelLayout plain = ParallelLayout.builderForGlobalBatch(8, 2, 4, 1, 64).build();
        ParallelLayout lean = plain.toBuilder().sequenceParallel(true).recompute(io.stepcast.api.Recompute.SELECTIVE)
                .build();
        PeakMemoryCheck.assertMemory((io.stepcast.api.PeakMemory) p, job("dgx-a100", plain), job("dgx-a100", lean));
        // a layout the model cannot cost has no memory either
        assertThat(((io.stepcast.api.PeakMemory) p).peakMemoryBytes(job("vtrain-a100", plain))).isEmpty();
    }

    /** The peak memory is the cost model's, and less with sequence parallelism and selective recomputation. */
    private static final class PeakMemoryCheck {
        static void assertMemory(io.stepcast.api.PeakMemory m, Config plain, Config lean) {
            double a = m.peakMemoryBytes(plain).orElseThrow();
            double b = m.peakMemoryBytes(lean).orElseThrow();
            io.stepcast.api.zoo.TransformerShape shape = new io.stepcast.datasets.zoo.ZooCatalog()
                    .find(plain.model()).orElseThrow().transformer().orElseThrow();
            assertThat(a).isEqualTo(MegatronCostModel.memory(shape, plain.parallel().orElseThrow()).total());
            assertThat(b).isLessThan(a);
        }
    }
}
