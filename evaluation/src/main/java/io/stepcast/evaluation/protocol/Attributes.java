package io.stepcast.evaluation.protocol;

import io.stepcast.api.Config;
import io.stepcast.api.EditDistance;
import io.stepcast.api.Observation;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;

/**
 * Named attributes of an observation that protocols group by and suites filter on: the fields of its
 * {@link Config} ({@code model}, {@code framework}, {@code architecture}, {@code workers},
 * {@code parameter_servers}, {@code nodes}, {@code devices_per_worker}, {@code tenants}, {@code hardware},
 * {@code local_batch}, {@code global_batch}), {@code source}, {@code dataset}, {@code replication}, the
 * derived {@code job} (everything but the batch), for any other name the tag of that name, and where there is no such
 * tag how the configuration runs ({@code precision}, {@code placement}, the parallel layout's columns).
 */
public final class Attributes {
    private Attributes() {
    }

    /** The attribute's text, or empty when the observation does not have it. */
    public static Optional<String> value(Observation o, String key) {
        String k = normalise(key);
        return switch (k) {
            case "source" -> Optional.of(o.source());
            case "dataset" -> Optional.of(o.dataset());
            case "replication" -> Optional.of(Integer.toString(o.replication()));
            case "job" -> Optional.of(job(o));
            default -> config(o.config(), k).or(() -> Optional.ofNullable(o.tags().get(key)))
                    .or(() -> runOption(o.config(), k));
        };
    }

    /**
     * How a configuration runs, by the generic CSV's column names ({@code precision}, the layout's
     * {@code tensor_parallel}, ..., {@code distributed_optimizer}, {@code fsdp}, {@code zero_stage},
     * {@code flash_attention}, {@code context_parallel}, {@code placement}): after the tags, so that a source
     * that tags its rows' precision in its own words ({@code mixed}) keeps grouping by them.
     */
    private static Optional<String> runOption(Config c, String key) {
        if (key.equals("precision")) {
            return c.statedPrecision().map(p -> p.label());
        }
        if (key.equals("placement")) {
            return c.deployment().placement().map(p -> p.label());
        }
        return c.parallel().flatMap(p -> switch (key) {
            case "tensor_parallel" -> Optional.of(Integer.toString(p.tensor()));
            case "pipeline_parallel" -> Optional.of(Integer.toString(p.pipeline()));
            case "data_parallel" -> Optional.of(Integer.toString(p.data()));
            case "micro_batch" -> Optional.of(Integer.toString(p.microBatch()));
            case "virtual_stages" -> Optional.of(Integer.toString(p.virtualStages()));
            case "sequence_parallel" -> Optional.of(Boolean.toString(p.sequenceParallel()));
            case "recompute" -> Optional.of(p.recompute().label());
            case "distributed_optimizer" -> Optional.of(Boolean.toString(p.distributedOptimizer()));
            case "fsdp" -> Optional.of(Boolean.toString(p.fullySharded()));
            case "zero_stage" -> Optional.of(Integer.toString(p.sharding().zeroStage()));
            case "flash_attention" -> Optional.of(Boolean.toString(p.flashAttention()));
            case "context_parallel" -> Optional.of(Integer.toString(p.context()));
            case "expert_parallel" -> Optional.of(Integer.toString(p.expert()));
            case "expert_overlap" -> Optional.of(Boolean.toString(p.expertOverlap()));
            case "expert_capacity_factor" -> p.expertCapacityFactor().isPresent()
                    ? Optional.of(Double.toString(p.expertCapacityFactor().getAsDouble())) : Optional.empty();
            case "fused_kernels" -> Optional.of(Boolean.toString(p.fusedKernels()));
            case "overlap_p2p_comm" -> Optional.of(Boolean.toString(p.overlapP2pComm()));
            default -> Optional.empty();
        });
    }

    /** A configuration field by attribute name, or empty when {@code key} is not one. */
    public static Optional<String> config(Config c, String key) {
        return switch (normalise(key)) {
            case "model" -> Optional.of(c.model());
            case "framework" -> Optional.of(c.workload().framework());
            case "architecture" -> Optional.of(c.deployment().architecture().name());
            case "workers" -> Optional.of(Integer.toString(c.workers()));
            case "parameter_servers" -> Optional.of(Integer.toString(c.deployment().parameterServers()));
            case "nodes" -> Optional.of(Integer.toString(c.deployment().nodes()));
            case "devices_per_worker" -> Optional.of(Integer.toString(c.deployment().devicesPerWorker()));
            case "tenants" -> Optional.of(Integer.toString(c.deployment().tenants()));
            case "hardware" -> Optional.of(c.deployment().hardware());
            case "local_batch" -> Optional.of(Integer.toString(c.localBatch()));
            case "global_batch" -> Optional.of(Long.toString(c.globalBatch()));
            default -> Optional.empty();
        };
    }

    private static String normalise(String key) {
        return key.trim().toLowerCase(Locale.ROOT).replace('-', '_');
    }

    /** The names {@link #value} reads other than tags: the configuration's fields and how it runs. */
    private static final List<String> NAMES = List.of("model", "framework", "architecture", "workers",
            "parameter_servers", "nodes", "devices_per_worker", "tenants", "hardware", "local_batch", "global_batch",
            "source", "dataset", "replication", "job", "precision", "placement", "tensor_parallel",
            "pipeline_parallel", "data_parallel", "micro_batch", "virtual_stages", "sequence_parallel", "recompute",
            "distributed_optimizer", "fsdp", "zero_stage", "flash_attention", "context_parallel", "expert_parallel",
            "expert_overlap", "expert_capacity_factor", "fused_kernels", "overlap_p2p_comm");

    /**
     * Refuses a protocol that sets rows apart by {@code keys} when one of them is a name {@link #value} does not read
     * and no row of {@code data} has as a tag ({@code framwork}): every row would read it as absent, and the protocol
     * would pool what it was asked to set apart, silently. The message names the protocol and the attribute, with the
     * closest names.
     */
    public static void requirePresent(String protocol, String datasetId, List<Observation> data, List<String> keys) {
        if (data.isEmpty()) {
            return;
        }
        for (String key : keys) {
            if (!NAMES.contains(normalise(key)) && data.stream().allMatch(o -> value(o, key).isEmpty())) {
                Set<String> known = new java.util.TreeSet<>(NAMES);
                data.forEach(o -> known.addAll(o.tags().keySet()));
                throw new IllegalArgumentException("protocol '" + protocol + "': no row of " + datasetId
                        + " has attribute '" + key + "'" + EditDistance.suggestion(key, known));
            }
        }
    }

    /** The attribute as a number, when present and numeric. */
    public static OptionalDouble number(Observation o, String key) {
        Optional<String> v = value(o, key);
        if (v.isEmpty()) {
            return OptionalDouble.empty();
        }
        try {
            return OptionalDouble.of(Double.parseDouble(v.get().trim()));
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    /**
     * Tags that name or qualify the batch size and so must not separate the batch sizes of one job:
     * Gavel's {@code job_type} ("ResNet-18 (batch size 16)") and its {@code batch} marker.
     */
    public static final Set<String> BATCH_TAGS = Set.of("job_type", "batch");

    /**
     * The job an observation belongs to: its configuration with the batch left out, its source and its
     * tags except {@link #BATCH_TAGS}. Two observations of one job differ only in the batch size, which
     * is what a batch-size decision chooses.
     */
    public static String job(Observation o) {
        Config c = o.config();
        Map<String, String> tags = new TreeMap<>(o.tags());
        tags.keySet().removeAll(BATCH_TAGS);
        return c.batchBlanked().replace("localBatch=1", "") + '|' + o.source() + '|' + tags;
    }
}
