package io.stepcast.models.collective;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The alpha-beta time of a collective on a catalogued device, from the catalog's link and NIC figures alone: the
 * catalog-only case of {@link CollectiveCost} (NCCL's ring under the fastest of its protocols inside a node, the
 * two-level schedule over the NICs across nodes), over as many GPUs per node as the device's systems hold. Its
 * inverse ({@link #bytes}) estimates the size of a measured collective whose trace does not record it: the bytes
 * the model needs to take the measured time ({@link CatalogByteEstimator}). Immutable.
 */
public final class CatalogCollectiveModel {
    private final CollectiveCost cost;

    private CatalogCollectiveModel(CollectiveCost cost) {
        this.cost = cost;
    }

    /**
     * The model of {@code ranks} GPUs of the device or system {@code label} names, spread evenly over as few nodes
     * as its catalogued systems hold them ({@link Placement#even}); empty when the catalog does not know the label,
     * its systems disagree on a figure, or one of them lacks a link or NIC figure the placement needs.
     */
    public static Optional<CatalogCollectiveModel> of(HardwareCatalog catalog, String label, int ranks) {
        if (ranks < 1) {
            throw new IllegalArgumentException("ranks must be at least 1, was " + ranks);
        }
        List<SystemSpec> systems = CatalogSystems.of(catalog, label);
        OptionalInt perNode = CatalogSystems.devicesPerNode(systems);
        if (perNode.isEmpty()) {
            return Optional.empty();
        }
        return CollectiveCost.over(Placement.even(ranks, perNode.getAsInt()))
                .systems(new CatalogLinks(catalog), systems, CollectiveCost.Agreement.EVERY_SYSTEM)
                .resolve().cost().map(CatalogCollectiveModel::new);
    }

    /** Where the ranks are: as many per node as the catalogued systems hold. */
    public Placement placement() {
        return cost.placement();
    }

    /** Seconds of {@code op} on {@code bytes} over the placement: the fastest NCCL protocol. */
    public double seconds(Collective op, double bytes) {
        return cost.seconds(op, bytes);
    }

    /** The bytes of {@code op} that take {@code seconds} under the model ({@link CollectiveCost#bytes}). */
    public OptionalLong bytes(Collective op, double seconds) {
        return cost.bytes(op, seconds);
    }
}
