package io.stepcast.regression.allreduce;

import com.google.inject.Inject;
import io.stepcast.api.Architecture;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.regression.estimators.CatalogEstimator;
import io.stepcast.regression.estimators.GroupKey;
import io.stepcast.regression.estimators.StepTimePredictor;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code allreduce-analytic}: the step time of a synchronous all-reduce job as
 * {@code T = T_comp + max(0, T_comm / e - f T_comp)}:
 * <ul>
 *   <li>{@code T_comp = a + b m}, per model and hardware, by least squares on the single-GPU rows of the
 *       training set (one local batch only: proportional to it);</li>
 *   <li>{@code T_comm}: the gradient all-reduce over the configuration's placement from the catalogs,
 *       nothing fitted ({@link GradientSync});</li>
 *   <li>{@code f}, the share of the computation the all-reduce hides behind, in [0, 1], fitted (relative least
 *       squares) on the multi-GPU rows of the model and hardware when there are some. Without any the default
 *       is 2/3: PyTorch DDP and Horovod start each gradient bucket's all-reduce during the backward pass
 *       (S. Li et al., "PyTorch Distributed: Experiences on Accelerating Data Parallel Training", VLDB 2020,
 *       section 3.2.3), and the backward pass is two thirds of a step's arithmetic (twice the forward's
 *       FLOPs: J. Kaplan et al., "Scaling Laws for Neural Language Models", 2020, section 2.1, C = 6N per token
 *       of which 2N forward).</li>
 *   <li>{@code e}, the share of the catalog's link speed the job achieves, in (0, 1]: 1 (the datasheet) by
 *       default; with {@code efficiency=fit} it is fitted jointly with {@code f} on the multi-GPU rows when there
 *       are some (a training framework's collectives over TCP reach a fraction of a NIC's line rate), 1
 *       otherwise.</li>
 * </ul>
 * A synchronous parameter-server job is predicted the same way, {@code T_comm} being its push and pull over the
 * network ({@link GradientSync#parameterServer}; inside one node its single-GPU rows already hold each GPU's copies
 * over its own link), fitted per model and hardware apart from the all-reduce rows.
 * A job alone on its GPUs only (tenants 1), synchronous only. Hyper-parameters: {@code overlap}
 * ({@code fit} default, or a number in [0, 1] that is used instead of fitting), {@code efficiency}
 * ({@code catalog} default, or {@code fit}).
 */
public final class AllreduceAnalyticEstimator extends CatalogEstimator {
    /** Registered name. */
    public static final String NAME = "allreduce-analytic";
    /** The default overlap share: the backward pass's part of a step (see the class comment). */
    public static final double DEFAULT_OVERLAP = 2.0 / 3.0;
    private static final int GRID = 100;
    private static final int EFFICIENCY_STEPS = 150;

    /** With the catalogs bound by the datasets module, when there are some. */
    @Inject
    public AllreduceAnalyticEstimator(Optional<HardwareCatalog> hardware, Optional<ModelCatalog> zoo) {
        this(new Catalogs(zoo, hardware), HyperParameters.of("overlap", "fit", "efficiency", "catalog"));
    }

    private AllreduceAnalyticEstimator(Catalogs catalogs, HyperParameters params) {
        super(NAME, "All-reduce step time: compute linear in local batch from single-GPU rows, gradient all-reduce "
                + "from the zoo and the catalog's links (Thakur et al. 2005), fitted overlap", EnumSet.of(Target.STEP_TIME,
                Target.THROUGHPUT), params, catalogs);
        fixedOverlap(params);
        params.choice("efficiency", "catalog", "fit");
    }

    private static Optional<Double> fixedOverlap(HyperParameters params) {
        String v = params.text("overlap");
        if (v.equals("fit")) {
            return Optional.empty();
        }
        double f;
        try {
            f = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("hyper-parameter 'overlap' must be 'fit' or a number in [0, 1], was " + v);
        }
        if (!(f >= 0 && f <= 1)) {
            throw new IllegalArgumentException("hyper-parameter 'overlap' must be in [0, 1], was " + v);
        }
        return Optional.of(f);
    }

    @Override
    protected Estimator with(Catalogs catalogs, HyperParameters params) {
        return new AllreduceAnalyticEstimator(catalogs, params);
    }

    /**
     * A synchronous job alone on its GPUs: all-reduce ({@link AllReduceAlone}), or parameter servers, whose
     * exchange {@link GradientSync#parameterServer} costs, so that a file mixing both gets an answer for each.
     */
    static Optional<String> domain(Config config) {
        if (config.deployment().architecture() == Architecture.SYNC_PS) {
            return config.deployment().tenants() > 1
                    ? Optional.of(NAME + " models a job alone on its GPUs, this one shares them with "
                            + (config.deployment().tenants() - 1) + " other job(s)")
                    : Optional.empty();
        }
        if (config.deployment().architecture() == Architecture.ASYNC_PS) {
            return Optional.of(NAME + " models synchronous jobs, not ASYNC_PS (mva and simulation model it)");
        }
        return AllReduceAlone.check(NAME, config);
    }

    /**
     * The group of a configuration: its model on its hardware; a parameter-server job's apart, whose single-GPU rows
     * hold their copies to the server.
     */
    static String groupKey(Config config) {
        return config.deployment().architecture().usesParameterServers() ? GroupKey.of(config, "sync_ps")
                : GroupKey.of(config);
    }

    /** Fitted state of one model on one hardware: {@code a, b} of the compute line and the overlap share. */
    record Group(double a, double b, double overlap, boolean overlapFitted, double efficiency) {
        double compute(double batch) {
            return a + b * batch;
        }
    }

    @Override
    public Predictor fit(TrainingSet training) {
        GradientSync sync = new GradientSync(catalogs().hardware(), catalogs().zoo());
        Map<String, List<Observation>> groups = new TreeMap<>();
        for (Observation o : training.observations()) {
            if (o.value(Target.STEP_TIME).isPresent() && domain(o.config()).isEmpty()) {
                groups.computeIfAbsent(groupKey(o.config()), k -> new ArrayList<>()).add(o);
            }
        }
        Map<String, Group> fitted = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        Optional<Double> fixed = fixedOverlap(params());
        groups.forEach((key, obs) -> {
            Optional<double[]> line = ComputeLine.fit(obs);
            if (line.isEmpty()) {
                failures.add(key + ": no single-GPU row with a step time");
                return;
            }
            double a = line.get()[0];
            double b = line.get()[1];
            List<double[]> multi = new ArrayList<>();
            for (Observation o : obs) {
                if (o.config().workers() > 1) {
                    sync.exchange(o.config()).seconds().ifPresent(c -> multi.add(new double[] {
                            a + b * o.config().localBatch(), c, o.value(Target.STEP_TIME).getAsDouble()}));
                }
            }
            boolean fitEfficiency = params().choice("efficiency", "catalog", "fit").equals("fit") && !multi.isEmpty();
            if (multi.isEmpty() || (fixed.isPresent() && !fitEfficiency)) {
                fitted.put(key, new Group(a, b, fixed.orElse(DEFAULT_OVERLAP), false, 1));
            } else {
                double[] fe = best(multi, fixed, fitEfficiency);
                fitted.put(key, new Group(a, b, fe[0], fixed.isEmpty(), fe[1]));
            }
        });
        if (fitted.isEmpty()) {
            throw new CannotFitException(NAME + " needs single-GPU synchronous rows with a step time in training set "
                    + training.id() + (failures.isEmpty() ? "" : ": " + String.join(" | ", failures)));
        }
        return new Fitted(sync, fitted, Provenance.of(this, training, 0));
    }

    /**
     * {@code {f, e}} with the least squared relative error on a grid (two unknowns at most, cheap): f in
     * [0, 1] unless fixed, e from 1 down to 10^-3 in log steps when fitted, else 1.
     */
    static double[] best(List<double[]> rows, Optional<Double> fixedOverlap, boolean fitEfficiency) {
        double[] best = {fixedOverlap.orElse(0.0), 1};
        double bestErr = Double.POSITIVE_INFINITY;
        int fs = fixedOverlap.isPresent() ? 0 : GRID;
        int es = fitEfficiency ? EFFICIENCY_STEPS : 0;
        for (int j = 0; j <= es; j++) {
            double eff = Math.pow(10, -3.0 * j / EFFICIENCY_STEPS);
            for (int i = 0; i <= fs; i++) {
                double f = fixedOverlap.orElse((double) i / GRID);
                double err = 0;
                for (double[] r : rows) {
                    double e = (step(r[0], r[1] / eff, f) - r[2]) / r[2];
                    err += e * e;
                }
                if (err < bestErr) {
                    bestErr = err;
                    best = new double[] {f, eff};
                }
            }
        }
        return best;
    }

    static double step(double compute, double comm, double overlap) {
        return compute + Math.max(0, comm - overlap * compute);
    }

    /** The fitted predictor: compute lines and overlaps per model and hardware, the catalogs for the rest. */
    static final class Fitted extends StepTimePredictor {
        private final GradientSync sync;
        private final Map<String, Group> groups;

        Fitted(GradientSync sync, Map<String, Group> groups, Provenance provenance) {
            super(EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT), provenance);
            this.sync = sync;
            this.groups = Map.copyOf(groups);
        }

        Optional<Group> group(String key) {
            return Optional.ofNullable(groups.get(key));
        }

        /** The fitted groups by key, for {@link AllreduceAnalyticCodec}. */
        Map<String, Group> groups() {
            return groups;
        }

        @Override
        protected String wrongTarget(Target target) {
            return NAME + " does not predict " + target.label();
        }

        @Override
        protected Prediction stepTime(Config config) {
            Optional<String> outside = domain(config);
            if (outside.isPresent()) {
                return Prediction.notApplicable(outside.get());
            }
            Group g = groups.get(groupKey(config));
            if (g == null) {
                return Prediction.notApplicable(NAME + " has no single-GPU row of " + groupKey(config)
                        + " in its training data (rows with workers = 1 on that hardware would give its compute time)");
            }
            GradientSync.Cost comm = sync.exchange(config);
            if (comm.seconds().isEmpty()) {
                return Prediction.notApplicable(comm.reason());
            }
            double t = step(g.compute(config.localBatch()), comm.seconds().get() / g.efficiency(), g.overlap());
            if (!(t > 0)) {
                return Prediction.notApplicable(NAME + ": the compute line of " + GroupKey.of(config)
                        + " gives no positive time at local batch " + config.localBatch());
            }
            return Prediction.of(t);
        }
    }
}
