package io.stepcast.analytic;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.PredictorCodec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every codec: a reload of a predictor fitted on real data predicts exactly the same; corrupt payloads fail. */
class CodecTest {
    private static PluginRegistry registry;
    private static Map<String, List<Observation>> data;
    private static final Map<String, Predictor> FITTED = new HashMap<>();

    @BeforeAll
    static void load() throws IOException {
        registry = PluginRegistry.of(List.of(new AnalyticPlugin()));
        List<Observation> pollux = RealData.source("pollux").stream()
                .filter(o -> o.tag("job", "").equals("cifar10")).toList();
        List<Observation> tf = RealData.source("tf-benchmarks").stream()
                .filter(o -> o.config().deployment().architecture() == Architecture.SYNC_PS).toList();
        List<Observation> courier = RealData.source("courier");
        data = Map.of("pollux", pollux, "ernest", pollux, "optimus", tf, "linear-scaling", tf, "courier-ols", courier);
        data.forEach((name, obs) -> FITTED.put(name, registry.estimator(name).fit(TrainingSet.of(name + "-codec", obs))));
    }

    @Test
    void reloadPredictsExactlyTheSame() throws IOException {
        for (var e : data.entrySet()) {
            Predictor fitted = FITTED.get(e.getKey());
            PredictorCodec codec = registry.codecs().get(e.getKey());
            byte[] bytes = codec.encode(fitted);
            Predictor reloaded = codec.decode(bytes, fitted.provenance());
            assertThat(reloaded.provenance()).isEqualTo(fitted.provenance());
            assertThat(reloaded.targets()).isEqualTo(fitted.targets());
            assertThat(codec.encode(reloaded)).as(e.getKey()).isEqualTo(bytes);
            int answered = 0;
            for (Observation o : e.getValue()) {
                for (Target t : Target.values()) {
                    assertThat(reloaded.predict(o.config(), t)).as(e.getKey() + " " + t).isEqualTo(fitted.predict(o.config(), t));
                    answered += fitted.predict(o.config(), t).isValue() ? 1 : 0;
                }
            }
            assertThat(answered).as(e.getKey() + " answered").isPositive();
        }
    }

    @Test
    void corruptPayloadsAreRefusedWithAClearMessage() throws IOException {
        for (String name : data.keySet()) {
            PredictorCodec codec = registry.codecs().get(name);
            Predictor fitted = FITTED.get(name);
            byte[] good = codec.encode(fitted);
            String text = new String(good, StandardCharsets.UTF_8);
            assertThatThrownBy(() -> codec.decode("garbage".getBytes(StandardCharsets.UTF_8), fitted.provenance()))
                    .as(name).isInstanceOf(IOException.class).hasMessageContaining("corrupt").hasMessageContaining("line 1");
            String damaged = text.replaceFirst("([0-9])\\.([0-9])", "$1.x$2");
            assertThatThrownBy(() -> codec.decode(damaged.getBytes(StandardCharsets.UTF_8), fitted.provenance()))
                    .as(name).isInstanceOf(IOException.class).hasMessageContaining("line");
            String truncated = text.substring(0, text.length() / 2);
            assertThatThrownBy(() -> codec.decode(truncated.getBytes(StandardCharsets.UTF_8), fitted.provenance()))
                    .as(name).isInstanceOf(IOException.class).hasMessageContaining("not valid JSON");
        }
    }

    @Test
    void aCodecRefusesAnotherEstimatorsPredictor() throws IOException {
        Predictor pollux = FITTED.get("pollux");
        assertThatThrownBy(() -> registry.codecs().get("ernest").encode(pollux)).isInstanceOf(IOException.class)
                .hasMessageContaining("pollux");
        byte[] bytes = registry.codecs().get("pollux").encode(pollux);
        assertThatThrownBy(() -> registry.codecs().get("ernest").decode(bytes, pollux.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("'pollux'");
        Config c = data.get("pollux").get(0).config();
        assertThat(pollux.predict(c, Target.STEP_TIME).isValue()).isTrue();
    }
}
