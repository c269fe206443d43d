package io.stepcast.ml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.Config;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.models.uncertainty.SplitConformalEstimator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The learned predictors answer a point outside their training range and flag it; on SYNTHETIC all-reduce step times
 * (1 to 16 workers), so the figures are mechanics, not accuracy.
 */
class ExtrapolationFlagTest {
    private static final TrainingSet SWEEP = SyntheticObservations.allReduceSweep(3);
    private static final PluginRegistry REGISTRY = PluginRegistry.of(List.of(new MlPlugin(),
            new SyntheticComputeOnlyEstimator.Plugin(true)));
    private static final Config INSIDE = SyntheticObservations.allReduce("large", 8, 2, 32);
    private static final Config PAST = SyntheticObservations.allReduce("large", 64, 4, 32);
    private static final Map<String, Map<String, String>> SMALL = Map.of(
            "cart", Map.of("depth", "5"),
            "random-forest", Map.of("trees", "20", "depth", "6"),
            "xgboost", Map.of("rounds", "30", "depth", "3", "eta", "0.3"),
            "linear-sgd", Map.of("learning-rate", "0.1"),
            "hybrid", Map.of("base", SyntheticComputeOnlyEstimator.NAME, "trees", "20", "depth", "4"));

    private static Predictor fit(String name) {
        return REGISTRY.estimator(name).withHyperParameters(SMALL.get(name)).fit(SWEEP);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cart", "random-forest", "xgboost", "linear-sgd"})
    void aPointPastTheTrainedWorkersIsAnsweredAndFlagged(String name) {
        Predictor p = fit(name);
        assertThat(p.predict(PAST, Target.STEP_TIME).isValue()).isTrue();
        assertThat(p.extrapolation(PAST, Target.STEP_TIME)).hasValueSatisfying(why ->
                assertThat(why).contains("workers 64 is outside the trained range 1-16"));
        assertThat(p.extrapolation(INSIDE, Target.STEP_TIME)).isEmpty();
        // A target it was not fitted for has no model, hence no domain to be outside of.
        assertThat(p.extrapolation(PAST, Target.ACCURACY)).isEmpty();
    }

    @Test
    void theHybridFlagsItsLearnedResidual() {
        Predictor h = fit("hybrid");
        assertThat(h.predict(PAST, Target.STEP_TIME).isValue()).isTrue();
        assertThat(h.extrapolation(PAST, Target.STEP_TIME)).hasValueSatisfying(why ->
                assertThat(why).startsWith("residual: ").contains("workers 64 is outside the trained range 1-16"));
        assertThat(h.extrapolation(INSIDE, Target.STEP_TIME)).isEmpty();
    }

    @Test
    void theSplitConformalWrapperPassesItsBasesFlagOn() {
        Predictor wrapped = new SplitConformalEstimator(REGISTRY.estimator("cart")
                .withHyperParameters(SMALL.get("cart"))).fit(SWEEP);
        assertThat(wrapped.extrapolation(PAST, Target.STEP_TIME))
                .isEqualTo(fit("cart").extrapolation(PAST, Target.STEP_TIME)).isPresent();
        assertThat(wrapped.extrapolation(INSIDE, Target.STEP_TIME)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"cart", "linear-sgd", "hybrid"})
    void aReloadedModelKeepsItsRanges(String name) throws IOException {
        Predictor p = fit(name);
        PredictorCodec codec = REGISTRY.codecs().get(name);
        byte[] saved = codec.encode(p);
        assertThat(new String(saved, StandardCharsets.UTF_8)).contains("\"version\":5").contains("\"min\":[")
                .contains("\"trained_values\":{");
        Predictor back = codec.decode(saved, p.provenance());
        assertThat(back.extrapolation(PAST, Target.STEP_TIME)).isEqualTo(p.extrapolation(PAST, Target.STEP_TIME))
                .isPresent();
        assertThat(back.extrapolation(INSIDE, Target.STEP_TIME)).isEmpty();
        assertThat(codec.encode(back)).isEqualTo(saved);
    }

    /**
     * A payload of envelope version 3, as the codecs wrote before the ranges were kept (the same fields without
     * {@code min} and {@code max}), still loads, predicts the same and flags nothing.
     */
    @ParameterizedTest
    @ValueSource(strings = {"cart", "hybrid"})
    void aModelSavedBeforeTheRangesLoadsAndFlagsNothing(String name) throws IOException {
        Predictor p = fit(name);
        PredictorCodec codec = REGISTRY.codecs().get(name);
        byte[] former = version3(codec.encode(p));
        assertThat(new String(former, StandardCharsets.UTF_8)).contains("\"version\":3").doesNotContain("\"min\"");
        Predictor back = codec.decode(former, p.provenance());
        assertThat(back.predict(PAST, Target.STEP_TIME)).isEqualTo(p.predict(PAST, Target.STEP_TIME));
        assertThat(back.extrapolation(PAST, Target.STEP_TIME)).isEmpty();
    }

    /**
     * A payload of envelope version 4, as the codecs wrote before the trained values were kept (the same fields
     * without {@code trained_values}), still loads and flags points outside its ranges as before.
     */
    @ParameterizedTest
    @ValueSource(strings = {"cart", "hybrid"})
    void aModelSavedBeforeTheTrainedValuesKeepsItsRanges(String name) throws IOException {
        Predictor p = fit(name);
        PredictorCodec codec = REGISTRY.codecs().get(name);
        ObjectMapper json = new ObjectMapper();
        JsonNode root = json.readTree(codec.encode(p));
        ((ObjectNode) root).put("version", 4);
        drop(root, List.of("trained_values"));
        byte[] former = json.writeValueAsBytes(root);
        assertThat(new String(former, StandardCharsets.UTF_8)).doesNotContain("trained_values").contains("\"min\"");
        Predictor back = codec.decode(former, p.provenance());
        assertThat(back.predict(PAST, Target.STEP_TIME)).isEqualTo(p.predict(PAST, Target.STEP_TIME));
        assertThat(back.extrapolation(PAST, Target.STEP_TIME)).isEqualTo(p.extrapolation(PAST, Target.STEP_TIME))
                .isPresent();
    }

    /** The payload as version 3 wrote it: the header's version 3, and no feature ranges anywhere. */
    private static byte[] version3(byte[] payload) throws IOException {
        ObjectMapper json = new ObjectMapper();
        JsonNode root = json.readTree(payload);
        ((ObjectNode) root).put("version", 3);
        drop(root, List.of("min", "max", "trained_values"));
        return json.writeValueAsBytes(root);
    }

    /** Removes {@code fields} from every {@code features} object under {@code node}. */
    private static void drop(JsonNode node, List<String> fields) {
        if (node instanceof ObjectNode o) {
            if (o.has("features") && o.get("features") instanceof ObjectNode f) {
                f.remove(fields);
            }
            o.forEach(child -> drop(child, fields));
        } else if (node.isArray()) {
            node.forEach(child -> drop(child, fields));
        }
    }
}
