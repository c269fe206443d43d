package io.stepcast.queueing.fit;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the two estimators calibrated from single-worker bases ({@code mva} and {@code simulation}) share: they
 * answer step time and throughput, read the hardware catalog bound by the datasets module when there is one, and
 * declare the same basis hyper-parameters, {@code aggregation} ({@link Aggregation}), {@code profiled-ps}
 * (auto|local|remote, {@link BasisLookup}) and {@code network-efficiency} ({@code fit}|{@code catalog}), which
 * this constructor validates so that a bad override fails when it is given.
 */
public abstract class BasisEstimator extends AbstractEstimator {
    private final Optional<HardwareCatalog> catalog;

    /**
     * @param params  the declared hyper-parameters, the shared basis ones among them
     * @param catalog the hardware catalog, empty when no module binds one
     */
    protected BasisEstimator(String name, String description, HyperParameters params,
                             Optional<HardwareCatalog> catalog) {
        super(name, description, Set.of(Target.STEP_TIME, Target.THROUGHPUT), params);
        this.catalog = Objects.requireNonNull(catalog, "catalog");
        params.choice("aggregation", Aggregation.VALUES);
        params.choice("profiled-ps", "auto", "local", "remote");
        params.choice("network-efficiency", "fit", "catalog");
    }

    /** The hardware catalog, for the fit and for copies. */
    protected final Optional<HardwareCatalog> catalog() {
        return catalog;
    }

    /** Whether {@code network-efficiency} asks for the links' efficiencies fitted on the training set. */
    protected final boolean fitsNetworkEfficiency() {
        return params().choice("network-efficiency", "fit", "catalog").equals("fit");
    }

    /**
     * Refuses a training set without a basis where {@code profiled-ps} looks for one.
     *
     * @param method the method's name in the refusal
     */
    protected final void requireAnyBasis(TrainingSet training, String method) {
        new BasisLookup(training, params().text("profiled-ps")).requireAnyBasis(method);
    }
}
