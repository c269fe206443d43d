package io.stepcast.ml;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.api.plugin.StepcastPlugin;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A SYNTHETIC analytical base for the hybrid's tests (test code only): per model, the step time is the
 * compute time {@code a + b * localBatch} fitted by least squares on the single-worker rows, i.e. Pollux's
 * {@code T_comp} with no communication term. It is wrong for multi-worker jobs in a way a residual can learn.
 */
public final class SyntheticComputeOnlyEstimator implements Estimator {
    /** Registered name. */
    public static final String NAME = "compute-only";

    @Override public String name() { return NAME; }
    @Override public String description() { return "test base: single-worker compute time a + b * local batch"; }
    @Override public Set<Target> targets() { return Set.of(Target.STEP_TIME); }
    @Override public Map<String, String> hyperParameters() { return Map.of(); }
    @Override public Estimator withHyperParameters(Map<String, String> overrides) {
        if (!overrides.isEmpty()) {
            throw new IllegalArgumentException("unknown hyper-parameter " + overrides.keySet());
        }
        return this;
    }

    @Override
    public Predictor fit(TrainingSet training) {
        Map<String, double[]> sums = new HashMap<>(); // n, sx, sy, sxx, sxy
        for (Observation o : training.observations()) {
            if (o.config().workers() == 1 && o.value(Target.STEP_TIME).isPresent()) {
                double x = o.config().localBatch();
                double y = o.value(Target.STEP_TIME).getAsDouble();
                double[] s = sums.computeIfAbsent(ModelNames.key(o.config().model()), k -> new double[5]);
                s[0]++; s[1] += x; s[2] += y; s[3] += x * x; s[4] += x * y;
            }
        }
        Map<String, double[]> coefficients = new HashMap<>();
        sums.forEach((model, s) -> {
            double det = s[0] * s[3] - s[1] * s[1];
            if (s[0] >= 2 && det > 0) {
                double b = (s[0] * s[4] - s[1] * s[2]) / det;
                coefficients.put(model, new double[] {(s[2] - b * s[1]) / s[0], b});
            }
        });
        if (coefficients.isEmpty()) {
            throw new CannotFitException("compute-only needs two single-worker batches of some model");
        }
        return new Fitted(coefficients, Provenance.of(this, training, 0));
    }

    /** The fitted per-model lines. */
    record Fitted(Map<String, double[]> coefficients, Provenance provenance) implements Predictor {
        @Override
        public Prediction predict(Config config, Target target) {
            double[] c = coefficients.get(ModelNames.key(config.model()));
            if (target != Target.STEP_TIME || c == null) {
                return Prediction.notApplicable("compute-only knows step time of its single-worker models only");
            }
            double t = c[0] + c[1] * config.localBatch();
            return t > 0 ? Prediction.of(t) : Prediction.notApplicable("non-positive compute time");
        }

        @Override
        public Set<Target> targets() {
            return Set.of(Target.STEP_TIME);
        }
    }

    /** Its codec: the coefficients as doubles. */
    public static final class Codec implements PredictorCodec {
        @Override
        public byte[] encode(Predictor predictor) throws IOException {
            Fitted f = (Fitted) predictor;
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(b);
            out.writeInt(f.coefficients().size());
            for (var e : new TreeMap<>(f.coefficients()).entrySet()) {
                out.writeUTF(e.getKey());
                out.writeDouble(e.getValue()[0]);
                out.writeDouble(e.getValue()[1]);
            }
            return b.toByteArray();
        }

        @Override
        public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload));
            int n = in.readInt();
            Map<String, double[]> c = new HashMap<>();
            for (int i = 0; i < n; i++) {
                c.put(in.readUTF(), new double[] {in.readDouble(), in.readDouble()});
            }
            return new Fitted(c, provenance);
        }
    }

    /** A test plugin registering the base, with or without its codec. */
    public static final class Plugin extends StepcastPlugin {
        private final boolean withCodec;

        public Plugin(boolean withCodec) {
            super("test-analytic");
            this.withCodec = withCodec;
        }

        @Override
        protected void registerAll() {
            estimator(new SyntheticComputeOnlyEstimator());
            if (withCodec) {
                codec(NAME, new Codec());
            } else {
                notPersistable(NAME, "this test registers it without its codec");
            }
        }
    }
}
