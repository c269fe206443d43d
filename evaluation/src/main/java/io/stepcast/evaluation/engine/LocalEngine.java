package io.stepcast.evaluation.engine;

import io.stepcast.evaluation.suite.ProgressListener;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Engine {@code local}: the tasks run in this JVM on a fixed pool of {@link EngineOptions#threads()} daemon
 * threads, and their results come back in task order, not the order they finished in, so they do not
 * depend on the thread count. Nothing is encoded: the results are the tasks' own objects.
 */
public final class LocalEngine implements ExecutionEngine {
    /** The engine's name. */
    public static final String NAME = "local";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public <R> List<R> run(TaskSet<R> tasks, EngineOptions options, ProgressListener progress) {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory daemons = r -> {
            Thread t = new Thread(r, "stepcast-task-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(options.threads(), Math.max(1, tasks.size())),
                daemons);
        try {
            List<Future<R>> futures = new ArrayList<>(tasks.size());
            for (int i = 0; i < tasks.size(); i++) {
                int task = i;
                futures.add(pool.submit(() -> {
                    R result = Tasks.runSafely(tasks, task);
                    synchronized (progress) {
                        progress.step(tasks.describe(task));
                    }
                    return result;
                }));
            }
            List<R> out = new ArrayList<>(tasks.size());
            for (Future<R> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            // runSafely turns a task's exception into a result; what is left is an Error such as OutOfMemoryError.
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
