package io.stepcast.datasets.importers;

import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
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

/** The generic CSV's expert-parallel columns, on synthetic rows (the step times are made up). */
class GenericCsvExpertColumnsTest {
    private static final String HEADER = "model,architecture,workers,global_batch,step_time_s,tensor_parallel,"
            + "pipeline_parallel,micro_batch,expert_parallel,expert_overlap,sequence_length,vocab_size,hardware\n";

    @TempDir
    Path dir;

    private Path csv(String rows) throws IOException {
        return Files.writeString(dir.resolve("synthetic-moe.csv"), HEADER + rows);
    }

    @Test
    void expertParallelismAndItsOverlapAreReadAndSurviveParquet() throws IOException {
        List<Observation> rows = new GenericCsvImporter().read(csv("""
                qwen3-235b-a22b,ALLREDUCE,16,2048,20.8,2,8,1,32,true,4096,,dgx-h100
                qwen3-30b-a3b,ALLREDUCE,8,512,24.8,1,2,2,,,,,dgx-h100
                """)).observations();
        ParallelLayout moe = rows.get(0).config().parallel().orElseThrow();
        assertThat(moe.expert()).isEqualTo(32);
        assertThat(moe.expertOverlap()).isTrue();
        assertThat(moe.expertDataGroup()).isEqualTo(1);
        assertThat(rows.get(0).config().model()).isEqualTo("qwen3-235b-a22b");
        ParallelLayout plain = rows.get(1).config().parallel().orElseThrow();
        assertThat(plain.expert()).isEqualTo(1);
        assertThat(plain.expertOverlap()).isFalse();
        Path parquet = dir.resolve("moe.parquet");
        ObservationFiles.write(parquet, rows);
        assertThat(ObservationFiles.read(parquet)).isEqualTo(rows);
    }

    @Test
    void anExpertParallelismThatDoesNotDivideAStageOrAMoeVocabularyChangeIsRefusedWithItsLine() {
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv(
                "qwen3-30b-a3b,ALLREDUCE,8,512,24.8,1,2,2,3,false,,,dgx-h100\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("synthetic-moe.csv:2")
                .hasMessageContaining("synthetic-moe.csv:2: column 'expert_parallel' is 3 but must divide the tensor x "
                        + "context x data = 1 x 1 x 8 ranks");
        assertThatThrownBy(() -> new GenericCsvImporter().read(csv(
                "qwen3-30b-a3b,ALLREDUCE,8,512,24.8,1,2,2,8,false,,32000,dgx-h100\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("synthetic-moe.csv:2")
                .hasMessageContaining("column 'vocab_size': model 'qwen3-30b-a3b' is a published model without a "
                        + "parametric form");
    }

    @Test
    void aCapacityFactorIsReadBlankAsDroplessAndSurvivesParquet() throws IOException {
        Path f = Files.writeString(dir.resolve("synthetic-drop.csv"), "model,architecture,workers,global_batch,"
                + "step_time_s,pipeline_parallel,micro_batch,expert_parallel,expert_capacity_factor,hardware\n"
                + "qwen3-30b-a3b,ALLREDUCE,8,512,12.5,2,2,8,1.25,dgx-h100\n"
                + "qwen3-30b-a3b,ALLREDUCE,8,512,24.8,2,2,8,,dgx-h100\n");
        List<Observation> rows = new GenericCsvImporter().read(f).observations();
        assertThat(rows.get(0).config().parallel().orElseThrow().expertCapacityFactor()).hasValue(1.25);
        assertThat(rows.get(1).config().parallel().orElseThrow().expertCapacityFactor()).isEmpty();
        Path parquet = dir.resolve("drop.parquet");
        ObservationFiles.write(parquet, rows);
        assertThat(ObservationFiles.read(parquet)).isEqualTo(rows);
    }

    @Test
    void aCapacityFactorThatIsNotPositiveIsRefusedNamingTheColumnAndTheLine() throws IOException {
        for (String bad : new String[] {"0", "-1", "x"}) {
            Path f = Files.writeString(dir.resolve("synthetic-bad-drop.csv"), "model,architecture,workers,"
                    + "global_batch,step_time_s,expert_parallel,expert_capacity_factor,hardware\n"
                    + "qwen3-30b-a3b,ALLREDUCE,8,512,12.5,8," + bad + ",dgx-h100\n");
            assertThatThrownBy(() -> new GenericCsvImporter().read(f)).as(bad)
                    .isInstanceOf(DataFormatException.class).hasMessageContaining("synthetic-bad-drop.csv:2")
                    .hasMessageContaining("column 'expert_capacity_factor'");
        }
    }
}
