package io.stepcast.datasets.trace;

import java.util.Locale;

/** What an event of a profiled step does. */
public enum OpCategory {
    /** A compute op (kernel) on a device stream. */
    COMPUTE,
    /** A parameter tensor arriving from a parameter server ({@code RecvTensor}, {@code _Recv}, {@code <var>/read}). */
    RECEIVE,
    /** A gradient tensor sent to a parameter server. */
    SEND,
    /** A collective communication (an NCCL kernel of a PyTorch trace); {@link OpEvent#collective()} says which. */
    COLLECTIVE,
    /** Anything else (memcpy, runtime bookkeeping). */
    OTHER;

    /** Lower-case name as stored in op traces. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a {@link #label()}. */
    public static OpCategory parse(String label) {
        return valueOf(label.trim().toUpperCase(Locale.ROOT));
    }
}
