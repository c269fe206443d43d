package io.stepcast.queueing.simulation;

import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.TrainingSet;
import io.stepcast.models.collective.HostLinks;
import io.stepcast.queueing.fit.Aggregation;
import io.stepcast.queueing.fit.BasisEstimator;
import io.stepcast.queueing.fit.BasisLookup;
import io.stepcast.queueing.fit.UnknownBytes;

import com.google.inject.Inject;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;

import java.util.Optional;

/**
 * The trace-driven simulation of parameter-server training (Li, Yan, Paolieri, Golubchik, "Throughput
 * Prediction of Asynchronous SGD in TensorFlow", ICPE 2020; docs/methods.md section 1) as an estimator. It fits
 * on the training set's single-worker profiles ({@link TrainingSet#profiles()}) and, for models without one,
 * on single-worker observations with a coarse profile ({@link io.stepcast.queueing.fit.CoarseProfiles}).
 *
 * <p>Hyper-parameters: {@code policy} (random|fifo|tic|tac), {@code steps} and {@code warmup} (per worker),
 * {@code seeds} and {@code seed}, {@code bandwidth-gbps} (when neither a configuration nor the catalog gives the
 * network),
 * {@code latency-us} (when it cannot be fitted from profiled receives), {@code host-bus-gbps} (bandwidth of a
 * host's bus between devices and memory per direction; default 64, about 8 GB/s, an effective PCIe 3.0 x16
 * copy rate; 0: not modelled), {@code sharding} (bytes|round-robin), {@code aggregation} (auto|worker|host,
 * see {@link Aggregation}), {@code profiled-ps} (auto|local|remote, see {@link BasisLookup}),
 * {@code transfer-jitter} (coefficient of variation of each network message's transfer, default 0.1: our
 * choice, small, and what keeps asynchronous workers from falling into a convoy, see {@link Simulator}) and
 * {@code compute-jitter} (of each op's duration, default 0).
 *
 * <p>All-reduce configurations ({@link AllReduceSimulator}): {@code bucket-mb} (gradient bucket cap, default 25,
 * PyTorch DDP's {@code bucket_cap_mb}; 0: one gradient per bucket), {@code collective} (ring|tree, default
 * ring) and {@code intra-node-gbps} (the ring bandwidth per GPU inside a node, in place of the catalog's; default
 * 0: from the catalog only; a configuration's {@code intra_node_gbps} column takes precedence). The links come
 * from the injected {@link HardwareCatalog} ({@link AllReduceLinks}); across nodes, a configuration's own
 * bandwidth or else {@code bandwidth-gbps} stands in for an unknown NIC.
 * {@code network-efficiency} ({@code fit} default: the share of the NIC's bandwidth each model's all-reduce
 * achieves, and of the intra-node link's, fitted on the training set's all-reduce rows of one node and across several nodes, {@link LinkEfficiencyFit}, 1
 * without any; {@code catalog}: the line rate as stated).
 *
 * <p>Every basis is calibrated here, in {@code fit}; the predictor holds only the calibrated bases.
 */
public final class SimulationEstimator extends BasisEstimator {
    /** Registered name. */
    public static final String NAME = "simulation";

    static final HyperParameters DEFAULTS = HyperParameters.of(
            "policy", "random",
            "steps", "30",
            "warmup", "5",
            "seeds", "3",
            "seed", "1",
            "bandwidth-gbps", "10",
            "latency-us", "0",
            "host-bus-gbps", "64",
            "sharding", "bytes",
            "aggregation", "auto",
            "profiled-ps", "auto",
            "transfer-jitter", "0.1",
            "compute-jitter", "0",
            "bucket-mb", "25",
            "intra-node-gbps", "0",
            "collective", "ring",
            "network-efficiency", "fit");

    /** With the default hyper-parameters and the catalog, without the model zoo. */
    public SimulationEstimator(Optional<HardwareCatalog> catalog) {
        this(DEFAULTS, catalog, Optional.empty());
    }

    /** With the default hyper-parameters and the catalog and zoo bound by the datasets module, when there are. */
    @Inject
    public SimulationEstimator(Optional<HardwareCatalog> catalog, Optional<ModelCatalog> zoo) {
        this(DEFAULTS, catalog, zoo);
    }

    private SimulationEstimator(HyperParameters hp, Optional<HardwareCatalog> catalog, Optional<ModelCatalog> zoo) {
        super(NAME, "Trace-driven discrete-event simulation of parameter-server SGD from a single-worker "
                + "profile (Li, Yan, Paolieri, Golubchik, ICPE 2020), and of bucketed all-reduce (Li et al., PVLDB 2020)",
                hp, catalog, zoo);
        hp.choice("collective", "ring", "tree");
        if (!(hp.real("bucket-mb") >= 0) || !(hp.real("intra-node-gbps") >= 0)) {
            throw new IllegalArgumentException("hyper-parameters bucket-mb and intra-node-gbps must not be negative");
        }
        OrderPolicy.parse(hp.text("policy"));
        Sharding.parse(hp.text("sharding"));
        hp.integerAtLeast("steps", 1);
        hp.integerAtLeast("warmup", 0);
        hp.integerAtLeast("seeds", 1);
        if (!(hp.real("transfer-jitter") >= 0 && hp.real("transfer-jitter") <= 2)
                || !(hp.real("compute-jitter") >= 0 && hp.real("compute-jitter") <= 2)) {
            throw new IllegalArgumentException("hyper-parameters transfer-jitter and compute-jitter (coefficients of "
                    + "variation) must be in [0, 2]");
        }
        if (hp.real("bandwidth-gbps") <= 0 || hp.real("latency-us") < 0 || hp.real("host-bus-gbps") < 0) {
            throw new IllegalArgumentException("hyper-parameter bandwidth-gbps must be positive, latency-us and "
                    + "host-bus-gbps not negative");
        }
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new SimulationEstimator(params, catalog(), zoo());
    }

    @Override
    public Predictor fit(TrainingSet given) {
        TrainingSet training = withOneNodeBases(given, params().real("bandwidth-gbps"));
        requireAnyBasis(training, "the simulation");
        SimulationPredictor p = new SimulationPredictor(SimulationPredictor.calibrate(training, params(), new HostLinks(catalog()),
                new AllReduceLinks(catalog()), new UnknownBytes(zoo())), params(),
                Provenance.of(this, given, params().longValue("seed")), catalog());
        return fitsNetworkEfficiency() ? p.withFittedLinkEfficiencies(training) : p;
    }
}
