package io.stepcast.evaluation.report;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;
import io.stepcast.evaluation.metrics.ScalingPoint;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.scaling.ScalingSlice;
import io.stepcast.evaluation.suite.ScoreEntry;
import io.stepcast.evaluation.suite.SuiteResult;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;

/**
 * The scaling charts a report opens with: for each dataset, protocol, target and model, the target against the workers over one {@link ScalingSlice}: the measured points of the charted split, its
 * training side and its held-out side marked apart, and each predictor's curve from that split's fit over the
 * training, held-out and in-between configurations, with the interval band of the best predictors that give one.
 * A predictions file written before the training points were kept charts the held-out points of every split.
 */
final class ScalingCharts {
    /** Interval bands drawn (the best predictors by MAPE that have one), so that the bands stay readable. */
    static final int BANDS = 3;
    private static final Color TRAIN = new Color(120, 120, 120);

    private ScalingCharts() {
    }

    /** A predictor's curve: its mean answer per worker count, with the interval's mean ends where all have one. */
    record Curve(String predictor, double[] x, double[] y, double[] lower, double[] upper) {
        boolean hasBand() {
            return lower != null;
        }
    }

    /**
     * One chart's data.
     *
     * @param fromTrainingSide true when the training points and in-between configurations were predicted by the
     *                         charted split's fit (a file written before they were kept has the held-out points only)
     */
    record Chart(String title, String xLabel, String yLabel, String dataset, String target, String model,
                 double[] trainX, double[] trainY, double[] testX, double[] testY, List<Curve> curves,
                 boolean fromTrainingSide) {
    }

    /** Every scaling chart's data, in the order of the leaderboard's groups, models by name. */
    static List<Chart> of(SuiteResult r) {
        List<Chart> out = new ArrayList<>();
        for (List<ScoreEntry> ranked : Leaderboard.ranked(r.entries()).values()) {
            ScoreEntry first = ranked.get(0);
            Target target = Target.parse(first.target());
            if (target == Target.ACCURACY) {
                continue;
            }
            List<String> names = ranked.stream().filter(e -> e.metrics().n() > 0).limit(Charts.MAX_SERIES)
                    .map(ScoreEntry::predictor).toList();
            if (names.isEmpty()) {
                continue;
            }
            List<ScoredPoint> scored = r.points().stream().filter(p -> p.dataset().equals(first.dataset())
                    && p.protocol().equals(first.protocol()) && p.target() == target).toList();
            List<ScalingPoint> scaling = r.scaling().stream().filter(p -> p.dataset().equals(first.dataset())
                    && p.protocol().equals(first.protocol()) && p.target() == target).toList();
            for (String model : new TreeSet<>(scored.stream().map(ScoredPoint::model).toList())) {
                chart(first, target, model, names,
                        scored.stream().filter(p -> p.model().equals(model)).toList(),
                        scaling.stream().filter(p -> p.config().model().equals(model)).toList()).ifPresent(out::add);
            }
        }
        return out;
    }

    private static java.util.Optional<Chart> chart(ScoreEntry group, Target target, String model, List<String> names,
                                                   List<ScoredPoint> scored, List<ScalingPoint> scaling) {
        ScalingSlice slice;
        List<ScoredPoint> tests;
        if (!scaling.isEmpty()) {
            String split = scaling.get(0).split();
            slice = best(scaling.stream().map(ScalingPoint::config).toList());
            tests = scored.stream().filter(p -> p.split().equals(split) && slice.contains(p.config())).toList();
        } else {
            slice = best(scored.stream().map(ScoredPoint::config).toList());
            tests = scored.stream().filter(p -> slice.contains(p.config())).toList();
        }
        List<ScalingPoint> mine = scaling.stream().filter(p -> slice.contains(p.config())).toList();
        Set<Integer> workers = new HashSet<>();
        tests.forEach(p -> workers.add(p.config().workers()));
        mine.forEach(p -> workers.add(p.config().workers()));
        if (workers.size() < 2 || tests.isEmpty()) {
            return java.util.Optional.empty();
        }
        // Every predictor answered the same points: the measured values are read from one of them.
        String one = tests.get(0).predictor();
        Map<Integer, double[]> test = new TreeMap<>();
        tests.stream().filter(p -> p.predictor().equals(one))
                .forEach(p -> add(test, p.config().workers(), p.measured()));
        Map<Integer, double[]> train = new TreeMap<>();
        String oneCharted = mine.isEmpty() ? one : mine.get(0).predictor();
        mine.stream().filter(p -> p.predictor().equals(oneCharted) && p.role() == ScalingPoint.Role.TRAIN)
                .forEach(p -> add(train, p.config().workers(), p.measured()));
        List<Curve> curves = new ArrayList<>();
        for (String n : names) {
            List<Answer> answers = new ArrayList<>();
            tests.stream().filter(p -> p.predictor().equals(n))
                    .forEach(p -> answers.add(new Answer(p.config(), p.prediction())));
            mine.stream().filter(p -> p.predictor().equals(n))
                    .forEach(p -> answers.add(new Answer(p.config(), p.prediction())));
            curve(n, target, answers).ifPresent(curves::add);
        }
        String what = target.label().replace('-', ' ');
        String title = model + " on " + group.dataset() + ": " + what + " vs workers, " + group.protocol();
        return java.util.Optional.of(new Chart(title, "workers (" + slice.label() + ")",
                what + " (" + target.unit() + ")",
                group.dataset(), what, model, keys(train), means(train), keys(test), means(test), curves,
                !scaling.isEmpty()));
    }

    private record Answer(Config config, Prediction prediction) {
    }

    /** The mean answer per worker count; the band only where every answer at every count has an interval. */
    private static java.util.Optional<Curve> curve(String name, Target target, List<Answer> answers) {
        Map<Integer, double[]> values = new TreeMap<>();
        Map<Integer, double[]> lower = new TreeMap<>();
        Map<Integer, double[]> upper = new TreeMap<>();
        boolean band = true;
        for (Answer a : answers) {
            if (!(a.prediction() instanceof Prediction.Value v)) {
                continue;
            }
            int w = a.config().workers();
            add(values, w, v.value());
            if (v.lower().isPresent()) {
                add(lower, w, v.lower().getAsDouble());
                add(upper, w, v.upper().getAsDouble());
            } else {
                band = false;
            }
        }
        if (values.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new Curve(name, keys(values), means(values), band ? means(lower) : null,
                band ? means(upper) : null));
    }

    /** The slice holding the most of {@code configs}' worker counts (the first such, by first appearance). */
    private static ScalingSlice best(List<Config> configs) {
        Set<ScalingSlice> candidates = new LinkedHashSet<>();
        configs.forEach(c -> candidates.addAll(ScalingSlice.of(c)));
        return candidates.stream().max(Comparator.comparingLong((ScalingSlice k) -> configs.stream()
                .filter(k::contains).mapToInt(Config::workers).distinct().count())
                .thenComparingLong(k -> configs.stream().filter(k::contains).count()))
                .orElseThrow();
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

    /** The chart of {@code c}: bands first, then the predictors' curves, the measured points on top. */
    static XYChart render(Chart c, Function<String, Color> colour) {
        XYChart chart = Charts.base(c.title(), c.xLabel(), c.yLabel());
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (double[] xs : List.of(c.trainX(), c.testX())) {
            for (double x : xs) {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
        }
        for (Curve k : c.curves()) {
            for (double x : k.x()) {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
        }
        // A wide range is drawn on log2 positions labelled with the worker counts: XChart's own log axis labels
        // decades only, which says little between 1 and 64 workers.
        boolean log2 = hi / lo >= 8;
        DoubleUnaryOperator x = log2 ? v -> Math.log(v) / Math.log(2) : v -> v;
        if (log2) {
            chart.getStyler().setxAxisTickLabelsFormattingFunction(v -> Math.abs(v - Math.rint(v)) < 1e-9
                    ? String.format(Locale.ROOT, "%,d", Math.round(Math.pow(2, Math.rint(v)))) : "");
            chart.setXAxisTitle(c.xLabel() + ", log scale");
        }
        Set<String> banded = new HashSet<>();
        for (Curve k : c.curves()) {
            if (!k.hasBand() || k.x().length < 2 || banded.size() >= BANDS) {
                continue;
            }
            banded.add(k.predictor());
            int n = k.x().length;
            double[] px = new double[2 * n];
            double[] py = new double[2 * n];
            for (int i = 0; i < n; i++) {
                px[i] = x.applyAsDouble(k.x()[i]);
                py[i] = k.lower()[i];
                px[2 * n - 1 - i] = x.applyAsDouble(k.x()[i]);
                py[2 * n - 1 - i] = k.upper()[i];
            }
            XYSeries s = chart.addSeries(k.predictor() + " interval", px, py);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
            Color base = colour.apply(k.predictor());
            s.setFillColor(new Color(base.getRed(), base.getGreen(), base.getBlue(), 45));
            s.setLineColor(new Color(0, 0, 0, 0));
            s.setMarker(SeriesMarkers.NONE);
            s.setShowInLegend(false);
        }
        for (Curve k : c.curves()) {
            XYSeries s = chart.addSeries(k.predictor() + (banded.contains(k.predictor()) ? " (shaded: interval)" : ""),
                    map(k.x(), x), k.y());
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            s.setLineStyle(new BasicStroke(2f));
            s.setLineColor(colour.apply(k.predictor()));
            s.setMarker(SeriesMarkers.NONE);
        }
        if (c.trainX().length > 0) {
            XYSeries s = chart.addSeries("measured (train)", map(c.trainX(), x), c.trainY());
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.SQUARE);
            s.setMarkerColor(TRAIN);
        }
        XYSeries s = chart.addSeries("measured (test)", map(c.testX(), x), c.testY());
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.DIAMOND);
        s.setMarkerColor(Color.BLACK);
        return chart;
    }

    private static double[] map(double[] xs, DoubleUnaryOperator f) {
        return java.util.Arrays.stream(xs).map(f).toArray();
    }

    /**
     * Writes every scaling chart under {@code outDir/charts/}; the first chart of each dataset and model leads the
     * report, the others (the same model under another protocol or target) go to its details.
     */
    static List<ChartFile> write(SuiteResult r, Path outDir, UniqueTitles titles, Function<String, Color> colour)
            throws IOException {
        List<ChartFile> out = new ArrayList<>();
        Set<List<String>> led = new HashSet<>();
        int i = 0;
        for (Chart c : of(r)) {
            Chart titled = new Chart(titles.of(c.title()), c.xLabel(), c.yLabel(), c.dataset(), c.target(), c.model(),
                    c.trainX(), c.trainY(), c.testX(), c.testY(), c.curves(), c.fromTrainingSide());
            String file = "charts/scaling-" + c.target().replace(' ', '-') + "-vs-workers-" + (++i) + ".png";
            Charts.save(render(titled, colour), outDir.resolve(file));
            boolean leading = led.add(List.of(c.dataset(), c.model()));
            out.add(new ChartFile(file, titled.title(), caption(titled), leading));
        }
        return out;
    }

    private static String caption(Chart c) {
        return c.fromTrainingSide()
                ? "Grey squares: the charted split's training points; black diamonds: its held-out points; lines: each"
                + " predictor's fit on that training side."
                : "Black diamonds: the held-out points of every split (this predictions file holds no training"
                + " points); lines: each predictor's predictions of them.";
    }

    /** What every scaling chart shows, said once above them. */
    static String introduction() {
        return "The target against the workers for each model, over configurations that differ only in their workers"
                + " (what is held fixed is under each x axis). Measured: the training points (grey squares, \"measured"
                + " (train)\") and the held-out points (black diamonds, \"measured (test)\") of one split, the one"
                + " whose points span the most worker counts; means where several points share a count. Each"
                + " predictor's curve is its one fit on that training side, predicted at the training, held-out and"
                + " in-between worker counts (powers of two where the neighbours differ in their workers alone)."
                + " Shaded: the split-conformal interval of the best " + BANDS + " predictors that have one. The other"
                + " protocols' and targets' charts are under \"More charts\".";
    }
}
