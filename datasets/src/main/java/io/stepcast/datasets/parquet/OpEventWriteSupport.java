package io.stepcast.datasets.parquet;

import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;
import org.apache.parquet.io.api.Binary;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@link OpEvent}s in the {@link Schemas#OP_EVENT} layout, each distinct requirement set once (see
 * {@link Schemas}). Not thread-safe, like the Parquet writer it serves.
 */
final class OpEventWriteSupport extends RowWriteSupport<OpEvent> {
    /** Each category's label, encoded once rather than lower-cased and encoded per row. */
    private static final Binary[] CATEGORY_LABELS = java.util.Arrays.stream(OpCategory.values())
            .map(c -> utf8(c.label())).toArray(Binary[]::new);
    /** Requirement sets already written, by content. */
    private final Map<List<String>, Integer> setIds = new HashMap<>();

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
        binary("category", CATEGORY_LABELS[e.category().ordinal()]);
        float64("start_us", e.startUs());
        float64("duration_us", e.durationUs());
        string("tensor", e.tensor());
        if (e.bytes() >= 0) {
            int64("bytes", e.bytes());
        }
        string("producer", e.producer());
        List<String> requires = e.requires();
        if (!requires.isEmpty()) {
            Integer id = setIds.get(requires);
            boolean first = id == null;
            if (first) {
                id = setIds.size();
                setIds.put(requires, id);
            }
            int32("requires_id", id);
            if (first) {
                stringList("requires", requires);
            }
        }
    }
}
