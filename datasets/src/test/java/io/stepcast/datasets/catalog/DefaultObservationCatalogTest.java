package io.stepcast.datasets.catalog;

import io.stepcast.datasets.SharedData;
import org.junit.jupiter.api.Test;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DefaultObservationCatalogTest {
    private final DefaultObservationCatalog catalog = new DefaultObservationCatalog();

    @Test
    void countsOfEverySourceOnTheRealData() throws IOException {
        Optional<java.nio.file.Path> data = Optional.of(SharedData.dir());
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
    void embeddedTablesNeedNoDataFolder() throws IOException {
        assertThat(catalog.observations("courier", Optional.empty())).hasSize(75);
        assertThat(catalog.observations("tf-benchmarks", Optional.empty())).hasSize(80);
    }

    @Test
    void largeSourcesNeedTheDataFolder() {
        assertThatThrownBy(() -> catalog.observations("pollux", Optional.empty()))
                .isInstanceOf(FileNotFoundException.class).hasMessageContaining("not embedded");
        assertThatThrownBy(() -> catalog.observations("nope", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("known: pollux");
    }
}
