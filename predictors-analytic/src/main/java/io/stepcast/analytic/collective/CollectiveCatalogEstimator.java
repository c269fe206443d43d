package io.stepcast.analytic.collective;

import com.google.inject.Inject;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.models.collective.CatalogLinks;
import io.stepcast.models.collective.CollectiveCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.analytic.estimators.CatalogEstimator;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code collective-catalog}: the time of a collective call from the hardware catalog's link and NIC
 * figures alone, nothing fitted (the training set is not read). The hardware label must name a catalogued
 * system, whose intra-node link and NICs give the links ({@link CatalogLinks}); one node runs the ring or tree over
 * the intra-node link, several nodes the two-level schedule with the same algorithm inside and across nodes, as
 * {@link CollectiveCost} sets them up. NCCL's protocol regimes ({@link NcclProtocol}) set the
 * latencies and bandwidth shares; {@code protocol=auto} takes the fastest of the three for each call, as
 * NCCL's tuner picks the protocol with the lowest modelled time. A call's own figures, where its
 * configuration states them, replace the catalog's bandwidths: {@code intra_node_gbps} the ring bandwidth inside
 * a node, {@code bandwidth_gbps} the NIC's (the latencies stay the catalogued links').
 *
 * <p>Hyper-parameters: {@code algorithm} ({@code ring} default, {@code tree}), {@code protocol}
 * ({@code auto} default, {@code ll}, {@code ll128}, {@code simple}), {@code schedule} ({@code sequential} default:
 * the phases over several nodes one after the other; {@code pipelined}: streamed, as recent NCCL does,
 * {@link CollectiveCost.Schedule}). The catalog is injected; without one
 * (no datasets module on the class path) fitting fails with that reason.
 */
public final class CollectiveCatalogEstimator extends CatalogEstimator {
    /** Registered name. */
    public static final String NAME = "collective-catalog";
    private static final String[] PROTOCOLS = {"auto", "ll", "ll128", "simple"};
    static final String[] SCHEDULES = {"sequential", "pipelined"};

    /** With the catalog bound by the datasets module, when there is one. */
    @Inject
    public CollectiveCatalogEstimator(Optional<HardwareCatalog> catalog) {
        this(Catalogs.hardware(catalog), HyperParameters.of("algorithm", "ring", "protocol", "auto",
                "schedule", "sequential"));
    }

    private CollectiveCatalogEstimator(Catalogs catalogs, HyperParameters params) {
        super(NAME, "Collective time from the hardware catalog's link figures alone (alpha-beta ring/tree, "
                + "two-level across nodes, NCCL protocol regimes); nothing fitted", EnumSet.of(Target.STEP_TIME), params,
                catalogs);
        params.choice("algorithm", AlgorithmChoice.VALUES);
        params.choice("protocol", PROTOCOLS);
        params.choice("schedule", SCHEDULES);
    }

    @Override
    protected Estimator with(Catalogs catalogs, HyperParameters params) {
        return new CollectiveCatalogEstimator(catalogs, params);
    }

    @Override
    public Predictor fit(TrainingSet training) {
        HardwareCatalog c = catalogs().requireHardware(NAME);
        String p = params().choice("protocol", PROTOCOLS);
        List<NcclProtocol> protocols = p.equals("auto") ? List.of(NcclProtocol.values())
                : List.of(NcclProtocol.valueOf(p.toUpperCase(Locale.ROOT)));
        return new CatalogPredictor(c, AlgorithmChoice.parse(params().choice("algorithm", AlgorithmChoice.VALUES)),
                protocols, schedule(params().choice("schedule", SCHEDULES)), Provenance.of(this, training, 0));
    }

    /** The schedule a hyper-parameter value names. */
    static CollectiveCost.Schedule schedule(String value) {
        return CollectiveCost.Schedule.valueOf(value.toUpperCase(Locale.ROOT));
    }

    /** Predicts from the catalog; holds no fitted state. */
    static final class CatalogPredictor extends CollectivePredictor {
        private final HardwareCatalog catalog;
        private final CatalogLinks links;
        private final AlgorithmChoice algorithm;
        private final List<NcclProtocol> protocols;
        private final CollectiveCost.Schedule schedule;

        CatalogPredictor(HardwareCatalog catalog, AlgorithmChoice algorithm, List<NcclProtocol> protocols,
                         CollectiveCost.Schedule schedule, Provenance provenance) {
            super(NAME, provenance);
            this.catalog = catalog;
            this.links = new CatalogLinks(catalog);
            this.algorithm = algorithm;
            this.protocols = List.copyOf(protocols);
            this.schedule = schedule;
        }

        /** How the phases over several nodes follow each other. */
        CollectiveCost.Schedule schedule() {
            return schedule;
        }

        AlgorithmChoice algorithm() {
            return algorithm;
        }

        /** The NCCL protocols whose fastest answer is taken. */
        List<NcclProtocol> protocols() {
            return protocols;
        }

        @Override
        protected Prediction seconds(Config config, CollectiveConfig call) {
            String label = config.deployment().hardware();
            Optional<SystemSpec> system = catalog.system(label);
            if (system.isEmpty()) {
                return new Prediction.NotApplicable(catalog.find(label).isPresent()
                        ? "hardware '" + label + "' is not a system of the catalog: the topology is unknown"
                        : "unknown hardware '" + label + "' (closest: " + String.join(", ", catalog.closest(label, 3)) + ")");
            }
            SystemSpec s = system.get();
            CollectiveCost.Resolution r = CollectiveCost.over(call.placement()).system(links, s)
                    .statedIntraNodeGbps(config.deployment().intraNodeGbps())
                    .statedInterNodeGbps(config.deployment().bandwidthGbps()).requireIntraNode().protocols(protocols)
                    .algorithm(algorithm == AlgorithmChoice.RING ? CollectiveCost.Algorithm.RING
                            : CollectiveCost.Algorithm.TREE)
                    .schedule(schedule)
                    .resolve();
            if (r.missing().orElse(null) == CollectiveCost.Missing.GPUS_PER_NODE) {
                return new Prediction.NotApplicable(CollectiveCost.Missing.tooManyPerNode(s,
                        call.placement().maxPerNode()));
            }
            if (r.cost().isEmpty()) {
                return new Prediction.NotApplicable(r.missing().orElseThrow() == CollectiveCost.Missing.INTER_NODE
                        ? "the catalog has no NIC figures for " + s.name()
                        : "the catalog has no intra-node link figures for " + s.name());
            }
            return Prediction.of(r.cost().get().seconds(call.collective(), call.bytes()));
        }
    }
}
