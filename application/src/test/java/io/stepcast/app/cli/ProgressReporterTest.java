package io.stepcast.app.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class ProgressReporterTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void withoutATerminalALineEveryIntervalAndOneAtTheEnd() {
        StringWriter err = new StringWriter();
        AtomicLong now = new AtomicLong();
        try (ProgressReporter p = new ProgressReporter(false, System.err, new PrintWriter(err), now::get, 5 * SECOND)) {
            p.start(10);
            for (int i = 0; i < 9; i++) {
                now.addAndGet(2 * SECOND);
                p.step("task " + i);
            }
            now.addAndGet(2 * SECOND);
            p.step("last");
        }
        // Steps at 2, 4, ..., 20 s: lines at 6 s (3 done), 12 s (6 done), 18 s (9 done), then the end.
        assertThat(err.toString().lines().toList()).containsExactly(
                "evaluate: 3/10 tasks, 0:06 elapsed, about 0:14 left",
                "evaluate: 6/10 tasks, 0:12 elapsed, about 0:08 left",
                "evaluate: 9/10 tasks, 0:18 elapsed, about 0:02 left",
                "evaluate: 10/10 tasks, 0:20 elapsed");
    }

    @Test
    void whileALongTaskRunsTheTickerStillPrintsLines() throws InterruptedException {
        StringWriter err = new StringWriter();
        try (ProgressReporter p = new ProgressReporter(false, System.err, new PrintWriter(err), System::nanoTime,
                20_000_000L, true)) {
            p.start(1);
            // No task finishes for a while: lines "0/1 tasks" must still come.
            for (int i = 0; i < 200 && !err.toString().contains("evaluate: 0/1 tasks"); i++) {
                Thread.sleep(10);
            }
            p.step("the long one");
        }
        assertThat(err.toString()).contains("evaluate: 0/1 tasks, ");
        assertThat(err.toString().lines().toList()).last().asString().startsWith("evaluate: 1/1 tasks, ");
    }

    @Test
    void theTerminalBarLabelHasOneWidth() {
        assertThat(ProgressReporter.fixedWidth("a")).hasSize(ProgressReporter.LABEL_WIDTH);
        assertThat(ProgressReporter.fixedWidth("x".repeat(80))).hasSize(ProgressReporter.LABEL_WIDTH);
    }
}
