package io.stepcast.distribution;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user's nccl-tests log from a cluster that is not in {@code shared/data} (two Google Cloud A3 Mega nodes, the
 * datasets module's test input; its README cites the repository and commit), through the command line: imported with
 * the system stated as a composition of catalogued parts (eight 200 Gbps GPU NICs per node), then scored.
 */
class NcclTestsLogCliTest {
    private static final Path LOG = Path.of("..", "datasets", "src", "test", "resources", "nccl-tests-logs",
            "a3mega-2x8-h100-all_reduce.log");
    private final CliSession cli = new CliSession();

    @Test
    void aLogIsImportedAndEveryRowIsAnsweredByTheCatalogsCollectiveModel(@TempDir Path dir) throws Exception {
        Path parquet = dir.resolve("a3mega.parquet");
        assertThat(cli.run("datasets", "import", "nccl-tests-log", "--input", LOG.toString(),
                "--hardware", "gcp-a3-highgpu-8g+nics=8", "--out", parquet.toString())).as(cli.err()).isZero();
        assertThat(cli.out()).contains("wrote 31 observations");
        Path out = dir.resolve("out");
        assertThat(cli.run("evaluate", "--train", parquet.toString(), "--test", parquet.toString(), "--targets",
                "step-time", "--predictors", "collective-catalog", "--out", out.toString())).as(cli.err()).isZero();
        assertThat(ResultsJson.of(out).entry("collective-catalog").get("n").asInt()).isEqualTo(31);
    }
}
