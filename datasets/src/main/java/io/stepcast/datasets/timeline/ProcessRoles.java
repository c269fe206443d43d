package io.stepcast.datasets.timeline;

import java.util.HashMap;
import java.util.Map;

/**
 * The processes of a timeline by id: their names (from the {@code process_name} metadata) and what their events
 * are to the op trace. A TensorFlow 1.x timeline ({@code tensorflow/python/client/timeline.py}) has a process per
 * device of the step stats, named {@code <device> Compute} (and {@code <device> Tensors} for the memory
 * snapshots), the device being {@code /job:J/replica:R/task:T/device:D:N}. With GPU tracing on, the tracer
 * adds the kernels as devices of their own: one per stream ({@code /device:GPU:0/stream:7}), the copies
 * ({@code /device:GPU:0/memcpy}) and every stream's kernels once more on {@code /device:GPU:0/stream:all}.
 *
 * <p>The role of a process is worked out the first time one of its op events comes, and again after any process
 * is named, since a name can turn {@code stream:all} into a duplicate. The first worker task met is the one whose
 * view is kept, for the rest of the file. Not thread-safe: one per file.
 */
final class ProcessRoles {
    /** What the events of a process are to the op trace. */
    enum Role {
        /** Host ops (TensorFlow's executor): their node names mark the steps. */
        HOST,
        /** GPU streams and copies ({@code /device:GPU:0/stream:7 Compute}): kernels of host ops. */
        GPU,
        /** {@code stream:all}, the kernels of every stream again, when the streams are also listed on their own. */
        DUPLICATE,
        /**
         * A parameter server ({@code /job:ps}): its updates are the gradient sends of the worker's view, kept, but
         * they repeat once per worker, so they do not mark steps.
         */
        PARAMETER_SERVER,
        /** A worker other than the one whose view is kept. */
        OTHER_TASK
    }

    private final Map<Integer, String> names = new HashMap<>();
    private final Map<Integer, Role> roles = new HashMap<>();
    /** The {@code /job:worker/replica:R/task:T} prefix of the worker whose view is kept. */
    private String keptWorker;

    /** Records the name of process {@code pid}. */
    void name(int pid, String name) {
        names.put(pid, name);
        roles.clear();
    }

    /** The name of process {@code pid}, or null when it has none. */
    String nameOf(int pid) {
        return names.get(pid);
    }

    /** The role of process {@code pid}; an unnamed process is a host. */
    Role role(int pid) {
        Role r = roles.get(pid);
        if (r == null) {
            r = roleOf(names.get(pid));
            roles.put(pid, r);
        }
        return r;
    }

    private Role roleOf(String process) {
        if (process == null) {
            return Role.HOST;
        }
        if (process.startsWith("/job:ps")) {
            return Role.PARAMETER_SERVER;
        }
        if (process.startsWith("/job:worker")) {
            String task = taskOf(process);
            if (keptWorker == null) {
                keptWorker = task;
            } else if (!keptWorker.equals(task)) {
                return Role.OTHER_TASK;
            }
        }
        int all = process.indexOf("/stream:all");
        if (all >= 0) {
            String device = process.substring(0, all);
            for (String other : names.values()) {
                if (other.startsWith(device + "/stream:") && !other.startsWith(device + "/stream:all")) {
                    return Role.DUPLICATE;
                }
            }
            return Role.GPU;
        }
        return process.contains("/stream:") || process.contains("/memcpy") ? Role.GPU : Role.HOST;
    }

    /** {@code /job:worker/replica:0/task:1} of {@code /job:worker/replica:0/task:1/device:GPU:0 Compute}. */
    private static String taskOf(String process) {
        int device = process.indexOf("/device:");
        return device > 0 ? process.substring(0, device) : process.split(" ")[0];
    }
}
