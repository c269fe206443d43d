package io.stepcast.datasets.parquet;

import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Any stepcast Parquet file as rows of column name to value (for display): strings, numbers, booleans, lists
 * and maps; absent optional values are left out.
 */
public final class GenericRows {
    private GenericRows() {
    }

    /** The file's kind ({@code observations}, {@code op-trace}, {@code iteration-trace}) after a version check. */
    public static String kind(Path file) throws IOException {
        Map<String, String> meta = RowFileReader.metadata(file);
        SchemaVersion.check(file.toString(), meta, null);
        return meta.get(SchemaVersion.KIND_KEY);
    }

    /** Rows in the file, from its footer (no data read). */
    public static long rowCount(Path file) throws IOException {
        RowFileReader.metadata(file);
        try (org.apache.parquet.hadoop.ParquetFileReader r = org.apache.parquet.hadoop.ParquetFileReader.open(
                new org.apache.parquet.io.LocalInputFile(file))) {
            return r.getRecordCount();
        }
    }

    /** The schema version written in the file. */
    public static String version(Path file) throws IOException {
        return RowFileReader.metadata(file).getOrDefault(SchemaVersion.VERSION_KEY, "?");
    }

    /** A streaming reader of rows as ordered maps. */
    public static RowFileReader<Map<String, Object>> reader(Path file) throws IOException {
        return new RowFileReader<>(file, null, g -> toMap(g, g.getType()));
    }

    private static Map<String, Object> toMap(Group g, GroupType type) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < type.getFieldCount(); i++) {
            Type f = type.getType(i);
            int n = g.getFieldRepetitionCount(i);
            if (n == 0) {
                continue;
            }
            out.put(f.getName(), value(g, i, f));
        }
        return out;
    }

    private static Object value(Group g, int i, Type f) {
        if (f.isPrimitive()) {
            PrimitiveType p = f.asPrimitiveType();
            return switch (p.getPrimitiveTypeName()) {
                case INT32 -> g.getInteger(i, 0);
                case INT64 -> g.getLong(i, 0);
                case DOUBLE -> g.getDouble(i, 0);
                case FLOAT -> (double) g.getFloat(i, 0);
                case BOOLEAN -> g.getBoolean(i, 0);
                default -> g.getString(i, 0);
            };
        }
        Group inner = g.getGroup(i, 0);
        LogicalTypeAnnotation logical = f.getLogicalTypeAnnotation();
        if (logical instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
            List<String> list = new ArrayList<>();
            for (int k = 0; k < inner.getFieldRepetitionCount(0); k++) {
                list.add(inner.getGroup(0, k).getString(0, 0));
            }
            return list;
        }
        if (logical instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation) {
            Map<String, String> map = new LinkedHashMap<>();
            for (int k = 0; k < inner.getFieldRepetitionCount(0); k++) {
                Group kv = inner.getGroup(0, k);
                map.put(kv.getString(0, 0), kv.getString(1, 0));
            }
            return map;
        }
        return toMap(inner, f.asGroupType());
    }
}
