package io.stepcast.queueing.mva;

import com.google.inject.Inject;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.models.collective.HostLinks;
import io.stepcast.queueing.fit.BasisEstimator;
import io.stepcast.queueing.fit.BasisTable;
import io.stepcast.queueing.fit.UnknownBytes;
import io.stepcast.queueing.simulation.AllReduceLinks;

import java.util.Optional;

/**
 * The queueing-network model of parameter-server SGD solved by exact MVA (Lin, Paolieri, Chou, Golubchik,
 * MASCOTS 2018; docs/methods.md section 2), calibrated from a single-worker profile or observation (compute
 * time Z = the single-worker step minus its transfers, update and bus copies) and, when the training set has
 * a two-worker observation of the model at the basis batch, an effective-bandwidth factor fitted so that the
 * model reproduces it.
 *
 * <p>Hyper-parameters: {@code bandwidth-gbps} (when neither a configuration nor the catalog gives the network),
 * {@code ps-update-gbps}
 * (rate at which the servers apply gradients, bytes of parameters per second; default 40 Gbit/s, a memory-bound
 * CPU update), {@code host-bus-gbps} (default 64 as for the simulation; 0: not modelled; bus copies are a
 * per-client delay, added to Z; on a system the hardware catalog knows, each device copies over its share of its
 * host link instead, {@link HostLinks}), {@code aggregation} and {@code profiled-ps} (as for the simulation),
 * {@code two-worker-fit} (true|false), {@code network-efficiency} ({@code fit} default: an all-reduce job's
 * intra-node and NIC bandwidth shares fitted on the rows that show them, {@link MvaCalibration}; {@code catalog}:
 * the catalog's links as stated).
 *
 * <p>Every basis is calibrated here, in {@code fit}; the predictor holds only the calibrated bases.
 */
public final class MvaEstimator extends BasisEstimator {
    /** Registered name. */
    public static final String NAME = "mva";

    static final HyperParameters DEFAULTS = HyperParameters.of(
            "bandwidth-gbps", "10",
            "ps-update-gbps", "40",
            "host-bus-gbps", "64",
            "aggregation", "auto",
            "profiled-ps", "auto",
            "two-worker-fit", "true",
            "network-efficiency", "fit");

    /** With the default hyper-parameters and the catalog, without the model zoo. */
    public MvaEstimator(Optional<HardwareCatalog> catalog) {
        this(DEFAULTS, catalog, Optional.empty());
    }

    /** With the default hyper-parameters and the catalog and zoo bound by the datasets module, when there are. */
    @Inject
    public MvaEstimator(Optional<HardwareCatalog> catalog, Optional<ModelCatalog> zoo) {
        this(DEFAULTS, catalog, zoo);
    }

    private MvaEstimator(HyperParameters hp, Optional<HardwareCatalog> catalog, Optional<ModelCatalog> zoo) {
        super(NAME, "Closed queueing network of parameter-server SGD solved by exact MVA (Lin, Paolieri, Chou, "
                + "Golubchik, MASCOTS 2018)", hp, catalog, zoo);
        hp.flag("two-worker-fit");
        if (hp.real("bandwidth-gbps") <= 0 || hp.real("ps-update-gbps") <= 0 || hp.real("host-bus-gbps") < 0) {
            throw new IllegalArgumentException("hyper-parameters bandwidth-gbps and ps-update-gbps must be positive, "
                    + "host-bus-gbps not negative");
        }
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new MvaEstimator(params, catalog(), zoo());
    }

    @Override
    public Predictor fit(TrainingSet given) {
        TrainingSet training = withOneNodeBases(given, params().real("bandwidth-gbps"));
        requireAnyBasis(training, "MVA");
        HostLinks hostLinks = new HostLinks(catalog());
        MvaNetworks networks = new MvaNetworks(params(), hostLinks, new AllReduceLinks(catalog()));
        boolean twoWorkerFit = params().flag("two-worker-fit");
        Optional<MvaAllReduce> allReduce = fitsNetworkEfficiency()
                ? Optional.of(new MvaAllReduce(catalog(), params())) : Optional.empty();
        BasisTable<MvaCalibration> bases = BasisTable.fit(training, params().text("profiled-ps"),
                b -> MvaCalibration.fit(b, training, networks, twoWorkerFit, allReduce, new UnknownBytes(zoo())));
        return new MvaPredictor(bases, params(), Provenance.of(this, given, 0), catalog());
    }
}
