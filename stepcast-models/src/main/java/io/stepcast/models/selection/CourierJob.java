package io.stepcast.models.selection;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A BigDL training job as Courier decides its batch (Albo Martinez et al., ICPE 2021): a network trained on MNIST
 * by {@code cpu} one-core executors on the paper's Google Cloud cluster of three nodes, with {@code njobs} identical
 * jobs submitted together. The one template {@code select-batch}, {@code serve} and the benchmarks build the
 * job's configuration from, so that they ask the predictors the same question the Courier tables answer.
 *
 * @param network {@code lenet5} or {@code mlp}, in lower case
 * @param cpu     total executor cores of the job
 * @param njobs   identical jobs submitted together (tenancy)
 */
public record CourierJob(String network, int cpu, int njobs) {
    /** The networks of the Courier tables. */
    public static final List<String> NETWORKS = List.of("lenet5", "mlp");
    /** Courier's candidate global batch sizes. */
    public static final List<Integer> DEFAULT_CANDIDATES = List.of(64, 128, 256, 512);
    /** Nodes of the paper's cluster: executors beyond three share a node. */
    private static final int CLUSTER_NODES = 3;

    public CourierJob {
        Objects.requireNonNull(network, "network");
        if (!NETWORKS.contains(network)) {
            throw new IllegalArgumentException("network must be lenet5 or mlp, was '" + network + "'");
        }
        if (cpu < 1 || njobs < 1) {
            throw new IllegalArgumentException("cpu and njobs must be at least 1, were " + cpu + " and " + njobs);
        }
    }

    /** True when {@code network}, in any case, is one of {@link #NETWORKS}. */
    public static boolean knows(String network) {
        return NETWORKS.contains(network.toLowerCase(Locale.ROOT));
    }

    /** The job with {@code network} read in any case. */
    public static CourierJob of(String network, int cpu, int njobs) {
        return new CourierJob(network.toLowerCase(Locale.ROOT), cpu, njobs);
    }

    /** The job's configuration; its batch is a placeholder that each candidate replaces. */
    public Config config() {
        return Config.builder().model(network).framework("bigdl").dataset("mnist")
                .architecture(Architecture.ALLREDUCE).workers(cpu).nodes(Math.min(cpu, CLUSTER_NODES)).tenants(njobs)
                .hardware("gce").localBatch(1).build();
    }
}
