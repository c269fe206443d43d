package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.app.sweep.SweepParquet;
import io.stepcast.datasets.parquet.SchemaVersion;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code sweep.parquet} carries each point's extrapolation flag, as {@code sweep --json} does (probe17 L5: the file
 * had no such column, so a program reading it took {@code cart}'s 4-GPU Jasper point, the 1-GPU level, for a
 * prediction like any other). A sweep file written before the column still reads.
 */
class SweepParquetExtrapolationCliTest {
    private static final Path EXAMPLES = Path.of("..", "docs", "examples");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void eachRowOfTheFileSaysWhyItsPointIsAnExtrapolation(@TempDir Path out) throws Exception {
        CliSession cli = new CliSession();
        assertThat(cli.run("sweep", "--train", EXAMPLES.resolve("jasper-dgx-1and8-train.csv").toString(),
                "--predictor", "cart", "--models", "Jasper-Large", "--workers", "1,4,16", "--hardware", "dgx-2",
                "--precision", "fp32", "--batch", "32", "--out", out.toString(), "--json")).as(cli.err()).isZero();
        JsonNode points = JSON.readTree(cli.out()).get("points");
        JsonNode shown = show(cli, out.resolve(SweepParquet.FILE));
        assertThat(shown.get("version").asText()).isEqualTo(SchemaVersion.MAJOR + ".17");
        JsonNode rows = shown.get("shown");
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0).has("extrapolation")).as(rows.get(0).toString()).isFalse();
        assertThat(rows.get(1).get("extrapolation").asText()).isEqualTo("workers 4 lies between the trained values 1"
                + " and 8");
        assertThat(rows.get(2).get("extrapolation").asText()).startsWith("workers 16 is outside the trained range 1-8");
        for (int i = 1; i < 3; i++) {
            assertThat(rows.get(i).get("extrapolation")).isEqualTo(points.get(i).get("extrapolation"));
        }
    }

    @Test
    void aSweepFileOfTheSchemaBeforeTheColumnStillReads(@TempDir Path dir) throws Exception {
        MessageType before = MessageTypeParser.parseMessageType("""
                message sweep {
                  required binary predictor (STRING);
                  required binary target (STRING);
                  required binary model (STRING);
                  required int32 workers;
                  optional double mean;
                  optional binary refusal (STRING);
                }
                """);
        Path file = dir.resolve("old-sweep.parquet");
        try (ParquetWriter<org.apache.parquet.example.data.Group> w = ExampleParquetWriter
                .builder(new LocalOutputFile(file)).withType(before).withExtraMetaData(Map.of(SchemaVersion.KIND_KEY,
                        SweepParquet.KIND, SchemaVersion.VERSION_KEY, SchemaVersion.MAJOR + ".10")).build()) {
            w.write(new SimpleGroupFactory(before).newGroup().append("predictor", "cart").append("target", "throughput")
                    .append("model", "Jasper-Large").append("workers", 4).append("mean", 8.0));
        }
        JsonNode shown = show(new CliSession(), file);
        assertThat(shown.get("kind").asText()).isEqualTo("sweep");
        assertThat(shown.get("shown").get(0).get("workers").asInt()).isEqualTo(4);
        assertThat(shown.get("shown").get(0).has("extrapolation")).isFalse();
    }

    private static JsonNode show(CliSession cli, Path file) throws Exception {
        cli.clear();
        assertThat(cli.run("datasets", "show", file.toString(), "--json")).as(cli.err()).isZero();
        return JSON.readTree(cli.out());
    }
}
