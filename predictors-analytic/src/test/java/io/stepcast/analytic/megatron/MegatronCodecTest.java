package io.stepcast.analytic.megatron;

import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.datasets.plugin.DatasetsPlugin;
import io.stepcast.analytic.AnalyticPlugin;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The registered codec of {@code megatron-analytic} and {@code megatron-simulation}: a predictor fitted on real
 * vTrain rows reloads to exactly the same predictions (measured layouts and synthetic multi-node ones); corrupt
 * payloads fail with the field named.
 */
class MegatronCodecTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.of(List.of(new AnalyticPlugin(), new DatasetsPlugin()));

    @ParameterizedTest
    @ValueSource(strings = {"megatron-analytic", "megatron-simulation"})
    void reloadPredictsExactlyTheSame(String name) throws IOException {
        List<Observation> all = MegatronAnalyticRealDataTest.vtrain();
        // Every seventh row keeps the fit short; the constants are fitted all the same.
        List<Observation> train = new ArrayList<>();
        for (int i = 0; i < all.size(); i += 7) {
            train.add(all.get(i));
        }
        Predictor fitted = REGISTRY.estimator(name).withHyperParameters(Map.of("overlap-dp", "true"))
                .fit(TrainingSet.of("vtrain-codec", train));
        PredictorCodec codec = REGISTRY.codecs().get(name);
        assertThat(codec).as("codec of " + name).isNotNull();
        byte[] bytes = codec.encode(fitted);
        Predictor reloaded = codec.decode(bytes, fitted.provenance());
        assertThat(codec.encode(reloaded)).isEqualTo(bytes);
        assertThat(((MegatronPredictor) reloaded).efficiency()).isEqualTo(((MegatronPredictor) fitted).efficiency());
        List<Config> configs = new ArrayList<>(all.stream().map(Observation::config).toList());
        // Synthetic multi-node layouts on DGX A100 nodes.
        configs.add(Config.builder().model("gpt-l48-h4096-a32-s2048-v50304").hardware("dgx-a100")
                .parallel(ParallelLayout.builderForGlobalBatch(8, 8, 8, 1, 512).build()).nodes(64).build());
        for (Config c : configs) {
            for (Target t : List.of(Target.STEP_TIME, Target.THROUGHPUT)) {
                assertThat(reloaded.predict(c, t)).isEqualTo(fitted.predict(c, t));
                assertThat(fitted.predict(c, t).isValue()).isTrue();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"megatron-analytic", "megatron-simulation"})
    void theMatmulCarryIsSavedWithTheModelAndAPayloadWithoutItCarriesNothing(String name) throws IOException {
        Predictor carried = REGISTRY.estimator(name).withHyperParameters(Map.of("efficiency", "vtrain-a100",
                "carry", "mamf")).fit(TrainingSet.of("none", List.of()));
        Predictor plain = REGISTRY.estimator(name).withHyperParameters(Map.of("efficiency", "vtrain-a100"))
                .fit(TrainingSet.of("none", List.of()));
        PredictorCodec codec = REGISTRY.codecs().get(name);
        byte[] bytes = codec.encode(carried);
        assertThat(new String(bytes, StandardCharsets.UTF_8)).contains("\"matmul_carry\"")
                .contains("A100-SXM4-80GB");
        assertThat(new String(codec.encode(plain), StandardCharsets.UTF_8)).doesNotContain("matmul_carry");
        Predictor reloaded = codec.decode(bytes, carried.provenance());
        // Llama 3 8B on one DGX B200 node: carried by 0.7756 / 0.8692, slower than as fitted.
        Config b200 = Config.builder().model("llama3-8b").hardware("dgx-b200")
                .parallel(ParallelLayout.builderForGlobalBatch(1, 1, 8, 1, 128).build()).build();
        assertThat(reloaded.predict(b200, Target.STEP_TIME)).isEqualTo(carried.predict(b200, Target.STEP_TIME));
        assertThat(carried.predict(b200, Target.STEP_TIME).asDouble().orElseThrow())
                .isGreaterThan(plain.predict(b200, Target.STEP_TIME).asDouble().orElseThrow());
        // On the A100 the constants were fitted on, nothing moves.
        Config a100 = Config.builder().model("gpt-l24-h2048-a16-s2048-v50304").hardware("dgx-a100")
                .parallel(ParallelLayout.builderForGlobalBatch(2, 2, 2, 1, 64).build()).build();
        assertThat(carried.predict(a100, Target.STEP_TIME)).isEqualTo(plain.predict(a100, Target.STEP_TIME));
        assertThatThrownBy(() -> REGISTRY.estimator(name).withHyperParameters(Map.of("carry", "maybe")))
                .hasMessageContaining("carry");
    }

    @ParameterizedTest
    @ValueSource(strings = {"megatron-analytic", "megatron-simulation"})
    void aModelSavedBeforeLaunchUsLoadsWithTheMeasuredLaunches(String name) throws IOException {
        Predictor measured = REGISTRY.estimator(name).withHyperParameters(Map.of("efficiency", "vtrain-a100"))
                .fit(TrainingSet.of("none", List.of()));
        Predictor none = REGISTRY.estimator(name).withHyperParameters(Map.of("efficiency", "vtrain-a100",
                "launch-us", "0")).fit(TrainingSet.of("none", List.of()));
        PredictorCodec codec = REGISTRY.codecs().get(name);
        // The provenance a file saved before the hyper-parameter existed holds: launch-us absent.
        Provenance p = measured.provenance();
        Map<String, String> former = new TreeMap<>(p.hyperParameters());
        assertThat(former.remove("launch-us")).isEqualTo(KernelLaunch.MICROSECONDS);
        Predictor loaded = codec.decode(codec.encode(measured), new Provenance(p.estimator(), former,
                p.trainingSetId(), p.trainingChecksum(), p.trainingSize(), p.seed(), p.versions()));
        // Qwen3-30B-A3B at EP 8 on eight DGX H100 nodes: a MoE layout, whose launches the hyper-parameter prices.
        Config moe = Config.builder().model("qwen3-30b-a3b").hardware("dgx-h100").nodes(8)
                .parallel(ParallelLayout.builderForGlobalBatch(1, 1, 64, 2, 512).expert(8).flashAttention(true).build())
                .build();
        assertThat(loaded.predict(moe, Target.STEP_TIME)).isEqualTo(measured.predict(moe, Target.STEP_TIME));
        assertThat(loaded.predict(moe, Target.STEP_TIME).asDouble().orElseThrow())
                .isGreaterThan(none.predict(moe, Target.STEP_TIME).asDouble().orElseThrow());
    }

    @ParameterizedTest
    @ValueSource(strings = {"megatron-analytic", "megatron-simulation"})
    void corruptPayloadsAreRefused(String name) throws IOException {
        Predictor fixed = REGISTRY.estimator(name).withHyperParameters(Map.of("efficiency", "vtrain-a100"))
                .fit(TrainingSet.of("none", List.of()));
        PredictorCodec codec = REGISTRY.codecs().get(name);
        String json = new String(codec.encode(fixed), StandardCharsets.UTF_8);
        assertThat(json).startsWith("{").contains("\"format\":\"stepcast-megatron\"").contains("\"tensor_link\":1.0");
        assertThatThrownBy(() -> codec.decode("nonsense".getBytes(StandardCharsets.UTF_8), fixed.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("line 1");
        assertThatThrownBy(() -> codec.decode(json.replaceAll("\"flops\":[^,}]*,?", "")
                .getBytes(StandardCharsets.UTF_8), fixed.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("'flops' is missing");
        assertThatThrownBy(() -> codec.decode(json.replaceAll("\"memory\":[^,}]*", "\"memory\":\"x\"")
                .getBytes(StandardCharsets.UTF_8), fixed.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("memory");
        assertThatThrownBy(() -> codec.decode(json.replaceAll("\"memory\":[^,}]*", "\"memory\":1.5")
                .getBytes(StandardCharsets.UTF_8), fixed.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("memory efficiency");
        MegatronCodec noCatalogs = new MegatronCodec(Optional.empty(), Optional.empty());
        assertThatThrownBy(() -> noCatalogs.decode(json.getBytes(StandardCharsets.UTF_8), fixed.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("needs the model zoo");
    }

    @ParameterizedTest
    @ValueSource(strings = {"megatron-analytic", "megatron-simulation"})
    void formerTextPayloadsStillLoad(String name) throws IOException {
        // The plain-text layout the codec wrote before the envelope, as a former file holds it.
        String former = String.join("\n", FormerMegatronText.HEADER, "method=" + name, "overlap-dp=true",
                "flops=0.717", "memory=0.494", "tensor-link=0.297", "host-s=0.00317", "iteration-s=1.0E-9",
                "overlap=3.05", "end-host-s=0.00279", "unfused-softmax-s=0.00146") + "\n";
        PredictorCodec codec = REGISTRY.codecs().get(name);
        Provenance provenance = REGISTRY.estimator(name).withHyperParameters(Map.of("efficiency", "vtrain-a100"))
                .fit(TrainingSet.of("none", List.of())).provenance();
        MegatronPredictor loaded = (MegatronPredictor) codec.decode(former.getBytes(StandardCharsets.UTF_8), provenance);
        assertThat(loaded.efficiency()).isEqualTo(new Efficiency(0.717, 0.494, 0.297, 0.00317, 1.0E-9, 3.05, 0.00279,
                0.00146));
        assertThat(loaded.overlapData()).isTrue();
        byte[] saved = codec.encode(loaded);
        assertThat(new String(saved, StandardCharsets.UTF_8)).startsWith("{");
        assertThat(((MegatronPredictor) codec.decode(saved, provenance)).efficiency()).isEqualTo(loaded.efficiency());
        assertThatThrownBy(() -> codec.decode(former.replace("memory=0.494", "memory=x")
                .getBytes(StandardCharsets.UTF_8), provenance))
                .isInstanceOf(IOException.class).hasMessageContaining("'memory' is not a number");
    }
}
