package io.stepcast.datasets.parquet;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The 1.1 parallel-layout columns round-trip, and a 1.0 observation file (without them) still reads. */
class ParallelLayoutColumnsTest {
    @TempDir
    Path dir;

    private static Observation synthetic(ParallelLayout p) {
        Config.Builder b = Config.builder().model("gpt-l12-h1024-a16-s1024-v50304").hardware("vtrain-a100");
        Config c = p == null ? b.workers(2).localBatch(8).build() : b.parallel(p).build();
        return new Observation(c, Measurements.builder().stepTimeS(0.25).build(), "synthetic", 0, Map.of());
    }

    @Test
    void theLayoutRoundTrips() throws Exception {
        Path f = dir.resolve("o.parquet");
        List<Observation> rows = List.of(synthetic(new ParallelLayout(2, 2, 2, 4, 3)), synthetic(null));
        ObservationFiles.write(f, rows);
        assertThat(ObservationFiles.read(f)).isEqualTo(rows);
    }

    @Test
    void aVersionOneZeroFileStillReads() throws Exception {
        MessageType old = Types.buildMessage().addFields(Schemas.OBSERVATION.getFields()
                .subList(0, Schemas.OBSERVATION.getFieldIndex("tensor_parallel"))
                .toArray(new org.apache.parquet.schema.Type[0]))
                .named("observation");
        assertThat(old.containsField("tensor_parallel")).isFalse();
        Path f = dir.resolve("old.parquet");
        Observation o = synthetic(null);
        try (RowFileWriter<Observation> w = new RowFileWriter<>(f, new ObservationWriteSupport(old,
                Map.of(SchemaVersion.KIND_KEY, Schemas.OBSERVATIONS, SchemaVersion.VERSION_KEY, "1.0")))) {
            w.write(o);
            w.commit();
        }
        assertThat(ObservationFiles.read(f)).containsExactly(o);
    }
}
