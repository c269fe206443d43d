package io.stepcast.datasets.timeline;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Parses a Chrome trace on a thread of its own and hands its events to the thread that drains the pipe, so that
 * parsing runs in parallel with whatever the consumer does with the events (converting them and writing Parquet,
 * for the importer). The events travel in a fixed set of batches that go back and forth between the two threads:
 * nothing is allocated per event and memory is bounded by {@value #BATCHES} x {@value #BATCH} events, whatever
 * the file size.
 *
 * <pre>{@code
 * try (TraceEventPipe pipe = TraceEventPipe.start(file)) {
 *     // ... prepare the consumer while the parser already runs ...
 *     pipe.drainTo(handler);
 * }
 * }</pre>
 * A failure on the parsing side is rethrown by {@link #drainTo}; closing the pipe early (the consumer failed)
 * stops the parser.
 */
final class TraceEventPipe implements AutoCloseable {
    /** Events per batch. */
    static final int BATCH = 2048;
    /** Batches in circulation: enough for the parser to run ahead of a consumer that stalls briefly. */
    static final int BATCHES = 8;

    private final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES + 1);
    private final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);
    private final Thread parser;
    private volatile boolean closed;
    private volatile Throwable failure;

    /** A batch of events, reused for the whole parse. */
    private static final class Batch {
        final TraceEvent[] events;
        int size;

        Batch(int capacity) {
            events = new TraceEvent[capacity];
            for (int i = 0; i < capacity; i++) {
                events[i] = new TraceEvent();
            }
        }
    }

    /** Put after the last batch (or after a failure). */
    private static final Batch END = new Batch(0);

    private TraceEventPipe(Path file) {
        for (int i = 0; i < BATCHES; i++) {
            free.add(new Batch(BATCH));
        }
        parser = new Thread(() -> parse(file), "stepcast-timeline-parser");
        parser.setDaemon(true);
    }

    /** Starts parsing {@code file} on a new thread. */
    static TraceEventPipe start(Path file) {
        TraceEventPipe pipe = new TraceEventPipe(file);
        pipe.parser.start();
        return pipe;
    }

    /**
     * Hands every event of the file to {@code handler} on the calling thread, in file order; returns when the
     * file is read.
     *
     * @throws IOException the parser's failure (a malformed file) or the handler's
     */
    void drainTo(ChromeTraceReader.Handler handler) throws IOException {
        try {
            for (Batch b = full.take(); b != END; b = full.take()) {
                for (int i = 0; i < b.size; i++) {
                    handler.event(b.events[i]);
                }
                free.put(b);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("timeline import interrupted");
        }
        Throwable t = failure;
        if (t instanceof IOException io) {
            throw io;
        }
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error err) {
            throw err;
        }
        if (t != null) {
            throw new IOException(t);
        }
    }

    /** Stops the parser if it still runs and waits for it briefly. */
    @Override
    public void close() {
        closed = true;
        full.clear();
        try {
            parser.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void parse(Path file) {
        try {
            Batch first = take();
            BatchFiller filler = new BatchFiller(first);
            ChromeTraceReader.read(file, first.events[0], filler);
            filler.finish();
        } catch (Throwable t) {
            failure = t;
        } finally {
            try {
                hand(END);
            } catch (IOException ignored) {
                // the consumer closed the pipe; it does not wait for the end
            }
        }
    }

    /** Lets the reader fill the batches' events in place, handing each batch over when it is full. */
    private final class BatchFiller implements ChromeTraceReader.Filler {
        private Batch current;

        BatchFiller(Batch first) {
            current = first;
        }

        @Override
        public TraceEvent filled(TraceEvent e) throws IOException {
            if (++current.size == BATCH) {
                hand(current);
                current = take();
            }
            return current.events[current.size];
        }

        void finish() throws IOException {
            if (current.size > 0) {
                hand(current);
            }
        }
    }

    private Batch take() throws IOException {
        try {
            Batch b;
            while ((b = free.poll(50, TimeUnit.MILLISECONDS)) == null) {
                if (closed) {
                    throw new InterruptedIOException("the consumer stopped");
                }
            }
            b.size = 0;
            return b;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("timeline parsing interrupted");
        }
    }

    private void hand(Batch b) throws IOException {
        try {
            while (!full.offer(b, 50, TimeUnit.MILLISECONDS)) {
                if (closed) {
                    throw new InterruptedIOException("the consumer stopped");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("timeline parsing interrupted");
        }
    }
}
