package io.stepcast.analytic.estimators;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Target;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Base of the estimators whose physics come from the catalogs that the datasets module binds when it is on the
 * class path (the model zoo, the hardware catalog, either possibly absent): it holds them and keeps them in every
 * copy with other hyper-parameters; {@link Catalogs#requireHardware} and {@link Catalogs#requireZoo} turn a
 * catalog the fit needs but does not have into the {@link CannotFitException} that names it, so that the
 * evaluation reports the estimator as not fittable instead of failing. A subclass validates its hyper-parameters in its constructor and implements
 * {@link #with(Catalogs, HyperParameters)}.
 */
public abstract class CatalogEstimator extends AbstractEstimator {
    private final Catalogs catalogs;

    /**
     * @param catalogs the injected catalogs
     * @see AbstractEstimator#AbstractEstimator(String, String, Set, HyperParameters)
     */
    protected CatalogEstimator(String name, String description, Set<Target> targets, HyperParameters params,
                               Catalogs catalogs) {
        super(name, description, targets, params);
        this.catalogs = Objects.requireNonNull(catalogs, "catalogs");
    }

    /**
     * The catalogs an estimator is built with.
     *
     * @param zoo      the model zoo, when bound
     * @param hardware the hardware catalog, when bound
     */
    public record Catalogs(Optional<ModelCatalog> zoo, Optional<HardwareCatalog> hardware) {
        public Catalogs {
            Objects.requireNonNull(zoo, "zoo");
            Objects.requireNonNull(hardware, "hardware");
        }

        /** The hardware catalog alone. */
        public static Catalogs hardware(Optional<HardwareCatalog> hardware) {
            return new Catalogs(Optional.empty(), hardware);
        }

        /** The hardware catalog, or the {@link CannotFitException} of {@code estimator} saying it is missing. */
        public HardwareCatalog requireHardware(String estimator) {
            return hardware.orElseThrow(() -> missing(estimator, "hardware catalog"));
        }

        /** The model zoo, or the {@link CannotFitException} of {@code estimator} saying it is missing. */
        public ModelCatalog requireZoo(String estimator) {
            return zoo.orElseThrow(() -> missing(estimator, "model zoo"));
        }

        private static CannotFitException missing(String estimator, String what) {
            return new CannotFitException(estimator + " needs the " + what
                    + " (the datasets module is not on the class path)");
        }
    }

    /** The injected catalogs. */
    protected final Catalogs catalogs() {
        return catalogs;
    }

    /** The same kind of estimator over {@code catalogs} with {@code params}. */
    protected abstract Estimator with(Catalogs catalogs, HyperParameters params);

    @Override
    protected final Estimator copyWith(HyperParameters params) {
        return with(catalogs, params);
    }
}
