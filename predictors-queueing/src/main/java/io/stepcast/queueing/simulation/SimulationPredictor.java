package io.stepcast.queueing.simulation;

import io.stepcast.api.Architecture;
import io.stepcast.api.BoundedCache;
import io.stepcast.api.Config;
import io.stepcast.api.Deployment;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Prediction;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.profile.CollectiveByteEstimator;
import io.stepcast.models.collective.CatalogByteEstimator;
import io.stepcast.models.collective.HostLinks;
import io.stepcast.queueing.fit.Aggregation;
import io.stepcast.queueing.fit.BasisTable;
import io.stepcast.queueing.fit.BasisTablePredictor;
import io.stepcast.queueing.fit.Calibrated;
import io.stepcast.models.compute.ParameterPasses;
import io.stepcast.queueing.fit.SingleWorkerBasis;
import io.stepcast.queueing.fit.UnknownBytes;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A fitted simulation: predicts step time and throughput of parameter-server configurations ({@link Simulator})
 * and of all-reduce ones ({@link AllReduceSimulator}, the collective's time from the hardware catalog's links,
 * {@link AllReduceLinks}, the NIC and the intra-node link at the model's fitted efficiencies, {@link LinkEfficiencyFit}) by
 * simulating them from the calibrated single-worker basis of their model. Compute scales with the local batch from
 * the profiled batch: affine where the single-worker steps of the model on its machine at several batches show the
 * fixed part per step, else through one batch with the device's parameter passes as the fixed part
 * ({@link io.stepcast.queueing.fit.BatchCompute}). A parameter-server job on a catalogued system copies over each
 * device's share of its host link ({@link HostLinks}). It holds only the bases calibrated when the estimator fitted
 * ({@link CalibratedProfile}). Thread-safe: results are memoised in a bounded cache (a long-running service asked
 * for ever new configurations keeps its memory), each simulation run has its own engine, and the same
 * configuration always gives the same answer (fixed seeds).
 */
final class SimulationPredictor extends BasisTablePredictor<CalibratedProfile> {
    private static final double GBPS = 1e9 / 8;
    /** Configurations whose simulated result is kept (a suite asks for a few thousand at most). */
    private static final int RESULTS_KEPT = 100_000;
    /** How a user gives the intra-node bandwidth the catalog lacks (ends the refusal). */
    private static final String INTRA_HINT = "give column intra_node_gbps or hyper-parameter intra-node-gbps";

    private final HyperParameters hp;
    private final BoundedCache<Config, Object> results = new BoundedCache<>(RESULTS_KEPT);
    private final AllReduceLinks links;
    private final HostLinks hostLinks;
    private final ParameterPasses passes;
    private final CollectiveByteEstimator bytes;

    /**
     * @param catalog the hardware catalog (a service, not fitted state), when one is bound
     */
    SimulationPredictor(BasisTable<CalibratedProfile> bases, HyperParameters hp, Provenance provenance,
                        Optional<HardwareCatalog> catalog) {
        super(bases, provenance);
        this.hp = hp;
        this.links = new AllReduceLinks(catalog);
        this.hostLinks = new HostLinks(catalog);
        this.passes = new ParameterPasses(catalog);
        this.bytes = catalog.<CollectiveByteEstimator>map(CatalogByteEstimator::new)
                .orElse(CollectiveByteEstimator.none());
    }

    /**
     * Calibrates every basis of {@code training} under {@code hp} (the work of {@link SimulationEstimator#fit}); a
     * basis measured on a catalogued system crosses its device's host link ({@link HostLinks}) rather than
     * the {@code host-bus-gbps} bus, and a remote server's transfers in its step crossed the network of its row
     * ({@link AllReduceLinks#networkBytesPerS}: its stated bandwidth, else its catalogued NICs, else
     * {@code bandwidth-gbps}). A basis without parameter bytes is refused, the refusal ended by {@code unknown}.
     */
    static BasisTable<CalibratedProfile> calibrate(TrainingSet training, HyperParameters hp, HostLinks hostLinks,
                                                   AllReduceLinks links, UnknownBytes unknown) {
        double g = hp.real("host-bus-gbps");
        double defaultBus = g > 0 ? g * GBPS : Double.POSITIVE_INFINITY;
        double latency = hp.real("latency-us") * 1e-6;
        return BasisTable.fit(training, hp.text("profiled-ps"), b -> {
            // A single GPU measured in an all-reduce job moved no parameters: its whole step is compute.
            double bus = b.withoutServer() ? Double.POSITIVE_INFINITY
                    : hostLinks.aloneBytesPerS(b.hardware()).orElse(defaultBus);
            double nominal = links.networkBytesPerS(b.hardware(), b.bandwidthGbps(), hp.real("bandwidth-gbps"));
            Calibrated<CalibratedProfile> c = CalibratedProfile.fit(b, nominal, latency, bus, unknown);
            return c instanceof Calibrated.Ready<CalibratedProfile> ready
                    ? new Calibrated.Ready<>(ready.state().withHardware(hardwareOf(training, b))) : c;
        });
    }

    /**
     * The hardware a basis stands for: a measured row's own label, or that of the row a profile was synthesised from
     * (none when it states none); for a recorded profile, the labels (lower case, sorted) of the single-worker rows of
     * its model at its batch.
     */
    private static List<String> hardwareOf(TrainingSet training, SingleWorkerBasis basis) {
        if (basis.statesHardware()) {
            return List.of(basis.hardware());
        }
        if (basis.profile().isEmpty()) {
            return List.of();
        }
        String key = io.stepcast.api.ModelNames.key(basis.model());
        return training.observations().stream()
                .filter(o -> o.config().workers() == 1 && o.config().localBatch() == basis.localBatch()
                        && io.stepcast.api.ModelNames.key(o.config().model()).equals(key))
                .map(o -> o.config().deployment().hardware().toLowerCase(Locale.ROOT))
                .filter(h -> !h.equals("unknown"))
                .distinct().sorted().toList();
    }

    @Override
    public Prediction predict(Config config, Target target) {
        if (target != Target.STEP_TIME && target != Target.THROUGHPUT) {
            return Prediction.notApplicable("the simulation predicts step time and throughput, not " + target.label());
        }
        Object r = results.get(config, this::simulate);
        if (r instanceof String reason) {
            return Prediction.notApplicable(reason);
        }
        ThroughputEstimate e = (ThroughputEstimate) r;
        int w = config.workers();
        int b = config.localBatch();
        // The range is the spread of the simulated workers' rates; when they all ran alike (a synchronous job's
        // workers wait for one another) there is none, and a zero-width interval would read as certainty.
        boolean spread = e.minStepsPerS() < e.maxStepsPerS();
        if (target == Target.THROUGHPUT) {
            return spread ? Prediction.of(e.stepsPerS() * b, e.minStepsPerS() * b, e.maxStepsPerS() * b)
                    : Prediction.of(e.stepsPerS() * b);
        }
        return spread ? Prediction.of(w / e.stepsPerS(), w / e.maxStepsPerS(), w / e.minStepsPerS())
                : Prediction.of(w / e.stepsPerS());
    }

    /**
     * For a job on several nodes (all-reduce or parameter servers) whose network the default bandwidth stood for (no
     * stated bandwidth, no single catalogued network for its hardware), which network that was: no figure of the
     * machine.
     */
    @Override
    public Optional<String> basis(Config config, Target target) {
        return links.defaultNetwork(config.deployment().hardware(), config.deployment().workerPlacement(),
                config.deployment().bandwidthGbps(), hp.real("bandwidth-gbps"));
    }

    private Object simulate(Config config) {
        Calibrated<ReadyBasis<CalibratedProfile>> found = basisOf(config);
        if (found instanceof Calibrated.Refused<ReadyBasis<CalibratedProfile>> refused) {
            return refused.reason();
        }
        ReadyBasis<CalibratedProfile> basis = ((Calibrated.Ready<ReadyBasis<CalibratedProfile>>) found).state();
        CalibratedProfile cal = basis.state();
        String mismatch = cal.hardwareMismatch(config.model(), config.deployment().hardware());
        if (mismatch != null) {
            List<String> machines = machinesOf(config.model());
            return machines.size() > 1 ? mismatch + " (the model's single-worker rows are on " + String.join(", ",
                    machines) + ")" : mismatch;
        }
        if (config.deployment().architecture() == Architecture.ALLREDUCE) {
            return simulateAllReduce(config, basis.basis(), cal);
        }
        SimulationSetup setup = setup(config, basis.basis(), cal.calibration());
        return SimulationRunner.run(cal.profile(), setup, hp.integer("seeds"), hp.longValue("seed"), null);
    }

    private Object simulateAllReduce(Config config, SingleWorkerBasis basis, CalibratedProfile cal) {
        io.stepcast.api.profile.Profile source = cal.profile().source;
        if (source.rank().worldSize() > 1 && !source.collectives().isEmpty()) {
            return replay(config, source);
        }
        Placement placement = config.deployment().workerPlacement();
        AllReduceLinks.Resolved r = query(config, config.deployment().hardware(), placement)
                .nicEfficiency(cal.networkEfficiency()).intraEfficiency(cal.intraEfficiency()).resolve();
        if (r.cost().isEmpty()) {
            return r.reason();
        }
        double scale = cal.allReduceScale() * bases().batchRatio(basis, config.localBatch(), passes);
        AllReduceSetup setup = new AllReduceSetup(config.workers(), r.cost().get(), hp.real("bucket-mb") * 1e6,
                scale, hp.integer("steps"), hp.real("compute-jitter"));
        return SimulationRunner.runAllReduce(cal.profile(), setup, hp.integer("seeds"), hp.longValue("seed"), null);
    }

    /**
     * A data-parallel trace's replay ({@link CollectiveReplay}): measured collectives at the trace's world size on
     * one node and no collective on one worker (neither needs links or a hardware label), the cost model's
     * difference elsewhere, over the configuration's hardware or else the trace's device. Collectives whose bytes the
     * trace did not record get bytes estimated from their durations ({@link CatalogByteEstimator}), which make the
     * step elsewhere a range ({@link CollectiveReplay#stepBounds}) and so no prediction.
     */
    private Object replay(Config config, io.stepcast.api.profile.Profile recorded) {
        io.stepcast.api.profile.Profile source = bytes.withEstimatedBytes(recorded);
        if (config.localBatch() != source.localBatch()) {
            return "the replay of the data-parallel trace of " + source.model() + " keeps its profiled batch "
                    + source.localBatch() + ", not " + config.localBatch();
        }
        String hardware = config.deployment().hardware();
        String label = hardware == null || hardware.equalsIgnoreCase("unknown") ? source.rank().device() : hardware;
        Placement measured = Placement.singleNode(source.rank().worldSize());
        Placement target = config.deployment().workerPlacement();
        CollectiveReplay replay = new CollectiveReplay(source);
        // The trace's own placement and one worker need no links, hence no hardware label.
        var exact = replay.withoutCostModel(measured, target);
        double step;
        if (exact.isPresent()) {
            step = exact.get().lowSeconds();
        } else {
            AllReduceLinks.Resolved m = resolve(config, label, measured);
            AllReduceLinks.Resolved t = resolve(config, label, target);
            if ((m.times().isEmpty() || t.times().isEmpty()) && !links.known(label)) {
                return "the device '" + label + "' of the data-parallel trace of " + source.model() + " is not in"
                        + " the hardware catalog: scaling it from " + measured.ranks() + " to " + target.ranks()
                        + " ranks needs the configuration's hardware";
            }
            if (m.times().isEmpty() || t.times().isEmpty()) {
                return m.times().isEmpty() ? m.reason() : t.reason();
            }
            try {
                step = replay.stepSeconds(measured, target, m.times().get(), t.times().get());
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
        }
        int w = config.workers();
        return new ThroughputEstimate(w, w / step, 0, w / step, w / step, step, 1, 0, new double[0]);
    }

    private AllReduceLinks.Resolved resolve(Config config, String label, Placement placement) {
        return query(config, label, placement).resolve();
    }

    /** The links of {@code label} over {@code placement} as the configuration and the hyper-parameters give them. */
    private AllReduceLinks.Query query(Config config, String label, Placement placement) {
        return links.query(label, placement).configGbps(config.deployment().bandwidthGbps())
                .fallbackGbps(hp.real("bandwidth-gbps")).fallbackLatencyS(hp.real("latency-us") * 1e-6)
                .intraGbps(intraGbps(config)).tree(hp.choice("collective", "ring", "tree").equals("tree"))
                .intraHint(INTRA_HINT);
    }

    /** The configuration's stated intra-node ring bandwidth, else {@code intra-node-gbps} (0: the catalog's). */
    private double intraGbps(Config config) {
        return config.deployment().intraNodeGbps().orElse(hp.real("intra-node-gbps"));
    }

    /**
     * The parameter-server run of {@code config}, planned as every parameter-server run is
     * ({@link ParameterServerPlan}), its transfers between hosts over the network the all-reduce mode reads ({@link AllReduceLinks#networkBytesPerS}).
     */
    private SimulationSetup setup(Config config, SingleWorkerBasis basis, Calibration calibration) {
        Deployment d = config.deployment();
        return ParameterServerPlan.create()
                .mode(d.architecture() == Architecture.SYNC_PS ? Mode.SYNC : Mode.ASYNC)
                .policy(OrderPolicy.parse(hp.text("policy"))).sharding(Sharding.parse(hp.text("sharding")))
                .steps(hp.integer("warmup"), hp.integer("steps")).computeJitter(hp.real("compute-jitter"))
                .transferJitter(hp.real("transfer-jitter"))
                .job(config.workers(), d.parameterServers(), d.nodes(), d.colocatedPs())
                .nominalBytesPerS(links.networkBytesPerS(d.hardware(), d.bandwidthGbps(), hp.real("bandwidth-gbps")))
                .batchRatio(bases().batchRatio(basis, config.localBatch(), passes))
                .deviceLinkBytesPerS(hostLinks.perDeviceBytesPerS(config))
                .hostAggregation(Aggregation.perHost(hp, config))
                .setup(calibration);
    }

    /**
     * The same predictor with each model's all-reduce link efficiencies fitted on the all-reduce rows of one node
     * and across nodes of {@code training} ({@link LinkEfficiencyFit}).
     */
    SimulationPredictor withFittedLinkEfficiencies(TrainingSet training) {
        BasisTable<CalibratedProfile> fitted = LinkEfficiencyFit.fit(bases(), training, (config, entry, candidate) -> {
            io.stepcast.api.profile.Profile source = candidate.profile().source;
            if (source.rank().worldSize() > 1 && !source.collectives().isEmpty()) {
                return OptionalDouble.empty();
            }
            Object r = simulateAllReduce(config, entry.basis(), candidate);
            return r instanceof ThroughputEstimate t && t.stepsPerS() > 0
                    ? OptionalDouble.of(config.workers() / t.stepsPerS()) : OptionalDouble.empty();
        });
        return new SimulationPredictor(fitted, hp, provenance(), this);
    }

    /** The same services as {@code other} over other bases. */
    private SimulationPredictor(BasisTable<CalibratedProfile> bases, HyperParameters hp, Provenance provenance,
                                SimulationPredictor other) {
        super(bases, provenance);
        this.hp = hp;
        this.links = other.links;
        this.hostLinks = other.hostLinks;
        this.passes = other.passes;
        this.bytes = other.bytes;
    }
}
