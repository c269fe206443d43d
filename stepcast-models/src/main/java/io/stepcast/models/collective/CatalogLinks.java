package io.stepcast.models.collective;

import io.stepcast.api.BoundedCache;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.hardware.GpuLinkGraph;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.IntraNodeTopology;
import io.stepcast.api.hardware.LinkKind;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.NicSpec;
import io.stepcast.api.hardware.SystemSpec;

import java.util.Objects;
import java.util.Optional;

/**
 * The {@link LinkCost}s of a catalogued system, from its link and NIC figures alone:
 * <ul>
 *   <li>intra-node, for the ranks on one node: the ring channels NCCL can build times one link's bandwidth.
 *       On NVSwitch every GPU's links reach every other GPU, so the channels are the GPU's NVLinks
 *       ({@link LinkSpec#linksPerGpu()}); on the NVLink hybrid cube-mesh they depend on which GPUs take part
 *       ({@link RingPacking} over the catalog's {@link GpuLinkGraph}, the first n GPUs; all the GPU's links
 *       when the catalog has no matrix); on a PCIe tree, one PCIe link. The latency is the link's per-hop
 *       figure;</li>
 *   <li>inter-node: the node's NICs together ({@code nicsPerNode x gbps / 8}), latency the NIC's.</li>
 * </ul>
 * Empty when the catalog lacks a figure (a system whose interconnect the source does not state). Stated figures
 * and defaults take their place in {@link CollectiveCost}.
 */
public final class CatalogLinks {
    private final HardwareCatalog catalog;
    /** Systems and rank counts whose ring channels are kept at most. */
    private static final int MAX_CHANNELS = 1_024;
    private final BoundedCache<String, Integer> channels = new BoundedCache<>(MAX_CHANNELS);

    /** @param catalog where the systems' links and NICs are looked up */
    public CatalogLinks(HardwareCatalog catalog) {
        this.catalog = Objects.requireNonNull(catalog, "catalog");
    }

    /**
     * The intra-node hop of a ring over {@code ranks} GPUs of the system, or empty when its link or the
     * link's latency is unknown, or no ring can be built.
     */
    public Optional<LinkCost> intraNode(SystemSpec system, int ranks) {
        if (system.topology() == IntraNodeTopology.UNSPECIFIED) {
            return Optional.empty();
        }
        Optional<LinkSpec> link = catalog.intraLink(system).filter(l -> l.latencyUs().isPresent());
        if (link.isEmpty()) {
            return Optional.empty();
        }
        int c = ringChannels(system, ranks);
        return c == 0 ? Optional.empty()
                : Optional.of(LinkCost.of(link.get().latencyUs().getAsDouble(), c * link.get().perLinkGBs()));
    }

    /**
     * Ring channels over {@code ranks} GPUs of one node of the system: the GPU's NVLinks on NVSwitch,
     * {@link RingPacking} on a catalogued NVLink matrix, 1 on PCIe. Cached per system and rank count (up to a bound,
     * as composed systems can be many).
     */
    public int ringChannels(SystemSpec system, int ranks) {
        Optional<LinkSpec> link = catalog.intraLink(system);
        if (link.isEmpty() || ranks < 2) {
            return 1;
        }
        LinkSpec l = link.get();
        if (l.kind() != LinkKind.NVLINK && l.kind() != LinkKind.NVSWITCH) {
            return 1;
        }
        Optional<GpuLinkGraph> graph = catalog.linkGraph(system);
        if (graph.isEmpty() || ranks > graph.get().gpus()) {
            return l.linksPerGpu();
        }
        return channels.get(system.name() + "/" + ranks, k -> RingPacking.channels(graph.get(), ranks));
    }

    /** The inter-node hop of the system, or empty when its NIC or the NIC's latency is unknown. */
    public Optional<LinkCost> interNode(SystemSpec system) {
        return catalog.nic(system).filter(n -> n.latencyUs().isPresent())
                .map(n -> LinkCost.of(n.latencyUs().getAsDouble(), system.nicsPerNode() * n.gigabytesPerS()));
    }

    /** NCCL's hardware class of the system's intra-node link. */
    public Optional<NcclProtocol.Hardware> intraHardware(SystemSpec system) {
        return catalog.intraLink(system).map(l -> l.kind() == LinkKind.NVLINK || l.kind() == LinkKind.NVSWITCH
                ? NcclProtocol.Hardware.NVLINK : NcclProtocol.Hardware.PCI);
    }

    /** The NIC of the system (for reports). */
    public Optional<NicSpec> nic(SystemSpec system) {
        return catalog.nic(system);
    }
}
