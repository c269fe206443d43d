package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
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
import static org.assertj.core.api.Assertions.within;

class NcclTestsImporterTest {
    @TempDir
    Path dir;

    @Test
    void readsEveryTableOfTheRealData() throws IOException {
        List<Observation> all = new NcclTestsImporter().read(SharedData.of("vtrain/nccl-tests")).observations();
        assertThat(all).hasSize(2 * 7 * 1024);
        Observation first = all.get(0);
        assertThat(first.config().model()).isEqualTo("allreduce");
        assertThat(first.config().workload().parameterBytes().getAsLong()).isEqualTo(1 << 20);
        assertThat(first.config().deployment().architecture()).isEqualTo(Architecture.ALLREDUCE);
        assertThat(first.config().workers()).isEqualTo(2);
        assertThat(first.config().deployment().nodes()).isEqualTo(1);
        assertThat(first.config().deployment().hardware()).isEqualTo("vtrain-a100");
        assertThat(first.value(Target.STEP_TIME).getAsDouble()).isCloseTo(44210e-9, within(1e-15));
        assertThat(first.tags()).containsEntry("in_place_time_ns", "45100").containsEntry("gpu", "a100");
        assertThat(first.source()).isEqualTo("nccl-tests:a100/allreduce_2gpus.csv");
        assertThat(all).extracting(o -> o.config().deployment().hardware()).containsOnly("vtrain-a100", "vtrain-v100");
    }

    @Test
    void readsOneFileOrTheVtrainFolder() throws IOException {
        assertThat(new NcclTestsImporter().read(SharedData.of("vtrain/nccl-tests/v100/allreduce_8gpus.csv"))
                .observations()).hasSize(1024).allSatisfy(o -> assertThat(o.config().workers()).isEqualTo(8));
        assertThat(new NcclTestsImporter().read(SharedData.of("vtrain")).observations()).hasSize(14336);
    }

    @Test
    void aBadLineIsNamedByFileAndLine() throws IOException {
        Path gpu = Files.createDirectories(dir.resolve("synthetic"));
        Path f = gpu.resolve("allreduce_4gpus.csv");
        Files.writeString(f, "size(B),count,type,time(ns),busbw(GB/s),time(ns),busbw(GB/s)\n"
                + "1048576,262144,float,51400,30.60,52740,29.82\n1048576,262144,float,oops,30.60,52740,29.82\n");
        assertThatThrownBy(() -> new NcclTestsImporter().read(f)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("allreduce_4gpus.csv:3").hasMessageContaining("'oops' is not a number");
        Files.writeString(f, "size,time\n1,2\n");
        assertThatThrownBy(() -> new NcclTestsImporter().read(f)).hasMessageContaining("allreduce_4gpus.csv:1: expected the header");
    }
}
