package io.stepcast.queueing.cli;

import io.stepcast.api.collective.Placement;
import io.stepcast.queueing.simulation.ChromeTrace;
import io.stepcast.queueing.simulation.ThroughputEstimate;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The validated options of {@code stepcast simulate} that its paths share ({@link ParameterServerSweep},
 * {@link AllReduceSweep}, {@link DataParallelReplay}), and the reporting of a throughput sweep: its trace file and its
 * points.
 *
 * @param workers       the worker counts, in the order given
 * @param localBatch    the batch simulated: {@code --local-batch}, else the profile's
 * @param steps         measured steps per worker
 * @param seeds         seeds of the random order and jitters
 * @param computeJitter coefficient of variation of each op's duration
 * @param traceOut      where the Chrome trace of the largest worker count goes, or null for none
 * @param json          JSON rather than a table
 */
record SimulateRun(List<Integer> workers, int localBatch, int steps, int seeds, double computeJitter, Path traceOut,
                   boolean json) {
    /** Base seed of every sweep: fixed, so that a run repeats to the digit. */
    static final long SEED = 1;
    /** Spans a trace keeps: bounds its memory and file on a long run. */
    static final int TRACE_EVENTS = 2_000_000;

    /** The largest worker count, the one {@code --trace-out} records. */
    int largest() {
        return workers.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }

    /** A trace to record into when {@code --trace-out} is given, else null. */
    ChromeTrace newTrace() {
        return traceOut != null ? new ChromeTrace(TRACE_EVENTS) : null;
    }

    /**
     * Writes {@code trace} (when not null) to {@code --trace-out}, then prints the throughput {@code points} under
     * {@code header} ({@link SimulateOutput#printThroughput}), with each count's nodes when {@code placements} is not
     * null and, below a table, where the trace went.
     */
    void report(PrintWriter out, ChromeTrace trace, String header, List<ThroughputEstimate> points,
                List<Placement> placements) throws IOException {
        if (trace != null) {
            trace.write(traceOut);
        }
        Optional<String> note = Optional.ofNullable(trace).map(this::traceNote);
        new SimulateOutput(localBatch).printThroughput(out, json, header, points, placements, note);
    }

    /** Where the trace went, and that it holds only its first spans when the run had more than it keeps. */
    private String traceNote(ChromeTrace trace) {
        return "trace of " + largest() + " workers written to " + traceOut
                + (trace.dropped() > 0 ? " (first " + trace.size() + " spans)" : "");
    }
}
