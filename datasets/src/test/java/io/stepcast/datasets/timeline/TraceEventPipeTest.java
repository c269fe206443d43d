package io.stepcast.datasets.timeline;

import io.stepcast.datasets.io.DataFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The pipe on synthetic timelines long enough to send every batch round more than once. */
class TraceEventPipeTest {
    @TempDir
    Path dir;

    /** 1,200 steps of 19 trace events: more than {@code BATCH * BATCHES} events. */
    private Path longTimeline() throws IOException {
        assertThat(1200 * 19).isGreaterThan(TraceEventPipe.BATCH * TraceEventPipe.BATCHES);
        return Files.writeString(dir.resolve("long.json"), SyntheticTimelines.file(1200));
    }

    private static String describe(TraceEvent e) {
        return e.ph + " " + e.name + " " + e.argName + " " + e.argOp + " " + e.pid + "/" + e.tid + " " + e.ts + " "
                + e.dur + " " + e.tensorBytes + " " + e.inputs + " @" + e.line + ":" + e.column;
    }

    private static boolean parserRunning() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("stepcast-timeline-parser") && t.isAlive());
    }

    @Test
    void eventsArriveInFileOrderAsTheReaderSeesThem() throws IOException {
        Path t = longTimeline();
        List<String> direct = new ArrayList<>();
        ChromeTraceReader.read(t, e -> direct.add(describe(e)));
        List<String> piped = new ArrayList<>();
        try (TraceEventPipe pipe = TraceEventPipe.start(t)) {
            pipe.drainTo(e -> piped.add(describe(e)));
        }
        assertThat(piped).hasSize(1200 * 19).isEqualTo(direct);
    }

    @Test
    void aMalformedFileFailsTheConsumerWithFileAndLine() throws IOException {
        String full = SyntheticTimelines.file(1200);
        Path t = Files.writeString(dir.resolve("cut.json"), full.substring(0, full.length() - 500));
        long[] seen = {0};
        try (TraceEventPipe pipe = TraceEventPipe.start(t)) {
            assertThatThrownBy(() -> pipe.drainTo(e -> seen[0]++)).isInstanceOf(DataFormatException.class)
                    .hasMessageMatching(".*cut\\.json:\\d+:\\d+: the JSON ends too early.*");
        }
        assertThat(seen[0]).isGreaterThan(20_000);
    }

    @Test
    void aFailingConsumerStopsTheParser() throws IOException {
        Path t = longTimeline();
        long[] seen = {0};
        try (TraceEventPipe pipe = TraceEventPipe.start(t)) {
            assertThatThrownBy(() -> pipe.drainTo(e -> {
                if (++seen[0] == 100) {
                    throw new IOException("consumer gave up");
                }
            })).hasMessage("consumer gave up");
        }
        assertThat(seen[0]).isEqualTo(100);
        assertThat(parserRunning()).isFalse();
    }
}
