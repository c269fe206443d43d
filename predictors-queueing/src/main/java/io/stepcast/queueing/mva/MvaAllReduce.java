package io.stepcast.queueing.mva;

import io.stepcast.api.Config;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.queueing.simulation.AllReduceLinks;

import java.util.Optional;

/**
 * The gradient all-reduce of an {@code mva} all-reduce worker: over the job's placement with the hardware catalog's
 * links ({@link AllReduceLinks}, as the simulation's all-reduce mode costs it), each link at the share of its
 * catalogued bandwidth the calibration found ({@link MvaCalibration}). Thread-safe.
 */
final class MvaAllReduce {
    private static final String INTRA_HINT = "give column intra_node_gbps";

    private final AllReduceLinks links;
    private final HyperParameters hp;

    MvaAllReduce(Optional<HardwareCatalog> catalog, HyperParameters hp) {
        this.links = new AllReduceLinks(catalog);
        this.hp = hp;
    }

    /** Which network the default bandwidth stood for in {@code config}'s cost, when it did ({@link AllReduceLinks#defaultNetwork}). */
    Optional<String> defaultNetwork(Config config) {
        return links.defaultNetwork(config.deployment().hardware(), config.deployment().workerPlacement(),
                config.deployment().bandwidthGbps(), hp.real("bandwidth-gbps"));
    }

    /** The all-reduce cost of {@code config}'s placement at the given link shares, or why there is none. */
    AllReduceLinks.Resolved resolve(Config config, double intraEfficiency, double interEfficiency) {
        return links.query(config.deployment().hardware(), config.deployment().workerPlacement())
                .configGbps(config.deployment().bandwidthGbps()).fallbackGbps(hp.real("bandwidth-gbps"))
                .intraGbps(config.deployment().intraNodeGbps().orElse(0)).intraHint(INTRA_HINT)
                .intraEfficiency(intraEfficiency).nicEfficiency(interEfficiency).resolve();
    }
}
