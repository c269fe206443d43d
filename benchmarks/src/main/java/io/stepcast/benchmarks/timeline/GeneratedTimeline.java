package io.stepcast.benchmarks.timeline;

import io.stepcast.datasets.timeline.TimelineImporter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A <em>synthetic</em> ResNet-50 timeline ({@link SyntheticTimeline}) generated in a temporary folder for a
 * benchmark trial, with the op-trace file its imports write beside it. The import benchmarks share it.
 */
public final class GeneratedTimeline {
    private final Path dir;
    private final Path timeline;
    private final Path parquet;
    private final SyntheticTimeline.Stats stats;

    private GeneratedTimeline(Path dir, Path timeline, Path parquet, SyntheticTimeline.Stats stats) {
        this.dir = dir;
        this.timeline = timeline;
        this.parquet = parquet;
        this.stats = stats;
    }

    /** Generates a timeline of {@code sizeMb} megabytes (10^6 bytes) in a new temporary folder and says so. */
    public static GeneratedTimeline create(int sizeMb) throws IOException {
        Path dir = Files.createTempDirectory("stepcast-timeline-bench");
        Path timeline = dir.resolve("synthetic-resnet50.trace.json");
        SyntheticTimeline.Stats stats = SyntheticTimeline.resnet50().write(timeline, sizeMb * 1_000_000L);
        System.out.printf("%ngenerated %s: %d bytes, %d steps, %d trace events, %d op events%n", timeline,
                stats.bytes(), stats.steps(), stats.events(), stats.opEvents());
        return new GeneratedTimeline(dir, timeline, dir.resolve("op-trace.parquet"), stats);
    }

    /** What was generated. */
    public SyntheticTimeline.Stats stats() {
        return stats;
    }

    /** The timeline file. */
    public Path timeline() {
        return timeline;
    }

    /**
     * One import of the whole timeline into the op-trace file, as {@code stepcast datasets import tf-timeline}
     * does it.
     *
     * @throws IllegalStateException when the import read another number of op events than were generated
     */
    public TimelineImporter.Summary importToParquet() throws IOException {
        TimelineImporter.Summary s = new TimelineImporter().writeOpTrace(timeline, parquet, "ResNet-50", 64);
        if (s.opEvents() != stats.opEvents()) {
            throw new IllegalStateException("imported " + s.opEvents() + " op events, generated " + stats.opEvents());
        }
        return s;
    }

    /** Deletes the files and the folder. */
    public void delete() throws IOException {
        Files.deleteIfExists(parquet);
        Files.deleteIfExists(timeline);
        Files.deleteIfExists(dir);
    }
}
