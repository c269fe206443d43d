package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user's nccl-tests log from a cluster that is not in {@code shared/data} (two Google Cloud A3 Mega nodes, the
 * datasets module's test input; its README cites the repository and commit), through the command line: imported with
 * the system named as the catalog names it ({@code a3-megagpu-8g}: eight 200 Gbps GPU NICs per node), then scored.
 */
class NcclTestsLogCliTest {
    private static final Path LOG = Path.of("..", "datasets", "src", "test", "resources", "nccl-tests-logs",
            "a3mega-2x8-h100-all_reduce.log");
    private final CliSession cli = new CliSession();

    @Test
    void aLogIsImportedAndEveryRowIsAnsweredByTheCatalogsCollectiveModel(@TempDir Path dir) throws Exception {
        Path parquet = dir.resolve("a3mega.parquet");
        assertThat(cli.run("datasets", "import", "nccl-tests-log", "--input", LOG.toString(),
                "--hardware", "a3-megagpu-8g", "--out", parquet.toString())).as(cli.err()).isZero();
        assertThat(cli.out()).contains("wrote 31 observations");
        Path out = dir.resolve("out");
        assertThat(cli.run("evaluate", "--train", parquet.toString(), "--test", parquet.toString(), "--targets",
                "step-time", "--predictors", "collective-catalog", "--out", out.toString())).as(cli.err()).isZero();
        assertThat(ResultsJson.of(out).entry("collective-catalog").get("n").asInt()).isEqualTo(31);
    }

    /**
     * SYNTHETIC log of an MPI launch (no '# Rank' lines, {@code nThread 1 nGpus 1}): without --workers the import warns,
     * naming the file once, and the catalog's model refuses the one-rank rows instead of answering 0 s.
     */
    @Test
    void anMpiLogWithoutRanksIsWarnedOfAndItsOneRankRowsAreRefused(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("mpi-all_reduce.log");
        java.nio.file.Files.write(log, java.util.List.of(
                "# nThread 1 nGpus 1 minBytes 1048576 maxBytes 2097152 step: 2(factor) warmup iters: 5 iters: 20",
                "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw"
                        + "   busbw #wrong",
                "     1048576        262144     float     sum      -1    100.0   10.49   18.35      0    100.0   10.49"
                        + "   18.35      0"));
        Path parquet = dir.resolve("mpi.parquet");
        assertThat(cli.run("datasets", "import", "nccl-tests-log", "--input", log.toString(), "--model", "all-reduce",
                "--hardware", "dgx-h100", "--out", parquet.toString())).as(cli.err()).isZero();
        assertThat(cli.err()).contains("warning: " + log + ":1: the run lists no '# Rank' lines")
                .doesNotContain(log + ": " + log);
        Path out = dir.resolve("out");
        CliSession evaluate = new CliSession();
        assertThat(evaluate.run("evaluate", "--train", parquet.toString(), "--test", parquet.toString(), "--targets",
                "step-time", "--predictors", "collective-catalog", "--out", out.toString())).as(evaluate.err()).isZero();
        assertThat(ResultsJson.of(out).entry("collective-catalog").get("n").asInt()).isZero();
    }

    /**
     * The largest message (8 GiB over 16 ranks on 2 nodes) is NIC-bound: its 47.5 ms is 90% of the nodes' eight
     * 200 Gbps NICs. The two-level schedule with its phases one after the other (the default) adds the intra-node
     * reduce and broadcast to the NIC phase and is 71% high; pipelined, as recent NCCL streams the phases, the NIC
     * phase sets the pace and the prediction is 9% low.
     */
    @Test
    void aPipelinedScheduleFollowsTheNicBoundMessagesOfThisLog(@TempDir Path dir) throws Exception {
        Path parquet = dir.resolve("a3mega.parquet");
        assertThat(cli.run("datasets", "import", "nccl-tests-log", "--input", LOG.toString(),
                "--hardware", "a3-megagpu-8g", "--out", parquet.toString())).as(cli.err()).isZero();
        double sequential = largestMessage(dir, parquet, "sequential");
        double pipelined = largestMessage(dir, parquet, "pipelined");
        assertThat(sequential / 0.047535).isBetween(1.6, 1.8);
        assertThat(pipelined / 0.047535).isBetween(0.85, 1.0);
    }

    /** The predicted seconds of the log's last row (8 GiB) by collective-catalog with the given schedule. */
    private double largestMessage(Path dir, Path parquet, String schedule) throws Exception {
        Path model = dir.resolve(schedule + ".model");
        assertThat(cli.run("fit", "--predictor", "collective-catalog", "--param", "schedule=" + schedule, "--train",
                parquet.toString(), "--save", model.toString())).as(cli.err()).isZero();
        CliSession predict = new CliSession();
        assertThat(predict.run("predict", "--model", model.toString(), "--input", parquet.toString(), "--target",
                "step-time", "--json")).as(predict.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(predict.out()).get("predictions");
        JsonNode last = rows.get(rows.size() - 1);
        assertThat(last.get("measured").asDouble()).isEqualTo(0.047535);
        return last.get("predicted").asDouble();
    }
}
