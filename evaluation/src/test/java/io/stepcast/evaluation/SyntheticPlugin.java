package io.stepcast.evaluation;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.StepcastPlugin;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * A synthetic plugin for unit tests of the suite mechanics: three synthetic estimators and a synthetic
 * observation catalog serving {@link SyntheticObservations#grid()} as source {@code grid}.
 * <ul>
 *   <li>{@code synthetic-exact}: knows the synthetic law, predicts it exactly;</li>
 *   <li>{@code synthetic-mean}: predicts the mean training step time (hyper-parameter {@code scale}
 *       multiplies it);</li>
 *   <li>{@code synthetic-broken}: never fits.</li>
 * </ul>
 * It also contributes the protocol {@code synthetic-halves} (fit on the first half, test on the second) and
 * the reproduction {@code synthetic-figure} (the number of synthetic rows).
 * {@code synthetic-exact} records every training set it is fitted on, so tests can check no test row was
 * ever seen.
 */
public final class SyntheticPlugin extends StepcastPlugin {
    /** Training sets seen by synthetic-exact, in order. */
    public final List<TrainingSet> seen = new ArrayList<>();

    public SyntheticPlugin() {
        super("synthetic-test");
    }

    @Override
    protected void registerAll() {
        for (Estimator e : List.of(new Exact(seen), new Mean(1.0), new Broken())) {
            estimator(e);
            notPersistable(e.name(), "a test fixture, refitted by every test");
        }
        // A protocol and a reproduction contributed by name, as a third-party plugin would.
        protocol("synthetic-halves", (spec, zoo) -> new io.stepcast.api.evaluation.Protocol() {
            public String name() { return spec; }
            public List<io.stepcast.api.evaluation.Split> splits(String datasetId, List<Observation> data) {
                int half = data.size() / 2;
                return List.of(new io.stepcast.api.evaluation.Split("second-half",
                        TrainingSet.of(datasetId + "/" + spec + "/second-half", data.subList(0, half)),
                        data.subList(half, data.size())));
            }
        });
        reproduction("synthetic-figure", context -> List.of(io.stepcast.api.evaluation.ReproductionRow.of(
                "synthetic rows of grid", SyntheticObservations.grid().size(), context.source("grid").size(),
                "counted from the synthetic catalog")));
        bind(ObservationCatalog.class).toInstance(new ObservationCatalog() {
            @Override
            public List<String> sources() {
                return List.of("grid");
            }

            @Override
            public List<Observation> observations(String source, Optional<Path> dataDir) throws IOException {
                if (!source.equals("grid")) {
                    throw new IOException("unknown synthetic source " + source);
                }
                return SyntheticObservations.grid();
            }
        });
    }

    private abstract static class Base implements Estimator {
        public String description() { return "synthetic test estimator"; }
        public Set<Target> targets() { return Set.of(Target.STEP_TIME, Target.THROUGHPUT); }
        public Map<String, String> hyperParameters() { return Map.of(); }
        public Estimator withHyperParameters(Map<String, String> o) {
            if (!o.isEmpty()) {
                throw new IllegalArgumentException("unknown hyper-parameter '" + o.keySet().iterator().next() + "'");
            }
            return this;
        }

        Predictor predictor(TrainingSet t, ToDoubleFunction<Config> stepTime) {
            Provenance p = Provenance.of(this, t, 0);
            return new Predictor() {
                public Prediction predict(Config c, Target target) {
                    double s = stepTime.applyAsDouble(c);
                    return Prediction.of(target == Target.STEP_TIME ? s : c.globalBatch() / s);
                }
                public Set<Target> targets() { return Set.of(Target.STEP_TIME, Target.THROUGHPUT); }
                public Provenance provenance() { return p; }
            };
        }
    }

    private static final class Exact extends Base {
        private final List<TrainingSet> seen;
        Exact(List<TrainingSet> seen) { this.seen = seen; }
        public String name() { return "synthetic-exact"; }
        public Predictor fit(TrainingSet t) {
            synchronized (seen) {
                seen.add(t);
            }
            return predictor(t, c -> SyntheticObservations.stepTime(c.localBatch(), c.workers()));
        }
    }

    private static final class Mean extends Base {
        private final double scale;
        Mean(double scale) { this.scale = scale; }
        public String name() { return "synthetic-mean"; }
        public Map<String, String> hyperParameters() { return Map.of("scale", Double.toString(scale)); }
        public Estimator withHyperParameters(Map<String, String> o) {
            for (String k : o.keySet()) {
                if (!k.equals("scale")) {
                    throw new IllegalArgumentException("unknown hyper-parameter '" + k + "' (known: scale)");
                }
            }
            return new Mean(Double.parseDouble(o.getOrDefault("scale", Double.toString(scale))));
        }
        public Predictor fit(TrainingSet t) {
            double mean = t.withTarget(Target.STEP_TIME).stream()
                    .mapToDouble(o -> o.value(Target.STEP_TIME).getAsDouble()).average()
                    .orElseThrow(() -> new CannotFitException("no step times"));
            return predictor(t, c -> mean * scale);
        }
    }

    private static final class Broken extends Base {
        public String name() { return "synthetic-broken"; }
        public Predictor fit(TrainingSet t) {
            throw new IllegalStateException("synthetic failure");
        }
    }
}
