package io.stepcast.datasets.importers;

import io.stepcast.api.Observation;
import io.stepcast.api.plugin.ImportedObservations;
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

class GavelImporterTest {

    @Test
    void simulationTableKeepsEveryNonZeroEntry() throws IOException {
        ImportedObservations r = new GavelImporter().read(SharedData.of("gavel/simulation_throughputs.json"));
        // 10,830 entries in the file; 6,579 are 0.0 steps/s (the pair did not fit).
        assertThat(r.observations()).hasSize(4251);
        assertThat(r.skipped()).isEqualTo(6579);
        assertThat(r.observations()).allSatisfy(o -> assertThat(o.tags()).containsEntry("file", "simulation"));
        long alone = r.observations().stream().filter(o -> o.config().deployment().tenants() == 1).count();
        assertThat(alone).isEqualTo(492 - 3);
    }

    @Test
    void bothTablesFromTheFolder() throws IOException {
        ImportedObservations r = new GavelImporter().read(SharedData.of("gavel"));
        assertThat(r.observations()).hasSize(4251 + 4250);
        assertThat(r.skipped()).isEqualTo(6579 + 6580);
    }

    @Test
    void firstEntryIsResNet18AloneOnOneK80() throws IOException {
        List<Observation> obs = new GavelImporter().read(SharedData.of("gavel/physical_cluster_throughputs.json"))
                .observations();
        Observation first = obs.get(0);
        assertThat(first.config().model()).isEqualTo("ResNet-18");
        assertThat(first.config().localBatch()).isEqualTo(16);
        assertThat(first.config().workers()).isEqualTo(1);
        assertThat(first.config().deployment().hardware()).isEqualTo("k80");
        assertThat(first.config().deployment().tenants()).isEqualTo(1);
        assertThat(first.measurements().stepTimeS().getAsDouble()).isEqualTo(1 / 4.907044539018749);
        assertThat(first.tags()).containsEntry("placement", "packed").containsEntry("file", "physical");
        assertThat(first.source()).isEqualTo("gavel:physical_cluster_throughputs.json");

        Observation pair = obs.get(1);
        assertThat(pair.config().deployment().tenants()).isEqualTo(2);
        assertThat(pair.tags()).containsEntry("co_runner", "ResNet-18 (batch size 32)|1");
        assertThat(pair.measurements().stepTimeS().getAsDouble()).isEqualTo(1 / 2.539979567443098);
    }

    @Test
    void spreadPlacementsHaveOneGpuPerServerAndStepTimeIsPerWorker() throws IOException {
        List<Observation> obs = new GavelImporter().read(SharedData.of("gavel/simulation_throughputs.json"))
                .observations();
        Observation spread = obs.stream()
                .filter(o -> o.tag("placement", "").equals("spread") && o.config().workers() == 8
                        && o.config().deployment().tenants() == 1 && o.config().model().equals("ResNet-50"))
                .findFirst().orElseThrow();
        assertThat(spread.config().deployment().nodes()).isEqualTo(8);
        assertThat(spread.config().deployment().hardware()).isIn("k80", "p100", "v100");
        assertThat(obs).filteredOn(o -> o.config().model().equals("A3C"))
                .allSatisfy(o -> assertThat(o.config().localBatch()).isEqualTo(1))
                .allSatisfy(o -> assertThat(o.tags()).containsEntry("batch", "implicit"));
    }

    @Test
    void truncatedJsonNamesFileAndLine(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("simulation_throughputs.json");
        Files.writeString(f, "{\n \"k80\": {\n  \"('ResNet-18 (batch size 16)', 1)\": {\"null\": 4.7");
        assertThatThrownBy(() -> new GavelImporter().read(f))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("simulation_throughputs.json:3");
    }

    @Test
    void negativeRateNamesTheField(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("g.json");
        Files.writeString(f, "{\"k80\": {\"('ResNet-18 (batch size 16)', 1)\": {\"null\": -4.7}}}");
        assertThatThrownBy(() -> new GavelImporter().read(f))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("g.json field k80 / ")
                .hasMessageContaining("non-negative");
    }

    @Test
    void emptyAndWrongFilesAreRefused(@TempDir Path dir) throws IOException {
        Path empty = Files.writeString(dir.resolve("e.json"), "");
        assertThatThrownBy(() -> new GavelImporter().read(empty)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("empty");
        Path csv = Files.writeString(dir.resolve("x.json"), "[1, 2]");
        assertThatThrownBy(() -> new GavelImporter().read(csv)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("x.json");
    }
}
