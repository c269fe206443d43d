package io.stepcast.datasets.importers;

import io.stepcast.api.Observation;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.parquet.ObservationFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The generic CSV's {@code fused_kernels} column, on synthetic rows (the step times are made up). */
class GenericCsvFusedKernelsTest {
    private static final String HEADER = "model,architecture,workers,global_batch,step_time_s,micro_batch,fsdp,"
            + "flash_attention,precision,fused_kernels,hardware\n";

    @TempDir
    Path dir;

    private Path csv(String rows) throws IOException {
        return Files.writeString(dir.resolve("synthetic-eager.csv"), HEADER + rows);
    }

    @Test
    void eagerKernelsAreReadBlankAsFusedAndSurviveParquet() throws IOException {
        List<Observation> rows = new GenericCsvImporter().read(csv("""
                llama2-13b,ALLREDUCE,64,128,3.5,2,true,true,bf16,false,dgx-a100-80gb
                llama2-13b,ALLREDUCE,64,128,3.2,2,true,true,bf16,,dgx-a100-80gb
                llama2-13b,ALLREDUCE,64,128,3.2,2,true,true,bf16,TRUE,dgx-a100-80gb
                """)).observations();
        assertThat(rows.get(0).config().parallel().orElseThrow().fusedKernels()).isFalse();
        assertThat(rows.get(1).config().parallel().orElseThrow().fusedKernels()).isTrue();
        assertThat(rows.get(2).config().parallel().orElseThrow().fusedKernels()).isTrue();
        Path parquet = dir.resolve("eager.parquet");
        ObservationFiles.write(parquet, rows);
        assertThat(ObservationFiles.read(parquet)).isEqualTo(rows);
    }

    @Test
    void aValueThatIsNotABooleanIsRefusedNamingTheColumnAndTheLine() {
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv(
                "llama2-13b,ALLREDUCE,64,128,3.5,2,true,true,bf16,eager,dgx-a100-80gb\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("synthetic-eager.csv:2")
                .hasMessageContaining("column 'fused_kernels' must be true or false, was 'eager'");
    }
}
