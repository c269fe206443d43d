package io.stepcast.datasets.importers;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.datasets.io.DataFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The two transcribed NVIDIA DeepLearningExamples tables read as a user's generic CSV would be: from the jar, from a
 * data folder that holds the source, and with an error that names the file and line of a bad row.
 */
class TranscribedTableImporterTest {
    @Test
    void theResNetTableKeepsEachRowsPrecisionAndHardware() throws IOException {
        List<Observation> rows = new TranscribedTableImporter("dle-resnet50-pytorch").readEmbedded().observations();
        assertThat(rows).hasSize(12);
        Observation tf32 = rows.get(0);
        assertThat(tf32.config().precisionTag()).isEqualTo("tf32");
        assertThat(tf32.config().deployment().hardware()).isEqualTo("dgx-a100-80gb");
        assertThat(tf32.value(Target.THROUGHPUT).getAsDouble()).isEqualTo(938);
        // The table's mixed precision (amp) is the default precision: no tag.
        assertThat(rows.get(1).config().precisionTag()).isEmpty();
        assertThat(rows.stream().filter(o -> o.config().workers() == 8)).hasSize(6);
    }

    @Test
    void theBertTableStatesTheAccumulationAsTheReplicasLayout() throws IOException {
        List<Observation> rows = new TranscribedTableImporter("dle-bert-dgxa100").readEmbedded().observations();
        assertThat(rows).hasSize(24);
        Observation oneGpu = rows.get(0);
        assertThat(oneGpu.config().localBatch()).isEqualTo(65536);
        assertThat(oneGpu.config().parallel().orElseThrow().microBatch()).isEqualTo(64);
        assertThat(oneGpu.config().parallel().orElseThrow().microBatches()).isEqualTo(1024);
        assertThat(rows.stream().filter(o -> o.config().deployment().nodes() == 32)).hasSize(4);
        assertThat(oneGpu.value(Target.THROUGHPUT).getAsDouble()).isCloseTo(356.845, within(1e-9));
    }

    @Test
    void aDataFolderWithTheSourceIsReadAndABadRowIsNamed(@TempDir Path data) throws IOException {
        TranscribedTableImporter importer = new TranscribedTableImporter("dle-resnet50-pytorch");
        Path folder = Files.createDirectories(data.resolve("dle-resnet50-pytorch"));
        Path file = folder.resolve("dle_resnet50v15_pytorch_2103.csv");
        List<String> lines = new String(getClass().getResourceAsStream("/io/stepcast/datasets/embedded/"
                + "dle-resnet50-pytorch" + "/dle_resnet50v15_pytorch_2103.csv").readAllBytes(),
                StandardCharsets.UTF_8).lines().limit(3).toList();
        Files.write(file, lines);
        assertThat(importer.importAll(data).observations()).hasSize(2);
        Files.writeString(file, lines.get(0) + "\n" + lines.get(1).replace(",tf32,", ",int8,") + "\n");
        assertThatThrownBy(() -> importer.importAll(data)).isInstanceOf(DataFormatException.class)
                .hasMessage(file + ":2: column 'precision' must be fp32, tf32, fp16 (or amp, mixed, mixed precision),"
                        + " bf16 or fp8, was 'int8'");
    }
}
