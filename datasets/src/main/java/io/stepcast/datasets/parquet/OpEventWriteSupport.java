package io.stepcast.datasets.parquet;

import io.stepcast.datasets.trace.OpEvent;

import java.util.Map;

/** Writes {@link OpEvent}s in the {@link Schemas#OP_EVENT} layout. */
final class OpEventWriteSupport extends RowWriteSupport<OpEvent> {

    OpEventWriteSupport(Map<String, String> metadata) {
        super(Schemas.OP_EVENT, metadata);
    }

    @Override
    void writeFields(OpEvent e) {
        int32("step", e.step());
        int32("worker", e.worker());
        string("device", e.device());
        int32("lane", e.lane());
        string("name", e.name());
        string("type", e.type());
        string("category", e.category().label());
        float64("start_us", e.startUs());
        float64("duration_us", e.durationUs());
        string("tensor", e.tensor());
        if (e.bytes() >= 0) {
            int64("bytes", e.bytes());
        }
        string("producer", e.producer());
        stringList("requires", e.requires());
    }
}
