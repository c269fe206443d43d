package io.stepcast.app.sweep;

import io.stepcast.api.Config;
import io.stepcast.api.Target;
import io.stepcast.datasets.io.AtomicFiles;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code scaling.png}: the sweep's mean prediction (axis: the target with its unit) against the number of GPUs
 * (workers; evenly spaced by doubling when every count is a power of two), one line per combination of the other
 * axes (the first {@link #MAX_SERIES}), with the seeds' standard deviation as error bars; points that every seed
 * refused are left out.
 */
public final class SweepChart {
    /** File name in the output folder. */
    public static final String FILE = "scaling.png";
    /** The axes of a layout point that may tell lines apart (the data parallelism follows from the GPUs). */
    private static final List<SweepAxis> LAYOUT = List.of(SweepAxis.GLOBAL_BATCH, SweepAxis.TENSOR_PARALLEL,
            SweepAxis.PIPELINE_PARALLEL, SweepAxis.CONTEXT_PARALLEL, SweepAxis.EXPERT_PARALLEL, SweepAxis.MICRO_BATCH,
            SweepAxis.VIRTUAL_STAGES, SweepAxis.RECOMPUTE, SweepAxis.SEQUENCE_LENGTH, SweepAxis.ZERO_STAGE);
    /** Lines drawn at most; the chart says how many it left out. */
    static final int MAX_SERIES = 12;

    private SweepChart() {
    }

    /** Writes the chart; returns how many lines it drew. */
    public static int write(Path file, String predictor, String target, List<SweepRow> rows) throws IOException {
        XYChart c = chart(predictor, target, rows);
        byte[] png = BitmapEncoder.getBitmapBytes(c, BitmapEncoder.BitmapFormat.PNG);
        AtomicFiles.write(file, tmp -> Files.write(tmp, png));
        return rows.stream().anyMatch(r -> r.mean().isPresent()) ? c.getSeriesMap().size() : 0;
    }

    /** The chart of the rows, not yet drawn. */
    static XYChart chart(String predictor, String target, List<SweepRow> rows) {
        Map<String, List<SweepRow>> lines = new LinkedHashMap<>();
        List<SweepAxis> layout = SweepAxis.varied(rows).stream().filter(LAYOUT::contains).toList();
        for (SweepRow r : rows) {
            if (r.mean().isPresent()) {
                lines.computeIfAbsent(label(r, layout), k -> new ArrayList<>()).add(r);
            }
        }
        int left = Math.max(0, lines.size() - MAX_SERIES);
        int seeds = rows.isEmpty() ? 1 : rows.get(0).values().size();
        XYChart c = new XYChartBuilder().width(900).height(560)
                .title(predictor + ": " + target + " by GPUs" + (seeds > 1 ? ", mean and sd over " + seeds + " seeds" : "")
                        + (left > 0 ? " (" + left + " more lines not drawn)" : ""))
                .xAxisTitle("GPUs (workers)").yAxisTitle(target + " (" + Target.parse(target).unit() + ")").build();
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        c.getStyler().setChartBackgroundColor(Color.WHITE);
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        // Cluster sizes are usually powers of two: then they are drawn evenly spaced at log2(workers), each tick
        // labelled with its worker count. XChart's own log axis labels only the powers of ten (a sweep of 8 to 64
        // GPUs showed one tick, "10"), and its tick formatter on a log axis relabels the ticks as if they were linear.
        boolean log2 = lines.values().stream().flatMap(List::stream).allMatch(r -> Integer.bitCount(workers(r)) == 1)
                && lines.values().stream().flatMap(List::stream).map(SweepChart::workers).distinct().count() > 1;
        if (log2) {
            c.setCustomXAxisTickLabelsFormatter(SweepChart::powerOfTwoLabel);
        }
        int drawn = 0;
        for (Map.Entry<String, List<SweepRow>> e : lines.entrySet()) {
            if (drawn == MAX_SERIES) {
                break;
            }
            List<SweepRow> pts = e.getValue();
            double[] x = new double[pts.size()];
            double[] y = new double[pts.size()];
            double[] err = new double[pts.size()];
            for (int i = 0; i < pts.size(); i++) {
                x[i] = log2 ? Math.log(workers(pts.get(i))) / Math.log(2) : workers(pts.get(i));
                y[i] = pts.get(i).mean().getAsDouble();
                err[i] = pts.get(i).sd().orElse(0);
            }
            c.addSeries(e.getKey(), x, y, err);
            drawn++;
        }
        if (drawn == 0) {
            c.addSeries("no point answered", new double[] {0}, new double[] {0});
        }
        return c;
    }

    /** The point's GPUs ({@link SweepPoint#gpus()}): its workers, or with a layout all its replicas' GPUs. */
    private static int workers(SweepRow r) {
        return r.point().gpus();
    }

    /** The worker count at {@code log2} position {@code x} when it is a whole number, else no label. */
    static String powerOfTwoLabel(double x) {
        double workers = Math.pow(2, x);
        return Math.abs(workers - Math.rint(workers)) < 1e-9 * workers ? String.format(Locale.ROOT, "%.0f", workers) : "";
    }

    private static String label(SweepRow r, List<SweepAxis> layout) {
        Config c = r.point().config();
        StringBuilder b = new StringBuilder(c.model()).append(' ').append(c.deployment().architecture().name()
                .toLowerCase(Locale.ROOT).replace('_', '-')).append(' ').append(c.deployment().hardware());
        if (r.point().layout().flatMap(SweepLayoutPoint::globalBatch).isEmpty()) {
            // A stated global batch is among the layout's axes below; a layout point's local batch follows from it.
            b.append(" batch ").append(c.localBatch());
        }
        c.statedPrecision().ifPresent(p -> b.append(' ').append(p.label()));
        if (r.point().gpusPerNode() > 1) {
            b.append(' ').append(r.point().gpusPerNode()).append(" GPU/node");
        }
        c.deployment().bandwidthGbps().ifPresent(bw -> b.append(' ').append(bw).append(" Gb/s"));
        c.deployment().intraNodeGbps().ifPresent(bw -> b.append(" intra ").append(bw).append(" Gb/s"));
        r.point().policy().ifPresent(p -> b.append(' ').append(p));
        // The layout axes that tell the lines apart, as the sweep's options name them (the title of a legend of
        // every fixed axis would run past the chart's width).
        for (SweepAxis a : layout) {
            b.append(' ').append(SweepLayoutPoint.OPTIONS.get(a.column()).substring(2)).append(' ')
                    .append(a.value(r) == null ? "-" : a.value(r));
        }
        return b.toString();
    }
}
