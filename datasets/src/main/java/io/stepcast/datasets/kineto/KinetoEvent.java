package io.stepcast.datasets.kineto;

/**
 * One event of a PyTorch profiler trace as the streaming parser sees it: the fields the reader uses, the rest
 * skipped. One instance is reused for every event; a handler copies what it keeps.
 */
final class KinetoEvent {
    /** Phase: {@code X} complete events, {@code s}/{@code f} flow ends, {@code M} metadata. */
    String ph;
    /** Category: {@code cpu_op}, {@code cuda_runtime}, {@code kernel}, {@code gpu_memcpy}, {@code ac2g}... */
    String cat;
    /** Operator, kernel or annotation name ({@code ProfilerStep#3}, {@code nccl:all_reduce}). */
    String name;
    /** Process: the host process, or the GPU's index for device activity. */
    long pid;
    /** Thread: the host thread, or the stream for device activity. */
    long tid;
    /** Start and duration, microseconds; NaN when absent. */
    double ts = Double.NaN;
    double dur = Double.NaN;
    /** Flow id ({@code id}); -1 when absent. */
    long id = -1;
    /** {@code args.correlation}: links a launch to its kernel; -1 when absent. */
    long correlation = -1;
    /** {@code args.stream}; -1 when absent. */
    long stream = -1;
    /** {@code args.device}; -1 when absent. */
    long device = -1;
    /** {@code args.bytes} of a memcpy/memset; -1 when absent. */
    long bytes = -1;
    /** {@code args["Collective name"]} of an NCCL kernel (newer PyTorch). */
    String collectiveName;
    /** {@code args["In msg nelems"]}; -1 when absent. */
    long inElements = -1;
    /** {@code args.dtype} of an NCCL kernel. */
    String dtype;
    /** Elements of the first input ({@code args["Input Dims"][0]}, product of its dimensions); -1 when absent. */
    long firstInputElements = -1;
    /** {@code args["Input type"][0]}. */
    String firstInputType;
    /** 1-based line and column of the event in the file. */
    long line;
    long column;

    void reset() {
        ph = null;
        cat = null;
        name = null;
        pid = 0;
        tid = 0;
        ts = Double.NaN;
        dur = Double.NaN;
        id = -1;
        correlation = -1;
        stream = -1;
        device = -1;
        bytes = -1;
        collectiveName = null;
        inElements = -1;
        dtype = null;
        firstInputElements = -1;
        firstInputType = null;
    }

    boolean complete() {
        return "X".equals(ph);
    }

    String where(String file) {
        return file + ":" + line + ":" + column;
    }
}
