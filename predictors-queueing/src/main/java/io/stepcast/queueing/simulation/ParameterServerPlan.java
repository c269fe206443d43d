package io.stepcast.queueing.simulation;

import io.stepcast.api.Validate;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The one way a parameter-server simulation is planned, for the estimator's predictions ({@link SimulationPredictor})
 * and for {@code stepcast simulate --architecture ps}: a plan holds the run's settings (mode, transfer order,
 * sharding, steps, jitters), calibrates a single-worker profile ({@link #calibrate}) and turns a {@link Calibration}
 * and a job into the {@link SimulationSetup} of the job ({@link #setup}).
 *
 * <p>A calibration is applied to a job the same way for both: the NIC runs at the job's nominal bandwidth times the
 * calibrated efficiency, at the calibrated latency; a host's bus is its devices' shares of their links side by side
 * when the hardware catalog knows them (one share per device on the busiest host,
 * {@link io.stepcast.models.collective.HostLinks}), else the calibrated bus; compute is the
 * calibrated scale times the job's batch ratio; hosts aggregate their workers when asked, by default in synchronous
 * mode with several workers per host (TensorFlow's {@code distributed_replicated}); and one host whose workers each
 * hold one co-located shard, with a modelled bus, runs as {@link DeviceShards}.
 *
 * <p>The calibration's replay is the one choice a plan names ({@link CalibrationReplay}): the estimator replays the
 * single worker in FIFO order without jitter, as the ICPE 2020 calibration does, and its calibrated bases are what
 * the suites' recorded results rest on; {@code simulate} replays it in the run's own order, jitters, steps and seeds,
 * so that one worker reproduces the profiled step in every layout (docs/methods.md's sanity rule "W = 1 equals the
 * profile"). With a random order or jitter, one worker calibrated the FIFO way runs noticeably slower than profiled.
 */
public final class ParameterServerPlan {
    /** How the single worker is replayed while the calibration searches its compute scale. */
    public enum CalibrationReplay {
        /** One worker in FIFO order without jitter, one seed (Li et al., ICPE 2020): the estimator's. */
        FIFO,
        /** One worker in the run's own mode, order, jitters and steps over its seeds: {@code simulate}'s. */
        RUN
    }

    private Mode mode = Mode.ASYNC;
    private OrderPolicy policy = OrderPolicy.FIFO;
    private Sharding sharding = Sharding.BYTES;
    private int warmupSteps = 1;
    private int steps = 3;
    private double computeJitter;
    private double transferJitter;
    private CalibrationReplay replay = CalibrationReplay.FIFO;
    private int seeds = 1;
    private long seed;

    private int workers = 1;
    private int parameterServers = 1;
    private int nodes = 1;
    private boolean colocatedPs;
    private double nominalBytesPerS = Double.NaN;
    private double batchRatio = 1;
    private OptionalDouble deviceLinkBytesPerS = OptionalDouble.empty();
    private Boolean hostAggregation;

    private ParameterServerPlan() {
    }

    /** A plan with the defaults of {@link SimulationSetup#builder()} and the FIFO calibration replay. */
    public static ParameterServerPlan create() {
        return new ParameterServerPlan();
    }

    public ParameterServerPlan mode(Mode v) { mode = Objects.requireNonNull(v, "mode"); return this; }
    public ParameterServerPlan policy(OrderPolicy v) { policy = Objects.requireNonNull(v, "policy"); return this; }
    public ParameterServerPlan sharding(Sharding v) { sharding = Objects.requireNonNull(v, "sharding"); return this; }
    /** Warm-up and measured steps per worker. */
    public ParameterServerPlan steps(int warmup, int measured) { warmupSteps = warmup; steps = measured; return this; }
    public ParameterServerPlan computeJitter(double v) { computeJitter = v; return this; }
    public ParameterServerPlan transferJitter(double v) { transferJitter = v; return this; }

    /** Calibrates in the run's own replay ({@link CalibrationReplay#RUN}) over {@code n} seeds from {@code first}. */
    public ParameterServerPlan calibrateInTheRun(int n, long first) {
        replay = CalibrationReplay.RUN;
        seeds = Validate.positive(n, "seeds");
        seed = first;
        return this;
    }

    /** The job's workers, parameter-server shards, hosts and whether the shards share the workers' hosts. */
    public ParameterServerPlan job(int w, int ps, int hosts, boolean colocated) {
        workers = w;
        parameterServers = ps;
        nodes = hosts;
        colocatedPs = colocated;
        return this;
    }

    /** The job's nominal NIC bandwidth per host and direction, bytes/s. */
    public ParameterServerPlan nominalBytesPerS(double v) { nominalBytesPerS = v; return this; }

    /** The job's compute over the profiled batch's (1: the profiled batch). */
    public ParameterServerPlan batchRatio(double v) { batchRatio = v; return this; }

    /** One device's own intra-node link, bytes/s per direction, when the hardware catalog knows it. */
    public ParameterServerPlan deviceLinkBytesPerS(OptionalDouble v) {
        deviceLinkBytesPerS = Objects.requireNonNull(v, "device link");
        return this;
    }

    /** Whether hosts aggregate their workers; without this call, synchronous jobs with several workers per host do. */
    public ParameterServerPlan hostAggregation(boolean v) { hostAggregation = v; return this; }

    /**
     * Calibrates {@code profile} as profiled with one worker (docs/methods.md section 1, "Calibration"), replayed as this
     * plan's {@link CalibrationReplay} says.
     *
     * @param remotePs         the profiled worker's parameter server ran on another host
     * @param profiledBytesPerS nominal NIC bandwidth of the profiled setting, bytes/s
     * @param defaultLatencyS  latency when it cannot be fitted from the profiled receives
     * @param busBytesPerS     host bus bandwidth of the profiled setting (positive infinity: not modelled)
     * @throws io.stepcast.api.CannotFitException when the profile's transfers alone take longer than its step
     */
    public Calibration calibrate(CompiledProfile profile, boolean remotePs, double profiledBytesPerS,
                                 double defaultLatencyS, double busBytesPerS) {
        if (replay == CalibrationReplay.FIFO) {
            return Calibration.fit(profile, remotePs, profiledBytesPerS, defaultLatencyS, busBytesPerS);
        }
        SimulationSetup single = runSettings().colocatedPs(!remotePs).nicBytesPerS(profiledBytesPerS)
                .latencyS(defaultLatencyS).busBytesPerS(busBytesPerS).build();
        return Calibration.fit(profile, remotePs, profiledBytesPerS, defaultLatencyS, busBytesPerS, single, seeds, seed);
    }

    /** The job's setup with {@code calibration} applied (see the class comment). */
    public SimulationSetup setup(Calibration calibration) {
        boolean deviceShards = DeviceShards.applies(workers, parameterServers, nodes, colocatedPs,
                calibration.busBytesPerS());
        boolean aggregate = hostAggregation != null ? hostAggregation : mode == Mode.SYNC && workers > nodes;
        SimulationSetup s = runSettings().workers(workers).parameterServers(parameterServers).nodes(nodes)
                .colocatedPs(colocatedPs).nicBytesPerS(nominalBytesPerS * calibration.bandwidthEfficiency())
                .latencyS(calibration.latencyS()).busBytesPerS(busBytesPerS(calibration, deviceShards))
                .hostAggregation(aggregate).computeScale(calibration.computeScale() * batchRatio).build();
        return deviceShards ? DeviceShards.asHosts(s) : s;
    }

    private SimulationSetup.Builder runSettings() {
        return SimulationSetup.builder().mode(mode).policy(policy).sharding(sharding).steps(warmupSteps, steps)
                .computeJitter(computeJitter).transferJitter(transferJitter);
    }

    /**
     * A host's bus: its devices' shares of their links side by side (one per device on the busiest host; one alone
     * when each device is a host of its own, {@link DeviceShards}) when known, else the calibrated bus.
     */
    private double busBytesPerS(Calibration calibration, boolean deviceShards) {
        if (deviceLinkBytesPerS.isEmpty()) {
            return calibration.busBytesPerS();
        }
        int hosts = Math.min(nodes, workers);
        int perHost = (workers + hosts - 1) / hosts;
        double device = deviceLinkBytesPerS.getAsDouble();
        return deviceShards ? device : device * perHost;
    }
}
