package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;

import java.util.List;
import java.util.Optional;

/**
 * Linear scaling, the baseline every model must beat (docs/methods.md section 4):
 * {@code throughput(W) = W x throughput(1)}, i.e. a constant step time {@code local batch / throughput(1)}.
 * Fitted per model, hardware, local batch and tenancy from the single-worker rows (their mean when several
 * were measured, e.g. synthetic and real input data); any architecture. A configuration whose single-worker
 * throughput was not measured is not applicable: the baseline does not interpolate across batch sizes.
 */
public final class LinearScalingEstimator extends GroupedEstimator {
    /** Registered name. */
    public static final String NAME = "linear-scaling";

    /** With no hyper-parameters. */
    public LinearScalingEstimator() {
        super(NAME, "Linear scaling baseline: throughput(W) = W x throughput(1) from the single-worker measurement",
                HyperParameters.of(),
                FORM);
    }

    @Override
    public List<String> configFields() {
        return List.of("workload.model", "deployment.hardware", "deployment.workers", "deployment.tenants", "localBatch");
    }

    /** Declares no parameter, so {@code params} is empty and this estimator is its own copy. */
    @Override
    protected Estimator copyWith(HyperParameters params) {
        return this;
    }

    static String keyOf(Config config) {
        return GroupKey.of(config, "b" + config.localBatch() + "t" + config.deployment().tenants());
    }

    @Override
    protected Optional<String> unusable(Config config) {
        return Optional.empty();
    }

    @Override
    protected Optional<double[]> fitGroup(List<Observation> group, List<String> why) {
        double[] single = group.stream().filter(o -> o.config().workers() == 1)
                .mapToDouble(o -> o.value(Target.THROUGHPUT).orElseThrow()).toArray();
        if (single.length == 0) {
            why.add("no single-worker measurement");
            return Optional.empty();
        }
        double sum = 0;
        for (double v : single) {
            sum += v;
        }
        return Optional.of(new double[] {sum / single.length});
    }

    @Override
    protected int arity() {
        return 1;
    }

    /** The fitted baseline: coefficient = single-worker throughput in samples/s; any configuration. */
    private static final GroupedForm FORM = GroupedForm.of(LinearScalingEstimator::keyOf, config -> Optional.empty(),
            (config, c) -> config.localBatch() / c[0]);

    /** A predictor of previously fitted coefficients (for the codec). */
    public static Predictor restore(Coefficients coefficients, Provenance provenance) {
        return FORM.restore(coefficients, provenance);
    }
}
