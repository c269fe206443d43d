package io.stepcast.analytic.megatron;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Link bandwidths a user states in place of the catalog's, in the units of the configuration columns: the ring
 * bandwidth per GPU inside a node ({@code intra_node_gbps}) and the node's network bandwidth ({@code bandwidth_gbps}),
 * Gbit/s per direction; either may be absent (the catalog's figure).
 *
 * @param intraGbps the ring bandwidth per GPU inside a node
 * @param nicGbps   the node's network bandwidth
 */
record StatedLinks(OptionalDouble intraGbps, OptionalDouble nicGbps) {
    /** Nothing stated: the catalog's figures throughout. */
    static final StatedLinks NONE = new StatedLinks(OptionalDouble.empty(), OptionalDouble.empty());

    StatedLinks {
        check(intraGbps, "intra_node_gbps");
        check(nicGbps, "bandwidth_gbps");
    }

    private static void check(OptionalDouble v, String name) {
        if (v.isPresent() && !(v.getAsDouble() > 0 && Double.isFinite(v.getAsDouble()))) {
            throw new IllegalArgumentException(name + " must be a positive number, was " + v.getAsDouble());
        }
    }

    /** For a report: empty when nothing is stated, else {@code " (stated: intra_node_gbps 100, ...)"}. */
    String describe() {
        if (intraGbps.isEmpty() && nicGbps.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(" (stated:");
        intraGbps.ifPresent(v -> b.append(String.format(Locale.ROOT, " intra_node_gbps %s", v)));
        nicGbps.ifPresent(v -> b.append(intraGbps.isPresent() ? "," : "")
                .append(String.format(Locale.ROOT, " bandwidth_gbps %s", v)));
        return b.append(')').toString();
    }
}
