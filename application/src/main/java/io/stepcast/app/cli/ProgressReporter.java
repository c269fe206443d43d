package io.stepcast.app.cli;

import io.stepcast.evaluation.suite.ProgressListener;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Shows how far a suite run is on stderr. On a terminal: a progress bar of a fixed rendered width (the
 * task label is padded to one length, so the bar does not jump). Otherwise (piped, CI): a line
 * {@code evaluate: 12/40 tasks, 0:35 elapsed, about 1:10 left} every {@code interval} (also while a long task
 * runs, when ticking) and a last one when the run is done, so a long run shows signs of life in a log.
 */
final class ProgressReporter implements ProgressListener, AutoCloseable {
    /** Rendered width of the terminal bar, characters. */
    static final int BAR_WIDTH = 100;
    /** Width the task label is padded or cut to on the terminal bar. */
    static final int LABEL_WIDTH = 36;
    private final boolean terminal;
    private final PrintStream terminalStream;
    private final PrintWriter lines;
    private final LongSupplier nanoClock;
    private final long intervalNanos;
    private ProgressBar bar;
    private long total;
    private long done;
    private long started;
    private long lastLine;
    /** Prints a line when no task has finished for an interval (long fits); absent in tests. */
    private final String name;
    private final boolean ticking;
    private ScheduledExecutorService ticker;

    /**
     * @param terminal       whether stderr is a terminal (then the bar goes to {@code terminalStream})
     * @param lines          where the progress lines go when it is not
     * @param nanoClock      the clock, nanoseconds
     * @param intervalNanos  the least time between two progress lines
     */
    ProgressReporter(boolean terminal, PrintStream terminalStream, PrintWriter lines, LongSupplier nanoClock,
                     long intervalNanos) {
        this(terminal, terminalStream, lines, nanoClock, intervalNanos, false);
    }

    /** @param ticking also print a line every interval while no task finishes (a thread of its own) */
    ProgressReporter(boolean terminal, PrintStream terminalStream, PrintWriter lines, LongSupplier nanoClock,
                     long intervalNanos, boolean ticking) {
        this("evaluate", terminal, terminalStream, lines, nanoClock, intervalNanos, ticking);
    }

    /** @param name the command named at the start of each line ({@code evaluate}, {@code sweep}) */
    ProgressReporter(String name, boolean terminal, PrintStream terminalStream, PrintWriter lines, LongSupplier nanoClock,
                     long intervalNanos, boolean ticking) {
        this.name = name;
        this.ticking = ticking;
        this.terminal = terminal;
        this.terminalStream = terminalStream;
        this.lines = lines;
        this.nanoClock = nanoClock;
        this.intervalNanos = intervalNanos;
    }

    @Override
    public synchronized void start(long totalTasks) {
        total = totalTasks;
        started = nanoClock.getAsLong();
        lastLine = started;
        if (terminal && totalTasks > 0) {
            bar = new ProgressBarBuilder().setTaskName(name).setInitialMax(totalTasks)
                    .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(terminalStream, BAR_WIDTH))
                    .setMaxRenderedLength(BAR_WIDTH).setUpdateIntervalMillis(200).build();
        } else if (!terminal && ticking && totalTasks > 0) {
            ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "stepcast-progress");
                t.setDaemon(true);
                return t;
            });
            long ms = Math.max(1, intervalNanos / 1_000_000);
            ticker.scheduleAtFixedRate(this::tick, ms, ms, TimeUnit.MILLISECONDS);
        }
    }

    private synchronized void tick() {
        long now = nanoClock.getAsLong();
        if (now - lastLine >= intervalNanos && done < total) {
            lastLine = now;
            lines.println(line(now));
            lines.flush();
        }
    }

    @Override
    public synchronized void step(String what) {
        done++;
        if (bar != null) {
            bar.step();
            bar.setExtraMessage(fixedWidth(what));
        } else if (!terminal) {
            long now = nanoClock.getAsLong();
            if (now - lastLine >= intervalNanos && done < total) {
                lastLine = now;
                lines.println(line(now));
                lines.flush();
            }
        }
    }

    /** {@code evaluate: 12/40 tasks, 0:35 elapsed, about 1:10 left}. */
    String line(long now) {
        double elapsed = (now - started) / 1e9;
        String left = done == 0 || done >= total ? "" : ", about " + clock(elapsed * (total - done) / done) + " left";
        return name + ": " + done + "/" + total + " tasks, " + clock(elapsed) + " elapsed" + left;
    }

    static String fixedWidth(String what) {
        String s = what.length() > LABEL_WIDTH ? what.substring(0, LABEL_WIDTH) : what;
        return s + " ".repeat(LABEL_WIDTH - s.length());
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format("%d:%02d", s / 60, s % 60);
    }

    @Override
    public synchronized void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
        if (bar != null) {
            bar.stepTo(bar.getMax());
            bar.close();
        } else if (!terminal && total > 0) {
            lines.println(line(nanoClock.getAsLong()));
            lines.flush();
        }
    }
}
