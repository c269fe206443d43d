package io.stepcast.api;

import io.stepcast.api.collective.Placement;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One training configuration: what is trained, where, and with which local (per-worker) batch size.
 * Immutable and validated on construction; {@link #builder()} fills sensible defaults for the
 * optional fields.
 *
 * @param workload   model, framework, dataset, parameter bytes
 * @param deployment architecture, workers, servers, nodes, tenancy, bandwidth, hardware
 * @param localBatch samples per worker per step
 */
public record Config(Workload workload, Deployment deployment, int localBatch) {
    public Config {
        Validate.present(workload, "workload");
        Validate.present(deployment, "deployment");
        Validate.positive(localBatch, "local_batch");
        if (deployment.parallel().isPresent()) {
            ParallelLayout p = deployment.parallel().get();
            if (localBatch != p.replicaBatch()) {
                throw new IllegalArgumentException("global batch " + (long) localBatch * deployment.workers()
                        + " must equal micro-batch x micro-batches x data = " + p.microBatch() + " x "
                        + p.microBatches() + " x " + p.data() + " = " + p.globalBatch());
            }
        }
    }

    /** Shorthand for {@code deployment().parallel()}. */
    public Optional<ParallelLayout> parallel() {
        return deployment.parallel();
    }

    /**
     * The precision as it tells this job apart from the same model, batch and hardware run at another precision
     * (published tables list FP32 or TF32 beside mixed precision, 2-3x apart): empty for the default, mixed precision
     * with FP16 products ({@link ParallelLayout#DEFAULT_PRECISION}), which is also what a row that states no
     * precision is taken for, so that files without the column keep one job per model; otherwise the label
     * ({@code fp32}, {@code tf32}, {@code bf16}, {@code fp8}).
     */
    public String precisionTag() {
        return statedPrecision().filter(p -> p != ParallelLayout.DEFAULT_PRECISION).map(Precision::label).orElse("");
    }

    /**
     * The precision the configuration states (its {@link ParallelLayout}'s), or empty when it states none: what
     * tells a row that asked for mixed precision from one that left the precision open.
     */
    public Optional<Precision> statedPrecision() {
        return parallel().map(ParallelLayout::precision);
    }

    /** Samples per synchronous step over all workers: local batch x workers. */
    public long globalBatch() {
        return (long) localBatch * deployment.workers();
    }

    /** Shorthand for {@code workload().model()}. */
    public String model() {
        return workload.model();
    }

    /** Shorthand for {@code deployment().workers()}. */
    public int workers() {
        return deployment.workers();
    }

    /** The same configuration with another local batch size. */
    public Config withLocalBatch(int batch) {
        return new Config(workload, deployment, batch);
    }

    /**
     * The text of {@link #withLocalBatch withLocalBatch(1)}, the identity of a job whatever its batch size, also
     * for a configuration whose parallel layout fixes the batch (and which therefore cannot be rebuilt with
     * another one): the layout's micro-batch and micro-batches, which make up the local batch, are blanked too (a row
     * that states its precision carries a one-stage layout whose micro-batch is the batch).
     */
    public String batchBlanked() {
        String text = MICRO_BATCHES.matcher(toString()).replaceAll("microBatch=1, microBatches=1");
        String batch = "localBatch=" + localBatch + "]";
        return text.substring(0, text.length() - batch.length()) + "localBatch=1]";
    }

    /** The layout's batch fields in a configuration's text (record components, {@link ParallelLayout}). */
    private static final java.util.regex.Pattern MICRO_BATCHES =
            java.util.regex.Pattern.compile("microBatch=\\d+, microBatches=\\d+");

    /**
     * The same configuration with another global batch, split evenly over the workers (BigDL and
     * Courier state the batch of the whole job).
     *
     * @throws IllegalArgumentException when the workers do not divide {@code globalBatch}
     */
    public Config withGlobalBatch(long globalBatch) {
        int w = deployment.workers();
        if (globalBatch < 1 || globalBatch % w != 0) {
            throw new IllegalArgumentException("global batch " + globalBatch + " is not a positive multiple of the "
                    + w + " workers");
        }
        return new Config(workload, deployment, Math.toIntExact(globalBatch / w));
    }

    /** The same configuration with another number of workers (nodes unchanged). */
    public Config withWorkers(int workers) {
        return new Config(workload, deployment.withWorkers(workers), localBatch);
    }

    /** A builder starting from the given configuration. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.model = workload.model();
        b.framework = workload.framework();
        b.dataset = workload.dataset();
        b.parameterBytes = workload.parameterBytes();
        b.architecture = deployment.architecture();
        b.workers = deployment.workers();
        b.parameterServers = deployment.parameterServers();
        b.nodes = deployment.nodes();
        b.devicesPerWorker = deployment.devicesPerWorker();
        b.tenants = deployment.tenants();
        b.colocatedPs = deployment.colocatedPs();
        b.bandwidthGbps = deployment.bandwidthGbps();
        b.hardware = deployment.hardware();
        b.parallel = deployment.parallel().orElse(null);
        b.intraNodeGbps = deployment.intraNodeGbps();
        b.placement = deployment.placement().orElse(null);
        b.localBatch = localBatch;
        return b;
    }

    /**
     * A builder with defaults: all-reduce, 1 worker, 1 node, 1 device, alone, no parameter servers
     * (set to 1 automatically when a parameter-server architecture is chosen without a count).
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Fluent construction of a {@link Config}; validation happens in {@link #build()}. */
    public static final class Builder {
        private String model;
        private String framework;
        private String dataset;
        private OptionalLong parameterBytes = OptionalLong.empty();
        private Architecture architecture = Architecture.ALLREDUCE;
        private int workers = 1;
        private Integer parameterServers;
        private Integer nodes;
        private int devicesPerWorker = 1;
        private int tenants = 1;
        private boolean colocatedPs;
        private OptionalDouble bandwidthGbps = OptionalDouble.empty();
        private OptionalDouble intraNodeGbps = OptionalDouble.empty();
        private String hardware;
        private int localBatch;
        private ParallelLayout parallel;
        private Placement placement;

        private Builder() {
        }

        public Builder model(String v) { model = v; return this; }
        public Builder framework(String v) { framework = v; return this; }
        public Builder dataset(String v) { dataset = v; return this; }
        public Builder parameterBytes(long v) { parameterBytes = OptionalLong.of(v); return this; }
        public Builder parameterBytes(OptionalLong v) { parameterBytes = v; return this; }
        public Builder architecture(Architecture v) { architecture = v; return this; }
        public Builder workers(int v) { workers = v; return this; }
        public Builder parameterServers(int v) { parameterServers = v; return this; }
        /** Nodes; defaults to 1. */
        public Builder nodes(int v) { nodes = v; return this; }
        public Builder devicesPerWorker(int v) { devicesPerWorker = v; return this; }
        public Builder tenants(int v) { tenants = v; return this; }
        public Builder colocatedPs(boolean v) { colocatedPs = v; return this; }
        public Builder bandwidthGbps(double v) { bandwidthGbps = OptionalDouble.of(v); return this; }
        public Builder bandwidthGbps(OptionalDouble v) { bandwidthGbps = v; return this; }
        /** Ring bandwidth per GPU inside one node, Gbit/s ({@link Deployment#intraNodeGbps()}). */
        public Builder intraNodeGbps(double v) { intraNodeGbps = OptionalDouble.of(v); return this; }
        public Builder intraNodeGbps(OptionalDouble v) { intraNodeGbps = v; return this; }
        public Builder hardware(String v) { hardware = v; return this; }
        public Builder localBatch(int v) { localBatch = v; return this; }
        /** GPUs per node ({@link Deployment#placement()}); sets the nodes too when they are not given. */
        public Builder placement(Placement v) { placement = v; return this; }

        /**
         * A model-parallel layout; {@link #build()} then also sets the architecture to all-reduce, the workers
         * to its data-parallel degree, the devices per worker to tensor x context x pipeline and the local batch to
         * micro-batch x micro-batches (so a layout alone describes the job; {@code null} removes it). A
         * parameter-server architecture set on this builder stays when the layout is one it can carry
         * ({@link ParallelLayout#fitsParameterServers}: a row stating its precision).
         */
        public Builder parallel(ParallelLayout v) { parallel = v; return this; }

        public Config build() {
            if (parallel != null) {
                if (!(architecture.usesParameterServers() && ParallelLayout.fitsParameterServers(parallel))) {
                    architecture = Architecture.ALLREDUCE;
                    parameterServers = 0;
                }
                workers = parallel.data();
                devicesPerWorker = parallel.replicaGpus();
                localBatch = parallel.replicaBatch();
            }
            int ps = parameterServers != null ? parameterServers : architecture.usesParameterServers() ? 1 : 0;
            Workload w = new Workload(model, framework, dataset, parameterBytes);
            int n = nodes != null ? nodes : placement != null ? placement.nodes() : 1;
            Deployment d = new Deployment(architecture, workers, ps, n,
                    devicesPerWorker, tenants, colocatedPs, bandwidthGbps, hardware, Optional.ofNullable(parallel),
                    intraNodeGbps, Optional.ofNullable(placement));
            return new Config(w, d, localBatch);
        }
    }
}
