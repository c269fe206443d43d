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
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The PNG charts of a report (headless XChart): the scaling charts ({@link ScalingCharts}); predicted vs measured
 * for each dataset, protocol and target; measured and predicted latency vs batch size with the SLO for one decision
 * of every selection dataset; the suite's predicted curves. At most {@value #MAX_SERIES} predictors per chart (the best by MAPE), so charts stay
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

    /**
     * Writes every chart under {@code outDir/charts/} and lists them, the scaling charts first (the leading ones
     * flagged); every title is unique in the report and is also the chart's own title.
     */
    public static List<ChartFile> write(SuiteResult r, Path outDir) throws IOException {
        UniqueTitles titles = new UniqueTitles();
        List<ChartFile> out = new ArrayList<>(ScalingCharts.write(r, outDir, titles, p -> colour(r, p)));
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
            String title = titles.of("Predicted vs measured: " + g.getKey());
            save(predictedVsMeasured(r, title, pts, names), outDir.resolve(file));
            out.add(new ChartFile(file, title,
                    "Each point is one held-out configuration; the diagonal is a perfect prediction."));
        }
        int s = 0;
        for (Map.Entry<String, List<SelectionEntry>> e : DrawnDecision.byDataset(r).entrySet()) {
            Optional<DrawnDecision> drawn = DrawnDecision.of(e.getKey(), e.getValue());
            if (drawn.isPresent()) {
                XYChart c = batchLatency(r, drawn.get(), e.getValue());
                String file = "charts/batch-latency-" + (++s) + ".png";
                String caption = c.getTitle();
                String title = titles.of("Batch size vs latency with the SLO: " + e.getKey());
                c.setTitle(title);
                save(c, outDir.resolve(file));
                out.add(new ChartFile(file, title, "One decision: " + caption + "."));
            }
        }
        out.addAll(curves(r, outDir, titles));
        return out;
    }

    /** One chart per {@link Curve#chart()}, a series per curve, workers-like x axis in log 2 scale. */
    private static List<ChartFile> curves(SuiteResult r, Path outDir, UniqueTitles titles) throws IOException {
        Map<String, List<Curve>> byChart = new LinkedHashMap<>();
        r.curves().forEach(c -> byChart.computeIfAbsent(c.chart(), k -> new ArrayList<>()).add(c));
        List<ChartFile> out = new ArrayList<>();
        int n = 0;
        for (Map.Entry<String, List<Curve>> e : byChart.entrySet()) {
            Curve first = e.getValue().get(0);
            String title = titles.of(e.getKey());
            XYChart chart = base(title, first.xLabel(), first.yLabel());
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
            out.add(new ChartFile(file, title, first.note()));
        }
        return out;
    }

    static XYChart base(String title, String x, String y) {
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

    /** The decision {@code d} (see {@link DrawnDecision}): measured and predicted latency per candidate, the SLO. */
    private static XYChart batchLatency(SuiteResult r, DrawnDecision d, List<SelectionEntry> entries) {
        SelectionCase widest = d.selectionCase();
        double slo = d.sloS();
        Config cfg = widest.config();
        String title = d.dataset() + ": " + cfg.model() + ", " + cfg.workers() + " worker(s), SLO "
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
            SelectionOutcome o = d.outcomes().get(e.predictor());
            if (o == null || o.predictedLatency().isEmpty() || ++n > MAX_SERIES) {
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

    static void save(XYChart chart, Path file) throws IOException {
        byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        AtomicFiles.write(file, tmp -> Files.write(tmp, png));
    }
}
