package io.stepcast.analytic.estimators;

import com.google.inject.Inject;
import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.zoo.ModelCatalog;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Optimus's parameter-server speed model (Peng et al., "Optimus: An Efficient Dynamic Resource Scheduler
 * for Deep Learning Clusters", EuroSys 2018, section 3.2, equations 2 and 3), with w workers, p parameter
 * servers and global batch B:
 * <ul>
 *   <li>synchronous ({@link Architecture#SYNC_PS}): steps/s {@code = 1 / (a B/w + b + c w/p + d w + e p)},
 *   i.e. step time {@code a m + b + c w/p + d w + e p} with local batch m = B/w;</li>
 *   <li>asynchronous ({@link Architecture#ASYNC_PS}): steps/s over all workers
 *   {@code = w / (a + b w/p + c w + d p)}, i.e. per-worker step time {@code a + b w/p + c w + d p}.</li>
 * </ul>
 * Non-negative coefficients by NNLS ({@link NnlsFit}), per model, hardware and architecture; the
 * asynchronous form has no batch term, so it is fitted per local batch as well (as Optimus fits per job).
 * All-reduce jobs and jobs sharing their resources (tenants &gt; 1) are not applicable.
 *
 * <p>A group with fewer than {@code min-points} distinct configurations is fitted pooled over the models of its
 * hardware and architecture (and local batch, asynchronous) ({@link GroupedEstimator}): the batch and constant
 * terms ({@code a}, {@code b}; asynchronous {@code a}) scale with each model's seconds per sample on one GPU,
 * the worker and server terms with its gradient bytes.
 *
 * <p>Hyper-parameters: {@code weighting} ({@code relative} default, or {@code absolute}),
 * {@code min-points} (distinct (w, p, batch) configurations per group, default 3).
 */
public final class OptimusEstimator extends GroupedEstimator {
    /** Registered name. */
    public static final String NAME = "optimus";

    private static final boolean[] SYNC_COMPUTE_TERMS = {true, true, false, false, false};
    private static final boolean[] ASYNC_COMPUTE_TERMS = {true, false, false, false, false};

    /** With the default hyper-parameters and the model zoo bound by the datasets module, when there is one. */
    @Inject
    public OptimusEstimator(Optional<ModelCatalog> zoo) {
        this(zoo, HyperParameters.of("weighting", "relative", "min-points", "3"));
    }

    private OptimusEstimator(Optional<ModelCatalog> zoo, HyperParameters hp) {
        super(NAME, "Optimus parameter-server speed, sync 1/(aB/w+b+cw/p+dw+ep) and async w/(a+bw/p+cw+dp), "
                + "NNLS (Peng et al., EuroSys 2018)", hp,
                FORM, zoo);
        NnlsFit.checkParams(hp);
    }

    @Override
    public List<String> configFields() {
        return List.of("workload.model", "deployment.architecture", "deployment.hardware", "deployment.tenants", "deployment.workers",
                "deployment.parameterServers", "localBatch");
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new OptimusEstimator(zoo(), params);
    }

    static String keyOf(Config config) {
        Architecture a = config.deployment().architecture();
        return GroupKey.of(config, a == Architecture.ASYNC_PS ? "async-b" + config.localBatch() : "sync");
    }

    static Optional<String> notPs(Config config) {
        return config.deployment().architecture().usesParameterServers() ? Alone.check(NAME, config)
                : Optional.of("optimus models parameter-server jobs, not " + config.deployment().architecture());
    }

    /** The feature row of the form; the asynchronous form has four terms and a zero fifth. */
    static double[] features(Config config) {
        double w = config.workers();
        double p = config.deployment().parameterServers();
        if (config.deployment().architecture() == Architecture.ASYNC_PS) {
            return new double[] {1, w / p, w, p, 0};
        }
        return new double[] {config.localBatch(), 1, w / p, w, p};
    }

    @Override
    protected Optional<String> unusable(Config config) {
        return notPs(config);
    }

    @Override
    protected Optional<double[]> fitGroup(List<Observation> group, List<String> why) {
        return NnlsFit.fitIfEnough(group, o -> features(o.config()), params(), NAME,
                "distinct (workers, servers, batch) configurations", why);
    }

    private static boolean[] computeTerms(Config config) {
        return config.deployment().architecture() == Architecture.ASYNC_PS ? ASYNC_COMPUTE_TERMS : SYNC_COMPUTE_TERMS;
    }

    @Override
    protected Optional<double[]> fitPooled(List<Observation> pool, Function<Observation, ModelScale> scale,
                                           List<String> why) {
        // A pool shares the architecture (it is in the group key), hence the compute terms.
        return NnlsFit.fitPooledIfEnough(pool, o -> features(o.config()), computeTerms(pool.get(0).config()), scale,
                params(), NAME, why);
    }

    @Override
    protected double[] resolvePooled(double[] shared, ModelScale scale, Config config) {
        return NnlsFit.scaled(shared, computeTerms(config), scale);
    }

    @Override
    protected int arity() {
        return 5;
    }

    /** Fitted Optimus coefficients (sync {@code [a..e]}, async {@code [a..d, 0]}) answer through the forms. */
    private static final GroupedForm FORM = GroupedForm.of(OptimusEstimator::keyOf, OptimusEstimator::notPs,
            (config, c) -> NnlsFit.stepTime(c, features(config)));

    /** A predictor of previously fitted coefficients (for the codec). */
    public static Predictor restore(Coefficients coefficients, Provenance provenance) {
        return FORM.restore(coefficients, provenance);
    }
}
