package io.stepcast.api.collective;

import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.IntraNodeTopology;
import io.stepcast.api.hardware.LinkKind;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.NicSpec;
import io.stepcast.api.hardware.SystemSpec;

import java.util.Optional;

/**
 * The {@link LinkCost}s of a catalogued system, from its link and NIC figures alone:
 * <ul>
 *   <li>intra-node: on NVSwitch and on the NVLink hybrid cube-mesh, NCCL's rings use every NVLink of a GPU,
 *       so the bandwidth is the GPU's NVLinks together ({@link LinkSpec#perGpuGBs()}); on a PCIe tree, one
 *       PCIe link; the latency is the link's per-hop figure;</li>
 *   <li>inter-node: the node's NICs together ({@code nicsPerNode x gbps / 8}), latency the NIC's.</li>
 * </ul>
 * Empty when the catalog lacks a figure (a system whose interconnect the source does not state).
 */
public final class CatalogLinks {
    private final HardwareCatalog catalog;

    /** @param catalog where the systems' links and NICs are looked up */
    public CatalogLinks(HardwareCatalog catalog) {
        this.catalog = java.util.Objects.requireNonNull(catalog, "catalog");
    }

    /** The intra-node hop of the system, or empty when its link or the link's latency is unknown. */
    public Optional<LinkCost> intraNode(SystemSpec system) {
        if (system.topology() == IntraNodeTopology.UNSPECIFIED) {
            return Optional.empty();
        }
        return catalog.intraLink(system).filter(l -> l.latencyUs().isPresent()).map(l -> {
            double gbs = l.kind() == LinkKind.NVLINK || l.kind() == LinkKind.NVSWITCH ? l.perGpuGBs() : l.perLinkGBs();
            return LinkCost.of(l.latencyUs().getAsDouble(), gbs);
        });
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
