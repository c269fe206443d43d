package io.stepcast.datasets.parquet;

import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;
import org.apache.parquet.io.api.Binary;

import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@link OpEvent}s in the {@link Schemas#OP_EVENT} layout, each distinct requirement set once (see
 * {@link Schemas}). Not thread-safe, like the Parquet writer it serves.
 */
final class OpEventWriteSupport extends RowWriteSupport<OpEvent> {
    /** Each category's label, encoded once rather than lower-cased and encoded per row. */
    private static final Binary[] CATEGORY_LABELS = Arrays.stream(OpCategory.values())
            .map(c -> utf8(c.label())).toArray(Binary[]::new);
    /** Requirement sets already written, by content. */
    private final Map<List<String>, Integer> setIds = new HashMap<>();
    /**
     * The same, by identity: a timeline's converter hands over one list instance per distinct set, so this finds
     * almost every set without hashing its (often hundreds of) names. Bounded, cleared when full.
     */
    private final Map<List<String>, Integer> setIdsByIdentity = new IdentityHashMap<>();
    private static final int IDENTITY_LIMIT = 1 << 16;

    private final Column step = column("step");
    private final Column worker = column("worker");
    private final Column device = column("device");
    private final Column lane = column("lane");
    private final Column name = column("name");
    private final Column type = column("type");
    private final Column category = column("category");
    private final Column startUs = column("start_us");
    private final Column durationUs = column("duration_us");
    private final Column tensor = column("tensor");
    private final Column bytes = column("bytes");
    private final Column producer = column("producer");
    private final Column requiresId = column("requires_id");
    private final Column requires = column("requires");
    private final Column collective = column("collective");

    OpEventWriteSupport(Map<String, String> metadata) {
        super(Schemas.OP_EVENT, metadata);
    }

    @Override
    void writeFields(OpEvent e) {
        int32(step, e.step());
        int32(worker, e.worker());
        string(device, e.device());
        int32(lane, e.lane());
        string(name, e.name());
        string(type, e.type());
        binary(category, CATEGORY_LABELS[e.category().ordinal()]);
        float64(startUs, e.startUs());
        float64(durationUs, e.durationUs());
        string(tensor, e.tensor());
        if (e.bytes() >= 0) {
            int64(bytes, e.bytes());
        }
        string(producer, e.producer());
        List<String> set = e.requires();
        if (!set.isEmpty()) {
            Integer id = setIdsByIdentity.get(set);
            boolean first = false;
            if (id == null) {
                id = setIds.get(set);
                first = id == null;
                if (first) {
                    id = setIds.size();
                    setIds.put(set, id);
                }
                if (setIdsByIdentity.size() >= IDENTITY_LIMIT) {
                    setIdsByIdentity.clear();
                }
                setIdsByIdentity.put(set, id);
            }
            int32(requiresId, id);
            if (first) {
                stringList(requires, set);
            }
        }
        if (e.collective() != null) {
            string(collective, e.collective());
            bool("bytes_measured", e.bytesMeasured());
        }
    }
}
