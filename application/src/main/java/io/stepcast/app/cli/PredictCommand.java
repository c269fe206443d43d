package io.stepcast.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.PeakMemory;
import io.stepcast.api.Precision;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.app.model.SavedPredictors;
import io.stepcast.app.model.TrainedParameterBytes;
import io.stepcast.datasets.importers.GenericCsvImporter;
import io.stepcast.evaluation.report.PredictionJson;
import io.stepcast.evaluation.suite.UserObservationFiles;
import io.stepcast.models.uncertainty.IntervalShortfall;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code stepcast predict}: loads a saved predictor and predicts every configuration of a file, with the
 * prediction's interval where it has one (a model saved with {@code fit --coverage} states its level) and next to
 * the measured value where the file has one. The table names each row's hardware and precision; a refusal shows as
 * {@code n/a [k]}, its reason printed once below the table as {@code [k] reason}. A predictor that estimates peak
 * memory per GPU (the Megatron predictors) adds the estimate and whether it fits the GPU ({@link MemoryVerdict}). An
 * answer the predictor flags as an extrapolation ({@link Predictor#extrapolation}: a learned model past the range it
 * was trained on) gets a last column {@code NOTE} saying why, a count below the table, and {@code extrapolation} in
 * the JSON; an answer carried from other machines ({@link Predictor#basis}: {@code allreduce-analytic}'s compute,
 * {@code overhead-transfer}'s single-GPU step and overhead) says what it rests on in the same column and as
 * {@code basis} in the JSON.
 */
@Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Predict with a saved predictor for every configuration of a file (Parquet or CSV).")
final class PredictCommand extends RegistryCommand {

    @Option(names = "--model", required = true, paramLabel = "MODEL", description = "A predictor saved by 'stepcast fit'.")
    private Path model;

    @Option(names = "--input", required = true, paramLabel = "FILE", description = "Configurations: .parquet or .csv "
            + "(the generic columns; measurement columns optional, shown beside the predictions where given).")
    private Path input;

    @Option(names = "--target", paramLabel = "TARGET", description = "step-time, throughput, response-time or accuracy; default: every "
            + "target the predictor answers.")
    private String target;

    @Option(names = "--json", description = "Print {predictor, predictions: [...]} as JSON.")
    private boolean json;

    PredictCommand(PluginRegistry registry) {
        super(registry);
    }

    @Override
    public Integer call() throws Exception {
        SavedPredictors.Saved saved = SavedPredictors.loadSaved(registry, model);
        Predictor predictor = saved.predictor();
        // A row without parameter_bytes is sized as the training rows sized its model, else by the zoo: a model of the
        // user's own that shares a zoo model's name is not the zoo's.
        TrainedParameterBytes trained = saved.trained();
        List<Target> targets = target != null ? List.of(OptionTarget.parse("--target", target))
                : predictor.targets().stream().sorted().toList();
        GenericCsvImporter.Configurations read = UserObservationFiles.readConfigurations(input,
                registry.service(HardwareCatalog.class));
        read.notes().forEach(note -> spec.commandLine().getErr().println("warning: " + input + ": " + note));
        List<GenericCsvImporter.ConfigurationRow> rows = read.rows();
        PrintWriter out = spec.commandLine().getOut();
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("predictor", predictor.provenance().estimator());
        ArrayNode predictions = root.putArray("predictions");
        // A predictor that estimates memory shows it beside each time: a time for a run that cannot fit is no answer.
        // Only where it estimates some row's: a split-conformal wrapper is a PeakMemory whatever its base, and a
        // learned model's table would have columns of dashes.
        Optional<ModelCatalog> zoo = registry.service(ModelCatalog.class);
        // As on the test side of evaluate --train/--test: the training rows' parameter bytes of the model where a row
        // has none (evaluate carries a file's to the other), else the zoo's. Completed once, with each row's peak
        // memory (a Megatron predictor's is a model of every stage), for the columns and for every target's line.
        List<Config> configs = rows.stream()
                .map(r -> UserObservationFiles.withZooParameterBytes(trained.fill(r.config()), zoo)).toList();
        List<OptionalDouble> peaks = configs.stream().map(c -> predictor instanceof PeakMemory pm
                ? pm.peakMemoryBytes(c) : OptionalDouble.empty()).toList();
        boolean memory = peaks.stream().anyMatch(OptionalDouble::isPresent);
        Optional<HardwareCatalog> catalog = registry.service(HardwareCatalog.class);
        List<String> header = new ArrayList<>(List.of("ROW", "MODEL", "HARDWARE", "PRECISION", "NODES", "WORKERS",
                "LOCAL BATCH", "TARGET", "PREDICTED", "INTERVAL", "MEASURED"));
        if (memory) {
            header.addAll(List.of("PEAK GiB", "FITS"));
        }
        List<List<String>> lines = new ArrayList<>();
        // Why an answer is an extrapolation (a learned model past its training range) and what it rests on when carried
        // from other machines, per table line; null if neither.
        List<String> notes = new ArrayList<>();
        Set<Integer> overflowing = new TreeSet<>();
        // For runs that would not fit: the same system with a larger variant of its GPU that would hold them.
        Set<String> variants = new LinkedHashSet<>();
        // A refusal's reason is a sentence: the table shows its number and the reasons follow it, each once.
        Map<String, Integer> reasons = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            Config c = configs.get(i);
            Optional<Measurements> known = rows.get(i).measured();
            for (Target t : targets) {
                Prediction p = predictor.predict(c, t);
                OptionalDouble measured = known.map(m -> m.value(t, c)).orElse(OptionalDouble.empty());
                ObjectNode n = predictions.addObject();
                n.put("row", i + 1);
                n.put("model", c.model());
                n.put("hardware", c.deployment().hardware());
                c.statedPrecision().ifPresentOrElse(s -> n.put("precision", s.label()), () -> n.putNull("precision"));
                n.put("nodes", c.deployment().nodes());
                n.put("workers", c.workers());
                n.put("local_batch", c.localBatch());
                n.put("target", t.label());
                if (p instanceof Prediction.Value v) {
                    n.put("predicted", v.value());
                    PredictionJson.putInterval(n, v);
                } else {
                    n.putNull("predicted");
                    n.put("not_applicable", ((Prediction.NotApplicable) p).reason());
                }
                Optional<MemoryVerdict> verdict = Optional.empty();
                if (p.isValue()) {
                    OptionalDouble peak = peaks.get(i);
                    if (peak.isPresent()) {
                        MemoryVerdict v = MemoryVerdict.of(peak.getAsDouble(), c.deployment().hardware(), catalog);
                        verdict = Optional.of(v);
                        n.put("peak_memory_bytes", v.peakBytes());
                        v.deviceBytes().ifPresent(d -> n.put("device_memory_bytes", d));
                        v.fits().ifPresent(f -> n.put("fits", f));
                        if (v.overflows()) {
                            overflowing.add(i);
                            Optional<String> larger = catalog.flatMap(h -> LargerMemoryVariant.note(
                                    c.deployment().hardware(), v.peakBytes(), h));
                            larger.ifPresent(variants::add);
                            larger.ifPresent(x -> n.put("larger_memory_variant", x));
                        }
                    }
                }
                Optional<String> outside = p.isValue() ? predictor.extrapolation(c, t) : Optional.empty();
                outside.ifPresent(why -> n.put("extrapolation", why));
                Optional<String> basis = p.isValue() ? predictor.basis(c, t) : Optional.empty();
                basis.ifPresent(b -> n.put("basis", b));
                List<String> note = new ArrayList<>();
                outside.ifPresent(why -> note.add("extrapolated: " + why));
                basis.ifPresent(b -> note.add("basis: " + b));
                notes.add(note.isEmpty() ? null : String.join(" | ", note));
                if (measured.isPresent()) {
                    n.put("measured", measured.getAsDouble());
                } else {
                    n.putNull("measured");
                }
                String shown = p instanceof Prediction.Value v ? format(v.value())
                        : "n/a [" + reasons.computeIfAbsent(((Prediction.NotApplicable) p).reason(),
                                r -> reasons.size() + 1) + "]";
                List<String> cells = new ArrayList<>(List.of(String.valueOf(i + 1), c.model(),
                        c.deployment().hardware(), precision(c), String.valueOf(c.deployment().nodes()),
                        String.valueOf(c.workers()), String.valueOf(c.localBatch()), t.label(), shown, interval(p),
                        measured.isPresent() ? format(measured.getAsDouble()) : "-"));
                if (memory) {
                    cells.add(verdict.map(MemoryVerdict::peakGib).orElse("-"));
                    cells.add(verdict.map(MemoryVerdict::fitsText).orElse("-"));
                }
                lines.add(cells);
            }
        }
        // The note column only when some answer has a note: it is the widest cell, so it goes last.
        boolean noted = notes.stream().anyMatch(x -> x != null);
        if (noted) {
            header.add("NOTE");
        }
        TextTable table = new TextTable(header.toArray(String[]::new));
        for (int k = 0; k < lines.size(); k++) {
            List<String> cells = lines.get(k);
            if (noted) {
                cells.add(notes.get(k) == null ? "-" : notes.get(k));
            }
            table.row(cells.toArray(String[]::new));
        }
        // A model saved with fit --coverage whose calibration is too small for its level answers without intervals.
        Optional<String> noInterval = IntervalShortfall.of(predictor, targets);
        if (json) {
            out.println(mapper.writeValueAsString(root));
            noInterval.ifPresent(why -> spec.commandLine().getErr().println("note: " + model + ": " + why));
        } else {
            table.print(out);
            reasons.forEach((reason, k) -> out.println("[" + k + "] " + reason));
            noInterval.ifPresent(out::println);
            long flagged = notes.stream().filter(x -> x != null && x.startsWith("extrapolated: ")).count();
            if (flagged > 0) {
                out.println(flagged + " of the " + notes.size() + " predictions " + (flagged == 1 ? "lies" : "lie")
                        + " outside the range the model was trained on, or in a wide gap inside it (NOTE): extrapolations,"
                        + " answered but backed by no training row nearby");
            }
            if (!overflowing.isEmpty()) {
                // Runs, not predictions: a run predicted for several targets is one run that would not fit.
                int k = overflowing.size();
                out.println(k + " of the runs " + (k == 1 ? "has" : "have") + " a peak memory per GPU (PEAK GiB) above "
                        + "the GPU's (FITS NO): as stated, " + (k == 1 ? "it" : "they") + " would not run");
                variants.forEach(out::println);
            }
        }
        out.flush();
        return 0;
    }

    /** The precision the row states, or {@code -} (taken for mixed precision, or refused where that is ambiguous). */
    private static String precision(Config c) {
        return c.statedPrecision().map(Precision::label).orElse("-");
    }

    /** {@code [lo, hi] at 90%}, {@code [lo, hi]} when no level is stated, {@code -} without an interval. */
    private static String interval(Prediction p) {
        if (!(p instanceof Prediction.Value v) || v.lower().isEmpty()) {
            return "-";
        }
        String range = "[" + format(v.lower().getAsDouble()) + ", " + format(v.upper().getAsDouble()) + "]";
        return v.coverage().isPresent()
                ? range + String.format(Locale.ROOT, " at %.1f%%", 100 * v.coverage().getAsDouble()) : range;
    }

    private static String format(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
