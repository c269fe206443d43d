package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Published multi-node tables that start at one full node, with no single-GPU row (NVIDIA DeepLearningExamples'
 * PyTorch BERT pre-training on 1-16 DGX-1 and 1-64 DGX-2H nodes, transcribed in
 * {@code dle-bert-pytorch-multinode-*.csv}, whose README cites the commit and tables): fitted on the one-node rows,
 * {@code allreduce-analytic}, {@code mva} and {@code simulation} read the computation from them less the catalog's
 * all-reduce and answer every row of 4 to 64 nodes, and linear scaling scales from the node. Before, all four refused
 * every row for want of a single-GPU row, and the leaderboard was empty.
 */
class OneNodeRowsCliTest {
    private final CliSession cli = new CliSession();

    @Test
    void aTableThatStartsAtOneNodeIsAnsweredFromThatNode(@TempDir Path dir) throws Exception {
        Path train = copy(dir, "dle-bert-pytorch-multinode-one-node.csv");
        Path test = copy(dir, "dle-bert-pytorch-multinode-many-nodes.csv");
        Path out = dir.resolve("out");
        assertThat(cli.run("evaluate", "--train", train.toString(), "--test", test.toString(), "--targets",
                "throughput", "--predictors", "allreduce-analytic,mva,simulation,linear-scaling", "--out", out.toString()))
                .as(cli.err()).isZero();
        assertThat(cli.err()).doesNotContain("nothing is ranked", "not in the hardware catalog");
        ResultsJson results = ResultsJson.of(out);
        JsonNode linear = results.entry("linear-scaling");
        for (String p : new String[] {"allreduce-analytic", "mva", "simulation", "linear-scaling"}) {
            assertThat(results.entry(p).get("n").asInt()).as(p).isEqualTo(10);
        }
        // The catalog's NICs on top of what one node shows: within 10% over 4 to 64 nodes, and nearer than linear
        // scaling from the node, which the tables fall short of by 1-13%. The simulation answers every row too, but
        // no nearer than linear scaling: its buckets hide part of an all-reduce the rows of one node were read
        // without hiding.
        for (String p : new String[] {"allreduce-analytic", "mva"}) {
            assertThat(results.entry(p).get("mape").asDouble()).as(p).isLessThan(10.0)
                    .isLessThan(linear.get("mape").asDouble());
        }
    }

    @Test
    void aMachineMeasuredOnlyOnWholeNodesIsAnsweredFromItsOwnNodeBesideAnotherMeasuredFromOneGpu(@TempDir Path dir)
            throws Exception {
        // The DGX-2's 1-16 GPU rows beside the DGX-2H's and DGX-1's one-node rows: the DGX-2 rows give the model a
        // profile of the DGX-2, which must not stand for the DGX-2H (another GPU clock) when the DGX-2H has a
        // one-node row of its own.
        Path train = dir.resolve("train.csv");
        Files.write(train, (Files.readString(copy(dir, "dle-bert-pytorch-dgx2-single-node.csv")) + Files.readString(
                copy(dir, "dle-bert-pytorch-multinode-one-node.csv")).lines().filter(l -> l.startsWith("BERT"))
                .map(l -> l + "\n").reduce("", String::concat)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path test = copy(dir, "dle-bert-pytorch-multinode-many-nodes.csv");
        Path out = dir.resolve("out");
        assertThat(cli.run("evaluate", "--train", train.toString(), "--test", test.toString(), "--targets",
                "throughput", "--predictors", "mva,simulation", "--out", out.toString())).as(cli.err()).isZero();
        ResultsJson results = ResultsJson.of(out);
        for (String p : new String[] {"mva", "simulation"}) {
            assertThat(results.entry(p).get("n").asInt()).as(p).isEqualTo(10);
        }
        assertThat(results.entry("mva").get("mape").asDouble()).isLessThan(10.0);
    }

    private static Path copy(Path dir, String name) throws IOException {
        try (InputStream in = Objects.requireNonNull(OneNodeRowsCliTest.class.getResourceAsStream(name))) {
            Path p = dir.resolve(name);
            Files.write(p, in.readAllBytes());
            return p;
        }
    }
}
