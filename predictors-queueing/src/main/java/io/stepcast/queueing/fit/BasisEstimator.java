package io.stepcast.queueing.fit;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;

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
    private final Optional<ModelCatalog> zoo;

    /**
     * @param params  the declared hyper-parameters, the shared basis ones among them
     * @param catalog the hardware catalog, empty when no module binds one
     * @param zoo     the model zoo, for the gradient bytes of bases read from one node's rows ({@link OneNodeBases})
     */
    protected BasisEstimator(String name, String description, HyperParameters params,
                             Optional<HardwareCatalog> catalog, Optional<ModelCatalog> zoo) {
        super(name, description, Set.of(Target.STEP_TIME, Target.THROUGHPUT), params);
        this.catalog = Objects.requireNonNull(catalog, "catalog");
        this.zoo = Objects.requireNonNull(zoo, "zoo");
        params.choice("aggregation", Aggregation.VALUES);
        params.choice("profiled-ps", "auto", "local", "remote");
        params.choice("network-efficiency", "fit", "catalog");
    }

    /** The hardware catalog, for the fit and for copies. */
    protected final Optional<HardwareCatalog> catalog() {
        return catalog;
    }

    /** The model zoo, for copies. */
    protected final Optional<ModelCatalog> zoo() {
        return zoo;
    }

    /**
     * The training set a fit starts from: {@code training} with single-worker bases read from one node's all-reduce
     * rows where a model has none ({@link OneNodeBases}).
     *
     * @param fallbackGbps the NIC bandwidth when nothing states one
     */
    protected final TrainingSet withOneNodeBases(TrainingSet training, double fallbackGbps) {
        return OneNodeBases.augment(training, catalog, zoo, fallbackGbps);
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
