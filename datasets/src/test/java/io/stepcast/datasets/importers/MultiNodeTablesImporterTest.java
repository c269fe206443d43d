package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.zoo.ModelZoo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The embedded DGX-1 V100 BERT table (NVIDIA DeepLearningExamples, one node and 1-32 nodes). */
class MultiNodeTablesImporterTest {
    private final List<Observation> rows = read();

    private static List<Observation> read() {
        try {
            return new MultiNodeTablesImporter().readEmbedded().observations();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void readsTheTwentyEightPublishedThroughputs() {
        assertThat(rows).hasSize(28);
        assertThat(rows.stream().filter(o -> o.tag("table", "").equals("single-node"))).hasSize(12);
        assertThat(rows.stream().filter(o -> o.config().deployment().nodes() > 1)).hasSize(12);
        assertThat(rows).allSatisfy(o -> {
            assertThat(o.config().deployment().architecture()).isEqualTo(Architecture.ALLREDUCE);
            assertThat(o.config().deployment().parameterServers()).isZero();
            assertThat(o.config().deployment().bandwidthGbps()).isEmpty();
            assertThat(o.config().deployment().hardware()).isEqualTo("dgx-1-v100");
        });
    }

    @Test
    void mapsNodesGpusBatchAndThroughput() {
        Observation one = rows.get(0);
        assertThat(one.config().model()).isEqualTo("BERT-large-seq128");
        assertThat(one.config().workers()).isEqualTo(1);
        assertThat(one.config().localBatch()).isEqualTo(16);
        assertThat(one.value(Target.THROUGHPUT).getAsDouble()).isEqualTo(91.30);
        assertThat(one.tags()).containsEntry("precision", "mixed").containsEntry("sequence_length", "128");

        Observation big = rows.stream().filter(o -> o.config().deployment().nodes() == 32
                && o.config().model().equals("BERT-large") && o.tag("precision", "").equals("fp32")).findFirst()
                .orElseThrow();
        assertThat(big.config().workers()).isEqualTo(256);
        assertThat(big.config().localBatch()).isEqualTo(1);
        assertThat(big.value(Target.THROUGHPUT).getAsDouble()).isEqualTo(614.18);
        assertThat(big.value(Target.STEP_TIME).getAsDouble()).isEqualTo(256 * 1 / 614.18);

        Observation mixed = rows.stream().filter(o -> o.config().deployment().nodes() == 16
                && o.config().model().equals("BERT-large-seq128") && o.tag("precision", "").equals("mixed"))
                .findFirst().orElseThrow();
        assertThat(mixed.config().workers()).isEqualTo(128);
        assertThat(mixed.value(Target.THROUGHPUT).getAsDouble()).isEqualTo(7299.88);
    }

    @Test
    void everyModelAndSystemIsCatalogued() {
        ModelZoo zoo = new ModelZoo();
        DefaultHardwareCatalog hardware = new DefaultHardwareCatalog();
        assertThat(rows).allSatisfy(o -> {
            assertThat(zoo.find(o.config().model())).isPresent();
            assertThat(hardware.find(o.config().deployment().hardware())).isPresent();
        });
    }

    @Test
    void aDataFolderWithoutTheSourceReadsTheJarCopy(@TempDir Path data) throws IOException {
        assertThat(new MultiNodeTablesImporter().importAll(data).observations()).isEqualTo(rows);
    }

    @Test
    void anUnknownSequenceLengthNamesTheLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("synthetic.csv");
        Files.writeString(file, "table,system,model,sequence_length,precision,batch_per_gpu,gpus_per_node,nodes,"
                + "sentences_per_sec\nsingle-node,dgx-1-v100,BERT-large,384,mixed,4,1,1,10\n");
        assertThatThrownBy(() -> new MultiNodeTablesImporter().read(file)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("synthetic.csv").hasMessageContaining("2").hasMessageContaining("sequence_length");
    }
}
