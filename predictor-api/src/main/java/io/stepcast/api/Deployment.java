package io.stepcast.api;

import io.stepcast.api.collective.Placement;

import java.util.Objects;
import java.util.Optional;
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
 * @param parallel         the tensor/pipeline/data layout of a model-parallel (Megatron-style) job; absent for a
 *                         plain data-parallel job. When present the architecture is all-reduce, {@code workers}
 *                         is its data-parallel degree and {@code devicesPerWorker} its tensor x pipeline GPUs, so
 *                         that tensor x pipeline x data = the job's GPUs; a parameter-server job may carry one of a
 *                         single GPU per replica, unsharded ({@link ParallelLayout#fitsParameterServers}): how a row
 *                         states its precision
 * @param intraNodeGbps    bandwidth per GPU and direction of a ring over the GPUs of one node, Gbit/s, when known:
 *                         what nccl-tests reports as the bus bandwidth of a large all-reduce inside one node. It
 *                         overrides the bandwidth the hardware catalog gives the node's intra-node link (ring
 *                         channels x link bandwidth); the link's latency stays the catalog's
 * @param placement        the GPUs used on each node when stated ({@code 4+4+2}; Pollux's {@code 1234}); absent
 *                         means spread as evenly as the nodes allow. Its nodes equal {@code nodes} and its GPUs
 *                         {@code workers x devicesPerWorker}. An uneven placement is bottlenecked by its busiest
 *                         node's bus and NIC
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
        String hardware,
        Optional<ParallelLayout> parallel,
        OptionalDouble intraNodeGbps,
        Optional<Placement> placement) {

    public Deployment {
        Validate.present(architecture, "architecture");
        Validate.positive(workers, "workers");
        Validate.nonNegative(parameterServers, "parameter_servers");
        Validate.positive(nodes, "nodes");
        Validate.positive(devicesPerWorker, "devices_per_worker");
        Validate.positive(tenants, "tenants");
        bandwidthGbps = Validate.positive(bandwidthGbps, "bandwidth_gbps");
        intraNodeGbps = Validate.positive(intraNodeGbps, "intra_node_gbps");
        hardware = hardware == null || hardware.isBlank() ? "unknown" : hardware;
        if (architecture.usesParameterServers() && parameterServers < 1) {
            throw new InvalidField("parameter_servers", "must be at least 1 for " + architecture);
        }
        if (!architecture.usesParameterServers() && parameterServers != 0) {
            throw new InvalidField("parameter_servers", "must be 0 for ALLREDUCE, was " + parameterServers);
        }
        Objects.requireNonNull(bandwidthGbps);
        parallel = Objects.requireNonNullElse(parallel, Optional.empty());
        if (parallel.isPresent()) {
            checkLayout(parallel.get(), architecture, workers, devicesPerWorker);
        }
        placement = Objects.requireNonNullElse(placement, Optional.empty());
        if (placement.isPresent()) {
            Placement p = placement.get();
            if (p.nodes() != nodes || p.ranks() != (long) workers * devicesPerWorker) {
                long gpus = (long) workers * devicesPerWorker;
                throw new InvalidField("placement", names -> ": " + p.label() + " has " + p.nodes() + " nodes and "
                        + p.ranks() + " GPUs, but the job has " + names.mention("nodes") + " " + nodes + " and "
                        + gpus + " GPUs (" + names.mention("workers") + " x devices_per_worker)");
            }
        }
    }

    /** A deployment without a stated placement (GPUs spread as evenly as the nodes allow). */
    public Deployment(Architecture architecture, int workers, int parameterServers, int nodes, int devicesPerWorker,
                      int tenants, boolean colocatedPs, OptionalDouble bandwidthGbps, String hardware,
                      Optional<ParallelLayout> parallel, OptionalDouble intraNodeGbps) {
        this(architecture, workers, parameterServers, nodes, devicesPerWorker, tenants, colocatedPs, bandwidthGbps,
                hardware, parallel, intraNodeGbps, Optional.empty());
    }

    /** A deployment without a model-parallel layout (every data-parallel job) nor a stated intra-node bandwidth. */
    public Deployment(Architecture architecture, int workers, int parameterServers, int nodes, int devicesPerWorker,
                      int tenants, boolean colocatedPs, OptionalDouble bandwidthGbps, String hardware) {
        this(architecture, workers, parameterServers, nodes, devicesPerWorker, tenants, colocatedPs, bandwidthGbps,
                hardware, Optional.empty());
    }

    /** A deployment without a stated intra-node bandwidth. */
    public Deployment(Architecture architecture, int workers, int parameterServers, int nodes, int devicesPerWorker,
                      int tenants, boolean colocatedPs, OptionalDouble bandwidthGbps, String hardware,
                      Optional<ParallelLayout> parallel) {
        this(architecture, workers, parameterServers, nodes, devicesPerWorker, tenants, colocatedPs, bandwidthGbps,
                hardware, parallel, OptionalDouble.empty());
    }

    private static void checkLayout(ParallelLayout p, Architecture architecture, int workers, int devicesPerWorker) {
        if (architecture != Architecture.ALLREDUCE && !ParallelLayout.fitsParameterServers(p)) {
            throw new IllegalArgumentException("a tensor/pipeline/context layout or a sharded optimizer needs the "
                    + "ALLREDUCE architecture, was " + architecture);
        }
        long gpus = (long) workers * devicesPerWorker;
        if (p.gpus() != gpus) {
            String context = p.context() > 1 ? " x context" : "";
            throw new IllegalArgumentException("tensor x pipeline x data" + context + " = " + p.tensor() + " x "
                    + p.pipeline() + " x " + p.data() + (p.context() > 1 ? " x " + p.context() : "") + " = " + p.gpus()
                    + " must equal the GPUs (workers x devices_per_worker = " + workers + " x " + devicesPerWorker
                    + " = " + gpus + ")");
        }
        if (p.data() != workers) {
            throw new IllegalArgumentException("data_parallel " + p.data() + " must equal workers " + workers
                    + " (a worker is one data-parallel replica of tensor x "
                    + (p.context() > 1 ? "context x " : "") + "pipeline GPUs)");
        }
    }

    /**
     * The data-parallel workers over the nodes, the ranks of a gradient all-reduce: the stated {@link #placement}
     * when each worker is one GPU (an uneven one then has a busiest node), else the workers spread as evenly as
     * the nodes allow ({@code 7} over {@code 3}: {@code [3, 2, 2]}).
     */
    public Placement workerPlacement() {
        return placement.isPresent() && devicesPerWorker == 1 ? placement.get() : Placement.spread(workers, nodes);
    }

    /** GPUs (or cores) of the whole job: workers x devices per worker. */
    public long gpus() {
        return (long) workers * devicesPerWorker;
    }

    /** The same deployment with another number of workers (a stated placement no longer holds and is dropped). */
    public Deployment withWorkers(int newWorkers) {
        return new Deployment(architecture, newWorkers, parameterServers, nodes, devicesPerWorker, tenants,
                colocatedPs, bandwidthGbps, hardware, Optional.empty(), intraNodeGbps);
    }
}
