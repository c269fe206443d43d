package io.stepcast.models.collective;

import io.stepcast.api.BoundedCache;
import io.stepcast.api.collective.Collective;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.profile.CollectiveByteEstimator;
import io.stepcast.api.profile.ProfiledRank;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The bytes of a collective from its measured duration by inverting the alpha-beta cost of the catalog's links for
 * the rank's device and world size ({@link CatalogCollectiveModel#bytes}): the bytes the model needs to take the
 * measured time. An upper bound: a measured NCCL kernel also holds its wait for the other ranks, which the cost
 * model does not see. Empty where the catalog lacks the device or its figures. Thread-safe.
 */
public final class CatalogByteEstimator implements CollectiveByteEstimator {
    /** Devices and world sizes whose models are kept at most (a service may meet ever new ones). */
    private static final int MAX_MODELS = 256;

    private final HardwareCatalog catalog;
    private final BoundedCache<ProfiledRank, Optional<CatalogCollectiveModel>> models = new BoundedCache<>(MAX_MODELS);

    /** @param catalog where the links of a trace's device are looked up */
    public CatalogByteEstimator(HardwareCatalog catalog) {
        this.catalog = Objects.requireNonNull(catalog, "catalog");
    }

    @Override
    public OptionalLong bytes(Collective op, double seconds, ProfiledRank rank) {
        // The rank's index does not change the model: key on the device and world size alone.
        ProfiledRank job = new ProfiledRank(0, rank.worldSize(), rank.device());
        Optional<CatalogCollectiveModel> model = models.get(job,
                k -> CatalogCollectiveModel.of(catalog, k.device(), k.worldSize()));
        return model.isPresent() ? model.get().bytes(op, seconds) : OptionalLong.empty();
    }
}
