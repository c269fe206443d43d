package io.stepcast.evaluation.report;

import io.stepcast.api.Gibibytes;
import io.stepcast.datasets.io.AtomicFiles;
import io.stepcast.api.evaluation.ReproductionRow;
import io.stepcast.evaluation.metrics.Coverage;
import io.stepcast.evaluation.suite.MemoryEntry;
import io.stepcast.evaluation.suite.MemoryRun;
import io.stepcast.evaluation.suite.ScoreEntry;
import io.stepcast.evaluation.suite.SuiteResult;

import io.stepcast.datasets.parquet.PredictionFiles;
import io.stepcast.datasets.parquet.PredictionRow;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Writes a run's outputs into a folder: {@code results.json} (the documented schema, see
 * {@link ResultsJson}), {@code details.json}, {@code predictions.parquet} (every prediction, see
 * {@link PredictionsParquet}), {@code report.md}, {@code report.html} and the PNG charts
 * under {@code charts/}. Every file is written to a temporary file and moved into place.
 */
public final class ReportWriter {
    private static final int MAX_REASONS = 4;
    private static final int MAX_REASON_CHARS = 220;
    private static final double GIB = Gibibytes.BYTES;
    /** What the leaderboard's same-rows column means, under its heading. */
    private static final String SAME_ROWS = "the baseline's MAPE on exactly the points that row's predictor"
            + " answered, since each MAPE is over the points its own predictor answered and predictors decline different"
            + " points; \"(k of n)\" where the baseline answered only k of those n points, and the MAPE is over those k.";
    private ReportWriter() {
    }

    /** Writes everything; returns the charts written. */
    public static List<ChartFile> write(SuiteResult r, Path outDir, String command) throws IOException {
        return write(r, outDir, command, PredictionFiles::write);
    }

    /** How {@code predictions.parquet} is written (by the run's execution engine, for example). */
    @FunctionalInterface
    public interface PredictionsWriter {
        /** Writes the rows to {@code file} atomically; returns how many. */
        long write(Path file, List<PredictionRow> rows) throws IOException;
    }

    /** Writes the report, {@code predictions.parquet} through {@code predictions}. */
    public static List<ChartFile> write(SuiteResult r, Path outDir, String command, PredictionsWriter predictions)
            throws IOException {
        text(outDir.resolve("results.json"), ResultsJson.of(r));
        text(outDir.resolve("details.json"), ResultsJson.details(r, command));
        PredictionsParquet.write(r, outDir, predictions);
        return render(r, outDir, command);
    }

    /**
     * Writes the charts, {@code report.md} and {@code report.html} only (what {@code stepcast report} draws again
     * from a run's files); returns the charts written.
     */
    public static List<ChartFile> render(SuiteResult r, Path outDir, String command) throws IOException {
        List<ChartFile> charts = Charts.write(r, outDir);
        text(outDir.resolve("report.md"), markdown(r, charts, command));
        text(outDir.resolve("report.html"), Html.of(r, charts, command));
        return charts;
    }

    /** UTF-8 text through a temporary file moved into place, so no reader sees half a report. */
    private static void text(Path target, String text) throws IOException {
        AtomicFiles.write(target, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
    }

    /** The Markdown report. */
    public static String markdown(SuiteResult r, List<ChartFile> charts, String command) {
        StringBuilder b = new StringBuilder();
        b.append("# stepcast evaluation: ").append(r.suite()).append("\n\n");
        if (!r.description().isBlank()) {
            b.append(r.description()).append("\n\n");
        }
        b.append("Produced by `").append(command).append("`. APEs in %, RMSE in the target's unit; "
                + "`n/a` = points the predictor declined (not applicable), never counted as error 0.\n");
        List<ChartFile> leading = charts.stream().filter(ChartFile::leading).toList();
        if (!leading.isEmpty()) {
            b.append("\n## Scaling\n\n").append(ScalingCharts.introduction()).append('\n');
            chartSections(b, leading);
        }
        b.append("\n## Leaderboard\n");
        Leaderboard.sameRowsHead(r.entries()).ifPresent(h -> b.append("\n`").append(h).append("`: ")
                .append(SAME_ROWS).append('\n'));
        b.append(Leaderboard.markdown(r));
        coverage(b, r);
        peakMemory(b, r);
        measuredMemory(b, r);
        if (!r.reproduction().isEmpty()) {
            b.append("\n## Reproduced figures (published, or measured on this machine)\n\n");
            List<String[]> rows = new ArrayList<>();
            for (ReproductionRow row : r.reproduction()) {
                rows.add(new String[] {row.quantity(), Leaderboard.g(row.published()),
                    row.reproduced().isPresent() ? Leaderboard.g(row.reproduced().getAsDouble()) : "not reproduced",
                    row.relativeDifference().isPresent()
                            ? Leaderboard.f(100 * row.relativeDifference().getAsDouble(), 1) + " %" : "-",
                    row.note().replace("|", "/")});
            }
            b.append(Leaderboard.table(new String[] {"quantity", "published or measured", "reproduced", "difference", "how"}, rows,
                    true));
        }
        Map<String, String> silent = Leaderboard.silent(r.entries());
        Map<String, List<ScoreEntry>> perModel = new LinkedHashMap<>();
        // A group of one model says nothing the leaderboard has not said.
        Leaderboard.ranked(r.perModel()).forEach((g, all) -> {
            List<ScoreEntry> list = all.stream().filter(e -> !silent.containsKey(e.predictor())).toList();
            if (list.stream().map(ScoreEntry::model).distinct().count() > 1) {
                perModel.put(g, list);
            }
        });
        if (!perModel.isEmpty()) {
            b.append("\n## Per model\n");
        }
        perModel.forEach((g, list) -> {
            b.append("\n#### ").append(g).append("\n");
            Optional<String> baseline = Leaderboard.sameRowsHead(list);
            List<String[]> rows = new ArrayList<>();
            list.stream().sorted((x, y) -> x.model().compareTo(y.model()) != 0 ? x.model().compareTo(y.model())
                    : Double.compare(nan(x.metrics().mape()), nan(y.metrics().mape()))).forEach(e -> {
                        List<String> row = new ArrayList<>(List.of(e.model(), e.predictor(),
                                Integer.toString(e.metrics().n()), Integer.toString(e.metrics().notApplicable()),
                                Leaderboard.f(e.metrics().mape(), 1), Leaderboard.f(e.metrics().p90Ape(), 1)));
                        baseline.ifPresent(h -> row.add(Leaderboard.sameRows(e)));
                        rows.add(row.toArray(String[]::new));
                    });
            List<String> head = new ArrayList<>(List.of("model", "predictor", "n", "n/a", "MAPE %", "p90 %"));
            baseline.ifPresent(head::add);
            b.append(Leaderboard.table(head.toArray(String[]::new), rows, true));
        });
        b.append("\n## Why predictions were not applicable\n\n");
        boolean any = false;
        for (Map.Entry<String, String> p : silent.entrySet()) {
            b.append("- ").append(p.getKey()).append(": answers nothing in this suite: ").append(p.getValue()).append('\n');
            any = true;
        }
        for (ScoreEntry e : r.entries()) {
            if (silent.containsKey(e.predictor())) {
                continue;
            }
            int shown = 0;
            int hidden = 0;
            for (Map.Entry<String, Integer> reason : e.reasons().entrySet()) {
                if (shown++ >= MAX_REASONS) {
                    hidden += reason.getValue();
                    continue;
                }
                String text = Leaderboard.rounded(reason.getKey());
                String why = text.length() > MAX_REASON_CHARS ? text.substring(0, MAX_REASON_CHARS) + "..." : text;
                b.append("- ").append(e.dataset()).append(" / ").append(e.protocol()).append(" / ")
                        .append(e.predictor()).append(" / ").append(e.target()).append(": ")
                        .append(reason.getValue()).append(" x ").append(why).append('\n');
                any = true;
            }
            if (hidden > 0) {
                b.append("- ").append(e.dataset()).append(" / ").append(e.protocol()).append(" / ").append(e.predictor())
                        .append(": ").append(hidden).append(" more, for other reasons (all in details.json)\n");
            }
        }
        if (!any) {
            b.append("Every predictor answered every point.\n");
        }
        r.predictorNotes().forEach((p, why) -> b.append("- predictor ").append(p).append(" unavailable: ").append(why)
                .append('\n'));
        r.selection().stream().filter(s -> !s.note().isBlank()).forEach(s -> b.append("- selection ")
                .append(s.dataset()).append(" / ").append(s.predictor()).append(": ").append(s.note()).append('\n'));
        r.notes().forEach(n -> b.append("- ").append(n).append('\n'));
        if (!r.seconds().isEmpty()) {
            b.append("\n## Time per predictor\n\nWall-clock seconds of all its fits and predictions in this run "
                    + "(one machine, informative only).\n\n");
            List<String[]> rows = new ArrayList<>();
            new TreeMap<>(r.seconds()).forEach((p, sec) -> rows.add(new String[] {p, Leaderboard.f(sec, 1)}));
            b.append(Leaderboard.table(new String[] {"predictor", "seconds"}, rows, true));
        }
        b.append("\n## Files\n\nOutputs beside this report: `results.json` (the leaderboard and figures),"
                + " `details.json` (per model, refusal reasons, every decision count), `" + PredictionsParquet.FILE
                + "` (every prediction: one row per dataset, protocol, split, predictor, target and point, and the"
                + " points predicted for the scaling charts; schema in evaluation/README.md), `report.html` and"
                + " `charts/`; `stepcast report DIR` draws the reports again from them.\n");
        List<ChartFile> more = charts.stream().filter(c -> !c.leading()).toList();
        if (!more.isEmpty()) {
            b.append("\n## More charts\n");
            chartSections(b, more);
        }
        return b.toString();
    }

    /** A heading, the caption and the image of each chart. */
    private static void chartSections(StringBuilder b, List<ChartFile> charts) {
        for (ChartFile c : charts) {
            b.append("\n### ").append(c.title()).append("\n\n").append(c.caption()).append("\n\n![")
                    .append(c.title()).append("](").append(c.file()).append(")\n");
        }
    }

    /** The peak memory per GPU the memory-estimating predictors gave the held-out points, when any did. */
    private static void peakMemory(StringBuilder b, SuiteResult r) {
        List<PeakMemoryTable.Row> all = PeakMemoryTable.of(r.points());
        if (all.isEmpty()) {
            return;
        }
        b.append("\n## Peak memory per GPU\n\nWhat the predictors that estimate memory say each held-out"
                + " configuration they answered needs per GPU (model state and stored activations), GiB; points without"
                + " an estimate are left out, never counted as 0. Every estimate is in `" + PredictionsParquet.FILE
                + "` (`peak_memory_bytes`).\n\n");
        List<String[]> rows = new ArrayList<>();
        for (PeakMemoryTable.Row m : all) {
            rows.add(new String[] {m.dataset(), m.protocol(), m.predictor(), m.target(), m.model(),
                Integer.toString(m.n()), Leaderboard.f(m.minBytes() / GIB, 1), Leaderboard.f(m.maxBytes() / GIB, 1)});
        }
        b.append(Leaderboard.table(new String[] {"dataset", "protocol", "predictor", "target", "model",
            "n with estimate", "min GiB", "max GiB"}, rows, true));
    }

    /**
     * Each measured run of the peak-memory tables beside every estimate of it, when the suite scores memory: the
     * rows behind the leaderboard's memory tables.
     */
    private static void measuredMemory(StringBuilder b, SuiteResult r) {
        List<String[]> rows = new ArrayList<>();
        for (MemoryEntry m : r.memory()) {
            for (MemoryRun x : m.runs()) {
                rows.add(new String[] {m.table(), x.model(), "t" + x.tensor() + " p" + x.pipeline() + " d" + x.data()
                        + " mb" + x.microBatch() + " gb" + x.globalBatch() + " " + x.precision(), x.hardware(),
                    Leaderboard.f(x.measuredBytes() / GIB, 2), m.predictor(),
                    Leaderboard.f(x.estimatedBytes().orElse(Double.NaN) / GIB, 2), Leaderboard.f(x.ape(), 1),
                    x.source()});
            }
        }
        if (r.memory().isEmpty()) {
            return;
        }
        b.append("\n## Peak memory per GPU vs measured\n\nThe peak-memory estimate of each predictor that makes one,"
                + " against peak memory per GPU measured on real runs (tables embedded in stepcast, sources in the"
                + " last column), GiB; nothing is fitted to them, and a run without an estimate is left out of the"
                + " MAPE, never counted as 0. The ranking is in the leaderboard above.\n\n");
        if (rows.isEmpty()) {
            b.append("The runs are in `details.json` (`memory`), which this folder lacks.\n");
            return;
        }
        b.append(Leaderboard.table(new String[] {"table", "model", "layout", "hardware", "measured GiB", "predictor",
            "estimated GiB", "APE %", "source"}, rows, true));
    }

    /** Measured coverage of the intervals next to their nominal level. */
    private static void coverage(StringBuilder b, SuiteResult r) {
        List<Coverage> all = Coverage.of(r.points());
        if (all.isEmpty()) {
            return;
        }
        b.append("\n## Interval coverage\n\nShare of the held-out points inside their interval next to the nominal"
                + " level; width relative to the point. `conformal`: split conformal around each predictor, calibrated"
                + " on a seeded quarter of the training side's jobs (the points above are unchanged); `native`: the"
                + " predictor's own interval from the same fit (quantile forest, the simulation's range over its"
                + " seeds), for the predictors that have one.\n\n");
        List<String[]> rows = new ArrayList<>();
        for (Coverage c : all) {
            rows.add(new String[] {c.dataset(), c.protocol(), c.target(), c.predictor(), c.interval().label(),
                Integer.toString(c.n()), nominal(c),
                c.n() > 0 ? Leaderboard.f(100 * c.covered(), 1) + " %" : "-",
                Double.isFinite(c.meanWidth()) ? Leaderboard.f(100 * c.meanWidth(), 0) + " %" : "-"});
        }
        b.append(Leaderboard.table(new String[] {"dataset", "protocol", "target", "predictor", "interval",
            "n with interval", "nominal", "covered", "width"}, rows, true));
    }

    /**
     * The stated level, with how many of the intervals state it when not all do; "not stated" for intervals that
     * state none (the simulation's range over its seeds).
     */
    private static String nominal(Coverage c) {
        if (c.nominal().isEmpty()) {
            return c.n() > 0 ? "not stated" : "-";
        }
        String level = Leaderboard.f(100 * c.nominal().getAsDouble(), 0) + " %";
        return c.stated() < c.n() ? level + " (" + c.stated() + " of " + c.n() + " state it)" : level;
    }

    private static double nan(double v) {
        return Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
    }
}
