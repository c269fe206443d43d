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
import io.stepcast.analytic.fit.PolluxFitter;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The Pollux step-time model (Qiao et al., OSDI 2021; {@link PolluxForm}) fitted per model and hardware
 * on log step time by {@link PolluxFitter}. All-reduce jobs alone on their GPUs only: parameter-server jobs
 * and jobs sharing their resources (tenants &gt; 1) are not applicable. A multi-node configuration is not applicable when the training data had no multi-node row
 * (the across-node coefficients are unidentified), likewise within one node.
 *
 * <p>A model with fewer than {@code min-points} rows on its hardware (a published table with 1 and 8 GPUs per
 * model) is fitted pooled over the models of that hardware ({@link GroupedEstimator}): one set of
 * coefficients, {@code a_c} and {@code b_c} times each model's seconds per sample on one GPU, the four
 * synchronisation coefficients times its gradient bytes, one {@code g}.
 *
 * <p>Hyper-parameters: {@code starts} (Levenberg-Marquardt starting points, default 8, at most 15),
 * {@code min-points} (fewest observations per model and hardware, default 8).
 */
public final class PolluxEstimator extends GroupedEstimator {
    /** Registered name. */
    public static final String NAME = "pollux";
    static final int ARITY = PolluxForm.SIZE + 2;

    /** With the default hyper-parameters and the model zoo bound by the datasets module, when there is one. */
    @Inject
    public PolluxEstimator(Optional<ModelCatalog> zoo) {
        this(zoo, HyperParameters.of("starts", "8", "min-points", "8"));
    }

    private PolluxEstimator(Optional<ModelCatalog> zoo, HyperParameters hp) {
        super(NAME, "Pollux step time (T_comp^g + T_sync^g)^(1/g), within/across-node sync, LM on log time "
                + "(Qiao et al., OSDI 2021)", hp,
                FORM, zoo);
        int s = hp.integer("starts");
        if (s < 1 || s > PolluxFitter.maxStarts()) {
            throw new IllegalArgumentException("hyper-parameter 'starts' must be in [1, " + PolluxFitter.maxStarts()
                    + "], was " + s);
        }
        hp.integerAtLeast("min-points", 3);
    }

    @Override
    public List<String> configFields() {
        return List.of("workload.model", "deployment.architecture", "deployment.hardware", "deployment.tenants", "deployment.workers",
                "deployment.nodes", "localBatch");
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new PolluxEstimator(zoo(), params);
    }

    @Override
    protected Optional<String> unusable(Config config) {
        return domain(config);
    }

    static Optional<String> domain(Config config) {
        if (config.deployment().architecture() != Architecture.ALLREDUCE) {
            return Optional.of("pollux models all-reduce jobs, not " + config.deployment().architecture());
        }
        return Alone.check(NAME, config);
    }

    @Override
    protected Optional<double[]> fitGroup(List<Observation> group, List<String> why) {
        if (fewerThanMinPoints(group, why)) {
            return Optional.empty();
        }
        return fit(group.stream().map(o -> new PolluxFitter.Point(o.config().deployment().nodes(), o.config().workers(),
                o.config().localBatch(), stepTime(o))).toList(), why);
    }

    private Optional<double[]> fit(List<PolluxFitter.Point> points, List<String> why) {
        Optional<PolluxFitter.Result> r = new PolluxFitter(params().integer("starts")).fit(points);
        if (r.isEmpty()) {
            why.add("Levenberg-Marquardt did not converge from any start");
            return Optional.empty();
        }
        double[] c = Arrays.copyOf(r.get().coefficients(), ARITY);
        c[PolluxForm.SIZE] = r.get().withinNode() ? 1 : 0;
        c[PolluxForm.SIZE + 1] = r.get().acrossNodes() ? 1 : 0;
        return Optional.of(c);
    }

    @Override
    protected Optional<double[]> fitPooled(List<Observation> pool, Function<Observation, ModelScale> scale,
                                           List<String> why) {
        if (fewerThanPooledPoints(pool, why)) {
            return Optional.empty();
        }
        return fit(pool.stream().map(o -> new PolluxFitter.Point(o.config().deployment().nodes(), o.config().workers(),
                o.config().localBatch(), stepTime(o), scale.apply(o).compute(), scale.apply(o).sync())).toList(), why);
    }

    @Override
    protected double[] resolvePooled(double[] shared, ModelScale scale, Config config) {
        double[] c = Arrays.copyOf(PolluxFitter.scale(Arrays.copyOf(shared, PolluxForm.SIZE), scale.compute(),
                scale.sync()), ARITY);
        c[PolluxForm.SIZE] = shared[PolluxForm.SIZE];
        c[PolluxForm.SIZE + 1] = shared[PolluxForm.SIZE + 1];
        return c;
    }

    @Override
    protected int arity() {
        return ARITY;
    }

    /** Fitted Pollux coefficients {@code [a_c, b_c, a_r, b_r, a_n, b_n, g, within fitted, across fitted]}. */
    private static final GroupedForm FORM = new GroupedForm(GroupKey::of, PolluxEstimator::domain,
            PolluxEstimator::unfitted, (config, c) -> PolluxForm.stepTime(c, config.deployment().nodes(),
                    config.workers(), config.localBatch(), 0));

    private static Optional<String> unfitted(Config config, double[] c) {
        if (config.workers() > 1 && config.deployment().nodes() > 1 && c[PolluxForm.SIZE + 1] == 0) {
            return Optional.of("pollux was fitted without multi-node rows for " + GroupKey.of(config));
        }
        if (config.workers() > 1 && config.deployment().nodes() == 1 && c[PolluxForm.SIZE] == 0) {
            return Optional.of("pollux was fitted without multi-replica single-node rows for " + GroupKey.of(config));
        }
        return Optional.empty();
    }

    /** A predictor of previously fitted coefficients (for the codec). */
    public static Predictor restore(Coefficients coefficients, Provenance provenance) {
        return FORM.restore(coefficients, provenance);
    }
}
