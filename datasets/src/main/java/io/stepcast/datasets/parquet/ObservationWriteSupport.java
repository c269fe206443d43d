package io.stepcast.datasets.parquet;

import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;

import java.util.Map;

/** Writes {@link Observation}s in the {@link Schemas#OBSERVATION} layout. */
final class ObservationWriteSupport extends RowWriteSupport<Observation> {

    ObservationWriteSupport(Map<String, String> metadata) {
        this(Schemas.OBSERVATION, metadata);
    }

    /** Onto an earlier minor version of the schema (tests of backward reading). */
    ObservationWriteSupport(org.apache.parquet.schema.MessageType schema, Map<String, String> metadata) {
        super(schema, metadata);
    }

    @Override
    void writeFields(Observation o) {
        Measurements m = o.measurements();
        config(o.config(), "dataset");
        float64("step_time_s", m.stepTimeS());
        float64("sync_time_s", m.syncTimeS());
        float64("throughput_samples_s", m.throughputSamplesPerS());
        float64("response_time_s", m.responseTimeS());
        float64("accuracy", m.accuracy());
        float64("utilisation", m.utilisation());
        int32("runs", m.runs());
        float64("sd_step_time_s", m.standardDeviation(Target.STEP_TIME));
        float64("sd_throughput_samples_s", m.standardDeviation(Target.THROUGHPUT));
        float64("sd_response_time_s", m.standardDeviation(Target.RESPONSE_TIME));
        float64("sd_accuracy", m.standardDeviation(Target.ACCURACY));
        string("source", o.source());
        int32("replication", o.replication());
        stringMap("tags", o.tags());
        layout(o.config());
    }
}
