package io.stepcast.datasets.catalog;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.SharedData;
import io.stepcast.datasets.parquet.ObservationFiles;
import io.stepcast.datasets.parquet.OpTraceFiles;
import io.stepcast.datasets.parquet.SyntheticOpTrace;
import io.stepcast.datasets.plugin.DatasetsPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DefaultObservationCatalogTest {
    private final DefaultObservationCatalog catalog = new DefaultObservationCatalog();

    @Test
    void countsOfEverySourceOnTheRealData() throws IOException {
        Optional<Path> data = Optional.of(SharedData.dir());
        assertThat(catalog.observations("pollux", data)).hasSize(7103);
        assertThat(catalog.observations("pollux-placements", data)).hasSize(5542);
        assertThat(catalog.observations("pollux-scalability", data)).hasSize(1561);
        assertThat(catalog.observations("gavel", data)).hasSize(8501);
        assertThat(catalog.observations("gavel-simulation", data)).hasSize(4251);
        assertThat(catalog.observations("gavel-physical", data)).hasSize(4250);
        assertThat(catalog.observations("tf-benchmarks", data)).hasSize(80);
        assertThat(catalog.observations("courier", data)).hasSize(75);
        assertThat(catalog.observations("courier-cells", data)).hasSize(48);
        assertThat(catalog.observations("courier-batch-njobs", data)).hasSize(12);
        assertThat(catalog.observations("courier-live", data)).hasSize(15);
        assertThat(catalog.observations("nccl-tests", data)).hasSize(14336);
        assertThat(catalog.observations("vtrain", data)).hasSize(1440);
    }

    @Test
    void theSourcesAreThoseOfTheRegisteredImportersInTheirOrder() {
        // The eleven names of the catalog before importers were registered, then the recordings and nccl-tests.
        assertThat(catalog.sources()).containsExactly("pollux", "pollux-placements", "pollux-scalability",
                "gavel", "gavel-simulation", "gavel-physical", "tf-benchmarks", "foreign-tables",
                "foreign-multinode", "dle-resnet50-pytorch", "dle-bert-dgxa100", "dle-transformerxl-pytorch",
                "dle-transformerxl-dgx2h", "dle-resnet50-mxnet", "dle-bert-tf-1903", "dle-efficientnet-b4-tf2",
                "dle-resnet50-tf1", "dle-bert-pytorch-multinode", "courier", "courier-cells", "courier-batch-njobs",
                "courier-live", "tf-cpu-profiles", "nccl-tests", "vtrain");
    }

    @Test
    void importingAFolderGivesTheSameObservationsAsTheCatalog() throws IOException {
        // `datasets import NAME --input DATA/NAME` and the catalog read the same rows, for every published source.
        Map<String, ObservationImporter> importers = DatasetsPlugin.builtIn().importers();
        for (String source : List.of("pollux", "gavel", "tf-benchmarks", "courier")) {
            List<Observation> imported = importers.get(source)
                    .importFile(SharedData.of(source), ImportOptions.none()).observations();
            assertThat(imported).as(source).isEqualTo(catalog.observations(source, Optional.of(SharedData.dir())));
        }
    }

    @Test
    void embeddedTablesNeedNoDataFolder() throws IOException {
        assertThat(catalog.observations("courier", Optional.empty())).hasSize(75);
        assertThat(catalog.observations("tf-benchmarks", Optional.empty())).hasSize(80);
        // Transcribed here and not in shared/data: a data folder without it reads the jar's copy.
        assertThat(catalog.observations("foreign-tables", Optional.empty())).hasSize(127);
        assertThat(catalog.observations("foreign-tables", Optional.of(SharedData.dir()))).hasSize(127);
        assertThat(catalog.observations("foreign-multinode", Optional.empty())).hasSize(28);
        assertThat(catalog.observations("foreign-multinode", Optional.of(SharedData.dir()))).hasSize(28);
        // Transcribed in the generic CSV format, read as a user's file would be.
        assertThat(catalog.observations("dle-resnet50-pytorch", Optional.empty())).hasSize(12);
        assertThat(catalog.observations("dle-bert-dgxa100", Optional.of(SharedData.dir()))).hasSize(24);
        assertThat(catalog.observations("dle-transformerxl-pytorch", Optional.empty())).hasSize(34);
        assertThat(catalog.observations("dle-transformerxl-dgx2h", Optional.of(SharedData.dir()))).hasSize(18);
        assertThat(catalog.observations("dle-resnet50-mxnet", Optional.empty())).hasSize(26);
        assertThat(catalog.observations("dle-bert-tf-1903", Optional.empty())).hasSize(30);
        assertThat(catalog.observations("dle-efficientnet-b4-tf2", Optional.empty())).hasSize(16);
        assertThat(catalog.observations("dle-resnet50-tf1", Optional.empty())).hasSize(12);
        // The embedded file's citation lines (#) are skipped as a user's file's are: its 14 rows, 4 of one node.
        assertThat(catalog.observations("dle-bert-pytorch-multinode", Optional.empty())).hasSize(14);
        assertThat(catalog.observations("dle-bert-pytorch-multinode", Optional.of(SharedData.dir()))).hasSize(14);
    }

    @Test
    void largeSourcesNeedTheDataFolder() {
        assertThatThrownBy(() -> catalog.observations("pollux", Optional.empty()))
                .isInstanceOf(FileNotFoundException.class).hasMessageContaining("not embedded");
        assertThatThrownBy(() -> catalog.observations("nope", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("known: pollux");
    }

    @Test
    void theNotEmbeddedMessageLeavesTheSourceNameToItsCaller() {
        // Callers write "source pollux: <message>"; the message must not say "source pollux" again.
        assertThatThrownBy(() -> catalog.observations("pollux-placements", Optional.empty()))
                .hasMessage("not embedded in stepcast; the data folder must hold pollux/, laid out like shared/data");
    }

    @Test
    void anUnknownSourceNamesTheClosestOnes() {
        assertThatThrownBy(() -> catalog.observations("pollux-placement", Optional.empty()))
                .isInstanceOf(UnknownNameException.class)
                .hasMessageStartingWith("unknown source 'pollux-placement': did you mean pollux-placements? "
                        + "(known: pollux, ")
                .hasMessageNotContaining("\n");
    }

    @Test
    void mostSourcesHaveNoRecordedProfiles() throws IOException {
        assertThat(catalog.profiles("courier", Optional.empty())).isEmpty();
    }

    @Test
    void theRecordingsOfTfCpuProfilesAreObservationsWithTheirProfiles(@TempDir Path data) throws IOException {
        // A synthetic recording laid out as `stepcast profile tensorflow` writes one (not a measurement).
        Path dir = Files.createDirectories(data.resolve("tf-cpu-profiles/synthetic-net-batch32"));
        OpTraceFiles.write(dir.resolve("optrace.parquet"), SyntheticOpTrace.oneStep(),
                Map.of(OpTraceFiles.MODEL_KEY, "synthetic-net", OpTraceFiles.LOCAL_BATCH_KEY, "32"));
        Config single = Config.builder().model("synthetic-net").architecture(Architecture.ALLREDUCE).workers(1)
                .nodes(1).localBatch(32).build();
        ObservationFiles.write(data.resolve("tf-cpu-profiles/observations.parquet"), List.of(new Observation(single,
                Measurements.builder().stepTimeS(0.002).build(), "tf-profile:synthetic-net-batch32/observation.json",
                0, Map.of("cpu_model", "synthetic", "loss", "1.0"))));

        List<Observation> obs = catalog.observations("tf-cpu-profiles", Optional.of(data));
        assertThat(obs).singleElement().satisfies(o -> {
            assertThat(o.config().deployment().architecture()).isEqualTo(Architecture.ASYNC_PS);
            assertThat(o.source()).isEqualTo("tf-cpu-profiles:synthetic-net");
            assertThat(o.tags()).containsOnlyKeys("cpu_model");
        });
        List<Profile> profiles = catalog.profiles("tf-cpu-profiles", Optional.of(data));
        assertThat(profiles).singleElement().satisfies(p -> {
            assertThat(p.model()).isEqualTo("synthetic-net");
            assertThat(p.localBatch()).isEqualTo(32);
            assertThat(p.stepTimeUs()).as("set to the measured untraced step time").isEqualTo(2000.0);
        });
        assertThatThrownBy(() -> catalog.observations("tf-cpu-profiles", Optional.empty()))
                .hasMessageContaining("no --data folder given").hasMessageContaining("stepcast profile tensorflow");
    }
}
