package io.stepcast.queueing.simulation;

import java.util.Locale;

/**
 * The order in which a parameter server sends a worker its parameter tensors (docs/methods.md section 1).
 */
public enum OrderPolicy {
    /** TensorFlow's default: a fresh uniformly random order per worker and per step. */
    RANDOM,
    /** The profiled order (the order of {@link io.stepcast.api.profile.Profile#parameters()}). */
    FIFO,
    /** TicTac's TIC: unit cost per receive, zero per op, ascending Mp (Hashemi et al., SysML 2019). */
    TIC,
    /** TicTac's TAC: costs from the profile, greedy pairwise rule (Hashemi et al., SysML 2019). */
    TAC;

    /** Lower-case name as used on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code random|fifo|tic|tac}, case-insensitively. */
    public static OrderPolicy parse(String text) {
        for (OrderPolicy p : values()) {
            if (p.name().equalsIgnoreCase(text.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown ordering policy '" + text + "' (expected random, fifo, tic or tac)");
    }
}
