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

/** The generic CSV's {@code overlap_p2p_comm} column, on synthetic rows (the step times are made up). */
class GenericCsvOverlapP2pCommTest {
    private static final String HEADER = "model,architecture,workers,global_batch,step_time_s,tensor_parallel,"
            + "pipeline_parallel,micro_batch,virtual_stages,overlap_p2p_comm,hardware\n";

    @TempDir
    Path dir;

    private Path csv(String rows) throws IOException {
        return Files.writeString(dir.resolve("synthetic-p2p.csv"), HEADER + rows);
    }

    @Test
    void blankIsMegatronsDefaultFalseTurnsItOffAndBothSurviveParquet() throws IOException {
        List<Observation> rows = new GenericCsvImporter().read(csv("""
                gpt3-1.3b,ALLREDUCE,2,16,3.5,1,4,1,2,,dgx-a100
                gpt3-1.3b,ALLREDUCE,2,16,3.9,1,4,1,2,false,dgx-a100
                gpt3-1.3b,ALLREDUCE,2,16,3.5,1,4,1,2,TRUE,dgx-a100
                gpt3-1.3b,ALLREDUCE,2,16,4.1,1,4,1,1,,dgx-a100
                gpt3-1.3b,ALLREDUCE,2,16,4.1,1,4,1,1,false,dgx-a100
                """)).observations();
        assertThat(rows).extracting(o -> o.config().parallel().orElseThrow().overlapP2pComm())
                .containsExactly(true, false, true, false, false);
        Path parquet = dir.resolve("p2p.parquet");
        ObservationFiles.write(parquet, rows);
        assertThat(ObservationFiles.read(parquet)).isEqualTo(rows);
    }

    @Test
    void trueOnThePlainScheduleIsRefusedNamingTheColumnAndTheLine() {
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv(
                "gpt3-1.3b,ALLREDUCE,2,16,4.1,1,4,1,1,true,dgx-a100\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("synthetic-p2p.csv:2")
                .hasMessageContaining("column 'overlap_p2p_comm' is true but needs the interleaved schedule")
                .hasMessageContaining("forces it off");
    }

    @Test
    void aValueThatIsNotABooleanIsRefused() {
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv(
                "gpt3-1.3b,ALLREDUCE,2,16,3.5,1,4,1,2,yes,dgx-a100\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("synthetic-p2p.csv:2")
                .hasMessageContaining("column 'overlap_p2p_comm' must be true or false, was 'yes'");
    }
}
