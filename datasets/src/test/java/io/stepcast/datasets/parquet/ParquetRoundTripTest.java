package io.stepcast.datasets.parquet;

import io.stepcast.api.Observation;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.SharedData;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.trace.IterationRecord;
import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParquetRoundTripTest {
    @TempDir
    Path dir;

    @Test
    void everyRealObservationSurvivesARoundTrip() throws IOException {
        DefaultObservationCatalog catalog = new DefaultObservationCatalog();
        List<Observation> all = new ArrayList<>();
        for (String source : List.of("pollux", "gavel", "tf-benchmarks", "courier")) {
            all.addAll(catalog.observations(source, Optional.of(SharedData.dir())));
        }
        Path f = dir.resolve("all.parquet");
        assertThat(ObservationFiles.write(f, all)).isEqualTo(7103 + 8501 + 80 + 75);
        assertThat(ObservationFiles.read(f)).isEqualTo(all);
        assertThat(GenericRows.kind(f)).isEqualTo("observations");
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("all.parquet");
        }
    }

    @Test
    void opTraceRoundTripAndProfile() throws IOException {
        List<OpEvent> events = SyntheticOpTrace.oneStep();
        Path f = dir.resolve("trace.parquet");
        OpTraceFiles.write(f, events, Map.of(OpTraceFiles.MODEL_KEY, "toy", OpTraceFiles.LOCAL_BATCH_KEY, "32"));
        assertThat(OpTraceFiles.read(f)).isEqualTo(events);
        Profile p = OpTraceFiles.readProfile(f);
        assertThat(p.model()).isEqualTo("toy");
        assertThat(p.localBatch()).isEqualTo(32);
        assertThat(p.parameters()).extracting(t -> t.name()).containsExactly("w1", "w2");
        assertThat(p.receives()).hasSize(2);
        assertThat(p.ops()).hasSize(2);
        assertThat(p.sends()).hasSize(2);
        assertThat(p.stepTimeUs()).isEqualTo(400.0);
    }

    @Test
    void iterationTraceRoundTrip() throws IOException {
        List<IterationRecord> rows = List.of(
                IterationRecord.iteration("job-1", 1, 1, 1.5, 128, 0.9, OptionalDouble.of(142.2), OptionalDouble.of(2.3)),
                IterationRecord.epochEnd("job-1", 1, 111.351252),
                IterationRecord.validation("job-1", 1, 0.985, OptionalLong.of(9850), OptionalLong.of(10000)));
        Path f = dir.resolve("it.parquet");
        IterationTraceFiles.write(f, rows);
        assertThat(IterationTraceFiles.read(f)).isEqualTo(rows);
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoTemporary() throws IOException {
        Path f = dir.resolve("obs.parquet");
        List<Observation> courier = new DefaultObservationCatalog().observations("courier", Optional.empty());
        ObservationFiles.write(f, courier);
        byte[] before = Files.readAllBytes(f);
        Iterable<Observation> failing = () -> new Iterator<>() {
            int n;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Observation next() {
                if (n++ == 10) {
                    throw new IllegalStateException("source broke");
                }
                return courier.get(0);
            }
        };
        assertThatThrownBy(() -> ObservationFiles.write(f, failing)).hasMessageContaining("source broke");
        assertThat(Files.readAllBytes(f)).isEqualTo(before);
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("obs.parquet");
        }
    }

    @Test
    void readersRefuseOtherKindsUnknownVersionsAndNonParquet() throws IOException {
        Path it = dir.resolve("it.parquet");
        IterationTraceFiles.write(it, List.of(IterationRecord.epochEnd("j", 1, 2.0)));
        assertThatThrownBy(() -> ObservationFiles.read(it)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("it.parquet").hasMessageContaining("iteration-trace file, not observations");

        Path future = dir.resolve("future.parquet");
        try (RowFileWriter<IterationRecord> w = new RowFileWriter<>(future, new IterationWriteSupport(
                Map.of(SchemaVersion.KIND_KEY, Schemas.ITERATION_TRACE, SchemaVersion.VERSION_KEY, "2.0")))) {
            w.write(IterationRecord.epochEnd("j", 1, 2.0));
            w.commit();
        }
        assertThatThrownBy(() -> IterationTraceFiles.read(future)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("future.parquet").hasMessageContaining("schema version 2.0")
                .hasMessageContaining("reads 1.x");

        Path text = Files.writeString(dir.resolve("x.parquet"), "placement,local_bsz\n1,2\n");
        assertThatThrownBy(() -> ObservationFiles.read(text)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("x.parquet").hasMessageContaining("not a Parquet file")
                .hasMessageContaining("does not begin and end with the bytes PAR1");
        Path framed = Files.writeString(dir.resolve("framed.parquet"), "PAR1 then nothing a footer could be PAR1");
        assertThatThrownBy(() -> ObservationFiles.read(framed)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("framed.parquet").hasMessageContaining("not a Parquet file")
                .hasMessageNotContaining("LocalInputFile@");
        Path empty = Files.writeString(dir.resolve("e.parquet"), "");
        assertThatThrownBy(() -> ObservationFiles.read(empty)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("empty");
    }

    @Test
    void genericRowsShowListsAndMaps() throws IOException {
        Path f = dir.resolve("t.parquet");
        OpTraceFiles.write(f, SyntheticOpTrace.oneStep(), Map.of());
        try (RowFileReader<Map<String, Object>> r = GenericRows.reader(f)) {
            Map<String, Object> first = r.next();
            assertThat(first).containsEntry("category", OpCategory.RECEIVE.label()).containsEntry("tensor", "w1");
        }
    }
}
