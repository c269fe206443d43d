package io.stepcast.datasets.parquet;

import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Op-trace files of version 1.0 (before the collective columns) still read; 1.1 files keep collectives. */
class OpTraceVersionTest {
    @TempDir
    Path dir;

    /** The 1.0 layout: the current one without {@code collective} and {@code bytes_measured}. */
    private static final MessageType V1_0 = new MessageType("op_event", Schemas.OP_EVENT.getFields().stream()
            .filter(f -> !f.getName().equals("collective") && !f.getName().equals("bytes_measured"))
            .toArray(Type[]::new));

    @Test
    void aVersion10FileReads() throws IOException {
        Path f = dir.resolve("old.parquet");
        try (RowFileWriter<Map<String, Object>> w = new RowFileWriter<>(f,
                new FieldMapWriteSupport(V1_0, Schemas.OP_TRACE, "1.0"))) {
            w.write(Map.of("step", 0, "worker", 0, "lane", 0, "name", "conv", "type", "Conv2D", "category", "compute",
                    "start_us", 10.0, "duration_us", 5.0));
            w.commit();
        }
        List<OpEvent> events = OpTraceFiles.read(f);
        assertThat(events).hasSize(1);
        assertThat(events.get(0).collective()).isNull();
        assertThat(events.get(0).durationUs()).isEqualTo(5);
    }

    @Test
    void aCollectiveRowKeepsItsOperationAndWhetherItsBytesWereMeasured() throws IOException {
        Path f = dir.resolve("new.parquet");
        OpEvent ar = new OpEvent(0, 0, "cuda:0", 40, "ncclKernel_AllReduce", "nccl:all-reduce",
                OpCategory.COLLECTIVE, 100, 50, null, 4096, null, List.of(), "all-reduce", true);
        OpTraceFiles.write(f, List.of(ar), Map.of());
        assertThat(OpTraceFiles.read(f)).containsExactly(ar);
    }

    @Test
    void aFileWithoutStepcastMetadataIsToldSoWhateverKindWasAsked() {
        assertThatThrownBy(() -> SchemaVersion.check("spark.parquet", Map.of(), null))
                .hasMessageContaining("not a stepcast file (no stepcast.schema metadata; Spark's writer");
        assertThatThrownBy(() -> SchemaVersion.check("x.parquet", Map.of(), Schemas.OP_TRACE))
                .hasMessageContaining("not a stepcast " + Schemas.OP_TRACE + " file (");
    }
}
