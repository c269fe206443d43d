package io.stepcast.datasets.parquet;

import org.apache.parquet.example.data.Group;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/** Reading helpers over Parquet example {@link Group}s that turn absent optional fields into empties. */
final class Groups {
    private Groups() {
    }

    /** True when the row has a value for {@code field}; false also when the file's schema predates the column. */
    static boolean has(Group g, String field) {
        // a file of an older minor version lacks the optional columns added since
        return g.getType().containsField(field) && g.getFieldRepetitionCount(field) > 0;
    }

    static String string(Group g, String field) {
        return has(g, field) ? g.getString(field, 0) : null;
    }

    static OptionalDouble optDouble(Group g, String field) {
        return has(g, field) ? OptionalDouble.of(g.getDouble(field, 0)) : OptionalDouble.empty();
    }

    static OptionalLong optLong(Group g, String field) {
        return has(g, field) ? OptionalLong.of(g.getLong(field, 0)) : OptionalLong.empty();
    }

    static List<String> stringList(Group g, String field) {
        if (!has(g, field)) {
            return List.of();
        }
        Group list = g.getGroup(field, 0);
        int n = list.getFieldRepetitionCount("list");
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(list.getGroup("list", i).getString("element", 0));
        }
        return out;
    }

    static Map<String, String> stringMap(Group g, String field) {
        if (!has(g, field)) {
            return Map.of();
        }
        Group map = g.getGroup(field, 0);
        int n = map.getFieldRepetitionCount("key_value");
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < n; i++) {
            Group kv = map.getGroup("key_value", i);
            out.put(kv.getString("key", 0), kv.getString("value", 0));
        }
        return out;
    }
}
