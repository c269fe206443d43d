package io.stepcast.queueing.simulation;

import io.stepcast.api.Validate;

import java.util.Objects;

/**
 * Everything one simulation run needs besides the profile.
 *
 * <p>Placement: the {@code workers} are spread evenly over {@code nodes} hosts (worker {@code w} on host
 * {@code floor(w * nodes / workers)}; at most {@code workers} hosts are used). Parameter-server shard
 * {@code s} runs on host {@code s mod nodes} when colocated, else on a host of its own. Transfers between
 * processes of the same host do not cross the NIC; they cross the host's bus when {@code busBytesPerS} is
 * finite and are otherwise free.
 *
 * <p>With {@code hostAggregation}, the workers of one host act as one network client, as TensorFlow's
 * {@code distributed_replicated} mode does: the host sums its devices' gradients and sends one copy of each,
 * and fetches each updated parameter once and copies it to each device. Each host is then simulated as one
 * worker whose devices compute in lockstep; its bus carries one copy per device in each direction.
 *
 * @param workers          data-parallel workers (devices)
 * @param parameterServers parameter-server shards, at least 1
 * @param nodes            hosts carrying the workers
 * @param colocatedPs      shards on the workers' hosts rather than on hosts of their own
 * @param nicBytesPerS     NIC capacity per host and direction, bytes/s
 * @param latencyS         per-message latency of a transfer that crosses the network, seconds
 * @param busBytesPerS     host bus capacity per direction, bytes/s; positive infinity: not modelled
 * @param mode             async or sync
 * @param policy           parameter transfer order
 * @param sharding         placement of tensors on shards
 * @param hostAggregation  one network client per host (see above)
 * @param computeScale     multiplier of every op duration (batch scaling and calibration)
 * @param warmupSteps      steps per worker before measuring
 * @param steps            measured steps per worker
 * @param computeJitter    coefficient of variation of every op's duration: each execution of an op is scaled by
 *                         an independent log-normal factor of mean 1 and this coefficient of variation, drawn
 *                         from the run's seed; 0 replays the profiled durations exactly
 * @param transferJitter   coefficient of variation of every network message's transfer: its bytes are scaled by
 *                         an independent log-normal factor of mean 1 (an effective size: per-message variation of
 *                         the achieved rate, as TCP dynamics, retransmissions and RPC handling produce); 0: none
 */
public record SimulationSetup(int workers, int parameterServers, int nodes, boolean colocatedPs, double nicBytesPerS,
                              double latencyS, double busBytesPerS, Mode mode, OrderPolicy policy, Sharding sharding,
                              boolean hostAggregation, double computeScale, int warmupSteps, int steps,
                              double computeJitter, double transferJitter) {
    public SimulationSetup {
        Validate.positive(workers, "workers");
        Validate.positive(parameterServers, "parameter_servers");
        Validate.positive(nodes, "nodes");
        Validate.positive(nicBytesPerS, "bandwidth");
        Validate.nonNegative(latencyS, "latency");
        if (!(busBytesPerS > 0)) {
            throw new IllegalArgumentException("host bus bandwidth must be positive or infinite, was " + busBytesPerS);
        }
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(sharding, "sharding");
        Validate.positive(computeScale, "compute scale");
        Validate.nonNegative(warmupSteps, "warm-up steps");
        Validate.positive(steps, "steps");
        if (!(computeJitter >= 0) || computeJitter > 2) {
            throw new IllegalArgumentException("compute jitter (coefficient of variation) must be in [0, 2], was "
                    + computeJitter);
        }
        if (!(transferJitter >= 0) || transferJitter > 2) {
            throw new IllegalArgumentException("transfer jitter (coefficient of variation) must be in [0, 2], was "
                    + transferJitter);
        }
    }

    /**
     * A builder with every field at its default: one worker on one host, one remote shard, no latency, no bus, async,
     * FIFO, sharded by bytes, no host aggregation, compute scale 1, one warm-up and three measured steps, no jitter.
     * The NIC bandwidth has no default.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this setup's fields. */
    public Builder toBuilder() {
        return new Builder().workers(workers).parameterServers(parameterServers).nodes(nodes).colocatedPs(colocatedPs)
                .nicBytesPerS(nicBytesPerS).latencyS(latencyS).busBytesPerS(busBytesPerS).mode(mode).policy(policy)
                .sharding(sharding).hostAggregation(hostAggregation).computeScale(computeScale)
                .steps(warmupSteps, steps).computeJitter(computeJitter).transferJitter(transferJitter);
    }

    /** One worker and one remote shard with the given bandwidth, async, FIFO: the profiled single-worker setting. */
    public static SimulationSetup single(double nicBytesPerS, double latencyS) {
        return builder().nicBytesPerS(nicBytesPerS).latencyS(latencyS).build();
    }

    /** True when a run depends on its seed: random transfer order or jitter. */
    public boolean stochastic() {
        return policy == OrderPolicy.RANDOM || computeJitter > 0 || transferJitter > 0;
    }

    /** Hosts that carry workers. */
    public int workerHosts() {
        return Math.min(nodes, workers);
    }

    public SimulationSetup withWorkers(int w) {
        return toBuilder().workers(w).build();
    }

    public SimulationSetup withNodes(int n) {
        return toBuilder().nodes(n).build();
    }

    public SimulationSetup withComputeScale(double s) {
        return toBuilder().computeScale(s).build();
    }

    public SimulationSetup withPolicy(OrderPolicy p) {
        return toBuilder().policy(p).build();
    }

    public SimulationSetup withSteps(int warmup, int measured) {
        return toBuilder().steps(warmup, measured).build();
    }

    /** Builds a {@link SimulationSetup} field by field; {@link #build()} validates as the constructor does. */
    public static final class Builder {
        private int workers = 1;
        private int parameterServers = 1;
        private int nodes = 1;
        private boolean colocatedPs;
        private double nicBytesPerS = Double.NaN;
        private double latencyS;
        private double busBytesPerS = Double.POSITIVE_INFINITY;
        private Mode mode = Mode.ASYNC;
        private OrderPolicy policy = OrderPolicy.FIFO;
        private Sharding sharding = Sharding.BYTES;
        private boolean hostAggregation;
        private double computeScale = 1.0;
        private int warmupSteps = 1;
        private int steps = 3;
        private double computeJitter;
        private double transferJitter;

        private Builder() {
        }

        public Builder workers(int v) { workers = v; return this; }
        public Builder parameterServers(int v) { parameterServers = v; return this; }
        public Builder nodes(int v) { nodes = v; return this; }
        public Builder colocatedPs(boolean v) { colocatedPs = v; return this; }
        public Builder nicBytesPerS(double v) { nicBytesPerS = v; return this; }
        public Builder latencyS(double v) { latencyS = v; return this; }
        /** Host bus capacity per direction; positive infinity: not modelled. */
        public Builder busBytesPerS(double v) { busBytesPerS = v; return this; }
        public Builder mode(Mode v) { mode = v; return this; }
        public Builder policy(OrderPolicy v) { policy = v; return this; }
        public Builder sharding(Sharding v) { sharding = v; return this; }
        public Builder hostAggregation(boolean v) { hostAggregation = v; return this; }
        public Builder computeScale(double v) { computeScale = v; return this; }
        /** Warm-up and measured steps per worker. */
        public Builder steps(int warmup, int measured) { warmupSteps = warmup; steps = measured; return this; }
        public Builder computeJitter(double v) { computeJitter = v; return this; }
        public Builder transferJitter(double v) { transferJitter = v; return this; }

        /** {@code workers} workers, one per host. */
        public Builder workersOnePerHost(int v) { workers = v; nodes = v; return this; }

        public SimulationSetup build() {
            return new SimulationSetup(workers, parameterServers, nodes, colocatedPs, nicBytesPerS, latencyS,
                    busBytesPerS, mode, policy, sharding, hostAggregation, computeScale, warmupSteps, steps,
                    computeJitter, transferJitter);
        }
    }
}
