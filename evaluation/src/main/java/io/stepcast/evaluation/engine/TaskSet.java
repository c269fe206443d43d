package io.stepcast.evaluation.engine;

import java.util.Optional;

/**
 * A fixed list of independent tasks for an {@link ExecutionEngine}: task {@code i} depends on nothing but
 * {@code i} and the set's own configuration, so the tasks run in any order, on any thread or JVM, and their
 * results are put together in index order. A set that can be rebuilt in another JVM says how
 * ({@link #source()}) and turns its results into bytes and back exactly ({@link #encode}, {@link #decode}).
 *
 * @param <R> the result of one task
 */
public interface TaskSet<R> {

    /** How many tasks. */
    int size();

    /** What task {@code i} is, in one line (for progress, failures, and to check that a rebuilt set matches). */
    String describe(int i);

    /** Runs task {@code i}; may throw (see {@link #failed}). */
    R run(int i);

    /** The result of task {@code i} when {@link #run} threw: not applicable, with the reason. */
    R failed(int i, String reason);

    /** The result as bytes that {@link #decode} turns back into an equal result, every double bit for bit. */
    byte[] encode(int i, R result);

    /** The result of task {@code i} from its {@link #encode bytes}. */
    R decode(int i, byte[] bytes);

    /** How another JVM rebuilds this set; empty when it runs in this JVM only. */
    Optional<TaskSource> source();
}
