package io.stepcast.datasets.parquet;

import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

import java.util.Map;

/**
 * Writes rows given as field to value in a layout of a former version (test fixture), as that version's writer
 * did: the fields the row has, in the layout's order, typed by their Java value (Integer, Long, Double, Boolean,
 * else text).
 */
final class FieldMapWriteSupport extends RowWriteSupport<Map<String, Object>> {
    private final MessageType layout;

    /**
     * @param layout  the former layout
     * @param kind    the file kind, e.g. {@link Schemas#OP_TRACE}
     * @param version the version the former writer stamped, e.g. {@code 1.0}
     */
    FieldMapWriteSupport(MessageType layout, String kind, String version) {
        super(layout, Map.of(SchemaVersion.KIND_KEY, kind, SchemaVersion.VERSION_KEY, version));
        this.layout = layout;
    }

    @Override
    void writeFields(Map<String, Object> row) {
        // in the schema's order, as Parquet wants them
        layout.getFields().stream().map(Type::getName).filter(row::containsKey).forEach(field -> {
            Object value = row.get(field);
            if (value instanceof Integer i) {
                int32(field, i);
            } else if (value instanceof Long l) {
                int64(field, l);
            } else if (value instanceof Double d) {
                float64(field, d);
            } else if (value instanceof Boolean b) {
                bool(field, b);
            } else {
                string(field, value.toString());
            }
        });
    }
}
