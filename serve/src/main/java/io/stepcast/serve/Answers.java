package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.Config;
import io.stepcast.api.PeakMemory;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.SelectorParameters;
import io.stepcast.evaluation.BatchSelection;
import io.stepcast.evaluation.Evaluation;
import io.stepcast.models.selection.CourierJob;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The two questions the service answers, from a parsed request body to a JSON answer: a prediction
 * ({@code POST /v1/predict}) and Courier's batch-size decision ({@code POST /v1/select-batch}). Every field is
 * checked before a predictor is called. Stateless apart from the immutable {@link ServedPredictors}; safe to
 * call from many threads.
 */
final class Answers {
    private static final Set<String> PREDICT_FIELDS = Set.of("predictor", "target", "config");
    private static final Set<String> SELECT_FIELDS = Set.of("slo_s", "cpu", "njobs", "network", "risk", "predictor",
            "candidates", "alpha", "selector");
    private static final int MAX_COUNT = 1_000_000;

    private final ServedPredictors predictors;
    private final ObjectMapper json;

    Answers(ServedPredictors predictors, ObjectMapper json) {
        this.predictors = predictors;
        this.json = json;
    }

    /**
     * {@code {"value": x, "interval": [lo, hi], "coverage": c}} or {@code {"not_applicable": reason}}; from a predictor
     * that estimates memory also {@code "peak_memory_bytes"}, and {@code "device_memory_bytes"} and {@code "fits"}
     * where the hardware's memory is known; beside a value the predictor flags as an extrapolation (a learned model
     * past the range it was trained on, {@link Predictor#extrapolation}), {@code "extrapolation"} with why; beside a
     * value carried from other machines ({@link Predictor#basis}), {@code "basis"} with what it rests on; beside a
     * refusal, {@code "warnings"} names a hardware label or model the catalogs do not know, with the closest known
     * names ({@link ServedPredictors#warnings}), as the likely cause; beside
     * any answer, it says when the shape fields make the model another than the one named (a published model with
     * another {@code vocab_size}), in the words the CSV reader notes it with ({@link ConfigJson.Read#warnings}).
     */
    ObjectNode predict(JsonNode body) {
        JsonFields f = new JsonFields(body, "").only(PREDICT_FIELDS);
        String name = f.text("predictor");
        Target target;
        try {
            target = Target.parse(f.text("target"));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("field 'target': " + e.getMessage());
        }
        if (f.raw("config") == null) {
            throw ApiException.badRequest("field 'config' is missing");
        }
        ConfigJson.Read request = ConfigJson.read(f.raw("config"), predictors.catalog());
        Config config = predictors.completed(request.config(), name);
        Predictor predictor = predictors.get(name, target);
        Prediction p = predictor.predict(config, target);
        ObjectNode out = encode(p);
        if (p.isValue() && predictor instanceof PeakMemory m) {
            memory(out, m.peakMemoryBytes(config), predictors.deviceMemoryBytes(config));
        }
        if (p.isValue()) {
            // Answered all the same: the flag tells a scheduler the value comes from past the predictor's rows.
            predictor.extrapolation(config, target).ifPresent(why -> out.put("extrapolation", why));
            predictor.basis(config, target).ifPresent(b -> out.put("basis", b));
        }
        // Of the label as the user wrote it (a GPU count is read off it in completing), as evaluate warns of a file's.
        List<String> warnings = new ArrayList<>(p.isValue() ? List.of() : predictors.warnings(request.config()));
        // A model the shape fields make another is the one answered for, value or refusal: said beside either.
        warnings.addAll(request.warnings());
        if (!warnings.isEmpty()) {
            warnings.forEach(out.putArray("warnings")::add);
        }
        return out;
    }

    /**
     * {@code "peak_memory_bytes"} when the predictor estimates it, with {@code "device_memory_bytes"} and
     * {@code "fits"} (peak at most the device's memory) where the catalog knows the hardware's memory; nothing is
     * written for an estimate the predictor cannot make (absent, never zero).
     */
    static void memory(ObjectNode out, OptionalDouble peak, OptionalDouble device) {
        if (peak.isEmpty()) {
            return;
        }
        out.put("peak_memory_bytes", peak.getAsDouble());
        if (device.isPresent()) {
            out.put("device_memory_bytes", device.getAsDouble());
            out.put("fits", peak.getAsDouble() <= device.getAsDouble());
        }
    }

    /** The JSON of one prediction, as {@code POST /v1/predict} answers it. */
    ObjectNode encode(Prediction p) {
        ObjectNode out = json.createObjectNode();
        if (p instanceof Prediction.Value v) {
            out.put("value", v.value());
            Evaluation.writeInterval(out, v);
        } else {
            // A refused field of the configuration named as the request's, as a 400 names it.
            Prediction.NotApplicable n = (Prediction.NotApplicable) p;
            out.put("not_applicable", n.field().filter(f -> ConfigJson.FIELDS.contains(f.field()))
                    .map(f -> f.named(ConfigJson.REQUEST)).orElse(n.reason()));
        }
        return out;
    }

    /** The same JSON as {@code stepcast select-batch --json} for the same job and predictor. */
    ObjectNode selectBatch(JsonNode body) {
        JsonFields f = new JsonFields(body, "").only(SELECT_FIELDS);
        // Without an SLO no candidate can be judged feasible, so the decision would claim what it never checked.
        OptionalDouble slo = f.number("slo_s", 0, Double.POSITIVE_INFINITY);
        if (slo.isEmpty()) {
            throw ApiException.badRequest("field 'slo_s' is missing: the latency SLO of the job in seconds");
        }
        int cpu = f.integer("cpu", 1, MAX_COUNT);
        int njobs = f.integer("njobs", 1, MAX_COUNT);
        String network = f.text("network").toLowerCase(Locale.ROOT);
        if (!CourierJob.knows(network)) {
            throw ApiException.badRequest("field 'network' must be lenet5 or mlp, was '" + network + "'");
        }
        OptionalDouble alpha = f.closed("alpha", 0, 1);
        OptionalDouble risk = f.number("risk", 0, 1);
        if (risk.isPresent() && !(risk.getAsDouble() < 1)) {
            throw ApiException.badRequest("field 'risk' must be in (0, 1), was " + risk.getAsDouble());
        }
        List<Integer> candidates = candidates(f.raw("candidates"));
        Optional<String> selector = f.optionalText("selector");
        String name = f.optionalText("predictor").orElse(BatchSelection.DEFAULT_PREDICTOR);
        BatchSelection choice;
        try {
            choice = BatchSelection.resolve(predictors::selector, selector, new SelectorParameters(alpha, risk));
        } catch (IllegalArgumentException e) {
            // The one refusal resolve makes of valid fields: a risk asked of a selector without one.
            throw ApiException.badRequest("field 'risk': " + e.getMessage());
        }
        Predictor time = predictors.get(name, Target.RESPONSE_TIME);
        BatchDecision d;
        try {
            d = choice.decide(time, CourierJob.of(network, cpu, njobs), candidates, slo.getAsDouble());
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("no answer for this job: " + e.getMessage());
        }
        return choice.json(json, d, time.provenance().estimator());
    }

    private static List<Integer> candidates(JsonNode node) {
        if (node == null || node.isNull()) {
            return CourierJob.DEFAULT_CANDIDATES;
        }
        if (!node.isArray() || node.isEmpty()) {
            throw ApiException.badRequest("field 'candidates' must be a non-empty array of batch sizes");
        }
        List<Integer> out = new ArrayList<>();
        for (JsonNode n : node) {
            if (!n.isIntegralNumber() || n.asLong() < 1 || n.asLong() > MAX_COUNT) {
                throw ApiException.badRequest("field 'candidates' must hold whole numbers in [1, " + MAX_COUNT
                        + "], had " + n);
            }
            out.add(n.asInt());
        }
        return out;
    }
}
