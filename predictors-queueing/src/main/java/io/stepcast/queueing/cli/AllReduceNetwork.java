package io.stepcast.queueing.cli;

import io.stepcast.api.collective.Placement;
import io.stepcast.queueing.simulation.AllReduceLinks;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The validated options of {@code stepcast simulate --architecture allreduce} that place the workers on nodes and
 * cost their collectives ({@link AllReduceLinks}), shared by {@link AllReduceSweep} and {@link DataParallelReplay}.
 *
 * @param links          the catalog's links
 * @param hardware       {@code --hardware}, when given
 * @param gpusPerNode    {@code --gpus-per-node}, when given
 * @param nodes          {@code --nodes}, when given
 * @param configuredGbps {@code --bandwidth-gbps} when given explicitly: it then overrides the catalog's NICs
 * @param bandwidthGbps  {@code --bandwidth-gbps} or its default, for links the catalog does not give
 * @param latencyUs      {@code --latency-us}
 * @param intraNodeGbps  {@code --intra-node-gbps}, 0 when not given (the catalog's only)
 */
record AllReduceNetwork(AllReduceLinks links, Optional<String> hardware, OptionalInt gpusPerNode, OptionalInt nodes,
                        OptionalDouble configuredGbps, double bandwidthGbps, double latencyUs, double intraNodeGbps) {
    /** {@code workers} on {@code --nodes} nodes, else on as few nodes of {@code perNode} GPUs as hold them. */
    Placement placement(int workers, int perNode) {
        return nodes.isPresent() ? Placement.spread(workers, nodes.getAsInt()) : Placement.even(workers, perNode);
    }

    /**
     * The links of {@code label} over {@code placement}; {@code intraHint} tells how to give the intra-node bandwidth
     * when nothing does.
     */
    AllReduceLinks.Resolved resolve(String label, Placement placement, String intraHint) {
        return links.query(label, placement).configGbps(configuredGbps).fallbackGbps(bandwidthGbps)
                .fallbackLatencyS(latencyUs * 1e-6).intraGbps(intraNodeGbps).intraHint(intraHint).resolve();
    }
}
