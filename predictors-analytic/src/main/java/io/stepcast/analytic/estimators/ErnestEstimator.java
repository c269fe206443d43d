package io.stepcast.analytic.estimators;

import com.google.inject.Inject;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.zoo.ModelCatalog;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Ernest (Venkataraman et al., "Ernest: Efficient Performance Prediction for Large-Scale Advanced
 * Analytics", NSDI 2016, section 3.2): {@code time = t0 + t1 (scale / m) + t2 m + t3 log(m)} with m machines,
 * non-negative coefficients by NNLS. For a training step (our choice) the scale is the global batch and
 * the machines are the data-parallel workers (hyper-parameter {@code machines=workers}, default) or the
 * nodes ({@code machines=nodes}), so {@code scale / m} is the local batch per worker or per node. Fitted per
 * model, hardware and architecture; any architecture, but jobs sharing their resources (tenants &gt; 1)
 * are not applicable.
 *
 * <p>A group with fewer than {@code min-points} distinct configurations (a published table with 1 and 8 GPUs
 * per model) is fitted pooled over the models of its hardware and architecture ({@link GroupedEstimator}):
 * {@code t0} and {@code t1} scale with each model's seconds per sample on one GPU, {@code t2} and {@code t3}
 * with its gradient bytes.
 *
 * <p>Hyper-parameters: {@code machines}, {@code weighting} ({@code relative} default, or {@code absolute}),
 * {@code min-points} (distinct configurations per group, default 4).
 */
public final class ErnestEstimator extends GroupedEstimator {
    /** Registered name. */
    public static final String NAME = "ernest";

    /** The compute terms of the form ({@code t0}, {@code t1}); the others are synchronisation. */
    private static final boolean[] COMPUTE_TERMS = {true, true, false, false};

    /** With the default hyper-parameters and the model zoo bound by the datasets module, when there is one. */
    @Inject
    public ErnestEstimator(Optional<ModelCatalog> zoo) {
        this(zoo, HyperParameters.of("machines", "workers", "weighting", "relative", "min-points", "4"));
    }

    private ErnestEstimator(Optional<ModelCatalog> zoo, HyperParameters hp) {
        super(NAME, "Ernest t0 + t1*scale/m + t2*m + t3*log(m), NNLS (Venkataraman et al., NSDI 2016)", hp,
                FORM, zoo);
        hp.choice("machines", "workers", "nodes");
        NnlsFit.checkParams(hp);
    }

    @Override
    public List<String> configFields() {
        return List.of("workload.model", "deployment.architecture", "deployment.hardware", "deployment.tenants", "deployment.workers",
                "deployment.nodes", "localBatch");
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new ErnestEstimator(zoo(), params);
    }

    static String keyOf(Config config) {
        return GroupKey.of(config, config.deployment().architecture().name().toLowerCase(Locale.ROOT));
    }

    static double[] features(Config config, boolean byNodes) {
        double m = byNodes ? config.deployment().nodes() : config.workers();
        return new double[] {1, config.globalBatch() / m, m, Math.log(m)};
    }

    private boolean byNodes() {
        return params().choice("machines", "workers", "nodes").equals("nodes");
    }

    @Override
    protected Optional<String> unusable(Config config) {
        return Alone.check(NAME, config);
    }

    @Override
    protected Optional<double[]> fitGroup(List<Observation> group, List<String> why) {
        boolean nodes = byNodes();
        Optional<double[]> t = NnlsFit.fitIfEnough(group, o -> features(o.config(), nodes), params(), NAME,
                "distinct configurations", why);
        return t.map(theta -> {
            double[] c = Arrays.copyOf(theta, 5);
            c[4] = nodes ? 1 : 0;
            return c;
        });
    }

    @Override
    protected Optional<double[]> fitPooled(List<Observation> pool, Function<Observation, ModelScale> scale,
                                           List<String> why) {
        boolean nodes = byNodes();
        return NnlsFit.fitPooledIfEnough(pool, o -> features(o.config(), nodes), COMPUTE_TERMS, scale, params(), NAME,
                why);
    }

    @Override
    protected double[] resolvePooled(double[] shared, ModelScale scale, Config config) {
        double[] c = Arrays.copyOf(NnlsFit.scaled(shared, COMPUTE_TERMS, scale), 5);
        c[4] = byNodes() ? 1 : 0;
        return c;
    }

    @Override
    protected int arity() {
        return 5;
    }

    /** Fitted Ernest coefficients {@code [t0, t1, t2, t3, machines are nodes (1) or workers (0)]}. */
    private static final GroupedForm FORM = GroupedForm.of(ErnestEstimator::keyOf, config -> Alone.check(NAME, config),
            (config, c) -> NnlsFit.stepTime(c, features(config, c[4] == 1)));

    /** A predictor of previously fitted coefficients (for the codec). */
    public static Predictor restore(Coefficients coefficients, Provenance provenance) {
        return FORM.restore(coefficients, provenance);
    }
}
