package io.stepcast.analytic.allreduce;

import com.google.inject.Inject;
import io.stepcast.api.Architecture;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.models.compute.FixedPartTransfer;
import io.stepcast.models.compute.ParameterPasses;
import io.stepcast.analytic.estimators.CatalogEstimator;
import io.stepcast.analytic.estimators.GroupKey;
import io.stepcast.analytic.estimators.StepTimePredictor;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code allreduce-analytic}: the step time of a synchronous all-reduce job as
 * {@code T = T_comp + max(0, T_intra / e_intra + T_inter / e_inter - f T_comp)}:
 * <ul>
 *   <li>{@code T_comp = a + b m}, per model and hardware, affine in the local batch {@code m} ({@link ComputeLine}:
 *       least squares on single-GPU rows at several batches; else the slope the rows of one node show between two
 *       batches; else the fixed part the model's single-GPU rows on other machines show, carried by memory
 *       bandwidth; else a fixed part from the device's parameter passes). Where no single-GPU row exists, as in
 *       tables that start at one full node, the same ways run through the rows of one node less the catalog's
 *       all-reduce ({@link OneNodeCompute}); those rows then fit neither the intra-node link nor the overlap. A
 *       machine with no line of the model at all takes the other machines' lines of the job, scaled by the catalog's
 *       device speeds as {@code overhead-transfer} scales a step ({@link CarriedCompute});</li>
 *   <li>{@code T_intra + T_inter}: the gradient all-reduce over the configuration's placement from the catalogs
 *       ({@link GradientSync}), split into the part over the intra-node links and the part that crosses the NICs;</li>
 *   <li>{@code f}, the share of the computation the all-reduce hides behind, in [0, 1], fitted (relative least
 *       squares) on the multi-GPU rows of the model and hardware when there are some. Without any the default is
 *       0, no credit for overlap that no row shows. PyTorch DDP and Horovod do start each gradient bucket's
 *       all-reduce during the backward pass (S. Li et al., "PyTorch Distributed: Experiences on Accelerating
 *       Data Parallel Training", VLDB 2020, section 3.2.3), but the overlapped collective competes with the
 *       backward kernels for the GPU, and a 1-GPU row cannot show how much it hides. On five published
 *       single-server tables of other machines (TensorFlow 2017 DGX-1 P100 and GCE K80; NVIDIA DeepLearningExamples
 *       ResNet-50 for PyTorch and MXNet, Transformer-XL for PyTorch; see the README) the 1 -> 2..16 GPU losses are
 *       about the whole all-reduce: with the backward pass's two thirds as the default
 *       ({@code overlap=0.667}) this predictor hid it entirely and equalled linear scaling on every one of them,
 *       0.2-4.5 points worse than with 0.</li>
 *   <li>{@code e_intra}, {@code e_inter}, the shares of the catalog's intra-node and NIC bandwidths the job
 *       achieves, in (0, 1]: with {@code efficiency=fit} (the default) each is fitted on the rows that show its link
 *       ({@link LinkFit}: rows of one node with several GPUs for the first, rows of several nodes for the second)
 *       and is the datasheet's (1) where no row shows it; with {@code efficiency=catalog} both are 1. So a table of
 *       one node's 1, 4 and 8 GPUs calibrates what a framework achieves inside the node and predicts many nodes
 *       with the catalog's NICs on top.</li>
 * </ul>
 * A synchronous parameter-server job is predicted the same way, {@code T_comm} being its push and pull over the
 * network ({@link GradientSync#parameterServer}; inside one node its single-GPU rows already hold each GPU's copies
 * over its own link), fitted per model and hardware apart from the all-reduce rows.
 * A job alone on its GPUs only (tenants 1), synchronous only. Hyper-parameters: {@code overlap}
 * ({@code fit} default, or a number in [0, 1] that is used instead of fitting), {@code efficiency}
 * ({@code fit} default, or {@code catalog}).
 */
public final class AllreduceAnalyticEstimator extends CatalogEstimator {
    /** Registered name. */
    public static final String NAME = "allreduce-analytic";
    /** The overlap share without multi-GPU rows to fit it on: none (see the class comment). */
    public static final double DEFAULT_OVERLAP = 0;

    /** With the catalogs bound by the datasets module, when there are some. */
    @Inject
    public AllreduceAnalyticEstimator(Optional<HardwareCatalog> hardware, Optional<ModelCatalog> zoo) {
        this(new Catalogs(zoo, hardware), HyperParameters.of("overlap", "fit", "efficiency", "fit"));
    }

    private AllreduceAnalyticEstimator(Catalogs catalogs, HyperParameters params) {
        super(NAME, "All-reduce step time: compute affine in the local batch, gradient all-reduce from the zoo and "
                + "the catalog's links (Thakur et al. 2005) at the intra-node and NIC shares the rows show, fitted "
                + "overlap", EnumSet.of(Target.STEP_TIME,
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

    /**
     * Fitted state of one model on one hardware: {@code a, b} of the compute line, the overlap share, and the share
     * of the catalog's bandwidth achieved inside a node and across nodes.
     */
    record Group(double a, double b, double overlap, boolean overlapFitted, double intraEfficiency,
                 double interEfficiency) {
        double compute(double batch) {
            return a + b * batch;
        }

        /** The exchange's seconds, each part over its own link's achieved bandwidth. */
        double comm(GradientSync.Cost cost) {
            return cost.intraS() / intraEfficiency + cost.interS() / interEfficiency;
        }
    }

    /** A multi-GPU training row: its compute, its exchange's parts from the catalogs, its measured step. */
    record Row(double compute, double intraS, double interS, double measured) {
    }

    @Override
    public Predictor fit(TrainingSet training) {
        GradientSync sync = new GradientSync(catalogs().hardware(), catalogs().zoo());
        ParameterPasses passes = new ParameterPasses(catalogs().hardware());
        FixedPartTransfer carried = FixedPartTransfer.of(training.observations().stream()
                .filter(o -> o.config().workers() == 1 && o.value(Target.STEP_TIME).isPresent()
                        && domain(o.config()).isEmpty())
                .map(o -> new FixedPartTransfer.Point(ModelNames.key(o.config().model()), o.config().precisionTag(),
                        o.config().deployment().hardware(), o.config().localBatch(),
                        o.value(Target.STEP_TIME).getAsDouble()))
                .toList(), passes::memoryBytesPerS);
        Map<String, List<Observation>> groups = new TreeMap<>();
        for (Observation o : training.observations()) {
            if (o.value(Target.STEP_TIME).isPresent() && domain(o.config()).isEmpty()) {
                groups.computeIfAbsent(groupKey(o.config()), k -> new ArrayList<>()).add(o);
            }
        }
        Map<String, Group> fitted = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        Optional<Double> fixed = fixedOverlap(params());
        boolean fitEfficiency = params().choice("efficiency", "catalog", "fit").equals("fit");
        groups.forEach((key, obs) -> {
            Config first = obs.get(0).config();
            OptionalDouble carriedS = carried.fixedSeconds(ModelNames.key(first.model()), first.precisionTag(),
                    first.deployment().hardware(), passes.memoryBytesPerS(first.deployment().hardware()));
            Optional<double[]> line = ComputeLine.fit(obs, carriedS, fixedPart(passes, sync, obs));
            // Without single-GPU rows, one node's rows less their all-reduce give the computation (OneNodeCompute);
            // a parameter-server group's exchange is its own, and its rows stay unanswered.
            boolean fromOneNode = line.isEmpty() && !first.deployment().architecture().usesParameterServers();
            if (fromOneNode) {
                line = ComputeLine.through(OneNodeCompute.points(obs, sync, fixed.orElse(DEFAULT_OVERLAP)), carriedS,
                        fixedPart(passes, sync, obs));
            }
            if (line.isEmpty()) {
                failures.add(key + ": no single-GPU row with a step time, nor a row of one node whose step exceeds "
                        + "the catalog's all-reduce");
                return;
            }
            double a = line.get()[0];
            double b = line.get()[1];
            List<Row> oneNode = new ArrayList<>();
            List<Row> nodes = new ArrayList<>();
            for (Observation o : obs) {
                if (o.config().workers() > 1) {
                    GradientSync.Cost c = sync.exchange(o.config());
                    if (c.seconds().isPresent()) {
                        Row r = new Row(a + b * o.config().localBatch(), c.intraS(), c.interS(),
                                o.value(Target.STEP_TIME).getAsDouble());
                        (GradientSync.placement(o.config()).nodes() == 1 ? oneNode : nodes).add(r);
                    }
                }
            }
            fitted.put(key, fromOneNode
                    ? LinkFit.fit(a, b, List.of(), nodes, Optional.of(fixed.orElse(DEFAULT_OVERLAP)), fitEfficiency)
                    : LinkFit.fit(a, b, oneNode, nodes, fixed, fitEfficiency));
        });
        if (fitted.isEmpty()) {
            throw new CannotFitException(NAME + " needs single-GPU synchronous rows with a step time in training set "
                    + training.id() + (failures.isEmpty() ? "" : ": " + String.join(" | ", failures)));
        }
        return new Fitted(sync, catalogs().hardware(), fitted, Provenance.of(this, training, 0));
    }

    /**
     * The fixed part of the compute line where the single-GPU rows show one batch only: the parameter passes of
     * the group's device ({@link ParameterPasses}), empty when the device or the gradient bytes are unknown.
     */
    private static OptionalDouble fixedPart(ParameterPasses passes, GradientSync sync, List<Observation> obs) {
        Config c = obs.get(0).config();
        return passes.fixedSeconds(c.deployment().hardware(),
                sync.gradientBytes(c).map(OptionalLong::of).orElse(OptionalLong.empty()));
    }

    static double step(double compute, double comm, double overlap) {
        return compute + Math.max(0, comm - overlap * compute);
    }

    /**
     * The overlap share of a machine whose compute line is carried from others ({@link CarriedCompute}): as for a
     * machine without multi-GPU rows, the fixed {@code overlap} of the fit's hyper-parameters, else the default.
     * Read from the provenance, which a saved predictor keeps, so a reload carries the same.
     */
    static double carriedOverlap(Provenance provenance) {
        String v = provenance.hyperParameters().getOrDefault("overlap", "fit");
        return v.equals("fit") ? DEFAULT_OVERLAP : Double.parseDouble(v);
    }

    /**
     * The fitted predictor: compute lines and overlaps per model and hardware, the catalogs for the rest. A machine
     * without a line of a model takes the other machines' lines carried by the catalog's device figures
     * ({@link CarriedCompute}), and its all-reduce over its own catalogued links at their datasheet figures (no row
     * of it calibrates them) with the overlap of a machine without multi-GPU rows ({@link #carriedOverlap}).
     */
    public static final class Fitted extends StepTimePredictor {
        private final GradientSync sync;
        private final Map<String, Group> groups;
        private final Map<String, Set<String>> precisions;
        private final CarriedCompute carried;
        private final double carriedOverlap;

        Fitted(GradientSync sync, Optional<HardwareCatalog> hardware, Map<String, Group> groups,
               Provenance provenance) {
            super(EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT), provenance);
            this.sync = sync;
            this.groups = Map.copyOf(groups);
            this.precisions = GroupKey.precisionsByModelOnMachine(groups.keySet());
            this.carried = new CarriedCompute(groups, hardware);
            this.carriedOverlap = carriedOverlap(provenance);
        }

        /**
         * Where the computation of {@code config}'s step comes from: its own group's compute line, or the other
         * machines' lines carried by the catalog's device figures (which machines, at which speed ratio); empty
         * where no computation is found for it ({@link #predict} says why; an all-reduce it cannot cost is refused
         * there too).
         */
        public Optional<String> computeBasis(Config config) {
            if (domain(config).isPresent() || GroupKey.precisionMismatch(config, precisions).isPresent()) {
                return Optional.empty();
            }
            if (groups.containsKey(groupKey(config))) {
                return Optional.of("the compute line of " + groupKey(config) + ", fitted on its own rows");
            }
            // One GPU all-reduces nothing, so its basis is the compute alone.
            return carriedTo(config).filter(c -> c.seconds().isPresent()).map(c -> c.basis()
                    + (config.workers() == 1 ? "" : "; the all-reduce over " + config.deployment().hardware()
                    + "'s catalogued links at their datasheet figures, overlap " + carriedOverlap
                    + " (no row of that machine calibrates them)"));
        }

        /**
         * {@link #computeBasis} where the compute is carried from other machines; empty where the configuration's own
         * group answers (its own rows) and where nothing is found.
         */
        @Override
        public Optional<String> basis(Config config, Target target) {
            return !targets().contains(target) || groups.containsKey(groupKey(config)) ? Optional.empty()
                    : computeBasis(config);
        }

        /** The computation carried from other machines, when {@code config}'s machine has no line of its model. */
        private Optional<CarriedCompute.Carried> carriedTo(Config config) {
            String key = groupKey(config);
            return precisions.containsKey(GroupKey.modelOnMachineOf(key)) ? Optional.empty()
                    : carried.at(config, key);
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
            Optional<String> precision = GroupKey.precisionMismatch(config, precisions);
            if (precision.isPresent()) {
                return Prediction.notApplicable(NAME + ": " + precision.get());
            }
            Group g = groups.get(groupKey(config));
            if (g == null) {
                String none = NAME + " has no single-GPU row of " + groupKey(config)
                        + " in its training data (rows with workers = 1 on that hardware, or of one node with several"
                        + " GPUs, would give its compute time)";
                Optional<CarriedCompute.Carried> there = carriedTo(config);
                if (there.isEmpty()) {
                    return Prediction.notApplicable(none);
                }
                if (there.get().seconds().isEmpty()) {
                    return Prediction.notApplicable(none + ", and no other machine's line carries to it: "
                            + there.get().basis());
                }
                // Both links at the catalog's figures (efficiency 1): no row of this machine shows them.
                g = new Group(there.get().seconds().get(), 0, carriedOverlap, false, 1, 1);
            }
            GradientSync.Cost comm = sync.exchange(config);
            if (comm.seconds().isEmpty()) {
                return Prediction.notApplicable(comm.reason());
            }
            double t = step(g.compute(config.localBatch()), g.comm(comm), g.overlap());
            if (!(t > 0)) {
                return Prediction.notApplicable(NAME + ": the compute line of " + GroupKey.of(config)
                        + " gives no positive time at local batch " + config.localBatch());
            }
            return Prediction.of(t);
        }
    }
}
