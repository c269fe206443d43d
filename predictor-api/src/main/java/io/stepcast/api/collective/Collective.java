package io.stepcast.api.collective;

import java.util.Locale;

/**
 * The collective communication operations of data-, tensor- and pipeline-parallel training, as NCCL and
 * MPI name them. Shared by the profile readers (which find them in traces), the collective cost model and
 * the predictors that use it.
 */
public enum Collective {
    /** Every rank ends with the element-wise reduction of all ranks' buffers. */
    ALL_REDUCE,
    /** Every rank ends with its 1/p share of the reduction. */
    REDUCE_SCATTER,
    /** Every rank ends with the concatenation of all ranks' buffers. */
    ALL_GATHER,
    /** One root's buffer is copied to every rank. */
    BROADCAST,
    /** The reduction of all ranks' buffers ends on one root. */
    REDUCE,
    /** Every rank sends a distinct block to every other rank. */
    ALL_TO_ALL,
    /** One point-to-point transfer (NCCL send/recv, pipeline activations). */
    SEND_RECV;

    /** The lower-case, hyphenated label ({@code all-reduce}), as used in files and on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Parses a label or NCCL-style name, ignoring case, hyphens and underscores ({@code all-reduce},
     * {@code AllReduce}, {@code ALL_REDUCE}).
     *
     * @throws IllegalArgumentException naming the known labels
     */
    public static Collective parse(String text) {
        String key = text == null ? "" : text.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
        for (Collective c : values()) {
            if (c.name().replace("_", "").toLowerCase(Locale.ROOT).equals(key)) {
                return c;
            }
        }
        if (key.equals("sendrecv") || key.equals("send") || key.equals("recv") || key.equals("p2p")) {
            return SEND_RECV;
        }
        StringBuilder known = new StringBuilder();
        for (Collective c : values()) {
            known.append(known.length() == 0 ? "" : ", ").append(c.label());
        }
        throw new IllegalArgumentException("unknown collective '" + text + "' (known: " + known + ")");
    }
}
