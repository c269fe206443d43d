package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * NVIDIA DeepLearningExamples' published tables of machines that are not in {@code shared/data}, as a user would have
 * them: the embedded sources {@code dle-resnet50-pytorch}, {@code dle-bert-dgxa100} and
 * {@code dle-transformerxl-dgx2h} (their READMEs cite repository, commit and table) split in a training file and a
 * test file, and scored with {@code evaluate --train --test}.
 */
class DeepLearningExamplesCliTest {
    private final CliSession cli = new CliSession();

    /**
     * Two precisions of one model on one machine (ResNet-50 v1.5 for PyTorch, TF32 or FP32 beside mixed precision on
     * a DGX A100 and two DGX-1): the 8-GPU rows are predicted from the 1-GPU row of their own precision. With the
     * precision ignored, the two 1-GPU rows of a machine fell into one group, and the physical predictors were 19-35%
     * off on average, up to 122% on a row.
     */
    @Test
    void eachPrecisionIsPredictedFromItsOwnSingleGpuRow(@TempDir Path dir) throws Exception {
        ResultsJson results = evaluate(dir, "dle-resnet50-pytorch", "dle_resnet50v15_pytorch_2103.csv", "workers",
                "linear-scaling,allreduce-analytic,mva,simulation");
        for (String p : List.of("linear-scaling", "allreduce-analytic", "mva", "simulation")) {
            JsonNode e = results.entry(p);
            assertThat(e.get("n").asInt()).as(p).isEqualTo(6);
            // FP32/TF32 scale to 8 GPUs at 97% of linear, mixed precision at 84-87%; the all-reduce of 100 MB of
            // gradients costs about a millisecond here, so every physical predictor is 2-4% high on the first and
            // 14-19% high on the second (what the single-GPU rows cannot show: see the README's tables section).
            assertThat(e.get("max_ape").asDouble()).as(p).isLessThan(20.0);
            assertThat(e.get("mape").asDouble()).as(p).isBetween(7.0, 11.0);
        }
    }

    /**
     * One node -> many nodes with gradient accumulation (BERT-large pre-training for TensorFlow on DGX A100, 1-8 GPUs
     * of one node and 4-32 nodes, mixed precision and TF32). The one-node rows accumulate over 128-4096 micro-batches,
     * so their steps last minutes and differ between one and eight GPUs by about 1% per sample: {@code
     * allreduce-analytic} read that as an all-reduce a hundred times slower than NVLink and was 23% off on the TF32
     * rows of many nodes (up to 66%) until its link fit stopped reading noise as a link.
     */
    @Test
    void manyNodesArePredictedFromOneNodeWithinTheTarget(@TempDir Path dir) throws Exception {
        ResultsJson results = evaluate(dir, "dle-bert-dgxa100", "dle_bert_tf_2006_dgxa100.csv", "nodes",
                "allreduce-analytic,mva,simulation");
        for (String p : List.of("allreduce-analytic", "mva", "simulation")) {
            JsonNode e = results.entry(p);
            assertThat(e.get("n").asInt()).as(p).isEqualTo(12);
            // The target for one node -> many nodes is 10%; each is about 6% here, 13-15% on the worst row
            // (32 nodes of mixed precision at 128 tokens, where the measured weak scaling is 84%).
            assertThat(e.get("mape").asDouble()).as(p).isLessThan(8.0);
            assertThat(e.get("max_ape").asDouble()).as(p).isLessThan(17.0);
        }
    }

    /**
     * A model the zoo does not know, stated by its gradient bytes (Transformer-XL large for PyTorch, 257 M parameters,
     * FP32 and mixed precision): from one DGX-2H (1-16 GPUs at batch 8, and its 16 GPUs at batch 4) to 2, 4 and 8
     * nodes at batch 4. The compute at batch 4 comes from the node's own row at that batch.
     */
    @Test
    void aModelOutsideTheZooIsPredictedFromItsParameterBytes(@TempDir Path dir) throws Exception {
        ResultsJson results = evaluate(dir, "dle-transformerxl-dgx2h", "dle_transformerxl_pytorch_2006_dgx2h.csv",
                "nodes", "allreduce-analytic,mva,simulation");
        for (String p : List.of("allreduce-analytic", "mva", "simulation")) {
            JsonNode e = results.entry(p);
            assertThat(e.get("n").asInt()).as(p).isEqualTo(6);
            assertThat(e.get("mape").asDouble()).as(p).isLessThan(5.0);
        }
    }

    /**
     * A table with one model per machine, published as 1 and 8 GPUs per machine and precision (ResNet-50 v1.5 for
     * MXNet on a DGX A100, a DGX-1 and a DGX-2, two precisions each): the forms that need more rows per group than
     * that pool each machine's two precisions, whose compute scales by their own 1-GPU rows and whose
     * synchronisation by their gradient bytes over the same links, and answer the 2, 4 and 16 GPU rows. Before, a
     * pool spanned only the models of one precision, and with one model per machine every group was refused.
     */
    @Test
    void aMachinesTwoPrecisionsArePooledWhenItRanOneModel(@TempDir Path dir) throws Exception {
        Path train = TranscribedTableFiles.split("dle-resnet50-mxnet", "dle_resnet50v15_mxnet_2012.csv", "workers",
                Set.of("1", "8"), true, dir, "train.csv");
        Path test = TranscribedTableFiles.split("dle-resnet50-mxnet", "dle_resnet50v15_mxnet_2012.csv", "workers",
                Set.of("1", "8"), false, dir, "test.csv");
        ResultsJson results = evaluate(dir, train, test, "pollux,pollux-topo,hybrid,ernest,linear-scaling");
        for (String p : List.of("pollux", "pollux-topo", "hybrid", "ernest")) {
            JsonNode e = results.entry(p);
            assertThat(e.get("n").asInt()).as(p).isEqualTo(14);
            // Interpolating between 1 and 8 GPUs (and 16 on the DGX-2) of rows scaling at 90-100% of linear.
            assertThat(e.get("mape").asDouble()).as(p).isLessThan(results.entry("linear-scaling").get("mape")
                    .asDouble());
        }
    }

    /** Trains on the table's rows whose {@code column} is 1, tests on the others, with {@code predictors}. */
    private ResultsJson evaluate(Path dir, String source, String file, String column, String predictors)
            throws Exception {
        Path train = TranscribedTableFiles.split(source, file, column, true, dir, "train.csv");
        Path test = TranscribedTableFiles.split(source, file, column, false, dir, "test.csv");
        return evaluate(dir, train, test, predictors);
    }

    private ResultsJson evaluate(Path dir, Path train, Path test, String predictors) throws Exception {
        Path out = dir.resolve("out");
        assertThat(cli.run("evaluate", "--train", train.toString(), "--test", test.toString(), "--targets", "throughput",
                "--predictors", predictors, "--out", out.toString())).as(cli.err()).isZero();
        return ResultsJson.of(out);
    }
}
