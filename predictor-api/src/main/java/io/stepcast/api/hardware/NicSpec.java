package io.stepcast.api.hardware;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A network interface between nodes.
 *
 * @param name      catalog name, e.g. {@code ib-edr}
 * @param aliases   other labels
 * @param kind      Ethernet or InfiniBand
 * @param gbps      line rate, Gbit/s per direction
 * @param latencyUs per-message latency, microseconds (absent when no source gives one)
 * @param source    the public documents the figures come from
 */
public record NicSpec(String name, List<String> aliases, NicKind kind, double gbps, OptionalDouble latencyUs,
                      String source) implements HardwareEntry {
    public NicSpec {
        Entries.checkName(name, source);
        aliases = List.copyOf(aliases);
        Objects.requireNonNull(kind, "kind");
        Entries.checkPositive(name, "gbps", OptionalDouble.of(gbps));
        Entries.checkPositive(name, "latency_us", latencyUs);
    }

    /** The line rate in GB/s (decimal gigabytes, as bandwidths are quoted). */
    public double gigabytesPerS() {
        return gbps / 8.0;
    }

    @Override
    public String category() {
        return "nic";
    }
}
