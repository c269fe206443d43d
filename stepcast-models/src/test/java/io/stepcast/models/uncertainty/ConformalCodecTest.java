package io.stepcast.models.uncertainty;

import io.stepcast.api.uncertainty.WrappedPredictor;

import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PredictorCodec;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A split-conformal predictor saved and loaded around its base's codec, on synthetic step times (named
 * synthetic, never measured): the same points and intervals after a reload, at every level, in split and in
 * cross-conformal mode; a payload of the former plain text still reads; corrupt payloads refused naming the field.
 */
class ConformalCodecTest {

    /** Synthetic toy fit: step time = seconds per sample x local batch, the rate per model. */
    private record PerSample(Map<String, Double> perModel, Provenance provenance) implements Predictor {
        @Override
        public Prediction predict(Config config, Target target) {
            Double rate = perModel.get(config.model());
            return target == Target.STEP_TIME && rate != null ? Prediction.of(rate * config.localBatch())
                    : Prediction.notApplicable("synthetic toy: unknown model or target");
        }

        @Override
        public Set<Target> targets() {
            return Set.of(Target.STEP_TIME);
        }
    }

    private static final Estimator TOY = new Estimator() {
        public String name() { return "synthetic-per-sample"; }
        public String description() { return "synthetic toy"; }
        public Set<Target> targets() { return Set.of(Target.STEP_TIME); }
        public Map<String, String> hyperParameters() { return Map.of(); }
        public Estimator withHyperParameters(Map<String, String> o) { return this; }
        public Predictor fit(TrainingSet t) {
            Map<String, List<Double>> rates = new java.util.TreeMap<>();
            t.observations().forEach(o -> rates.computeIfAbsent(o.config().model(), k -> new ArrayList<>())
                    .add(o.measurements().stepTimeS().getAsDouble() / o.config().localBatch()));
            Map<String, Double> mean = new java.util.TreeMap<>();
            rates.forEach((k, v) -> mean.put(k, v.stream().mapToDouble(Double::doubleValue).average().orElseThrow()));
            return new PerSample(mean, Provenance.of(this, t, 0));
        }
    };

    /** The toy's codec: one "model rate" line per model. */
    private static final PredictorCodec TOY_CODEC = new PredictorCodec() {
        public byte[] encode(Predictor p) {
            StringBuilder b = new StringBuilder();
            ((PerSample) p).perModel().forEach((k, v) -> b.append(k).append(' ').append(v).append('\n'));
            return b.toString().getBytes(StandardCharsets.UTF_8);
        }

        public Predictor decode(byte[] payload, Provenance provenance) {
            Map<String, Double> m = new java.util.TreeMap<>();
            for (String line : new String(payload, StandardCharsets.UTF_8).split("\n")) {
                if (!line.isEmpty()) {
                    m.put(line.split(" ")[0], Double.parseDouble(line.split(" ")[1]));
                }
            }
            return new PerSample(m, provenance);
        }
    };

    /** Synthetic jobs of four models, batches 16-256, with multiplicative noise. */
    private static List<Observation> synthetic(int jobs, long seed) {
        Random r = new Random(seed);
        List<Observation> out = new ArrayList<>();
        for (int j = 0; j < jobs; j++) {
            for (int b = 16; b <= 256; b *= 2) {
                Config c = Config.builder().model("synthetic-" + j % 4).workers(1 + j % 8).localBatch(b).build();
                double t = 0.01 * (1 + j % 4) * b * Math.exp(0.2 * r.nextGaussian());
                out.add(new Observation(c, Measurements.builder().stepTimeS(t).build(), "synthetic"));
            }
        }
        return out;
    }

    private static void reloadsExactly(Predictor fitted) throws IOException {
        ConformalCodec codec = new ConformalCodec(TOY_CODEC);
        byte[] bytes = codec.encode(fitted);
        assertThat(ConformalCodec.wrote(bytes)).isTrue();
        Predictor back = codec.decode(bytes, fitted.provenance());
        assertThat(codec.encode(back)).isEqualTo(bytes);
        for (Observation o : synthetic(12, 9)) {
            for (double level : new double[] {0.5, 0.8, 0.9}) {
                Prediction p = ((WrappedPredictor) fitted).predict(o.config(), Target.STEP_TIME, level);
                assertThat(((WrappedPredictor) back).predict(o.config(), Target.STEP_TIME, level)).isEqualTo(p);
                assertThat(p.hasInterval()).isTrue();
            }
        }
    }

    @Test
    void aSplitFitReloadsWithTheSameIntervals() throws IOException {
        reloadsExactly(new SplitConformalEstimator(TOY).fit(TrainingSet.of("synthetic", synthetic(240, 1))));
    }

    @Test
    void aCrossConformalFitReloadsWithTheSameIntervals() throws IOException {
        reloadsExactly(new SplitConformalEstimator(TOY).fit(TrainingSet.of("synthetic", synthetic(24, 2))));
    }

    @Test
    void aTextbookSplitKeepsItsProperFit() throws IOException {
        Predictor fitted = new SplitConformalEstimator(TOY).withHyperParameters(Map.of("conformal-refit", "false"))
                .fit(TrainingSet.of("synthetic", synthetic(240, 3)));
        reloadsExactly(fitted);
    }

    @Test
    void corruptPayloadsAreRefusedNamingTheField() throws IOException {
        Predictor fitted = new SplitConformalEstimator(TOY).fit(TrainingSet.of("synthetic", synthetic(240, 1)));
        ConformalCodec codec = new ConformalCodec(TOY_CODEC);
        String text = new String(codec.encode(fitted), StandardCharsets.UTF_8);
        Provenance p = fitted.provenance();
        assertThatThrownBy(() -> codec.decode("garbage".getBytes(StandardCharsets.UTF_8), p))
                .isInstanceOf(IOException.class).hasMessageContaining("line 1");
        assertThatThrownBy(() -> codec.decode(text.replace("\"coverage\":0.9", "\"coverage\":1.5")
                .getBytes(StandardCharsets.UTF_8), p)).hasMessageContaining("field 'coverage'")
                .hasMessageContaining("(0, 1)");
        assertThatThrownBy(() -> codec.decode(text.replaceFirst("\"scores\":\\[", "\"scores\":[99.0,")
                .getBytes(StandardCharsets.UTF_8), p)).hasMessageContaining("field 'targets[0]/scores'")
                .hasMessageContaining("ascending");
        assertThatThrownBy(() -> codec.decode(text.replaceFirst("\"target\":\"step-time\"", "\"target\":\"lunch\"")
                .getBytes(StandardCharsets.UTF_8), p)).hasMessageContaining("unknown target 'lunch'");
        assertThatThrownBy(() -> codec.encode(TOY.fit(TrainingSet.of("synthetic", synthetic(8, 1)))))
                .isInstanceOf(IOException.class).hasMessageContaining("synthetic-per-sample");
    }

    /**
     * A payload the former plain-text layout held (recorded from that codec for this fit): it still reads, predicts
     * the same points and intervals as the fit, and is saved again in the envelope exactly as the fit is.
     */
    @Test
    void aPayloadOfTheFormerTextStillReads() throws IOException {
        Predictor fitted = new SplitConformalEstimator(TOY).withHyperParameters(Map.of("conformal-refit", "false"))
                .fit(TrainingSet.of("synthetic", synthetic(24, 5)));
        byte[] former;
        try (var in = ConformalCodecTest.class.getResourceAsStream("conformal-v1.txt")) {
            former = in.readAllBytes();
        }
        ConformalCodec codec = new ConformalCodec(TOY_CODEC);
        assertThat(ConformalCodec.wrote(former)).isTrue();
        Predictor back = codec.decode(former, fitted.provenance());
        for (Observation o : synthetic(12, 9)) {
            for (double level : new double[] {0.5, 0.9}) {
                assertThat(((WrappedPredictor) back).predict(o.config(), Target.STEP_TIME, level))
                        .isEqualTo(((WrappedPredictor) fitted).predict(o.config(), Target.STEP_TIME, level));
            }
        }
        assertThat(codec.encode(back)).isEqualTo(codec.encode(fitted));
    }
}
