package io.stepcast.api;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Where and how a job runs.
 *
 * @param architecture     parameter servers (async or sync) or all-reduce
 * @param workers          data-parallel workers (replicas); for BigDL, executor cores (1-core executors)
 * @param parameterServers parameter-server shards; 0 for all-reduce
 * @param nodes            physical machines the workers are spread over
 * @param devicesPerWorker GPUs (or CPU cores) each worker uses
 * @param tenants          identical or foreign jobs sharing the same resources, this job included (1 = alone)
 * @param colocatedPs      true when each parameter server runs on a worker's machine (the TensorFlow
 *                         benchmark clusters) rather than on hosts of its own
 * @param bandwidthGbps    network bandwidth per host and direction, Gbit/s, when known
 * @param hardware         accelerator or machine label ({@code T4}, {@code K80}, {@code v100}, {@code n1-standard})
 */
public record Deployment(
        Architecture architecture,
        int workers,
        int parameterServers,
        int nodes,
        int devicesPerWorker,
        int tenants,
        boolean colocatedPs,
        OptionalDouble bandwidthGbps,
        String hardware) {

    public Deployment {
        Validate.present(architecture, "architecture");
        Validate.positive(workers, "workers");
        Validate.nonNegative(parameterServers, "parameter_servers");
        Validate.positive(nodes, "nodes");
        Validate.positive(devicesPerWorker, "devices_per_worker");
        Validate.positive(tenants, "tenants");
        bandwidthGbps = Validate.positive(bandwidthGbps, "bandwidth_gbps");
        hardware = hardware == null || hardware.isBlank() ? "unknown" : hardware;
        if (architecture.usesParameterServers() && parameterServers < 1) {
            throw new IllegalArgumentException("parameter_servers must be at least 1 for " + architecture);
        }
        if (!architecture.usesParameterServers() && parameterServers != 0) {
            throw new IllegalArgumentException("parameter_servers must be 0 for ALLREDUCE, was " + parameterServers);
        }
        Objects.requireNonNull(bandwidthGbps);
    }

    /** The same deployment with another number of workers. */
    public Deployment withWorkers(int newWorkers) {
        return new Deployment(architecture, newWorkers, parameterServers, nodes, devicesPerWorker, tenants,
                colocatedPs, bandwidthGbps, hardware);
    }
}
