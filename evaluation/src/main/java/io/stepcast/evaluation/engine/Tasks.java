package io.stepcast.evaluation.engine;

import io.stepcast.evaluation.metrics.HoldOutScorer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What every engine does around one task: run it so that a throw becomes the set's not-applicable result
 * (the run goes on), and, for a remote engine, the envelope a task's result travels in: its description (the
 * driver checks that the remote JVM built the same task) and its encoded result.
 */
public final class Tasks {
    private Tasks() {
    }

    /** Runs task {@code i}; a task that throws gives {@link TaskSet#failed} with the exception in one line. */
    public static <R> R runSafely(TaskSet<R> tasks, int i) {
        try {
            return tasks.run(i);
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            return tasks.failed(i, "task failed: " + e.getClass().getSimpleName() + ": "
                    + HoldOutScorer.oneLine(e.getMessage()));
        }
    }

    /** Runs task {@code i} safely and wraps its description and encoded result (on the remote side). */
    public static <R> byte[] runToEnvelope(TaskSet<R> tasks, int i) {
        R r = runSafely(tasks, i);
        byte[] payload = tasks.encode(i, r);
        ByteArrayOutputStream b = new ByteArrayOutputStream(payload.length + 64);
        try (DataOutputStream out = new DataOutputStream(b)) {
            out.writeUTF(tasks.describe(i));
            out.writeInt(payload.length);
            out.write(payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toByteArray();
    }

    /**
     * The result of task {@code i} from its envelope (on the driver).
     *
     * @throws IllegalStateException when the remote JVM built another task under this index (other data or
     *                               plugins there)
     */
    public static <R> R fromEnvelope(TaskSet<R> tasks, int i, byte[] envelope) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(envelope))) {
            String remote = in.readUTF();
            String here = tasks.describe(i);
            if (!remote.equals(here)) {
                throw new IllegalStateException("task " + i + " is '" + remote + "' on the executor but '" + here
                        + "' here: every node needs the same data and plugins");
            }
            byte[] payload = new byte[in.readInt()];
            in.readFully(payload);
            return tasks.decode(i, payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
