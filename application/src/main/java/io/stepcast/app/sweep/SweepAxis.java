package io.stepcast.app.sweep;

import io.stepcast.api.Architecture;
import io.stepcast.api.Precision;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;

/**
 * The configuration columns of a sweep's points, in {@code sweep.parquet}'s order, each with its column name
 * and console header, so that the console table, {@code --json} and the Parquet file name a column alike (the
 * mode's value is spelled as on the command line, {@code sync-ps}, where the Parquet file keeps {@code SYNC_PS}).
 */
public enum SweepAxis {
    /** The model's name. */
    MODEL("model", "MODEL", c -> c.config().model()),
    /** The architecture as the command line spells it ({@code sync-ps}). */
    MODE("mode", "MODE", c -> label(c.config().deployment().architecture())),
    /** Data-parallel workers, one GPU each. */
    WORKERS("workers", "WORKERS", c -> c.config().workers()),
    /** Nodes the workers run on. */
    NODES("nodes", "NODES", c -> c.config().deployment().nodes()),
    /** GPUs per node. */
    GPUS_PER_NODE("gpus_per_node", "GPUS/NODE", SweepPoint::gpusPerNode),
    /** Hardware label. */
    HARDWARE("hardware", "HARDWARE", c -> c.config().deployment().hardware()),
    /** Precision as the generic CSV spells it; null when unstated. */
    PRECISION("precision", "PRECISION", c -> c.config().statedPrecision().map(Precision::label).orElse(null)),
    /** Network bandwidth per node, Gbit/s; null when the predictor takes the catalog's or its default. */
    BANDWIDTH("bandwidth_gbps", "BANDWIDTH (Gb/s)", c -> orNull(c.config().deployment().bandwidthGbps())),
    /** Ring bandwidth per GPU inside a node, Gbit/s; null when unstated. */
    INTRA_NODE("intra_node_gbps", "INTRA-NODE (Gb/s)", c -> orNull(c.config().deployment().intraNodeGbps())),
    /** The predictor's policy hyper-parameter; null when the sweep does not vary it. */
    POLICY("policy", "POLICY", c -> c.policy().orElse(null)),
    /** Local batch size. */
    LOCAL_BATCH("local_batch", "BATCH", c -> c.config().localBatch()),
    /** Global batch size (local batch times workers). */
    GLOBAL_BATCH("global_batch", "GLOBAL BATCH", c -> c.config().globalBatch());

    private final String column;
    private final String header;
    private final Function<SweepPoint, Object> value;

    SweepAxis(String column, String header, Function<SweepPoint, Object> value) {
        this.column = column;
        this.header = header;
        this.value = value;
    }

    /** The column's name in {@code sweep.parquet} and in {@code sweep --json}. */
    public String column() {
        return column;
    }

    /** The console table's header. */
    public String header() {
        return header;
    }

    /** The point's value: a String, Integer, Long or Double, or null when the point leaves it unstated. */
    public Object value(SweepPoint point) {
        return value.apply(point);
    }

    /**
     * The axes that tell the rows apart: the workers (the sweep's scaling axis, always) and every other axis
     * except the global batch (which follows from workers and batch) that takes more than one value.
     */
    public static List<SweepAxis> varied(List<SweepRow> rows) {
        List<SweepAxis> out = new ArrayList<>();
        for (SweepAxis a : values()) {
            if (a == WORKERS || a != GLOBAL_BATCH && distinct(a, rows) > 1) {
                out.add(a);
            }
        }
        return out;
    }

    /** The axes with one value over all rows, the global batch aside (what {@link #varied} leaves out). */
    public static List<SweepAxis> fixed(List<SweepRow> rows) {
        List<SweepAxis> varied = varied(rows);
        List<SweepAxis> out = new ArrayList<>();
        for (SweepAxis a : values()) {
            if (!varied.contains(a) && a != GLOBAL_BATCH) {
                out.add(a);
            }
        }
        return out;
    }

    private static int distinct(SweepAxis axis, List<SweepRow> rows) {
        Set<Object> seen = new HashSet<>();
        rows.forEach(r -> seen.add(Objects.requireNonNullElse(axis.value(r), "")));
        return seen.size();
    }

    private static String label(Architecture a) {
        return a.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static Double orNull(OptionalDouble v) {
        return v.isPresent() ? v.getAsDouble() : null;
    }

    /** The value at a row's point ({@link #value(SweepPoint)}). */
    public Object value(SweepRow row) {
        return value(row.point());
    }
}
