package io.stepcast.queueing.cli;

import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.plugin.WritesTo;
import io.stepcast.api.profile.CollectiveByteEstimator;
import io.stepcast.api.profile.Profile;
import io.stepcast.models.collective.CatalogByteEstimator;
import io.stepcast.queueing.fit.CoarseProfiles;
import io.stepcast.queueing.simulation.AllReduceLinks;
import io.stepcast.queueing.simulation.Mode;
import io.stepcast.queueing.simulation.OrderPolicy;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.concurrent.Callable;

/**
 * {@code stepcast simulate}: the trace-driven simulation of W workers from one worker's profile (an imported
 * profile file, or a zoo model with its measured single-worker step time), for a list of worker counts.
 *
 * <p>Placement (our choice): every host carries {@code --workers-per-host} workers (default 1, the ICPE 2020
 * setting); parameter servers run on hosts of their own, or on the workers' hosts with {@code --colocated}.
 * In sync mode with several workers per host, a host aggregates its workers (as TensorFlow's
 * {@code distributed_replicated} does). The host bus is not modelled unless {@code --host-bus-gbps} is given
 * (the estimators default to 64 Gbit/s, for the TensorFlow benchmark machines).
 * The profile is taken as measured in the same placement with one worker (remote server, or a colocated one),
 * and the simulation is calibrated to reproduce it. {@code spread} is the sample standard deviation of
 * samples/s over the seeds. {@code --trace-out} writes the execution of the largest worker count (first seed)
 * as Chrome trace JSON. {@code --transfer-jitter} (default 0.1) varies each network message's transfer by a
 * seeded log-normal factor of mean 1; without it, asynchronous workers fall into a convoy and throughput can
 * drop with more workers (see {@link io.stepcast.queueing.simulation.Simulator}). The seeds and worker counts run
 * on {@code --threads} threads (default all cores) with the same output for any number. {@code --aggregate} simulates
 * one representative of identical workers and refuses, in one line with the reason, a setup whose workers are not
 * identical ({@link ParameterServerSweep}).
 *
 * <p>{@code --architecture allreduce} simulates bucketed gradient all-reduce instead ({@link AllReduceSweep}):
 * {@code --gpus-per-node}, {@code --nodes}, {@code --hardware} (catalog label) and {@code --bucket-mb} set the
 * placement, links and buckets; the parameter-server options are refused. A profile recorded on a rank of a
 * data-parallel job (world size above 1, with its collectives, as a PyTorch profiler trace gives) is replayed instead
 * ({@link DataParallelReplay}), and is the default architecture for it: at the trace's world size and placement its
 * collectives take their measured times, elsewhere their measured times plus the cost model's difference between the
 * new placement and the trace's (links the trace's own placement does not need, so a trace of an uncatalogued or
 * unnamed device replays there without {@code --hardware}); collectives whose bytes the trace does not record get
 * bytes estimated from their durations and the catalog's links ({@link CatalogByteEstimator}, upper bounds), which
 * make the step at other placements a range, said on stderr and in the JSON output.
 *
 * <p>The command holds the options, validates them and hands the run to one of those three paths.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Simulate parameter-server or all-reduce training of W workers from a single-worker profile.",
        footer = {"", "The profile (or --step-time) is taken as measured with one worker in the layout given (remote "
                + "parameter server, or --colocated); one simulated worker reproduces it. worker-steps/s: "
                + "the workers' steps per second summed (a synchronous step of W workers counts W). spread: the "
                + "standard deviation of samples/s over the --seeds runs (0 when the run is deterministic)."})
public final class SimulateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--profile", paramLabel = "FILE", description = "Profile file (op trace or TensorFlow timeline).")
    Path profileFile;

    @Option(names = "--model", paramLabel = "NAME", description = "Zoo model to synthesise a profile from.")
    String model;

    @Option(names = "--parameter-bytes", paramLabel = "BYTES", description = "With --model: the gradient bytes "
            + "exchanged per step (the column parameter_bytes), for a model the zoo does not know or at another "
            + "precision; the profile is then the coarse one evaluate builds from a measured step and bytes.",
            converter = WholeBytes.class)
    Long parameterBytes;

    @Option(names = "--step-time", paramLabel = "SECONDS", description = "Measured single-worker step time in this layout; one simulated worker reproduces it.")
    Double stepTime;

    @Option(names = "--local-batch", paramLabel = "N",
            description = "Samples per worker per step (with --profile, default: the profiled batch).")
    Integer localBatchOption;

    @Option(names = "--workers", required = true, split = ",", paramLabel = "W", description = "Worker counts, e.g. 1,2,4,8.")
    List<Integer> workers;

    @Option(names = "--ps", defaultValue = "1", paramLabel = "N", description = "Parameter-server shards (default 1).")
    int ps;

    @Option(names = "--colocated", description = "Parameter servers on the workers' hosts.")
    boolean colocated;

    @Option(names = "--workers-per-host", defaultValue = "1", paramLabel = "N", description = "Workers per host (default 1).")
    int workersPerHost;

    @Option(names = "--bandwidth-gbps", defaultValue = "10", paramLabel = "X", description = "NIC bandwidth per direction (default 10).")
    double bandwidthGbps;

    @Option(names = "--host-bus-gbps", defaultValue = "0", paramLabel = "X",
            description = "Host bus (PCIe) bandwidth per direction; 0 = not modelled (default 0).")
    double busGbps;

    @Option(names = "--latency-us", defaultValue = "0", paramLabel = "US",
            description = "Per-message latency when the profile has no receive times (default 0).")
    double latencyUs;

    @Option(names = "--policy", defaultValue = "random", paramLabel = "P", description = "random|fifo|tic|tac (default random).")
    String policy;

    @Option(names = "--mode", defaultValue = "async", paramLabel = "M", description = "async|sync (default async).")
    String mode;

    @Option(names = "--steps", defaultValue = "200", paramLabel = "N", description = "Measured steps per worker (default 200).")
    int steps;

    @Option(names = "--warmup", defaultValue = "10", paramLabel = "N", description = "Warm-up steps per worker (default 10).")
    int warmup;

    @Option(names = "--seeds", defaultValue = "3", paramLabel = "N", description = "Seeds of the random order (default 3).")
    int seeds;

    @Option(names = "--transfer-jitter", defaultValue = "0.1", paramLabel = "CV",
            description = "Coefficient of variation of each network message's transfer (default 0.1).")
    double transferJitter;

    @Option(names = "--compute-jitter", defaultValue = "0", paramLabel = "CV",
            description = "Coefficient of variation of each op's duration (default 0).")
    double computeJitter;

    @Option(names = "--architecture", paramLabel = "A",
            description = "ps (parameter servers) or allreduce (bucketed gradient all-reduce; for a profile that "
                    + "records its collectives, their replay). Default: allreduce for a --profile recorded on a "
                    + "rank of a job of world size > 1, else ps.")
    String architecture;

    @Option(names = "--gpus-per-node", paramLabel = "N",
            description = "allreduce: GPUs (workers) per node (default: the --hardware system's, else 1; replaying a "
                    + "data-parallel trace: the catalogued systems' of its device, at least its world size).")
    Integer gpusPerNode;

    @Option(names = "--nodes", paramLabel = "N", description = "allreduce: nodes every worker count is spread over.")
    Integer nodes;

    @Option(names = "--hardware", paramLabel = "NAME",
            description = "allreduce: hardware catalog system or device whose links carry the all-reduce (replaying a "
                    + "data-parallel trace: default the trace's device; its own world size and 1 worker need none).")
    String hardware;

    @Option(names = "--bucket-mb", paramLabel = "X", description = "allreduce: gradient bucket cap in MB (default 25).")
    Double bucketMb;

    @Option(names = "--intra-node-gbps", paramLabel = "X",
            description = "allreduce: GPU-to-GPU bandwidth inside a node when the catalog has none.")
    Double intraNodeGbps;

    @Option(names = "--threads", paramLabel = "N",
            description = "Threads running the seeds and worker counts (default: all cores); the output is the same "
                    + "for any number.")
    Integer threads;

    @Option(names = "--aggregate",
            description = "Simulate one representative of identical workers behind identical links (synchronous "
                    + "training with a static order, no jitter, servers on hosts of their own and an even placement; "
                    + "other setups are refused with the reason): the symmetric solution, at a cost that does not grow "
                    + "with the workers. The full simulation can break the workers' symmetry by its order of "
                    + "simultaneous events and then differs.")
    boolean aggregate;

    @WritesTo(WritesTo.Kind.FILE)
    @Option(names = "--trace-out", paramLabel = "FILE", description = "Chrome trace JSON of the largest worker count.")
    Path traceOut;

    @Option(names = "--json", description = "Print JSON instead of a table.")
    boolean json;

    private final Optional<ProfileSource> profiles;
    private final Optional<HardwareCatalog> catalog;

    /** @param profiles where profiles come from (bound by the datasets plugin), when available */
    public SimulateCommand(Optional<ProfileSource> profiles) {
        this(profiles, Optional.empty());
    }

    /**
     * @param profiles where profiles come from (bound by the datasets plugin), when available
     * @param catalog  the hardware catalog for {@code --hardware}, when available
     */
    public SimulateCommand(Optional<ProfileSource> profiles, Optional<HardwareCatalog> catalog) {
        this.profiles = profiles;
        this.catalog = catalog;
    }

    @Override
    public Integer call() throws IOException {
        ProfileSource source = profiles.orElseThrow(() -> new IllegalStateException(
                "no profile source on the class path: the datasets module provides it"));
        Profile profile = null;
        if (architecture == null) {
            // A data-parallel trace defaults to the all-reduce replay: the parameter-server path has no collectives.
            if (profileFile != null && model == null && stepTime == null) {
                profile = read(source);
                architecture = profile.rank().worldSize() > 1 ? "allreduce" : "ps";
            } else {
                architecture = "ps";
            }
        }
        validate();
        int localBatch;
        if (profileFile != null) {
            if (profile == null) {
                profile = read(source);
            }
            // A timeline does not always record its batch; without --local-batch, simulate the batch profiled.
            localBatch = localBatchOption != null ? localBatchOption : profile.localBatch();
        } else {
            localBatch = localBatchOption;
            profile = parameterBytes != null ? CoarseProfiles.of(model, localBatch, stepTime, parameterBytes)
                    : synthesised(source);
        }
        CommandLine cli = spec.commandLine();
        SimulateRun run = new SimulateRun(workers, localBatch, steps, seeds, computeJitter, traceOut, json);
        if (!allReduce()) {
            new ParameterServerSweep(cli, run, parameterServers()).simulate(profile);
        } else if (DataParallelReplay.replays(profile)) {
            validateReplay(profile, localBatch);
            // The reader records only what the trace says; the replay's scaling needs every collective's bytes.
            CollectiveByteEstimator bytes = catalog.<CollectiveByteEstimator>map(CatalogByteEstimator::new)
                    .orElse(CollectiveByteEstimator.none());
            new DataParallelReplay(cli, run, network(), profileFile).simulate(bytes.withEstimatedBytes(profile));
        } else {
            new AllReduceSweep(cli, run, network(), bucketMb == null ? 25 : bucketMb).simulate(profile);
        }
        return 0;
    }

    private ParameterServerSweep.Options parameterServers() {
        return new ParameterServerSweep.Options(ps, colocated, workersPerHost, bandwidthGbps, busGbps, latencyUs,
                OrderPolicy.parse(policy), Mode.parse(mode), warmup, transferJitter,
                threads == null ? Runtime.getRuntime().availableProcessors() : threads, aggregate);
    }

    private AllReduceNetwork network() {
        return new AllReduceNetwork(new AllReduceLinks(catalog), Optional.ofNullable(hardware),
                gpusPerNode == null ? OptionalInt.empty() : OptionalInt.of(gpusPerNode),
                nodes == null ? OptionalInt.empty() : OptionalInt.of(nodes),
                given("--bandwidth-gbps") ? OptionalDouble.of(bandwidthGbps) : OptionalDouble.empty(), bandwidthGbps,
                latencyUs, intraNodeGbps == null ? 0 : intraNodeGbps);
    }

    private Profile read(ProfileSource source) throws IOException {
        try {
            return source.read(profileFile);
        } catch (IOException e) {
            throw new IOException("cannot read profile " + profileFile + ": " + e.getMessage(), e);
        }
    }

    private void validate() {
        boolean byProfile = profileFile != null;
        boolean byModel = model != null || stepTime != null;
        if (byProfile == byModel) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "give either --profile FILE or --model NAME --step-time SECONDS");
        }
        if (parameterBytes != null && (!byModel || !(parameterBytes > 0))) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--parameter-bytes " + parameterBytes
                    + ": a positive number of bytes, with --model NAME --step-time SECONDS");
        }
        if (byModel && (model == null || stepTime == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--model and --step-time go together");
        }
        if (byModel && !(stepTime > 0)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--step-time " + stepTime + ": must be positive");
        }
        if (byModel && localBatchOption == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--model needs --local-batch N");
        }
        if (localBatchOption != null) {
            atLeast("--local-batch", localBatchOption, 1);
        }
        atLeast("--ps", ps, 1);
        atLeast("--steps", steps, 1);
        atLeast("--seeds", seeds, 1);
        atLeast("--warmup", warmup, 0);
        atLeast("--workers-per-host", workersPerHost, 1);
        if (threads != null) {
            atLeast("--threads", threads, 1);
        }
        workers.forEach(w -> atLeast("--workers", w, 1));
        require(bandwidthGbps > 0, "--bandwidth-gbps", bandwidthGbps, "must be positive");
        require(busGbps >= 0, "--host-bus-gbps", busGbps, "must not be negative");
        require(latencyUs >= 0, "--latency-us", latencyUs, "must not be negative");
        require(transferJitter >= 0 && transferJitter <= 2, "--transfer-jitter", transferJitter, "must be in [0, 2]");
        require(computeJitter >= 0 && computeJitter <= 2, "--compute-jitter", computeJitter, "must be in [0, 2]");
        try {
            OrderPolicy.parse(policy);
            Mode.parse(mode);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        require(architecture.equalsIgnoreCase("ps") || architecture.equalsIgnoreCase("allreduce"), "--architecture",
                architecture, "must be ps or allreduce");
        if (allReduce()) {
            for (String o : List.of("--ps", "--colocated", "--workers-per-host", "--host-bus-gbps", "--policy",
                    "--mode", "--transfer-jitter", "--aggregate")) {
                onlyFor(o, "ps");
            }
            if (gpusPerNode != null) {
                atLeast("--gpus-per-node", gpusPerNode, 1);
            }
            if (nodes != null) {
                atLeast("--nodes", nodes, 1);
                for (int w : workers) {
                    require(w >= nodes, "--workers", w, "must be at least --nodes " + nodes);
                    require(gpusPerNode == null || w == nodes * gpusPerNode, "--workers", w,
                            "must be --nodes x --gpus-per-node = " + (gpusPerNode == null ? 0 : nodes * gpusPerNode));
                }
            }
            if (bucketMb != null) {
                require(bucketMb >= 0 && Double.isFinite(bucketMb), "--bucket-mb", bucketMb, "must not be negative");
            }
            if (intraNodeGbps != null) {
                require(intraNodeGbps > 0, "--intra-node-gbps", intraNodeGbps, "must be positive");
            }
            AllReduceLinks links = new AllReduceLinks(catalog);
            if (hardware != null) {
                require(catalog.isPresent(), "--hardware", hardware, "no hardware catalog on the class path");
                require(links.known(hardware), "--hardware", hardware,
                        "unknown hardware (closest: " + String.join(", ", links.closest(hardware)) + ")");
            }
        } else {
            for (String o : List.of("--gpus-per-node", "--nodes", "--hardware", "--bucket-mb", "--intra-node-gbps")) {
                onlyFor(o, "allreduce");
            }
        }
    }

    private boolean allReduce() {
        return architecture.equalsIgnoreCase("allreduce");
    }

    /** Refuses an option given with the other architecture, naming the option and its value. */
    private void onlyFor(String option, String arch) {
        if (given(option)) {
            List<String> values = spec.commandLine().getParseResult().matchedOption(option).stringValues();
            throw new CommandLine.ParameterException(spec.commandLine(), option
                    + (values.isEmpty() ? "" : " " + String.join(",", values))
                    + ": applies to --architecture " + arch + " only");
        }
    }

    private boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /** The replay of a data-parallel trace keeps its profiled batch, and has no buckets or compute of its own. */
    private void validateReplay(Profile profile, int localBatch) {
        if (localBatch != profile.localBatch()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--local-batch " + localBatch
                    + ": the replay of a data-parallel trace keeps its profiled batch " + profile.localBatch());
        }
        for (String o : List.of("--bucket-mb", "--compute-jitter")) {
            onlyFor(o, "allreduce without a data-parallel trace");
        }
    }

    private void atLeast(String option, int value, int least) {
        require(value >= least, option, value, "must be at least " + least);
    }

    private void require(boolean ok, String option, Object value, String rule) {
        if (!ok) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + " " + value + ": " + rule);
        }
    }

    /** The zoo's profile of {@code --model}; a model the zoo does not know is told the option that simulates it. */
    private Profile synthesised(ProfileSource source) {
        try {
            return source.synthesise(model, localBatchOption, stepTime);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + "; or give --parameter-bytes to simulate a model the "
                    + "zoo does not know from its gradient bytes", e);
        }
    }

    /**
     * {@code --parameter-bytes} as a whole number of bytes, written plainly or in scientific notation
     * ({@code 4.4e8}), as sizes are usually quoted.
     */
    static final class WholeBytes implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            java.math.BigDecimal d;
            try {
                d = new java.math.BigDecimal(value.strip());
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a number of bytes");
            }
            try {
                return d.longValueExact();
            } catch (ArithmeticException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a whole number of bytes");
            }
        }
    }
}
