package io.stepcast.evaluation.report;

import io.stepcast.api.Config;
import io.stepcast.api.Target;
import io.stepcast.datasets.io.AtomicFiles;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.selection.SelectionCase;
import io.stepcast.evaluation.selection.SelectionOutcome;
import io.stepcast.evaluation.suite.Curve;
import io.stepcast.evaluation.suite.ScoreEntry;
import io.stepcast.evaluation.suite.SelectionEntry;
import io.stepcast.evaluation.suite.SuiteResult;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The PNG charts of a report (headless XChart): predicted vs measured for each dataset, protocol and
 * target; throughput vs workers for each model, with every predictor's predicted curve and the
 * measurements; measured and predicted latency vs batch size with the SLO for one decision of every
 * selection dataset. At most {@value #MAX_SERIES} predictors per chart (the best by MAPE), so charts stay
 * readable.
 */
public final class Charts {
    static final int MAX_SERIES = 8;
    private static final int MAX_MODELS = 6;
    private static final int WIDTH = 900;
    private static final int HEIGHT = 600;

    /** Distinct colours, none of them red (the SLO line); a predictor keeps its colour in every chart of a report. */
    private static final Color[] PALETTE = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
        new Color(120, 0, 120), new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194),
        new Color(127, 127, 127), new Color(188, 189, 34), new Color(23, 190, 207), new Color(0, 0, 128),
        new Color(128, 128, 0), new Color(0, 128, 128), new Color(255, 200, 0), new Color(100, 200, 255)};

    private Charts() {
    }

    private static Color colour(SuiteResult r, String predictor) {
        List<String> all = new ArrayList<>(new TreeSet<>(r.points().stream().map(ScoredPoint::predictor)
                .collect(Collectors.toSet())));
        r.selection().forEach(e -> {
            if (!all.contains(e.predictor())) {
                all.add(e.predictor());
            }
        });
        int i = all.indexOf(predictor);
        return PALETTE[Math.floorMod(i < 0 ? predictor.hashCode() : i, PALETTE.length)];
    }

    /** Writes every chart under {@code outDir/charts/} and lists them. */
    public static List<ChartFile> write(SuiteResult r, Path outDir) throws IOException {
        List<ChartFile> out = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, List<ScoreEntry>> g : Leaderboard.ranked(r.entries()).entrySet()) {
            List<ScoreEntry> ranked = g.getValue();
            ScoreEntry first = ranked.get(0);
            List<String> names = ranked.stream().filter(e -> e.metrics().n() > 0).limit(MAX_SERIES)
                    .map(ScoreEntry::predictor).toList();
            if (names.isEmpty()) {
                continue;
            }
            List<ScoredPoint> pts = r.points().stream().filter(p -> p.dataset().equals(first.dataset())
                    && p.protocol().equals(first.protocol()) && p.target().label().equals(first.target())).toList();
            String file = "charts/predicted-vs-measured-" + (++i) + ".png";
            save(predictedVsMeasured(r, g.getKey(), pts, names), outDir.resolve(file));
            out.add(new ChartFile(file, "Predicted vs measured: " + g.getKey(),
                    "Each point is one held-out configuration; the diagonal is a perfect prediction."));
            out.addAll(scaling(r, first, names, outDir, i));
        }
        int s = 0;
        Map<String, List<SelectionEntry>> byDataset = new LinkedHashMap<>();
        r.selection().forEach(e -> byDataset.computeIfAbsent(e.dataset(), k -> new ArrayList<>()).add(e));
        for (Map.Entry<String, List<SelectionEntry>> e : byDataset.entrySet()) {
            XYChart c = batchLatency(r, e.getKey(), e.getValue());
            if (c != null) {
                String file = "charts/batch-latency-" + (++s) + ".png";
                save(c, outDir.resolve(file));
                out.add(new ChartFile(file, "Batch size vs latency with the SLO: " + e.getKey(), c.getTitle()));
            }
        }
        out.addAll(curves(r, outDir));
        return out;
    }

    /** One chart per {@link Curve#chart()}, a series per curve, workers-like x axis in log 2 scale. */
    private static List<ChartFile> curves(SuiteResult r, Path outDir) throws IOException {
        Map<String, List<Curve>> byChart = new LinkedHashMap<>();
        r.curves().forEach(c -> byChart.computeIfAbsent(c.chart(), k -> new ArrayList<>()).add(c));
        List<ChartFile> out = new ArrayList<>();
        int n = 0;
        for (Map.Entry<String, List<Curve>> e : byChart.entrySet()) {
            Curve first = e.getValue().get(0);
            XYChart chart = base(e.getKey(), first.xLabel(), first.yLabel());
            chart.getStyler().setXAxisLogarithmic(true);
            int k = 0;
            for (Curve c : e.getValue()) {
                List<Double> xs = new ArrayList<>();
                List<Double> ys = new ArrayList<>();
                for (int i = 0; i < c.x().size(); i++) {
                    if (Double.isFinite(c.y().get(i))) {
                        xs.add(c.x().get(i));
                        ys.add(c.y().get(i));
                    }
                }
                if (xs.isEmpty()) {
                    continue;
                }
                XYSeries s = chart.addSeries(c.series(), xs, ys);
                s.setLineColor(PALETTE[k % PALETTE.length]);
                s.setMarkerColor(PALETTE[k % PALETTE.length]);
                s.setMarker(SeriesMarkers.CIRCLE);
                k++;
            }
            if (k == 0) {
                continue;
            }
            String file = "charts/curve-" + (++n) + ".png";
            save(chart, outDir.resolve(file));
            out.add(new ChartFile(file, e.getKey(), first.note()));
        }
        return out;
    }

    private static XYChart base(String title, String x, String y) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(x).yAxisTitle(y).build();
        org.knowm.xchart.style.XYStyler st = c.getStyler();
        st.setLegendPosition(Styler.LegendPosition.OutsideE);
        st.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        st.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        st.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        st.setChartBackgroundColor(Color.WHITE);
        st.setPlotGridLinesColor(new Color(225, 225, 225));
        st.setMarkerSize(7);
        return c;
    }

    private static XYChart predictedVsMeasured(SuiteResult r, String title, List<ScoredPoint> pts, List<String> names) {
        String unit = pts.get(0).target().unit();
        XYChart c = base(title, "measured (" + unit + ")", "predicted (" + unit + ")");
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        if (pts.size() > 300 * names.size()) {
            c.getStyler().setMarkerSize(4);
        }
        // The best predictor is drawn last, on top, so the worse ones never hide it.
        List<String> order = new ArrayList<>(names);
        Collections.reverse(order);
        for (String n : order) {
            List<ScoredPoint> mine = pts.stream().filter(p -> p.predictor().equals(n) && p.prediction().isValue()
                    && p.predicted().getAsDouble() > 0).toList();
            if (mine.isEmpty()) {
                continue;
            }
            double[] x = mine.stream().mapToDouble(ScoredPoint::measured).toArray();
            double[] y = mine.stream().mapToDouble(p -> p.predicted().getAsDouble()).toArray();
            for (int i = 0; i < x.length; i++) {
                lo = Math.min(lo, Math.min(x[i], y[i]));
                hi = Math.max(hi, Math.max(x[i], y[i]));
            }
            XYSeries s = c.addSeries(n, x, y);
            s.setMarker(SeriesMarkers.CIRCLE);
            s.setMarkerColor(colour(r, n));
        }
        if (hi > 0) {
            XYSeries d = c.addSeries("perfect (y = x)", new double[] {lo, hi}, new double[] {lo, hi});
            d.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            d.setMarker(SeriesMarkers.NONE);
            d.setLineColor(Color.GRAY);
            d.setLineStyle(SeriesLines.DASH_DASH);
            if (hi / lo > 30) {
                c.getStyler().setXAxisLogarithmic(true);
                c.getStyler().setYAxisLogarithmic(true);
            }
        }
        return c;
    }

    /** Throughput vs workers per model, for the dataset/protocol of {@code group} when workers vary. */
    private static List<ChartFile> scaling(SuiteResult r, ScoreEntry group, List<String> names, Path outDir, int index)
            throws IOException {
        Target target = io.stepcast.api.Target.parse(group.target());
        if (target != Target.THROUGHPUT && target != Target.STEP_TIME) {
            return List.of();
        }
        List<ScoredPoint> pts = r.points().stream().filter(p -> p.dataset().equals(group.dataset())
                && p.protocol().equals(group.protocol()) && p.target() == target).toList();
        Map<String, List<ScoredPoint>> byModel = new TreeMap<>();
        pts.forEach(p -> byModel.computeIfAbsent(p.model(), k -> new ArrayList<>()).add(p));
        List<ChartFile> out = new ArrayList<>();
        int m = 0;
        for (Map.Entry<String, List<ScoredPoint>> e : byModel.entrySet()) {
            Map<String, List<ScoredPoint>> slices = new HashMap<>();
            e.getValue().forEach(p -> slices.computeIfAbsent(slice(p.config()), k -> new ArrayList<>()).add(p));
            List<ScoredPoint> best = slices.values().stream()
                    .max(Comparator.comparingLong((List<ScoredPoint> l) -> l.stream()
                            .mapToInt(p -> p.config().workers()).distinct().count())
                            .thenComparing(l -> slice(l.get(0).config())))
                    .orElseThrow();
            if (best.stream().mapToInt(p -> p.config().workers()).distinct().count() < 2) {
                continue;
            }
            if (++m > MAX_MODELS) {
                break;
            }
            Config c0 = best.get(0).config();
            String title = e.getKey() + ", " + c0.deployment().hardware() + ", " + c0.deployment().architecture()
                    + ", local batch " + c0.localBatch()
                    + " (" + group.dataset() + ", " + group.protocol() + ")";
            XYChart c = base(title, "workers", "throughput (samples/s)");
            Map<Integer, double[]> measured = new TreeMap<>();
            best.stream().filter(p -> p.predictor().equals(best.get(0).predictor()))
                    .forEach(p -> add(measured, p.config().workers(), throughput(p, p.measured())));
            XYSeries ms = c.addSeries("measured", keys(measured), means(measured));
            ms.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            ms.setMarker(SeriesMarkers.DIAMOND);
            ms.setMarkerColor(Color.BLACK);
            for (String n : names) {
                Map<Integer, double[]> pred = new TreeMap<>();
                best.stream().filter(p -> p.predictor().equals(n) && p.prediction().isValue())
                        .forEach(p -> add(pred, p.config().workers(), throughput(p, p.predicted().getAsDouble())));
                if (!pred.isEmpty()) {
                    XYSeries s = c.addSeries(n, keys(pred), means(pred));
                    s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                    s.setLineStyle(new BasicStroke(2f));
                    s.setLineColor(colour(r, n));
                    s.setMarkerColor(colour(r, n));
                }
            }
            double w0 = keys(measured)[0];
            double t0 = means(measured)[0];
            double[] ws = keys(measured);
            double[] linear = new double[ws.length];
            for (int k = 0; k < ws.length; k++) {
                linear[k] = t0 * ws[k] / w0;
            }
            XYSeries ls = c.addSeries("linear scaling from " + (int) w0 + " worker" + (w0 == 1 ? "" : "s"), ws, linear);
            ls.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            ls.setLineStyle(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
            ls.setLineColor(Color.GRAY);
            ls.setMarker(SeriesMarkers.NONE);
            String file = "charts/scaling-throughput-vs-workers-" + index + "-" + m + ".png";
            save(c, outDir.resolve(file));
            out.add(new ChartFile(file, "Throughput vs workers: " + e.getKey() + " (" + group.dataset() + ", "
                    + group.protocol() + ")", "Measured (black) and every predictor's predicted throughput, with the "
                    + "throughput linear scaling would reach from the smallest measured count (dashed); where several "
                    + "placements share a worker count their mean is drawn."));
        }
        return out;
    }

    private static String slice(Config c) {
        return c.localBatch() + "|" + c.deployment().hardware() + "|" + c.deployment().architecture() + "|"
                + c.deployment().tenants() + "|" + c.workload().dataset();
    }

    private static double throughput(ScoredPoint p, double v) {
        return p.target() == Target.THROUGHPUT ? v : p.config().globalBatch() / v;
    }

    private static void add(Map<Integer, double[]> m, int k, double v) {
        double[] s = m.computeIfAbsent(k, x -> new double[2]);
        s[0] += v;
        s[1]++;
    }

    private static double[] keys(Map<Integer, double[]> m) {
        return m.keySet().stream().mapToDouble(Integer::doubleValue).toArray();
    }

    private static double[] means(Map<Integer, double[]> m) {
        return m.values().stream().mapToDouble(s -> s[0] / s[1]).toArray();
    }

    /** One decision: the job with the most candidates, at its median SLO. */
    private static XYChart batchLatency(SuiteResult r, String dataset, List<SelectionEntry> entries) {
        List<SelectionOutcome> all = entries.stream().flatMap(e -> e.outcomes().stream()).toList();
        if (all.isEmpty()) {
            return null;
        }
        SelectionCase widest = all.stream().map(SelectionOutcome::selectionCase)
                .max(Comparator.comparingInt((SelectionCase c) -> c.candidates().size()).thenComparing(SelectionCase::job))
                .orElseThrow();
        List<Double> slos = all.stream().map(SelectionOutcome::selectionCase).filter(c -> c.job().equals(widest.job()))
                .map(SelectionCase::sloS).distinct().sorted().toList();
        // The SLO on which the predictors disagree most shows the most; ties go to the median SLO.
        double median = slos.get(slos.size() / 2);
        double slo = slos.stream().max(Comparator.comparingLong((Double x) -> all.stream()
                        .filter(o -> o.selectionCase().job().equals(widest.job()) && o.selectionCase().sloS() == x
                                && o.decided())
                        .mapToInt(o -> o.chosen().getAsInt()).distinct().count())
                .thenComparing(x -> -Math.abs(x - median))).orElse(median);
        Config cfg = widest.config();
        String title = dataset + ": " + cfg.model() + ", " + cfg.workers() + " worker(s), SLO "
                + Leaderboard.g(slo) + " s";
        XYChart c = base(title, "batch size (" + widest.scope().name().toLowerCase(Locale.ROOT) + ")",
                "latency (s)");
        double[] xs = widest.candidates().stream().mapToDouble(Integer::doubleValue).toArray();
        if (xs[xs.length - 1] / xs[0] > 30) {
            c.getStyler().setXAxisLogarithmic(true);
        }
        XYSeries m = c.addSeries("measured", xs, widest.candidates().stream()
                .mapToDouble(b -> widest.measuredLatency().get(b)).toArray());
        m.setMarker(SeriesMarkers.DIAMOND);
        m.setLineColor(Color.BLACK);
        m.setMarkerColor(Color.BLACK);
        m.setLineStyle(new BasicStroke(2.5f));
        int n = 0;
        List<SelectionEntry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparingDouble(e -> Double.isNaN(e.score().violationRate()) ? 2 : e.score().violationRate()));
        for (SelectionEntry e : sorted) {
            SelectionOutcome o = e.outcomes().stream().filter(x -> x.selectionCase().job().equals(widest.job())
                    && x.selectionCase().sloS() == slo && !x.predictedLatency().isEmpty()).findFirst().orElse(null);
            if (o == null || ++n > MAX_SERIES) {
                continue;
            }
            Map<Integer, Double> p = new TreeMap<>(o.predictedLatency());
            String label = e.predictor() + " (chose " + o.chosen().getAsInt() + (o.met() ? ", met" : ", missed") + ")";
            XYSeries s = c.addSeries(label, p.keySet().stream().mapToDouble(Integer::doubleValue).toArray(),
                    p.values().stream().mapToDouble(Double::doubleValue).toArray());
            s.setLineStyle(SeriesLines.DASH_DOT);
            s.setLineColor(colour(r, e.predictor()));
            s.setMarkerColor(colour(r, e.predictor()));
        }
        XYSeries line = c.addSeries("SLO", new double[] {xs[0], xs[xs.length - 1]}, new double[] {slo, slo});
        line.setMarker(SeriesMarkers.NONE);
        line.setLineColor(Color.RED);
        line.setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 6f}, 0f));
        return c;
    }

    private static void save(XYChart chart, Path file) throws IOException {
        byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        AtomicFiles.write(file, tmp -> Files.write(tmp, png));
    }
}
