package io.stepcast.datasets.importers;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.datasets.SharedData;
import io.stepcast.datasets.io.DataFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CourierImporterTest {

    @Test
    void readsTheThreeTables() throws IOException {
        List<Observation> obs = new CourierImporter().read(SharedData.of("courier")).observations();
        assertThat(obs).hasSize(48 + 12 + 15);
        assertThat(obs.stream().filter(o -> o.tag("table", "").equals("cells"))).hasSize(48);
        assertThat(obs.stream().filter(o -> o.tag("table", "").equals("batch_njobs"))).hasSize(12);
        assertThat(obs.stream().filter(o -> o.tag("table", "").equals("live"))).hasSize(15);
    }

    @Test
    void embeddedCopyEqualsTheDataFolder() throws IOException {
        assertThat(new CourierImporter().readEmbedded().observations())
                .isEqualTo(new CourierImporter().read(SharedData.of("courier")).observations());
    }

    @Test
    void cellsHaveAGlobalBatchSplitOverTheCores() throws IOException {
        List<Observation> cells = new CourierImporter(List.of(CourierImporter.Table.CELLS)).readEmbedded()
                .observations();
        Observation c = cells.stream().filter(o -> o.config().workers() == 8 && o.config().globalBatch() == 64
                && o.config().deployment().tenants() == 5).findFirst().orElseThrow();
        assertThat(c.config().localBatch()).isEqualTo(8);
        assertThat(c.config().deployment().nodes()).isEqualTo(3);
        assertThat(c.config().model()).isEqualTo("courier-mixed");
        assertThat(c.config().workload().framework()).isEqualTo("bigdl");
        assertThat(c.value(Target.RESPONSE_TIME).getAsDouble()).isEqualTo(958.0760);
        assertThat(c.measurements().standardDeviation(Target.RESPONSE_TIME).getAsDouble()).isEqualTo(50.7000);
        assertThat(c.measurements().runs()).isEqualTo(6);
        assertThat(c.source()).isEqualTo("courier:response_time_cells.csv");
    }

    @Test
    void batchNjobsMeansCarryAccuracyAndUtilisation() throws IOException {
        Observation first = new CourierImporter(List.of(CourierImporter.Table.BATCH_NJOBS)).readEmbedded()
                .observations().get(0);
        assertThat(first.config().workers()).isEqualTo(1);
        assertThat(first.config().localBatch()).isEqualTo(64);
        assertThat(first.value(Target.ACCURACY).getAsDouble()).isEqualTo(0.954950);
        assertThat(first.measurements().utilisation().getAsDouble()).isEqualTo(0.10170259);
        assertThat(first.measurements().runs()).isEqualTo(24);
        assertThat(first.tags()).containsEntry("averaged_over", "cpu,network");
    }

    @Test
    void liveRunsKeepSloChosenBatchAndNote() throws IOException {
        List<Observation> live = new CourierImporter(List.of(CourierImporter.Table.LIVE)).readEmbedded()
                .observations();
        Observation hand = live.get(11);
        assertThat(hand.config().model()).isEqualTo("lenet5");
        assertThat(hand.config().workers()).isEqualTo(8);
        assertThat(hand.config().localBatch()).isEqualTo(64);
        assertThat(hand.config().deployment().tenants()).isEqualTo(3);
        assertThat(hand.replication()).isEqualTo(3);
        assertThat(hand.value(Target.RESPONSE_TIME).getAsDouble()).isEqualTo(283.809125);
        assertThat(hand.tags()).containsEntry("slo_s", "166").containsEntry("chosen_batch", "512")
                .containsEntry("job", "3").containsKey("note");
        assertThat(live.get(3).config().model()).isEqualTo("mlp");
        assertThat(live.get(3).tags()).doesNotContainKey("note");
    }

    @Test
    void aBatchThatTheCoresDoNotDivideIsRefused(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("response_time_cells.csv");
        Files.writeString(f, "cpu,batch,njobs,runs,mean_time_s,sd_time_s\n3,64,1,6,400,10\n");
        assertThatThrownBy(() -> new CourierImporter().read(f)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("response_time_cells.csv:2").hasMessageContaining("multiple");
    }

    @Test
    void aRowWithTooFewCellsIsRefused(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("response_time_cells.csv");
        Files.writeString(f, "cpu,batch,njobs,runs,mean_time_s,sd_time_s\n1,64,1,6,400\n");
        assertThatThrownBy(() -> new CourierImporter().read(f)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("response_time_cells.csv:2").hasMessageContaining("expected 6 cells");
    }
}
