package io.stepcast.evaluation.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.evaluation.metrics.Coverage;
import io.stepcast.evaluation.metrics.Metrics;
import io.stepcast.evaluation.selection.SelectionScore;
import io.stepcast.evaluation.suite.Curve;
import io.stepcast.api.evaluation.ReproductionRow;
import io.stepcast.evaluation.suite.MemoryEntry;
import io.stepcast.evaluation.suite.MemoryRun;
import io.stepcast.evaluation.suite.ScoreEntry;
import io.stepcast.evaluation.suite.SelectionEntry;
import io.stepcast.evaluation.suite.SuiteResult;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The machine-readable results, in exactly the documented schema:
 * <pre>{@code
 * {"suite": "default",
 *  "entries":   [{"dataset", "protocol", "predictor", "target", "n", "mape", "median_ape", "p90_ape",
 *                 "max_ape", "rmse", "r2", "baseline", "baseline_mape_same_rows", "baseline_n_same_rows",
 *                 "extrapolated"}],
 *  "selection": [{"dataset", "predictor", "decisions", "violation_rate", "regret", "feasible_missed"}],
 *  "coverage":  [{"dataset", "protocol", "predictor", "target", "interval", "n", "stated", "nominal", "covered",
 *                 "mean_width"}],
 *  "notes": ["..."],
 *  "reproduction": [{"quantity", "published", "reproduced", "relative_difference"}],
 *  "memory": [{"table", "predictor", "rows", "answered", "mape", "max_ape"}],
 *  "curves": [{"chart", "series", "x_label", "y_label", "points": [[x, y], ...]}]}
 * }</pre>
 * APEs are in percent; RMSE in the target's unit; {@code violation_rate}, {@code regret} and
 * {@code feasible_missed} are fractions in [0, 1]; {@code relative_difference} is
 * {@code (reproduced - published) / |published|}. {@code coverage} gives, per predictor and kind of interval
 * ({@code interval}: {@code conformal}, the split-conformal interval around the predictor; {@code native}, the
 * predictor's own interval, only for a predictor that has one), the share of the {@code n} held-out points with
 * such an interval whose measured value lies inside it ({@code covered}) next to the level the intervals state
 * ({@code nominal}, null when they state none; {@code stated} of the {@code n} intervals state it), and their mean
 * width relative to the point. Undefined values (NaN, or a figure that could not be reproduced) are {@code null}.
 * Entries aggregate every model of a dataset; {@code n} counts the predicted points only (refusals are in
 * {@code details.json} and the reports). {@code baseline} names the reference baseline
 * ({@link io.stepcast.evaluation.metrics.SameRowsBaseline}), {@code baseline_mape_same_rows} is its MAPE on exactly
 * the points the entry's predictor answered and {@code baseline_n_same_rows} how many of those the baseline answered
 * (the points of that MAPE); all three are null where there is no baseline (a target it does not predict, or a run
 * without it). {@code extrapolated} counts the answered points the predictor flagged as extrapolations (a learned
 * model past the range of a feature it was trained on, {@link io.stepcast.api.Predictor#extrapolation}); they are
 * scored like the others, and {@code details.json} adds each distinct note with its count
 * ({@code extrapolation_notes}). The detailed companion
 * {@code notes} (data that could not be used, warnings about the input such as unknown columns) appears only
 * when there are some; {@code curves} appears only when the suite predicts curves (y is null where the predictor declined).
 * {@code memory} appears only when the suite scores peak memory: per table of measured peak memory per GPU and
 * predictor that estimates memory, the table's {@code rows}, how many the predictor {@code answered}, and the mean and
 * largest absolute percentage error of its estimate over those ({@code details.json} adds each run with its estimate).
 * {@link #details} adds the command that produced the run, per-model entries, not-applicable counts and reasons,
 * every decision count and each curve's note.
 */
public final class ResultsJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultsJson() {
    }

    /** results.json text. */
    public static String of(SuiteResult r) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("suite", r.suite());
        ArrayNode entries = root.putArray("entries");
        for (ScoreEntry e : r.entries()) {
            entry(entries.addObject(), e);
        }
        ArrayNode selection = root.putArray("selection");
        for (SelectionEntry s : r.selection()) {
            selection(selection.addObject(), s);
        }
        ArrayNode coverage = root.putArray("coverage");
        for (Coverage c : Coverage.of(r.points())) {
            ObjectNode o = coverage.addObject();
            o.put("dataset", c.dataset());
            o.put("protocol", c.protocol());
            o.put("predictor", c.predictor());
            o.put("target", c.target());
            o.put("interval", c.interval().label());
            o.put("n", c.n());
            o.put("stated", c.stated());
            number(o, "nominal", c.nominal());
            number(o, "covered", c.covered());
            number(o, "mean_width", c.meanWidth());
        }
        if (!r.notes().isEmpty()) {
            ArrayNode notes = root.putArray("notes");
            r.notes().forEach(notes::add);
        }
        ArrayNode reproduction = root.putArray("reproduction");
        for (ReproductionRow row : r.reproduction()) {
            reproduction(reproduction.addObject(), row);
        }
        memory(root, r, false);
        curves(root, r);
        return write(root);
    }

    /** {@code "curves": [{"chart", "series", "x_label", "y_label", "points": [[x, y], ...]}]}, when there are any. */
    private static void curves(ObjectNode root, SuiteResult r) {
        curves(root, r, false);
    }

    /** The curves, each with its {@code note} when {@code notes} (details.json). */
    private static void curves(ObjectNode root, SuiteResult r, boolean notes) {
        if (r.curves().isEmpty()) {
            return;
        }
        ArrayNode curves = root.putArray("curves");
        for (Curve c : r.curves()) {
            ObjectNode o = curves.addObject();
            o.put("chart", c.chart());
            o.put("series", c.series());
            o.put("x_label", c.xLabel());
            o.put("y_label", c.yLabel());
            if (notes) {
                o.put("note", c.note());
            }
            ArrayNode points = o.putArray("points");
            for (int i = 0; i < c.x().size(); i++) {
                ArrayNode p = points.addArray();
                p.add(c.x().get(i));
                double y = c.y().get(i);
                if (Double.isFinite(y)) {
                    p.add(y);
                } else {
                    p.addNull();
                }
            }
        }
    }

    /** details.json text: results.json plus per-model entries, refusals, notes. */
    public static String details(SuiteResult r) {
        return details(r, "");
    }

    /**
     * details.json text: results.json plus the command that produced the run, per-model entries, refusals, notes,
     * and each curve's note.
     */
    public static String details(SuiteResult r, String command) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("suite", r.suite());
        root.put("command", command);
        root.put("description", r.description());
        ArrayNode entries = root.putArray("entries");
        for (ScoreEntry e : r.entries()) {
            detailed(entries.addObject(), e);
        }
        ArrayNode perModel = root.putArray("per_model");
        for (ScoreEntry e : r.perModel()) {
            detailed(perModel.addObject(), e);
        }
        ArrayNode selection = root.putArray("selection");
        for (SelectionEntry s : r.selection()) {
            ObjectNode o = selection.addObject();
            selection(o, s);
            o.put("undecided", s.score().undecided());
            o.put("note", s.note());
        }
        ArrayNode reproduction = root.putArray("reproduction");
        for (ReproductionRow row : r.reproduction()) {
            ObjectNode o = reproduction.addObject();
            reproduction(o, row);
            o.put("note", row.note());
        }
        memory(root, r, true);
        ObjectNode predictorNotes = root.putObject("unavailable_predictors");
        r.predictorNotes().forEach(predictorNotes::put);
        ObjectNode seconds = root.putObject("predictor_seconds");
        new TreeMap<>(r.seconds()).forEach(seconds::put);
        ArrayNode notes = root.putArray("notes");
        r.notes().forEach(notes::add);
        curves(root, r, true);
        drawnDecisions(root, r);
        peakMemory(root, r);
        return write(root);
    }

    /**
     * {@code "drawn_decisions": [{"dataset", "job", "model", "workers", "scope", "slo_s", "measured": [[batch, s]],
     * "outcomes": [{"predictor", "chosen", "met", "predicted": [[batch, s]]}]}]}: the decision each batch-size chart
     * draws ({@link DrawnDecision}), when the run selected batch sizes, so that the chart can be drawn again.
     */
    private static void drawnDecisions(ObjectNode root, SuiteResult r) {
        List<DrawnDecision> drawn = DrawnDecision.of(r);
        if (drawn.isEmpty()) {
            return;
        }
        ArrayNode all = root.putArray("drawn_decisions");
        for (DrawnDecision d : drawn) {
            ObjectNode o = all.addObject();
            o.put("dataset", d.dataset());
            o.put("job", d.selectionCase().job());
            o.put("model", d.selectionCase().config().model());
            o.put("workers", d.selectionCase().config().workers());
            o.put("scope", d.selectionCase().scope().name());
            o.put("slo_s", d.sloS());
            latencies(o.putArray("measured"), d.selectionCase().measuredLatency());
            ArrayNode outcomes = o.putArray("outcomes");
            d.outcomes().forEach((predictor, x) -> {
                ObjectNode n = outcomes.addObject();
                n.put("predictor", predictor);
                if (x.chosen().isPresent()) {
                    n.put("chosen", x.chosen().getAsInt());
                } else {
                    n.putNull("chosen");
                }
                n.put("met", x.met());
                latencies(n.putArray("predicted"), new TreeMap<>(x.predictedLatency()));
            });
        }
    }

    /**
     * {@code "peak_memory": [{"dataset", "protocol", "predictor", "target", "model", "n", "min_bytes", "max_bytes"}]}:
     * the peak memory per GPU the memory-estimating predictors gave their answered held-out points
     * ({@link PeakMemoryTable}), when any did.
     */
    private static void peakMemory(ObjectNode root, SuiteResult r) {
        List<PeakMemoryTable.Row> all = PeakMemoryTable.of(r.points());
        if (all.isEmpty()) {
            return;
        }
        ArrayNode out = root.putArray("peak_memory");
        for (PeakMemoryTable.Row m : all) {
            ObjectNode o = out.addObject();
            o.put("dataset", m.dataset());
            o.put("protocol", m.protocol());
            o.put("predictor", m.predictor());
            o.put("target", m.target());
            o.put("model", m.model());
            o.put("n", m.n());
            o.put("min_bytes", m.minBytes());
            o.put("max_bytes", m.maxBytes());
        }
    }

    /**
     * {@code "memory"}: each predictor's peak-memory estimate scored on a measured table, when the suite scores any;
     * with {@code runs}, each measured run with the estimate (details.json).
     */
    private static void memory(ObjectNode root, SuiteResult r, boolean runs) {
        if (r.memory().isEmpty()) {
            return;
        }
        ArrayNode out = root.putArray("memory");
        for (MemoryEntry m : r.memory()) {
            ObjectNode o = out.addObject();
            o.put("table", m.table());
            o.put("predictor", m.predictor());
            o.put("rows", m.rows());
            o.put("answered", m.answered());
            number(o, "mape", m.mape());
            number(o, "max_ape", m.maxApe());
            if (runs) {
                ArrayNode all = o.putArray("runs");
                for (MemoryRun x : m.runs()) {
                    ObjectNode n = all.addObject();
                    n.put("model", x.model());
                    n.put("hardware", x.hardware());
                    n.put("tensor_parallel", x.tensor());
                    n.put("pipeline_parallel", x.pipeline());
                    n.put("data_parallel", x.data());
                    n.put("micro_batch", x.microBatch());
                    n.put("global_batch", x.globalBatch());
                    n.put("precision", x.precision());
                    n.put("measured_bytes", x.measuredBytes());
                    number(n, "estimated_bytes", x.estimatedBytes());
                    number(n, "ape", x.ape());
                    n.put("source", x.source());
                }
            }
        }
    }

    private static void latencies(ArrayNode out, Map<Integer, Double> byBatch) {
        byBatch.forEach((batch, s) -> out.addArray().add(batch).add(s));
    }

    private static void detailed(ObjectNode o, ScoreEntry e) {
        entry(o, e);
        o.put("model", e.model());
        o.put("not_applicable", e.metrics().notApplicable());
        ObjectNode reasons = o.putObject("not_applicable_reasons");
        e.reasons().forEach(reasons::put);
        ObjectNode extrapolations = o.putObject("extrapolation_notes");
        e.extrapolations().forEach(extrapolations::put);
    }

    private static void entry(ObjectNode o, ScoreEntry e) {
        Metrics m = e.metrics();
        o.put("dataset", e.dataset());
        o.put("protocol", e.protocol());
        o.put("predictor", e.predictor());
        o.put("target", e.target());
        o.put("n", m.n());
        number(o, "mape", m.mape());
        number(o, "median_ape", m.medianApe());
        number(o, "p90_ape", m.p90Ape());
        number(o, "max_ape", m.maxApe());
        number(o, "rmse", m.rmse());
        number(o, "r2", m.r2());
        if (e.baseline().isPresent()) {
            o.put("baseline", e.baseline().get().baseline());
            number(o, "baseline_mape_same_rows", e.baseline().get().mape());
            o.put("baseline_n_same_rows", e.baseline().get().n());
        } else {
            o.putNull("baseline");
            o.putNull("baseline_mape_same_rows");
            o.putNull("baseline_n_same_rows");
        }
        o.put("extrapolated", e.extrapolated());
    }

    private static void selection(ObjectNode o, SelectionEntry s) {
        SelectionScore sc = s.score();
        o.put("dataset", s.dataset());
        o.put("predictor", s.predictor());
        o.put("decisions", sc.decisions());
        number(o, "violation_rate", sc.violationRate());
        number(o, "regret", sc.regret());
        number(o, "feasible_missed", sc.feasibleMissed());
    }

    private static void reproduction(ObjectNode o, ReproductionRow row) {
        o.put("quantity", row.quantity());
        number(o, "published", row.published());
        number(o, "reproduced", row.reproduced());
        number(o, "relative_difference", row.relativeDifference());
    }

    private static void number(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) {
            o.put(key, v);
        } else {
            o.putNull(key);
        }
    }

    private static void number(ObjectNode o, String key, OptionalDouble v) {
        number(o, key, v.orElse(Double.NaN));
    }

    private static String write(ObjectNode root) {
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise results", e);
        }
    }
}
