package io.stepcast.evaluation.suite;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Runs independent tasks on a fixed number of threads and returns their results in the order the tasks
 * were given, not the order they finished in, so the results do not depend on the thread count. The
 * progress listener is told after each task, one call at a time.
 */
final class TaskPool implements AutoCloseable {
    private final ExecutorService pool;
    private final ProgressListener progress;

    /** @param threads at least 1 */
    TaskPool(int threads, ProgressListener progress) {
        if (threads < 1) {
            throw new IllegalArgumentException("--threads must be at least 1, was " + threads);
        }
        AtomicInteger n = new AtomicInteger();
        ThreadFactory daemons = r -> {
            Thread t = new Thread(r, "stepcast-suite-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.pool = Executors.newFixedThreadPool(threads, daemons);
        this.progress = progress;
    }

    /** A task and what the progress listener is told when it is done. */
    record Task<T>(String what, Supplier<T> work) {
    }

    /** Every task's result, in task order; the first failure (in task order) is rethrown. */
    <T> List<T> run(List<Task<T>> tasks) {
        List<Future<T>> futures = new ArrayList<>(tasks.size());
        for (Task<T> t : tasks) {
            futures.add(pool.submit(() -> {
                T result = t.work().get();
                synchronized (progress) {
                    progress.step(t.what());
                }
                return result;
            }));
        }
        List<T> out = new ArrayList<>(tasks.size());
        try {
            for (Future<T> f : futures) {
                out.add(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            futures.forEach(f -> f.cancel(true));
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            futures.forEach(f -> f.cancel(true));
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
        return out;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
