package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.datasets.SharedData;
import io.stepcast.datasets.io.DataFormatException;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class PolluxImporterTest {

    @Test
    void readsAllSixJobsOfTheRealTraces() throws IOException {
        List<Observation> all = new PolluxImporter().read(SharedData.of("pollux")).observations();
        assertThat(all).hasSize(7103);
        Map<String, Long> perSplit = all.stream().collect(Collectors.groupingBy(o -> o.tag("split", "?"),
                Collectors.counting()));
        assertThat(perSplit).containsEntry("placements", 5542L).containsEntry("scalability", 1561L);
        Map<String, Long> perModel = all.stream().collect(Collectors.groupingBy(o -> o.config().model(),
                Collectors.counting()));
        assertThat(perModel).containsOnlyKeys("BERT", "ResNet-18", "DeepSpeech2", "ResNet-50", "NCF", "YOLOv3");
        assertThat(perModel).containsEntry("ResNet-50", 864L + 288L).containsEntry("NCF", 1661L + 458L);
    }

    @Test
    void firstImagenetRowIsTheSingleGpuProfile() throws IOException {
        List<Observation> rows = new PolluxImporter().read(SharedData.of("pollux/imagenet")).observations();
        assertThat(rows).hasSize(864 + 288);
        Observation first = rows.get(0);
        assertThat(first.config().model()).isEqualTo("ResNet-50");
        assertThat(first.config().workload().dataset()).isEqualTo("imagenet");
        assertThat(first.config().workload().framework()).isEqualTo("pytorch");
        assertThat(first.config().deployment().architecture()).isEqualTo(Architecture.ALLREDUCE);
        assertThat(first.config().workers()).isEqualTo(1);
        assertThat(first.config().deployment().nodes()).isEqualTo(1);
        assertThat(first.config().deployment().hardware()).isEqualTo("T4");
        assertThat(first.config().localBatch()).isEqualTo(20);
        assertThat(first.value(Target.STEP_TIME).getAsDouble()).isEqualTo(0.14740917682647706);
        assertThat(first.measurements().syncTimeS().getAsDouble()).isEqualTo(0.0012090879917144776);
        assertThat(first.source()).isEqualTo("pollux:imagenet/placements.csv");
        assertThat(first.tags()).containsEntry("placement", "1").containsEntry("split", "placements")
                .containsEntry("job", "imagenet");
    }

    @Test
    void placementDigitsGiveNodesAndReplicas() throws IOException {
        List<Observation> rows = new PolluxImporter().read(SharedData.of("pollux/cifar10/placements.csv"))
                .observations();
        Observation p1234 = rows.stream().filter(o -> o.tag("placement", "").equals("1234")).findFirst().orElseThrow();
        assertThat(p1234.config().deployment().nodes()).isEqualTo(4);
        assertThat(p1234.config().workers()).isEqualTo(10);
        assertThat(p1234.config().model()).isEqualTo("ResNet-18");
        assertThat(p1234.config().deployment().placement().orElseThrow().gpusPerNode()).containsExactly(1, 2, 3, 4);
    }

    @Test
    void scalabilityRowsUseTheirNodeAndReplicaColumns() throws IOException {
        List<Observation> rows = new PolluxImporter(false, true).read(SharedData.of("pollux/bert")).observations();
        assertThat(rows).hasSize(180);
        Observation first = rows.get(0);
        assertThat(first.config().deployment().nodes()).isEqualTo(6);
        assertThat(first.config().workers()).isEqualTo(6);
        assertThat(first.config().localBatch()).isEqualTo(4);
        assertThat(first.measurements().stepTimeS().getAsDouble()).isCloseTo(1.4923269003629684, within(1e-15));
        assertThat(first.tags()).doesNotContainKey("placement").containsEntry("split", "scalability");
        assertThat(first.source()).isEqualTo("pollux:bert/scalability.csv");
    }

    @Test
    void negativeStepTimeIsRefusedWithFileAndLine(@TempDir Path dir) throws IOException {
        Path job = Files.createDirectories(dir.resolve("imagenet"));
        Files.writeString(job.resolve("placements.csv"),
                "placement,local_bsz,step_time,sync_time\n1,20,0.1,0.0\n2,20,-0.2,0.0\n");
        refusal(job).hasMessageContaining("placements.csv:3").hasMessageContaining("step_time");
    }

    @Test
    void wrongKindOfFileIsRefusedNamingTheMissingColumns(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("placements.csv");
        Files.writeString(f, "a,b\n1,2\n");
        refusal(f).hasMessageContaining("placements.csv:1").hasMessageContaining("missing column");
    }

    @Test
    void emptyFileIsRefused(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("placements.csv");
        Files.writeString(f, "");
        refusal(f).hasMessageContaining("empty");
    }

    /** What reading {@code path} throws: a {@link DataFormatException}. */
    private static AbstractThrowableAssert<?, ? extends Throwable> refusal(Path path) {
        return assertThatThrownBy(() -> new PolluxImporter().read(path)).isInstanceOf(DataFormatException.class);
    }
}
