package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code foreign-tables} suite: the TensorFlow documentation's single-server tables of an NVIDIA DGX-1 (8 P100)
 * and a GCE n1-standard-32-k80x8, machines that are not in {@code shared/data}, transcribed and embedded
 * (tensorflow/tensorflow commit 5984ffefd320c5d71b801ee06079a51b91ea42c0,
 * {@code tensorflow/docs_src/performance/benchmarks.md}). The 1-GPU rows of both machines are one training file,
 * so each machine's rows must be predicted from its own 1-GPU rows; the DGX-1's parameter servers live on the
 * host of the GPUs, so their traffic crosses each GPU's PCIe link to the host (two GPUs to a switch), not a network
 * or one shared bus. Five NVIDIA DeepLearningExamples sources in the generic CSV format follow (ResNet-50 and
 * Transformer-XL for PyTorch, ResNet-50 for MXNet, BERT-large for TensorFlow 19.03, ResNet-50 for TensorFlow 1;
 * their READMEs cite commit and tables).
 */
class ForeignTablesSuiteTest {
    private final CliSession cli = new CliSession();

    @Test
    void physicalPredictorsAnswerEveryRowOfTwoMachinesAndBeatLinearScaling(@TempDir Path out) throws Exception {
        assertThat(cli.run("evaluate", "--suite", "foreign-tables", "--predictors",
                "simulation,mva,allreduce-analytic,linear-scaling", "--out", out.toString())).as(cli.err()).isZero();
        System.out.println(cli.out());
        Map<String, JsonNode> byPredictor = ResultsJson.of(out).byPredictor("foreign-tables");
        JsonNode simulation = byPredictor.get("simulation");
        JsonNode linear = byPredictor.get("linear-scaling");
        // Before bases were kept per hardware, the simulation refused all but the 6 rows of one model.
        assertThat(simulation.get("n").asInt()).isEqualTo(95);
        assertThat(simulation.get("mape").asDouble()).isLessThan(linear.get("mape").asDouble());
        // Before the in-node links, the host-bus copies of eight GPUs queued on one bus: MVA was 15-50% low on
        // every multi-GPU DGX-1 row, 119% MAPE overall; and it refused the 17 all-reduce rows.
        JsonNode mva = byPredictor.get("mva");
        assertThat(mva.get("n").asInt()).isEqualTo(95);
        assertThat(mva.get("mape").asDouble()).isLessThan(linear.get("mape").asDouble());
        // allreduce-analytic answered only the 17 all-reduce rows before it costed parameter servers too; with the
        // backward pass's two thirds as its default overlap it hid every all-reduce and equalled linear scaling.
        assertThat(byPredictor.get("allreduce-analytic").get("n").asInt()).isEqualTo(95);
        assertThat(byPredictor.get("allreduce-analytic").get("mape").asDouble())
                .isLessThan(linear.get("mape").asDouble());
        // NVIDIA's ResNet-50 PyTorch tables (the second dataset): each precision from its own 1-GPU row.
        Map<String, JsonNode> resnet = ResultsJson.of(out).byPredictor("dle-resnet50-pytorch");
        for (String physical : new String[] {"mva", "allreduce-analytic", "simulation"}) {
            assertThat(resnet.get(physical).get("n").asInt()).as(physical).isEqualTo(6);
            assertThat(resnet.get(physical).get("mape").asDouble()).as(physical)
                    .isLessThanOrEqualTo(resnet.get("linear-scaling").get("mape").asDouble());
        }
        // Transformer-XL large (the third): 2 to 16 GPUs of a DGX A100, a DGX-1 and a DGX-2H, each precision from its
        // own 1-GPU rows. The queueing predictors and allreduce-analytic charge the all-reduce of 0.5-1 GB of
        // gradients and beat linear scaling.
        Map<String, JsonNode> txl = ResultsJson.of(out).byPredictor("dle-transformerxl-pytorch");
        double txlLinear = txl.get("linear-scaling").get("mape").asDouble();
        for (String physical : new String[] {"mva", "allreduce-analytic", "simulation"}) {
            assertThat(txl.get(physical).get("n").asInt()).as(physical).isEqualTo(26);
            assertThat(txl.get(physical).get("mape").asDouble()).as(physical).isLessThanOrEqualTo(txlLinear);
        }
        assertThat(txl.get("mva").get("mape").asDouble()).isLessThan(txlLinear);
        assertThat(txl.get("simulation").get("mape").asDouble()).isLessThan(txlLinear);
        assertThat(txl.get("allreduce-analytic").get("mape").asDouble()).isLessThan(txlLinear);
        // ResNet-50 for MXNet (the fourth): 2 to 16 GPUs of a DGX A100, a DGX-1 and a DGX-2 from their 1-GPU rows.
        // Horovod scales it at 95-100% of linear up to 8 GPUs, 90-95% at 16; every physical predictor answers every
        // row within the 6% for single-server scaling and is no worse than linear scaling.
        Map<String, JsonNode> mxnet = ResultsJson.of(out).byPredictor("dle-resnet50-mxnet");
        double mxnetLinear = mxnet.get("linear-scaling").get("mape").asDouble();
        for (String physical : new String[] {"mva", "allreduce-analytic", "simulation"}) {
            assertThat(mxnet.get(physical).get("n").asInt()).as(physical).isEqualTo(20);
            assertThat(mxnet.get(physical).get("mape").asDouble()).as(physical).isLessThan(6.0);
            assertThat(mxnet.get(physical).get("mape").asDouble()).as(physical).isLessThanOrEqualTo(mxnetLinear);
        }
        // BERT-large for TensorFlow 19.03 (the fifth): 4 to 16 GPUs of two DGX-1 and a DGX-2 from their 1-GPU rows at
        // two batches. The 1.3 GB all-reduce costs 3-20% at 8 GPUs; the predictors that charge it beat linear scaling.
        Map<String, JsonNode> bert = ResultsJson.of(out).byPredictor("dle-bert-tf-1903");
        double bertLinear = bert.get("linear-scaling").get("mape").asDouble();
        for (String physical : new String[] {"mva", "allreduce-analytic", "simulation"}) {
            assertThat(bert.get(physical).get("n").asInt()).as(physical).isEqualTo(21);
            assertThat(bert.get(physical).get("mape").asDouble()).as(physical).isLessThan(bertLinear);
        }
        assertThat(bert.get("mva").get("mape").asDouble()).isLessThan(6.0);
        // ResNet-50 v1.5 for TensorFlow 1 with XLA (the sixth): 8 GPUs of a DGX A100 40GB and a DGX-1, 16 of a DGX-2,
        // from their 1-GPU rows. The all-reduce of ResNet-50's 100 MB of FP32 gradients is charged under 1% (NVLink,
        // NVSwitch), so the physical predictors stay within half a point of linear scaling (8.6-8.9% against 9.0%), no
        // worse. The 6% is not met, by any of them: the DGX-2's 16 GPUs in mixed precision reach 83% of
        // linear and are 20% over-predicted, the DGX A100's 8 GPUs in mixed precision reach 9.3 times their 1-GPU row
        // and are 14% under-predicted; a 1-GPU row shows neither what 16 GPUs lose beside the all-reduce nor why 8
        // gain more than 8 times. The bounds below say so, so that a change that moves these rows is seen.
        Map<String, JsonNode> tf1 = ResultsJson.of(out).byPredictor("dle-resnet50-tf1");
        double tf1Linear = tf1.get("linear-scaling").get("mape").asDouble();
        assertThat(tf1.get("linear-scaling").get("n").asInt()).isEqualTo(6);
        for (String physical : new String[] {"mva", "allreduce-analytic", "simulation"}) {
            assertThat(tf1.get(physical).get("n").asInt()).as(physical).isEqualTo(6);
            assertThat(tf1.get(physical).get("mape").asDouble()).as(physical).isLessThanOrEqualTo(tf1Linear);
            assertThat(tf1.get(physical).get("mape").asDouble()).as(physical).isBetween(7.5, 10.0);
            assertThat(tf1.get(physical).get("max_ape").asDouble()).as(physical).isGreaterThan(15.0);
        }
    }

    @Test
    void aDataFolderWithoutTheSourceReadsTheEmbeddedCopy(@TempDir Path out, @TempDir Path emptyData) throws Exception {
        assertThat(cli.run("evaluate", "--suite", "foreign-tables", "--predictors", "linear-scaling",
                "--data", emptyData.toString(), "--out", out.toString())).as(cli.err()).isZero();
        assertThat(ResultsJson.of(out).byPredictor("foreign-tables").get("linear-scaling").get("n").asInt())
                .isEqualTo(95);
    }
}
