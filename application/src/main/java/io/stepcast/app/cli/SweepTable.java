package io.stepcast.app.cli;

import io.stepcast.api.Gibibytes;
import io.stepcast.app.sweep.SweepAxis;
import io.stepcast.app.sweep.SweepRow;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The console view of a sweep: one line with the axes every point shares, then one row per point with the axes
 * that vary (the workers always), the mean, standard deviation, minimum and maximum over the seeds and the unit, then
 * the peak memory per GPU in GiB when the predictor estimates it for some point ({@code -} for the others) and whether
 * it fits the GPU ({@code yes}, {@code NO}, {@code ?} where the catalog does not know the GPU's memory), as
 * {@code predict} shows them.
 * A point no seed answered shows {@code n/a} (its reason is in {@code sweep.parquet} and the command's summary).
 */
final class SweepTable {
    /** Significant digits of a value under {@link #WHOLE}; values from there on are shown as whole numbers. */
    private static final MathContext DIGITS = new MathContext(4);
    private static final double WHOLE = 1000;

    private SweepTable() {
    }

    /** Prints the rows with the unit of their target. */
    static void print(List<SweepRow> rows, String unit, Function<SweepRow, Optional<Boolean>> fits, PrintWriter out) {
        List<SweepAxis> fixed = SweepAxis.fixed(rows);
        if (!rows.isEmpty()) {
            String shared = fixed.stream().filter(a -> a.value(rows.get(0)) != null)
                    .map(a -> a.column() + " " + text(a.value(rows.get(0)))).collect(Collectors.joining(", "));
            if (!shared.isEmpty()) {
                out.println("every point: " + shared);
            }
        }
        List<SweepAxis> varied = SweepAxis.varied(rows);
        List<String> header = new ArrayList<>();
        varied.forEach(a -> header.add(a.header()));
        header.addAll(List.of("MEAN", "SD", "MIN", "MAX", "UNIT"));
        // Only a predictor that estimates memory adds the column, as it adds predict's PEAK GiB.
        boolean memory = rows.stream().anyMatch(r -> r.peakMemoryBytes().isPresent());
        if (memory) {
            header.add("PEAK GiB");
            header.add("FITS");
        }
        TextTable table = new TextTable(header.toArray(String[]::new));
        for (SweepRow r : rows) {
            List<String> cells = new ArrayList<>();
            varied.forEach(a -> cells.add(a.value(r) == null ? "-" : text(a.value(r))));
            cells.addAll(List.of(number(r.mean()), number(r.sd()), number(r.min()), number(r.max()), unit));
            if (memory) {
                cells.add(r.peakMemoryBytes().isPresent() ? Gibibytes.format(r.peakMemoryBytes().getAsDouble()) : "-");
                cells.add(r.peakMemoryBytes().isPresent() ? fits.apply(r).map(f -> f ? "yes" : "NO").orElse("?") : "-");
            }
            table.row(cells.toArray(String[]::new));
        }
        table.print(out);
    }

    private static String text(Object v) {
        return v instanceof Double d ? number(OptionalDouble.of(d)) : String.valueOf(v);
    }

    /** Four significant digits, whole numbers from 1000 on, never an exponent; {@code n/a} when absent. */
    static String number(OptionalDouble v) {
        if (v.isEmpty()) {
            return "n/a";
        }
        double x = v.getAsDouble();
        if (Math.abs(x) >= WHOLE || x == 0) {
            return String.format(Locale.ROOT, "%.0f", x);
        }
        return new BigDecimal(x).round(DIGITS).stripTrailingZeros().toPlainString();
    }
}
