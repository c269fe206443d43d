package io.stepcast.api.hardware;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * An intra-node link technology. Bandwidths are per direction, the convention of the alpha-beta model
 * (datasheets often quote both directions added, which is twice this).
 *
 * @param name             catalog name, e.g. {@code nvlink-2}
 * @param aliases          other labels
 * @param kind             PCIe, NVLink, NVSwitch or host bus
 * @param perLinkGBs       one link (one PCIe x16 slot, one NVLink brick), GB/s per direction
 * @param linksPerGpu      links one GPU has of this kind (1 for PCIe)
 * @param latencyUs        per-message latency of one hop, microseconds (absent when no source gives one)
 * @param source           the public documents the figures come from
 */
public record LinkSpec(String name, List<String> aliases, LinkKind kind, double perLinkGBs, int linksPerGpu,
                       OptionalDouble latencyUs, String source) implements HardwareEntry {
    public LinkSpec {
        Entries.checkName(name, source);
        aliases = List.copyOf(aliases);
        Objects.requireNonNull(kind, "kind");
        Entries.checkPositive(name, "per_link_gbs", OptionalDouble.of(perLinkGBs));
        if (linksPerGpu < 1) {
            throw new IllegalArgumentException(name + ": links_per_gpu must be at least 1, was " + linksPerGpu);
        }
        Entries.checkPositive(name, "latency_us", latencyUs);
    }

    /** All of one GPU's links of this kind together, GB/s per direction. */
    public double perGpuGBs() {
        return perLinkGBs * linksPerGpu;
    }

    @Override
    public String category() {
        return "link";
    }
}
