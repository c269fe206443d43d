package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code foreign-multinode} suite: NVIDIA's BERT-large tables of an NVIDIA DGX-1 with 8 V100 16 GB, one node
 * (1, 4, 8 GPUs) and 1 to 32 nodes, transcribed and embedded (NVIDIA/DeepLearningExamples commit
 * 70c51ad7f811b020ddd741ea2c6ce5a573bad963, {@code TensorFlow/LanguageModeling/BERT/README.md}). Each multi-node row is
 * predicted from the one-node rows of its own precision; the physical predictors answer every one of the 12 and
 * beat linear scaling of the 1-GPU throughput, which ignores the all-reduce altogether; {@code allreduce-analytic},
 * {@code mva} and the simulation, which learn the intra-node links (and how compute grows with the batch) from the
 * one-node rows, are within 10%. Four NVIDIA DeepLearningExamples sources in the generic CSV format follow: BERT-large
 * on DGX A100 with gradient accumulation, Transformer-XL large on one to eight DGX-2H, EfficientNet-B4 for TensorFlow 2
 * on four and eight DGX A100 80GB and DGX-1 32 GB, on which the physical predictors miss the 10%, and BERT-large
 * pre-training for PyTorch on 1-16 DGX-1 and 1-64 DGX-2H, which has no row of one GPU, so the predictors start from
 * one full node.
 */
class ForeignMultinodeSuiteTest {
    private final CliSession cli = new CliSession();

    @Test
    void physicalPredictorsAnswerEveryMultiNodeRowAndBeatLinearScaling(@TempDir Path out, @TempDir Path emptyData)
            throws Exception {
        assertThat(cli.run("evaluate", "--suite", "foreign-multinode", "--predictors",
                "simulation,mva,allreduce-analytic,linear-scaling", "--data", emptyData.toString(),
                "--out", out.toString())).as(cli.err()).isZero();
        Map<String, JsonNode> byPredictor = ResultsJson.of(out).byPredictor("foreign-multinode");
        double linear = byPredictor.get("linear-scaling").get("mape").asDouble();
        for (String physical : new String[] {"mva", "allreduce-analytic", "simulation"}) {
            assertThat(byPredictor.get(physical).get("n").asInt()).as(physical).isEqualTo(12);
        }
        assertThat(byPredictor.get("mva").get("mape").asDouble()).isLessThan(linear);
        assertThat(byPredictor.get("allreduce-analytic").get("mape").asDouble()).isLessThan(linear);
        // The one-node rows calibrate what Horovod achieves inside a DGX-1 (far below NVLink's datasheet); the NICs
        // stay the catalog's: within the 10% asked of one node -> many nodes.
        assertThat(byPredictor.get("allreduce-analytic").get("mape").asDouble()).isLessThanOrEqualTo(10.0);
        assertThat(byPredictor.get("simulation").get("mape").asDouble()).isLessThanOrEqualTo(10.0);
        assertThat(byPredictor.get("mva").get("mape").asDouble()).isLessThanOrEqualTo(10.0);
        // Linear scaling scales from the fewest GPUs measured at the predicted batch: FP32 at 128 tokens was measured
        // at batch 8 on one GPU and at batch 4 on the nodes, so those rows scale from one full node.
        assertThat(byPredictor.get("linear-scaling").get("n").asInt()).isEqualTo(12);
        // NVIDIA's DGX A100 tables (the second dataset, gradient accumulation): the one-node rows hold no row
        // at a multi-node batch, so linear scaling answers none; the physical predictors answer all 12 within 10%.
        Map<String, JsonNode> dgxA100 = ResultsJson.of(out).byPredictor("dle-bert-dgxa100");
        for (String physical : new String[] {"mva", "allreduce-analytic", "simulation"}) {
            assertThat(dgxA100.get(physical).get("n").asInt()).as(physical).isEqualTo(12);
            assertThat(dgxA100.get(physical).get("mape").asDouble()).as(physical).isLessThanOrEqualTo(10.0);
        }
        // NVIDIA's Transformer-XL tables of one to eight DGX-2H (the third dataset): fitted on one node's 1-16 GPUs,
        // the physical predictors answer the 6 multi-node rows within 10%; linear scaling, with no 1-GPU row at the
        // nodes' batch of 4, scales from one node's 16 GPUs.
        Map<String, JsonNode> dgx2h = ResultsJson.of(out).byPredictor("dle-transformerxl-dgx2h");
        for (String physical : new String[] {"mva", "allreduce-analytic", "simulation"}) {
            assertThat(dgx2h.get(physical).get("n").asInt()).as(physical).isEqualTo(6);
            assertThat(dgx2h.get(physical).get("mape").asDouble()).as(physical).isLessThanOrEqualTo(10.0);
        }
        assertThat(dgx2h.get("linear-scaling").get("n").asInt()).isEqualTo(6);
        // NVIDIA's EfficientNet-B4 tables (the fourth dataset): fitted on the 1- and 8-GPU rows of one node, each
        // precision from its own rows, the physical predictors answer the 8 rows of 4 and 8 nodes and beat linear
        // scaling of the 1-GPU rows (21.7% when written), but not within 10%: simulation 10.4%, mva 12.9%,
        // allreduce-analytic 13.8%. Each of them over-predicts every multi-node row, worst the DGX-1 FP32 rows
        // (18-29% high), which lose 18-20% per GPU beyond their own node although the gradients are 39 MB of FP16.
        // The expected cause, which none of them models and the table cannot confirm, is synchronised batch
        // normalisation: one all-reduce of batch statistics per batch-norm layer, on the critical path of the forward
        // pass, whose latency grows once it crosses nodes. The bounds leave a margin over those values; the 10%
        // target is not asserted because it is not met.
        Map<String, JsonNode> effnet = ResultsJson.of(out).byPredictor("dle-efficientnet-b4-tf2");
        double effnetLinear = effnet.get("linear-scaling").get("mape").asDouble();
        assertThat(effnet.get("linear-scaling").get("n").asInt()).isEqualTo(8);
        for (String physical : new String[] {"mva", "allreduce-analytic", "simulation"}) {
            assertThat(effnet.get(physical).get("n").asInt()).as(physical).isEqualTo(8);
            assertThat(effnet.get(physical).get("mape").asDouble()).as(physical).isLessThan(effnetLinear)
                    .isLessThanOrEqualTo(16.0);
        }
        assertThat(effnet.get("simulation").get("mape").asDouble()).isLessThanOrEqualTo(12.5);
        // NVIDIA's PyTorch BERT-large pre-training tables (the fifth dataset): 1-16 DGX-1 and 1-64 DGX-2H nodes,
        // mixed precision, with no row of one GPU. allreduce-analytic, mva and the simulation take each one-node step
        // less the catalog's all-reduce of that node as the computation; linear scaling scales from the node. All
        // four answer the 10 rows of 4 to 64 nodes. allreduce-analytic and mva add the catalog's NICs to what the
        // node shows and come within 10% (8.4% and 8.5% when written), nearer than linear scaling (9.2%), which
        // ignores the loss beyond one node. What keeps them from nearer: they under-predict the DGX-1 rows by 11-15%
        // (the DGX-2H rows by 0-11%), charging more all-reduce per sample than those runs paid. Likely cause: the
        // pre-training scripts accumulate gradients (several micro-batches per all-reduce), which the table does not
        // state for its throughput runs. The simulation answers every row too (10.0%), not nearer than linear
        // scaling.
        Map<String, JsonNode> bertPytorch = ResultsJson.of(out).byPredictor("dle-bert-pytorch-multinode");
        double bertPytorchLinear = bertPytorch.get("linear-scaling").get("mape").asDouble();
        for (String p : new String[] {"mva", "allreduce-analytic", "simulation", "linear-scaling"}) {
            assertThat(bertPytorch.get(p).get("n").asInt()).as(p).isEqualTo(10);
        }
        for (String physical : new String[] {"mva", "allreduce-analytic"}) {
            assertThat(bertPytorch.get(physical).get("mape").asDouble()).as(physical).isLessThanOrEqualTo(10.0)
                    .isLessThan(bertPytorchLinear);
        }
    }

    /**
     * pollux-topo on the first three tables: one node gives each model and precision 3-5 rows, too few for its own fit
     * (8), so each group joins the pool of its machine with its own rows, and the catalog's NICs carry it across
     * nodes. Before, a group of more than two worker counts kept its refusal and pollux-topo answered no row.
     */
    @Test
    void polluxTopoPoolsTheOneNodeRowsAndAnswersEveryMultiNodeRow(@TempDir Path out) throws Exception {
        assertThat(cli.run("evaluate", "--suite", "foreign-multinode", "--predictors", "pollux-topo,pollux",
                "--out", out.toString())).as(cli.err()).isZero();
        Map<String, Integer> rows = Map.of("foreign-multinode", 12, "dle-bert-dgxa100", 12,
                "dle-transformerxl-dgx2h", 6);
        for (String dataset : rows.keySet()) {
            Map<String, JsonNode> byPredictor = ResultsJson.of(out).byPredictor(dataset);
            JsonNode topo = byPredictor.get("pollux-topo");
            assertThat(topo.get("n").asInt()).as(dataset).isEqualTo(rows.get(dataset));
            assertThat(topo.get("mape").asDouble()).as(dataset).isLessThanOrEqualTo(10.0);
            // pollux has no across-node term without multi-node rows, and says so rather than guess.
            assertThat(byPredictor.get("pollux").get("n").asInt()).as(dataset).isZero();
        }
        // EfficientNet-B4 (the fourth table): pollux-topo answers its 8 multi-node rows too, and like the physical
        // predictors under-predicts their loss beyond one node (10.4% when written), so the bound is not 10%.
        Map<String, JsonNode> effnet = ResultsJson.of(out).byPredictor("dle-efficientnet-b4-tf2");
        assertThat(effnet.get("pollux-topo").get("n").asInt()).isEqualTo(8);
        assertThat(effnet.get("pollux-topo").get("mape").asDouble()).isLessThanOrEqualTo(13.0);
        assertThat(effnet.get("pollux").get("n").asInt()).isZero();
    }
}
