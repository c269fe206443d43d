package io.stepcast.api.collective;

import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The alpha-beta time of a collective on a catalogued device, from the catalog's link and NIC figures alone
 * ({@link CatalogLinks}): NCCL's ring under each of its protocols ({@link NcclProtocol}), the fastest one, inside a
 * node, and the two-level schedule ({@link HierarchicalAlgorithm}) over the NICs across nodes; the catalog-only case
 * of {@code simulate}'s all-reduce model. Its inverse ({@link #bytes}) estimates the size of a measured collective
 * whose trace does not record it: the bytes the model needs to take the measured time. Immutable.
 */
public final class CatalogCollectiveModel {
    private final List<CollectiveAlgorithm> algorithms;
    private final Placement placement;

    private CatalogCollectiveModel(List<CollectiveAlgorithm> algorithms, Placement placement) {
        this.algorithms = List.copyOf(algorithms);
        this.placement = placement;
    }

    /**
     * The model of {@code ranks} GPUs of the device or system {@code label} names, as many per node as its
     * catalogued systems hold (one node when they all hold at least {@code ranks}); empty when the catalog does
     * not know the label, its systems disagree on a figure, or it lacks a link or NIC figure the placement needs.
     */
    public static Optional<CatalogCollectiveModel> of(HardwareCatalog catalog, String label, int ranks) {
        if (ranks < 1) {
            throw new IllegalArgumentException("ranks must be at least 1, was " + ranks);
        }
        List<SystemSpec> systems = systems(catalog, label);
        Set<Integer> perNode = new LinkedHashSet<>();
        systems.forEach(s -> perNode.add(s.devicesPerNode()));
        if (perNode.size() != 1) {
            return Optional.empty();
        }
        int g = perNode.iterator().next();
        int nodes = (ranks + g - 1) / g;
        List<Integer> gpus = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            gpus.add(ranks / nodes + (i < ranks % nodes ? 1 : 0));
        }
        Placement placement = new Placement(gpus);
        CatalogLinks links = new CatalogLinks(catalog);
        Set<String> seen = new LinkedHashSet<>();
        LinkCost intra = null;
        NcclProtocol.Hardware hardware = null;
        LinkCost inter = null;
        for (SystemSpec s : systems) {
            Optional<LinkCost> in = placement.maxPerNode() > 1 ? links.intraNode(s, placement.maxPerNode())
                    : Optional.empty();
            Optional<LinkCost> out = nodes > 1 ? links.interNode(s) : Optional.empty();
            if ((placement.maxPerNode() > 1 && in.isEmpty()) || (nodes > 1 && out.isEmpty())) {
                return Optional.empty();
            }
            intra = in.orElse(null);
            inter = out.orElse(null);
            hardware = links.intraHardware(s).orElse(NcclProtocol.Hardware.PCI);
            seen.add(intra + "|" + inter + "|" + hardware);
        }
        if (seen.size() != 1) {
            return Optional.empty();
        }
        List<CollectiveAlgorithm> algorithms = new ArrayList<>();
        for (NcclProtocol p : NcclProtocol.values()) {
            CollectiveAlgorithm inside = intra == null ? null : RingAlgorithm.nccl(intra, p, hardware);
            if (inter == null) {
                algorithms.add(inside);
            } else {
                CollectiveAlgorithm across = RingAlgorithm.nccl(inter, p, NcclProtocol.Hardware.NET);
                algorithms.add(new HierarchicalAlgorithm(inside == null ? across : inside, across));
            }
        }
        return Optional.of(new CatalogCollectiveModel(algorithms, placement));
    }

    /** Where the ranks are: as many per node as the catalogued systems hold. */
    public Placement placement() {
        return placement;
    }

    /** Seconds of {@code op} on {@code bytes} over the placement: the fastest NCCL protocol. */
    public double seconds(Collective op, double bytes) {
        if (placement.ranks() == 1) {
            return 0;
        }
        double best = Double.POSITIVE_INFINITY;
        for (CollectiveAlgorithm a : algorithms) {
            best = Math.min(best, a.seconds(op, bytes, placement));
        }
        return best;
    }

    /**
     * The bytes of {@code op} that take {@code seconds} under the model (its inverse, by bisection: the time
     * grows with the bytes); 0 when even an empty message takes longer (the latency alone), empty on one rank
     * (a collective over one rank costs nothing, whatever its size).
     */
    public OptionalLong bytes(Collective op, double seconds) {
        Objects.requireNonNull(op, "op");
        if (!(seconds >= 0) || !Double.isFinite(seconds)) {
            throw new IllegalArgumentException("seconds must be a non-negative number, was " + seconds);
        }
        if (placement.ranks() == 1) {
            return OptionalLong.empty();
        }
        if (seconds(op, 0) >= seconds) {
            return OptionalLong.of(0);
        }
        double lo = 0;
        double hi = 1;
        while (seconds(op, hi) < seconds) {
            hi *= 2;
        }
        for (int i = 0; i < 100 && hi - lo > 0.5; i++) {
            double mid = (lo + hi) / 2;
            if (seconds(op, mid) < seconds) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return OptionalLong.of(Math.round((lo + hi) / 2));
    }

    /** The system a label names, or every catalogued system of the device it names. */
    private static List<SystemSpec> systems(HardwareCatalog catalog, String label) {
        Optional<SystemSpec> system = catalog.system(label);
        if (system.isPresent()) {
            return List.of(system.get());
        }
        Optional<DeviceSpec> device = catalog.device(label);
        if (device.isEmpty()) {
            return List.of();
        }
        List<SystemSpec> out = new ArrayList<>();
        for (var e : catalog.entries()) {
            if (e instanceof SystemSpec s && catalog.device(s.device()).map(DeviceSpec::name)
                    .equals(Optional.of(device.get().name()))) {
                out.add(s);
            }
        }
        return out;
    }
}
