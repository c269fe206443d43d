package io.stepcast.benchmarks.timeline;

import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.parquet.OpTraceFiles;
import io.stepcast.datasets.timeline.TimelineImporter;
import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;
import io.stepcast.datasets.zoo.ModelZoo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The synthetic timeline is what the importer expects, so the import benchmarks measure a real import. */
class SyntheticTimelineTest {
    private static final long RESNET50_BYTES = 25_557_032L * 4;

    @TempDir
    Path dir;

    @Test
    void writesWholeStepsUntilTheTargetSize() throws IOException {
        Path file = dir.resolve("t.json");
        SyntheticTimeline.Stats s = SyntheticTimeline.resnet50().write(file, 2_000_000);
        assertThat(s.bytes()).isEqualTo(Files.size(file)).isGreaterThanOrEqualTo(2_000_000);
        assertThat(s.steps()).isGreaterThan(1);
        SyntheticTimeline.Stats one = SyntheticTimeline.resnet50().write(dir.resolve("one.json"), 1);
        assertThat(one.steps()).isEqualTo(1);
        // the file is at most one step larger than asked
        assertThat(s.bytes() - 2_000_000).isLessThan(one.bytes());
        assertThat(Files.list(dir).map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("t.json", "one.json");
    }

    @Test
    void importsIntoTheStepsAndEventsItWrote() throws IOException {
        Path file = dir.resolve("t.json");
        SyntheticTimeline.Stats s = SyntheticTimeline.resnet50().write(file, 1_000_000);
        List<OpEvent> events = new ArrayList<>();
        TimelineImporter.Summary summary = new TimelineImporter().stream(file, events::add);
        assertThat(summary.opEvents()).isEqualTo(s.opEvents());
        assertThat(summary.rows()).isEqualTo(s.opEvents());
        assertThat(summary.steps()).isEqualTo(s.steps());
        int tensors = new ModelZoo().get("ResNet-50").tensors().size();
        long receivesPerStep = events.stream().filter(e -> e.step() == 1 && e.category() == OpCategory.RECEIVE).count();
        long sendsPerStep = events.stream().filter(e -> e.step() == 1 && e.category() == OpCategory.SEND).count();
        assertThat(receivesPerStep).isEqualTo(tensors);
        assertThat(sendsPerStep).isEqualTo(tensors);
        assertThat(events).filteredOn(e -> e.category() == OpCategory.SEND).allSatisfy(e -> {
            assertThat(e.bytes()).isPositive();
            assertThat(e.producer()).startsWith("gradients/");
        });
    }

    @Test
    void firstStepIsAResnet50ProfileWithEveryParameterSized() throws IOException {
        Path file = dir.resolve("t.json");
        SyntheticTimeline.resnet50().write(file, 1);
        Profile p = new TimelineImporter().readProfile(file, "ResNet-50", 64);
        assertThat(p.parameterBytes()).isEqualTo(RESNET50_BYTES);
        assertThat(p.receives()).hasSize(p.parameters().size());
        assertThat(p.sends()).hasSize(p.parameters().size());
    }

    @Test
    void largeImportReportsRowsTimeAndMemory() throws IOException {
        Path file = dir.resolve("t.json");
        SyntheticTimeline.Stats s = SyntheticTimeline.resnet50().write(file, 500_000);
        Path parquet = dir.resolve("t.parquet");
        String line = LargeTimelineImport.importOnce(file, parquet);
        assertThat(line).contains("op_events=" + s.opEvents(), "rows=" + s.opEvents(), "steps=" + s.steps());
        assertThat(OpTraceFiles.read(parquet)).hasSize((int) s.opEvents());
    }
}
