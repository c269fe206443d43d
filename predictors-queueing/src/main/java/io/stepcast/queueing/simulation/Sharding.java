package io.stepcast.queueing.simulation;

import java.util.Locale;

/** How parameter tensors are placed on the parameter-server shards. */
public enum Sharding {
    /**
     * Balanced by bytes: in profiled (creation) order, each tensor goes to the shard holding the fewest bytes
     * so far, ties to the lowest shard; TensorFlow's {@code GreedyLoadBalancingStrategy} with
     * {@code byte_size_load_fn}, which the benchmark scripts use.
     */
    BYTES,
    /** Tensor {@code i} on shard {@code i mod P}: TensorFlow's default {@code replica_device_setter}. */
    ROUND_ROBIN;

    /** Lower-case name with a dash. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Parses {@code bytes|round-robin}. */
    public static Sharding parse(String text) {
        String k = text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (Sharding s : values()) {
            if (s.name().equals(k)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown sharding '" + text + "' (expected bytes or round-robin)");
    }

    /** The shard of every tensor. */
    public int[] assign(double[] bytes, int shards) {
        int[] shard = new int[bytes.length];
        if (this == ROUND_ROBIN) {
            for (int i = 0; i < bytes.length; i++) {
                shard[i] = i % shards;
            }
            return shard;
        }
        double[] load = new double[shards];
        for (int i = 0; i < bytes.length; i++) {
            int best = 0;
            for (int s = 1; s < shards; s++) {
                if (load[s] < load[best]) {
                    best = s;
                }
            }
            shard[i] = best;
            load[best] += bytes[i];
        }
        return shard;
    }
}
