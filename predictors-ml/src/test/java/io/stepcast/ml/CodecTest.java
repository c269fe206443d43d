package io.stepcast.ml;

import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.PredictorCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class CodecTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.of(List.of(new MlPlugin()));
    private static final TrainingSet COURIER = SyntheticObservations.courierFactorial(5);

    private static Predictor fit(String name) {
        // Single grid points keep the suite fast; the grid search has its own tests.
        Map<String, Map<String, String>> small = Map.of(
                "cart", Map.of("depth", "5"),
                "random-forest", Map.of("trees", "20", "depth", "6"),
                "xgboost", Map.of("rounds", "30", "depth", "3", "eta", "0.3"),
                "linear-sgd", Map.of("learning-rate", "0.1"));
        return REGISTRY.estimator(name).withHyperParameters(small.getOrDefault(name, Map.of())).fit(COURIER);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cart", "random-forest", "xgboost", "linear-sgd", "courier-forest-compact"})
    void reloadedPredictorPredictsExactlyTheSame(String name) throws IOException {
        Predictor p = fit(name);
        PredictorCodec codec = REGISTRY.codecs().get(name);
        Predictor back = codec.decode(codec.encode(p), p.provenance());
        assertThat(back.targets()).isEqualTo(p.targets());
        for (String model : List.of("lenet5", "mlp", "courier-mixed", "vgg")) {
            for (int cpu : new int[] {1, 3, 8}) {
                for (int batch : new int[] {64, 96, 384, 512}) {
                    Config c = SyntheticObservations.courierJob(model, cpu, 2, batch - batch % cpu);
                    for (Target t : Target.values()) {
                        assertThat(back.predict(c, t)).isEqualTo(p.predict(c, t));
                    }
                }
            }
        }
    }

    @Test
    void reloadedForestPredictsFromItsFlatTreesAndKeepsTheTribuoModel() throws IOException {
        Predictor p = fit("random-forest");
        PredictorCodec codec = REGISTRY.codecs().get("random-forest");
        byte[] once = codec.encode(p);
        var back = (io.stepcast.ml.learn.LearnedPredictor) codec.decode(once, p.provenance());
        var regression = back.models().get(Target.RESPONSE_TIME);
        assertThat(regression.compiledTrees()).contains(20);
        // Saving the reloaded predictor writes the same bytes: the protobuf is kept, not re-serialised.
        assertThat(codec.encode(back)).isEqualTo(once);
        // The Tribuo model read back on demand predicts what the flat trees predict.
        Config c = SyntheticObservations.courierJob("lenet5", 4, 3, 256);
        double[] x = regression.features().encode(c);
        String[] names = regression.features().columns().toArray(String[]::new);
        double tribuo = regression.model().predict(new org.tribuo.impl.ArrayExample<>(
                org.tribuo.regression.RegressionFactory.UNKNOWN_REGRESSOR, names, x)).getOutput().getValues()[0];
        assertThat(regression.compiled().orElseThrow().predict(x)).isCloseTo(tribuo, within(1e-9));
    }

    @Test
    void corruptTruncatedAndForeignPayloadsAreRefused() throws IOException {
        Predictor p = fit("cart");
        PredictorCodec codec = REGISTRY.codecs().get("cart");
        byte[] good = codec.encode(p);
        assertThatThrownBy(() -> codec.decode(Arrays.copyOf(good, good.length - 20), p.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("corrupt cart payload: not valid JSON");
        byte[] noTribuo = new String(good, java.nio.charset.StandardCharsets.UTF_8)
                .replace("\"tribuo_model\":\"", "\"tribuo_model\":\"!").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThatThrownBy(() -> codec.decode(noTribuo, p.provenance())).isInstanceOf(IOException.class)
                .hasMessageContaining("field 'models[0]/tribuo_model' is not Base64");
        assertThatThrownBy(() -> codec.decode("{\"not\": \"a model\"}".getBytes(), p.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("not a stepcast-ml payload");
        assertThatThrownBy(() -> REGISTRY.codecs().get("xgboost").decode(good, p.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("estimator 'cart'");
        assertThatThrownBy(() -> REGISTRY.codecs().get("xgboost").encode(p))
                .isInstanceOf(IOException.class).hasMessageContaining("cannot store");
    }

    /**
     * A payload of the former binary layout (recorded from that codec for this fit) still reads, predicts what the fit
     * predicts and is saved again in the envelope, which reloads to the same bytes; one of its bytes changed fails its
     * checksum.
     */
    @Test
    void aPayloadOfTheFormerBinaryLayoutStillReads() throws IOException {
        Predictor p = fit("cart");
        PredictorCodec codec = REGISTRY.codecs().get("cart");
        byte[] former;
        try (var in = CodecTest.class.getResourceAsStream("cart-former.bin")) {
            former = in.readAllBytes();
        }
        Predictor back = codec.decode(former, p.provenance());
        for (int cpu : new int[] {1, 3, 8}) {
            for (int batch : new int[] {64, 96, 384, 512}) {
                Config c = SyntheticObservations.courierJob("lenet5", cpu, 2, batch - batch % cpu);
                for (Target t : Target.values()) {
                    assertThat(back.predict(c, t)).isEqualTo(p.predict(c, t));
                }
            }
        }
        // Tribuo's protobuf records when its model was trained, so the envelope is compared with itself reloaded.
        byte[] envelope = codec.encode(back);
        assertThat(codec.encode(codec.decode(envelope, p.provenance()))).isEqualTo(envelope);
        byte[] flipped = former.clone();
        flipped[former.length / 2] ^= 0x5a;
        assertThatThrownBy(() -> codec.decode(flipped, p.provenance())).isInstanceOf(IOException.class)
                .hasMessageContaining("checksum");
    }
}
