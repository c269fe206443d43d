package io.stepcast.profiler.tensorflow;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * An {@link Observation} as a flat JSON object whose field names are the observation columns of
 * docs/data-model.md and the generic CSV importer ({@code model}, {@code framework}, {@code dataset},
 * {@code architecture}, {@code workers}, {@code local_batch}, {@code step_time_s}, ...), tags under
 * {@code tags}.
 */
final class ObservationJson {
    private ObservationJson() {
    }

    static ObjectNode of(Observation o) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        Config c = o.config();
        n.put("source", o.source());
        n.put("model", c.model());
        n.put("framework", c.workload().framework());
        n.put("dataset", c.workload().dataset());
        c.workload().parameterBytes().ifPresent(b -> n.put("parameter_bytes", b));
        n.put("architecture", c.deployment().architecture().name());
        n.put("workers", c.workers());
        n.put("parameter_servers", c.deployment().parameterServers());
        n.put("nodes", c.deployment().nodes());
        n.put("cores_per_worker", c.deployment().devicesPerWorker());
        n.put("tenants", c.deployment().tenants());
        n.put("hardware", c.deployment().hardware());
        n.put("local_batch", c.localBatch());
        n.put("global_batch", c.globalBatch());
        put(n, "step_time_s", o.measurements().stepTimeS());
        put(n, "throughput_samples_s", o.value(Target.THROUGHPUT));
        n.put("runs", o.measurements().runs());
        put(n, "sd_step_time_s", o.measurements().standardDeviation(Target.STEP_TIME));
        ObjectNode tags = n.putObject("tags");
        o.tags().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> tags.put(e.getKey(), e.getValue()));
        return n;
    }

    private static void put(ObjectNode n, String field, OptionalDouble v) {
        if (v.isPresent()) {
            n.put(field, v.getAsDouble());
        }
    }
}
