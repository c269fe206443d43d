package io.stepcast.app.sweep;

import io.stepcast.api.InvalidField;
import io.stepcast.api.Precision;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * The axes of a what-if sweep; every combination is one point. An empty axis takes its value from the
 * training data (mode, hardware, batch) or leaves it unstated (bandwidth, intra-node bandwidth, policy): then
 * the predictor takes the catalog's figure or its own default. Cluster size is given
 * either as {@code workers} (one GPU each, {@code ceil(workers / gpusPerNode)} nodes) or as {@code nodes}
 * ({@code nodes x gpusPerNode} workers).
 *
 * @param models      model names (the zoo's parameter bytes are used when it knows the model)
 * @param workers     data-parallel workers
 * @param nodes       nodes (instead of workers)
 * @param gpusPerNode GPUs per node; empty: the node size of the catalogued system a point's hardware names, else 1
 * @param hardware    hardware labels of the catalog
 * @param bandwidth   network bandwidth, Gbit/s
 * @param policy      the predictor's {@code policy} hyper-parameter (the simulation's transfer order)
 * @param mode        architecture: async-ps, sync-ps or allreduce; empty: the training row's, or allreduce with
 *                    a layout axis
 * @param batch       local batch sizes
 * @param intraNodeGbps ring bandwidths per GPU inside a node, Gbit/s (a configuration's {@code intra_node_gbps})
 * @param precision   precisions as the generic CSV's {@code precision} column spells them ({@code fp32},
 *                    {@code tf32}, {@code amp}, {@code bf16}, ...); empty: unstated, which a predictor fitted on
 *                    rows of one precision answers at it and one fitted on several refuses
 *                    (the predictors' {@code MeasuredPrecisions})
 * @param layout      the Megatron-LM layout axes, the global batch and the sequence length ({@link SweepLayout#NONE}:
 *                    none); with a model-parallel axis, {@code workers} counts GPUs, each point's data parallelism
 *                    being its GPUs over tensor x context x pipeline
 */
public record SweepGrid(List<String> models, List<Integer> workers, List<Integer> nodes, List<Integer> gpusPerNode,
                        List<String> hardware, List<Double> bandwidth, List<String> policy, List<String> mode,
                        List<Integer> batch, List<Double> intraNodeGbps, List<String> precision, SweepLayout layout)
        implements Serializable {
    private static final long serialVersionUID = 4L;

    public SweepGrid {
        models = List.copyOf(models);
        workers = List.copyOf(workers);
        nodes = List.copyOf(nodes);
        gpusPerNode = List.copyOf(gpusPerNode);
        hardware = List.copyOf(hardware);
        bandwidth = List.copyOf(bandwidth);
        policy = List.copyOf(policy);
        mode = List.copyOf(mode);
        batch = List.copyOf(batch);
        intraNodeGbps = List.copyOf(intraNodeGbps);
        precision = List.copyOf(precision);
        layout = Objects.requireNonNullElse(layout, SweepLayout.NONE);
        if (models.isEmpty()) {
            throw new InvalidField("models", ": at least one model");
        }
        if (workers.isEmpty() == nodes.isEmpty()) {
            throw new IllegalArgumentException("sweep: give exactly one of the fields workers and nodes");
        }
        positive("workers", workers);
        positive("nodes", nodes);
        positive("gpus_per_node", gpusPerNode);
        positive("batch", batch);
        positiveNumbers("bandwidth", bandwidth);
        positiveNumbers("intra_node_gbps", intraNodeGbps);
        precision.forEach(p -> Precision.parse(p, "precision"));
        if (!batch.isEmpty() && !layout.globalBatch().isEmpty()) {
            throw new IllegalArgumentException("sweep: give at most one of the fields batch (per worker) and "
                    + "global_batch");
        }
    }

    /** A grid without layout axes. */
    public SweepGrid(List<String> models, List<Integer> workers, List<Integer> nodes, List<Integer> gpusPerNode,
                     List<String> hardware, List<Double> bandwidth, List<String> policy, List<String> mode,
                     List<Integer> batch, List<Double> intraNodeGbps, List<String> precision) {
        this(models, workers, nodes, gpusPerNode, hardware, bandwidth, policy, mode, batch, intraNodeGbps, precision,
                SweepLayout.NONE);
    }

    /** A grid of unstated precision. */
    public SweepGrid(List<String> models, List<Integer> workers, List<Integer> nodes, List<Integer> gpusPerNode,
                     List<String> hardware, List<Double> bandwidth, List<String> policy, List<String> mode,
                     List<Integer> batch, List<Double> intraNodeGbps) {
        this(models, workers, nodes, gpusPerNode, hardware, bandwidth, policy, mode, batch, intraNodeGbps, List.of());
    }

    /** A grid without an intra-node bandwidth axis (the catalog's figures). */
    public SweepGrid(List<String> models, List<Integer> workers, List<Integer> nodes, List<Integer> gpusPerNode,
                     List<String> hardware, List<Double> bandwidth, List<String> policy, List<String> mode,
                     List<Integer> batch) {
        this(models, workers, nodes, gpusPerNode, hardware, bandwidth, policy, mode, batch, List.of(), List.of());
    }

    private static void positiveNumbers(String field, List<Double> values) {
        for (double b : values) {
            if (!(b > 0) || Double.isInfinite(b)) {
                throw new InvalidField(field, ": " + b + " is not a positive number");
            }
        }
    }

    private static void positive(String field, List<Integer> values) {
        for (int v : values) {
            if (v < 1) {
                throw new InvalidField(field, ": " + v + " is not at least 1");
            }
        }
    }
}
