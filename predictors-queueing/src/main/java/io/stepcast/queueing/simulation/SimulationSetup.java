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

    /** Without jitter: every op takes exactly its profiled (scaled) duration, every message its bytes. */
    public SimulationSetup(int workers, int parameterServers, int nodes, boolean colocatedPs, double nicBytesPerS,
                           double latencyS, double busBytesPerS, Mode mode, OrderPolicy policy, Sharding sharding,
                           boolean hostAggregation, double computeScale, int warmupSteps, int steps) {
        this(workers, parameterServers, nodes, colocatedPs, nicBytesPerS, latencyS, busBytesPerS, mode, policy, sharding,
                hostAggregation, computeScale, warmupSteps, steps, 0.0, 0.0);
    }

    /** One worker and one remote shard with the given bandwidth, async, FIFO: the profiled single-worker setting. */
    public static SimulationSetup single(double nicBytesPerS, double latencyS) {
        return new SimulationSetup(1, 1, 1, false, nicBytesPerS, latencyS, Double.POSITIVE_INFINITY, Mode.ASYNC,
                OrderPolicy.FIFO, Sharding.BYTES, false, 1.0, 1, 3);
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
        return new SimulationSetup(w, parameterServers, nodes, colocatedPs, nicBytesPerS, latencyS, busBytesPerS, mode,
                policy, sharding, hostAggregation, computeScale, warmupSteps, steps, computeJitter, transferJitter);
    }

    public SimulationSetup withNodes(int n) {
        return new SimulationSetup(workers, parameterServers, n, colocatedPs, nicBytesPerS, latencyS, busBytesPerS, mode,
                policy, sharding, hostAggregation, computeScale, warmupSteps, steps, computeJitter, transferJitter);
    }

    public SimulationSetup withComputeScale(double s) {
        return new SimulationSetup(workers, parameterServers, nodes, colocatedPs, nicBytesPerS, latencyS, busBytesPerS,
                mode, policy, sharding, hostAggregation, s, warmupSteps, steps, computeJitter, transferJitter);
    }

    public SimulationSetup withPolicy(OrderPolicy p) {
        return new SimulationSetup(workers, parameterServers, nodes, colocatedPs, nicBytesPerS, latencyS, busBytesPerS,
                mode, p, sharding, hostAggregation, computeScale, warmupSteps, steps, computeJitter, transferJitter);
    }

    public SimulationSetup withSteps(int warmup, int measured) {
        return new SimulationSetup(workers, parameterServers, nodes, colocatedPs, nicBytesPerS, latencyS, busBytesPerS,
                mode, policy, sharding, hostAggregation, computeScale, warmup, measured, computeJitter, transferJitter);
    }
}
