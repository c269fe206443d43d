package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One node -> many nodes on a user's file of a machine that is not in {@code shared/data}, with gradient accumulation
 * (real rows: NVIDIA DeepLearningExamples' BERT-large pre-training for TensorFlow on DGX A100, 1-8 GPUs of one node
 * and 4-32 nodes, mixed precision and TF32; the embedded {@code dle-bert-dgxa100} source, whose README cites them,
 * split in two files as a user would). The one-node rows accumulate over 128-4096 micro-batches, so their steps last
 * minutes and differ between one and eight GPUs by about 1% per sample: {@code allreduce-analytic} read that as an
 * all-reduce a hundred times slower than NVLink and was 23% off on the TF32 rows of many nodes (up to 66%) until its
 * link fit stopped reading noise as a link.
 */
class AccumulationTablesCliTest {
    private static final String SOURCE = "dle-bert-dgxa100";
    private static final String FILE = "dle_bert_tf_2006_dgxa100.csv";
    private final CliSession cli = new CliSession();

    @Test
    void manyNodesArePredictedFromOneNodeWithinTheTarget(@TempDir Path dir) throws Exception {
        Path train = TranscribedTableFiles.split(SOURCE, FILE, "nodes", true, dir, "bert-large-dgxa100-one-node.csv");
        Path test = TranscribedTableFiles.split(SOURCE, FILE, "nodes", false, dir, "bert-large-dgxa100-multi-node.csv");
        Path out = dir.resolve("out");
        assertThat(cli.run("evaluate", "--train", train.toString(), "--test", test.toString(), "--targets", "throughput",
                "--predictors", "allreduce-analytic,mva,simulation", "--out", out.toString())).as(cli.err()).isZero();
        ResultsJson results = ResultsJson.of(out);
        for (String p : List.of("allreduce-analytic", "mva", "simulation")) {
            JsonNode e = results.entry(p);
            assertThat(e.get("n").asInt()).as(p).isEqualTo(12);
            // The target for one node -> many nodes is 10%; each is about 6% here, 13-15% on the worst row
            // (32 nodes of mixed precision at 128 tokens, where the measured weak scaling is 84%).
            assertThat(e.get("mape").asDouble()).as(p).isLessThan(8.0);
            assertThat(e.get("max_ape").asDouble()).as(p).isLessThan(17.0);
        }
    }
}
