package io.stepcast.evaluation.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.Config;
import io.stepcast.api.evaluation.ReproductionRow;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.evaluation.selection.SelectionCase;
import io.stepcast.evaluation.selection.SelectionOutcome;
import io.stepcast.evaluation.selection.SelectionScore;
import io.stepcast.evaluation.suite.Curve;
import io.stepcast.evaluation.suite.MemoryEntry;
import io.stepcast.evaluation.suite.MemoryRun;
import io.stepcast.evaluation.suite.ScoreEntry;
import io.stepcast.evaluation.suite.SelectionEntry;
import io.stepcast.evaluation.suite.SuiteResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * A finished run read back from the folder {@code stepcast evaluate --out DIR} wrote, so that its reports can be
 * drawn again without running anything: the points from {@code predictions.parquet} (the leaderboard and per-model
 * entries, refusal reasons and coverage are aggregates of them, computed as in the run), the selection scores,
 * reproduced figures, notes, curves and peak-memory scores from {@code results.json}, and, when {@code details.json}
 * is there, the description, the command, the unavailable predictors, the seconds per predictor, the notes it adds,
 * the measured runs behind each peak-memory score and the decisions the batch-size-vs-latency charts draw
 * ({@link DrawnDecision}); the selection's other decisions are not in these files.
 *
 * @param result  the run
 * @param command the command that produced it (from {@code details.json}); empty when unknown
 */
public record SavedRun(SuiteResult result, String command) {
    /** The run's machine-readable results. */
    public static final String RESULTS = "results.json";
    /** Its detailed companion, optional here. */
    public static final String DETAILS = "details.json";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * Reads the run in {@code dir}.
     *
     * @throws IOException with one line naming the missing or bad file (and the field)
     */
    public static SavedRun read(Path dir) throws IOException {
        Path results = dir.resolve(RESULTS);
        Path predictions = dir.resolve(PredictionsParquet.FILE);
        for (Path f : List.of(results, predictions)) {
            if (!Files.isRegularFile(f)) {
                throw new IOException(f + ": no such file (stepcast evaluate --out " + dir + " writes it)");
            }
        }
        JsonNode root = json(results);
        Optional<JsonNode> details = Files.isRegularFile(dir.resolve(DETAILS))
                ? Optional.of(json(dir.resolve(DETAILS))) : Optional.empty();
        String suite = text(results, root, "suite");
        Map<String, JsonNode> selectionDetails = new LinkedHashMap<>();
        details.ifPresent(d -> d.path("selection").forEach(s -> selectionDetails.put(
                s.path("dataset").asText() + "\u0000" + s.path("predictor").asText(), s)));
        Map<String, List<SelectionOutcome>> drawn = details.isPresent()
                ? drawnDecisions(dir.resolve(DETAILS), details.get()) : Map.of();
        List<SelectionEntry> selection = new ArrayList<>();
        for (JsonNode s : array(results, root, "selection")) {
            String dataset = text(results, s, "dataset");
            String predictor = text(results, s, "predictor");
            JsonNode more = selectionDetails.getOrDefault(dataset + "\u0000" + predictor, MAPPER.createObjectNode());
            selection.add(new SelectionEntry(dataset, predictor, new SelectionScore(s.path("decisions").asInt(),
                    more.path("undecided").asInt(), number(s, "violation_rate"), number(s, "regret"),
                    number(s, "feasible_missed")), drawn.getOrDefault(dataset + "\u0000" + predictor, List.of()),
                    more.path("note").asText("")));
        }
        List<String> reproductionNotes = new ArrayList<>();
        details.ifPresent(d -> d.path("reproduction").forEach(x -> reproductionNotes.add(x.path("note").asText(""))));
        List<ReproductionRow> reproduction = new ArrayList<>();
        int k = 0;
        for (JsonNode x : array(results, root, "reproduction")) {
            double reproduced = number(x, "reproduced");
            reproduction.add(new ReproductionRow(text(results, x, "quantity"), number(x, "published"),
                    Double.isNaN(reproduced) ? OptionalDouble.empty() : OptionalDouble.of(reproduced),
                    k < reproductionNotes.size() ? reproductionNotes.get(k) : ""));
            k++;
        }
        List<String> notes = new ArrayList<>();
        root.path("notes").forEach(n -> notes.add(n.asText()));
        List<Curve> curves = curves(results, root, details);
        Map<String, String> unavailable = new LinkedHashMap<>();
        Map<String, Double> seconds = new LinkedHashMap<>();
        details.ifPresent(d -> {
            d.path("unavailable_predictors").fields().forEachRemaining(e -> unavailable.put(e.getKey(),
                    e.getValue().asText()));
            d.path("predictor_seconds").fields().forEachRemaining(e -> seconds.put(e.getKey(),
                    e.getValue().asDouble()));
        });
        String description = details.map(d -> d.path("description").asText("")).orElse("");
        String command = details.map(d -> d.path("command").asText("")).orElse("");
        PredictionsParquet.Points points = PredictionsParquet.read(predictions);
        List<MemoryEntry> memory = memory(results, root, details);
        SuiteResult r = new SuiteResult(suite, description, ScoreEntry.aggregate(points.scored(), false),
                ScoreEntry.aggregate(points.scored(), true), selection, reproduction, points.scored(), unavailable,
                notes, seconds, curves, points.scaling(), memory);
        return new SavedRun(r, command);
    }

    /**
     * The outcomes of the decisions the batch-size charts drew, by dataset and predictor, from details.json's
     * {@code drawn_decisions} (absent in a run that selected nothing, or written before it was kept).
     */
    private static Map<String, List<SelectionOutcome>> drawnDecisions(Path file, JsonNode details) throws IOException {
        Map<String, List<SelectionOutcome>> out = new LinkedHashMap<>();
        for (JsonNode d : details.path("drawn_decisions")) {
            String dataset = text(file, d, "dataset");
            BatchScope scope;
            try {
                scope = BatchScope.valueOf(text(file, d, "scope"));
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ": field drawn_decisions.scope must be LOCAL or GLOBAL, was "
                        + d.path("scope").asText(), e);
            }
            Config config;
            SelectionCase decision;
            try {
                config = Config.builder().model(text(file, d, "model")).workers(d.path("workers").asInt())
                        .localBatch(1).build();
                decision = new SelectionCase(text(file, d, "job"), config, scope, d.path("slo_s").asDouble(),
                        latencies(file, d, "measured"), Map.of());
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ": drawn_decisions of " + dataset + ": " + e.getMessage(), e);
            }
            for (JsonNode o : array(file, d, "outcomes")) {
                JsonNode chosen = o.path("chosen");
                SelectionOutcome outcome = new SelectionOutcome(decision,
                        chosen.isInt() ? OptionalInt.of(chosen.asInt()) : OptionalInt.empty(), o.path("met").asBoolean(),
                        OptionalInt.empty(), OptionalDouble.empty(), Optional.empty(), latencies(file, o, "predicted"));
                out.computeIfAbsent(dataset + "\u0000" + text(file, o, "predictor"), k -> new ArrayList<>())
                        .add(outcome);
            }
        }
        return out;
    }

    /** {@code [[batch, seconds], ...]} by batch. */
    private static Map<Integer, Double> latencies(Path file, JsonNode n, String field) throws IOException {
        Map<Integer, Double> out = new TreeMap<>();
        for (JsonNode p : array(file, n, field)) {
            if (!p.path(0).isInt() || !p.path(1).isNumber()) {
                throw new IOException(file + ": field " + field + " must hold [batch, seconds] pairs, was " + p);
            }
            out.put(p.path(0).asInt(), p.path(1).asDouble());
        }
        return out;
    }

    /** The peak-memory scores of results.json, each with its runs from details.json when that has them. */
    private static List<MemoryEntry> memory(Path file, JsonNode root, Optional<JsonNode> details) throws IOException {
        Map<String, JsonNode> detailed = new LinkedHashMap<>();
        details.ifPresent(d -> d.path("memory").forEach(m -> detailed.put(m.path("table").asText() + "\u0000"
                + m.path("predictor").asText(), m)));
        List<MemoryEntry> out = new ArrayList<>();
        for (JsonNode m : root.path("memory")) {
            String table = text(file, m, "table");
            String predictor = text(file, m, "predictor");
            List<MemoryRun> runs = new ArrayList<>();
            JsonNode more = detailed.get(table + "\u0000" + predictor);
            if (more != null) {
                Path detailsFile = file.resolveSibling(DETAILS);
                for (JsonNode x : array(detailsFile, more, "runs")) {
                    double estimated = number(x, "estimated_bytes");
                    runs.add(new MemoryRun(text(detailsFile, x, "model"), text(detailsFile, x, "hardware"),
                            x.path("tensor_parallel").asInt(), x.path("pipeline_parallel").asInt(),
                            x.path("data_parallel").asInt(), x.path("micro_batch").asInt(),
                            x.path("global_batch").asLong(), text(detailsFile, x, "precision"),
                            number(x, "measured_bytes"),
                            Double.isNaN(estimated) ? OptionalDouble.empty() : OptionalDouble.of(estimated),
                            text(detailsFile, x, "source")));
                }
            }
            out.add(new MemoryEntry(table, predictor, m.path("rows").asInt(), m.path("answered").asInt(),
                    number(m, "mape"), number(m, "max_ape"), runs));
        }
        return out;
    }

    private static List<Curve> curves(Path file, JsonNode root, Optional<JsonNode> details) throws IOException {
        List<String> curveNotes = new ArrayList<>();
        details.ifPresent(d -> d.path("curves").forEach(c -> curveNotes.add(c.path("note").asText(""))));
        List<Curve> out = new ArrayList<>();
        int i = 0;
        for (JsonNode c : root.path("curves")) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (JsonNode p : array(file, c, "points")) {
                x.add(p.path(0).asDouble());
                y.add(p.path(1).isNumber() ? p.path(1).asDouble() : Double.NaN);
            }
            out.add(new Curve(text(file, c, "chart"), text(file, c, "series"), text(file, c, "x_label"),
                    text(file, c, "y_label"), x, y, i < curveNotes.size() ? curveNotes.get(i) : ""));
            i++;
        }
        return out;
    }

    private static JsonNode json(Path file) throws IOException {
        try {
            JsonNode n = MAPPER.readTree(file.toFile());
            if (n == null || !n.isObject()) {
                throw new IOException(file + ": not a JSON object");
            }
            return n;
        } catch (JsonProcessingException e) {
            // Jackson's message goes on with where the object started, in words of its own: the first clause says it.
            String why = e.getOriginalMessage().split("[\n(]", 2)[0].strip();
            throw new IOException(file + ": not valid JSON: " + why
                    + (e.getLocation() != null ? " (line " + e.getLocation().getLineNr() + ")" : ""), e);
        }
    }

    private static String text(Path file, JsonNode n, String field) throws IOException {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual()) {
            throw new IOException(file + ": field " + field + " missing or not a text");
        }
        return v.asText();
    }

    private static JsonNode array(Path file, JsonNode n, String field) throws IOException {
        JsonNode v = n.get(field);
        if (v == null || !v.isArray()) {
            throw new IOException(file + ": field " + field + " missing or not a list");
        }
        return v;
    }

    private static double number(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v != null && v.isNumber() ? v.asDouble() : Double.NaN;
    }
}
