package io.stepcast.analytic.transfer;

import com.google.inject.Inject;
import io.stepcast.api.AbstractEstimator;
import io.stepcast.analytic.estimators.CatalogEstimator.Catalogs;
import io.stepcast.analytic.allreduce.AllReduceAlone;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Precision;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.models.predictor.AbstractPredictor;
import io.stepcast.models.predictor.MeasuredPrecisions;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code overhead-transfer}: a data-parallel job's step time on a GPU type it was never run on at scale, as
 * {@code T_n(H) = T_1(H) + mean over the other types H' of max(0, T_n(H') - T_1(H'))}, for the same model,
 * local batch, workers and nodes. The extra time of n workers over one is the gradient exchange and the
 * wait for the slowest worker; a collective's time has no arithmetic term (Thakur, Rabenseifner and Gropp
 * 2005, whose gamma term the GPU hides), so it is carried over as seconds rather than as a ratio of the
 * compute time, which would shrink it on a faster GPU.
 *
 * <p>{@code T_1(H)} is the training set's single-GPU row of H at that batch; without one, H's own rows at other
 * batches, or the other types' single-GPU times, carried to the batch along each machine's compute line
 * {@code a + c b} and scaled by the hardware catalog's device figures ({@link SingleGpuTransfer}): the geometric mean
 * of the ratio of peak FLOP/s at the row's precision and the memory-bandwidth ratio (a step is partly compute-bound,
 * partly memory-bound: S. Williams, A. Waterman and D. Patterson, "Roofline", CACM 52(4), 2009; {@link io.stepcast.models.compute.DeviceSpeed}).
 * FP32 rows of one machine and TF32 rows of another are one job ({@link TransferJob#sameCode}). The overhead
 * {@code T_n - T_1} of a type that ran the job at another batch is taken at its nearest batch. A job alone on its
 * GPUs only: a pair sharing GPUs depends on its co-runner, which is not part of the configuration. A row that states
 * no precision, for a model measured at several, is refused ({@link MeasuredPrecisions}).
 *
 * <p>Which types' overhead is carried over ({@code across-nodes}): inside one server each type has its own
 * interconnect (PCIe tree, NVLink), which says nothing about the target's, so the mean over the other types is
 * kept. A job spread over several servers exchanges its gradients over the network between them, and the
 * part of that exchange left exposed depends on how much backward computation overlaps it (data-parallel
 * frameworks start each bucket's all-reduce during the backward pass: S. Li et al., "PyTorch Distributed",
 * VLDB 13(12), 2020; Pollux models the same overlap, Qiao et al., OSDI 2021): the exposed seconds shrink
 * as a step's computation grows. {@code nearest} (default) therefore carries over the overhead of the other
 * type whose single-GPU step time at that batch is closest (in ratio) to the target's; {@code mean} keeps
 * the mean over the types for every placement.
 */
public final class OverheadTransferEstimator extends AbstractEstimator {
    /** Registered name. */
    public static final String NAME = "overhead-transfer";

    private final Catalogs catalogs;

    /**
     * With the hardware catalog and the model zoo bound by the datasets module, when there are: the catalog scales
     * another type's single-GPU time, the zoo's parameter bytes give a fixed part where a machine ran one batch.
     */
    @Inject
    public OverheadTransferEstimator(Optional<HardwareCatalog> hardware, Optional<ModelCatalog> zoo) {
        this(new Catalogs(zoo, hardware), HyperParameters.of("across-nodes", "nearest"));
    }

    /** With the hardware catalog only (a fixed part from the rows' {@code parameter_bytes} only). */
    public OverheadTransferEstimator(Optional<HardwareCatalog> hardware) {
        this(hardware, Optional.empty());
    }

    private OverheadTransferEstimator(Catalogs catalogs, HyperParameters params) {
        super(NAME, "Step time on another GPU type: its single-GPU time plus the multi-GPU overhead seconds measured "
                + "on the other types (catalog FLOPs/bandwidth ratios when its single-GPU time is missing, carried "
                + "along the compute line a + c b when the batches differ)",
                EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT), params);
        this.catalogs = catalogs;
        params.choice("across-nodes", "nearest", "mean");
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new OverheadTransferEstimator(catalogs, params);
    }

    static Optional<String> domain(Config config) {
        return AllReduceAlone.check(NAME, config);
    }

    static String hw(Config c) {
        return c.deployment().hardware().toLowerCase(Locale.ROOT).strip();
    }

    /**
     * Model, batch and a precision other than the default ({@link Config#precisionTag}): the job whose times are
     * compared across hardware.
     */
    static String job(Config c) {
        return TransferJob.of(c).key();
    }

    /** The job in a refusal's words: {@code ResNet-50 at local batch 64 in tf32} (the precision where stated). */
    static String described(Config c) {
        String precision = c.precisionTag();
        return c.model() + " at local batch " + c.localBatch() + (precision.isEmpty() ? "" : " in " + precision);
    }

    /** The job at a scale: workers and nodes. */
    static String scaled(Config c) {
        return job(c) + "@" + c.workers() + "x" + c.deployment().nodes();
    }

    @Override
    public Predictor fit(TrainingSet training) {
        Map<String, Map<String, List<Double>>> single = new HashMap<>();
        Map<String, Map<String, List<Double>>> multi = new HashMap<>();
        for (Observation o : training.observations()) {
            OptionalDouble t = o.value(Target.STEP_TIME);
            if (t.isEmpty() || domain(o.config()).isPresent()) {
                continue;
            }
            Map<String, Map<String, List<Double>>> into = o.config().workers() == 1 ? single : multi;
            String key = o.config().workers() == 1 ? job(o.config()) : scaled(o.config());
            into.computeIfAbsent(key, k -> new HashMap<>()).computeIfAbsent(hw(o.config()), k -> new ArrayList<>())
                    .add(t.getAsDouble());
        }
        if (single.isEmpty()) {
            throw new CannotFitException(NAME + " needs single-GPU all-reduce rows with a step time in training set "
                    + training.id());
        }
        boolean nearest = params().choice("across-nodes", "nearest", "mean").equals("nearest");
        return new Fitted(catalogs, means(single), means(multi), nearest, Provenance.of(this, training, 0));
    }

    private static Map<String, Map<String, Double>> means(Map<String, Map<String, List<Double>>> in) {
        Map<String, Map<String, Double>> out = new HashMap<>();
        in.forEach((k, byHw) -> {
            Map<String, Double> m = new HashMap<>();
            byHw.forEach((h, v) -> m.put(h, v.stream().mapToDouble(Double::doubleValue).average().orElseThrow()));
            out.put(k, m);
        });
        return out;
    }

    /**
     * An unmodifiable copy sorted by job and hardware: the catalog scaling sums logarithms over the hardware in
     * map order, and a fixed order gives the same last bit in every JVM and after a reload.
     */
    static Map<String, Map<String, Double>> sorted(Map<String, Map<String, Double>> in) {
        Map<String, Map<String, Double>> out = new TreeMap<>();
        in.forEach((k, m) -> out.put(k, Collections.unmodifiableMap(new TreeMap<>(m))));
        return Collections.unmodifiableMap(out);
    }

    /** Mean single-GPU and multi-GPU step times per job and hardware. */
    static final class Fitted extends AbstractPredictor {
        private final Map<String, Map<String, Double>> single;
        private final Map<String, Map<String, Double>> multi;
        private final boolean nearestAcrossNodes;
        /** Precision tags measured per model key, then hardware ({@link #precisionMismatch}). */
        private final Map<String, Map<String, Set<String>>> precisions;

        private final SingleGpuTransfer ones;
        /** Mean multi-GPU steps by {@link TransferJob#modelAtPrecision} at its scale, then hardware, then batch. */
        private final Map<String, Map<String, TreeMap<Integer, Double>>> multiByBatch;

        Fitted(Catalogs catalogs, Map<String, Map<String, Double>> single,
               Map<String, Map<String, Double>> multi, boolean nearestAcrossNodes, Provenance provenance) {
            super(provenance);
            this.single = sorted(single);
            this.multi = sorted(multi);
            this.nearestAcrossNodes = nearestAcrossNodes;
            this.precisions = measuredPrecisions(this.single.keySet());
            this.ones = new SingleGpuTransfer(this.single, catalogs);
            Map<String, Map<String, TreeMap<Integer, Double>>> by = new TreeMap<>();
            this.multi.forEach((key, byHw) -> TransferJob.parse(key).ifPresent(j -> byHw.forEach((h, t) -> by
                    .computeIfAbsent(j.modelAtPrecision() + key.substring(key.indexOf('@')), k -> new TreeMap<>())
                    .computeIfAbsent(h, k -> new TreeMap<>()).put(j.batch(), t))));
            this.multiByBatch = by;
        }

        /** The precision tags of the single-GPU jobs by model key, then hardware, from the stored job keys. */
        private Map<String, Map<String, Set<String>>> measuredPrecisions(Set<String> jobs) {
            Map<String, Map<String, Set<String>>> out = new TreeMap<>();
            for (String key : jobs) {
                TransferJob.parse(key).ifPresent(j -> single.get(key).keySet().forEach(h -> out
                        .computeIfAbsent(j.model(), m -> new TreeMap<>())
                        .computeIfAbsent(h, x -> new TreeSet<>()).add(j.precision())));
            }
            return out;
        }

        /**
         * Why {@code config}'s precision cannot be answered, by the rule of every predictor keyed by precision
         * ({@link MeasuredPrecisions}): against the precisions its model was measured at on its own hardware, or on
         * all the other hardware when it has no row there (what this predictor carries over), where FP32 and TF32
         * are one job ({@link TransferJob#sameCode}).
         */
        private Optional<String> precisionMismatch(Config config, String h) {
            Map<String, Set<String>> byHw = precisions.getOrDefault(ModelNames.key(config.model()), Map.of());
            boolean here = byHw.containsKey(h);
            Set<String> tags = new TreeSet<>();
            byHw.forEach((hw, t) -> {
                if (!here || hw.equals(h)) {
                    tags.addAll(t);
                }
            });
            Optional<TransferJob> sameCode = TransferJob.of(config).sameCode();
            if (!here && sameCode.isPresent() && tags.contains(sameCode.get().precision())) {
                // Another machine's FP32 rows are the same code as this one's TF32 rows (TransferJob#sameCode).
                tags.add(config.precisionTag());
            }
            return MeasuredPrecisions.mismatch(config, tags, config.model() + " on "
                    + (here ? config.deployment().hardware() : "the other machines"));
        }

        /** Mean single-GPU step times by job, then hardware (for {@link OverheadTransferCodec}). */
        Map<String, Map<String, Double>> single() {
            return single;
        }

        /** Mean multi-GPU step times by job at its scale, then hardware. */
        Map<String, Map<String, Double>> multi() {
            return multi;
        }

        boolean nearestAcrossNodes() {
            return nearestAcrossNodes;
        }

        @Override
        public Prediction predict(Config config, Target target) {
            Optional<Prediction> refused = AllReduceAlone.refusal(NAME, targets(), config, target);
            if (refused.isPresent()) {
                return refused.get();
            }
            String h = hw(config);
            Optional<String> precision = precisionMismatch(config, h);
            if (precision.isPresent()) {
                return Prediction.notApplicable(NAME + ": " + precision.get());
            }
            SingleGpuTransfer.Carried t1 = ones.at(config, h);
            if (t1.seconds().isEmpty()) {
                return Prediction.notApplicable(NAME + ": no single-GPU time of " + described(config) + " on '" + h
                        + "', and none carried from another type: " + t1.whyNot());
            }
            double t = t1.seconds().get();
            if (config.workers() > 1) {
                List<double[]> donors = overheads(config, h);
                if (donors.isEmpty()) {
                    return Prediction.notApplicable(NAME + ": no other hardware ran " + config.model() + " on "
                            + config.workers() + " GPUs over " + config.deployment().nodes()
                            + (config.deployment().nodes() == 1 ? " node" : " nodes") + " (at any batch) and "
                            + described(config) + " alone on one GPU in the training data");
                }
                t += nearestAcrossNodes && config.deployment().nodes() > 1 ? nearest(donors, t) : mean(donors);
            }
            return Prediction.of(target == Target.STEP_TIME ? t : config.globalBatch() / t);
        }

        /**
         * What an answer rests on besides the machine's own rows: its single-GPU step when carried from other
         * machines by their speed ratio, and the machines whose measured overhead of the job's GPUs it adds (always
         * others: the method carries that overhead across hardware).
         */
        @Override
        public Optional<String> basis(Config config, Target target) {
            if (!predict(config, target).isValue()) {
                return Optional.empty();
            }
            String h = hw(config);
            List<String> parts = new ArrayList<>();
            String single = ones.at(config, h).basis();
            if (!single.isEmpty()) {
                parts.add(single);
            }
            if (config.workers() > 1) {
                List<String> machines = new ArrayList<>(overheadsByMachine(config, h).keySet());
                boolean nearest = nearestAcrossNodes && config.deployment().nodes() > 1 && machines.size() > 1;
                parts.add("the overhead of " + config.workers() + " GPUs over " + config.deployment().nodes()
                        + (config.deployment().nodes() == 1 ? " node" : " nodes") + " measured on "
                        + String.join(", ", machines) + (machines.size() == 1 ? ""
                        : nearest ? " (the one nearest in single-GPU step)" : " (their mean)"));
            }
            return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", parts));
        }

        /**
         * {@code {single-GPU seconds, overhead seconds}} of each other type that ran the job at its scale and alone
         * on one GPU at the same batch: at the job's batch where it ran it, else at the nearest batch it ran at both
         * scales (the gradients exchanged, and so the overhead, do not grow with the batch).
         */
        private List<double[]> overheads(Config config, String h) {
            return new ArrayList<>(overheadsByMachine(config, h).values());
        }

        /** {@link #overheads} by the machine they were measured on, in name order. */
        private Map<String, double[]> overheadsByMachine(Config config, String h) {
            TransferJob job = TransferJob.of(config);
            String scale = scaled(config).substring(scaled(config).indexOf('@'));
            Map<String, double[]> byHw = new TreeMap<>();
            overheadsAt(job, scale, h, byHw);
            // Machines that ran the same code at the other of FP32 and TF32 (TransferJob#sameCode).
            job.sameCode().ifPresent(other -> overheadsAt(other, scale, h, byHw));
            return byHw;
        }

        /** {@link #overheads} of the machines that ran {@code job}, each added unless already in {@code into}. */
        private void overheadsAt(TransferJob job, String scale, String h, Map<String, double[]> into) {
            Map<String, TreeMap<Integer, Double>> at = multiByBatch.getOrDefault(job.modelAtPrecision() + scale,
                    Map.of());
            Map<String, TreeMap<Integer, Double>> alone = ones.machines(job);
            for (Map.Entry<String, TreeMap<Integer, Double>> e : at.entrySet()) {
                TreeMap<Integer, Double> base = alone.get(e.getKey());
                if (e.getKey().equals(h) || base == null || into.containsKey(e.getKey())) {
                    continue;
                }
                e.getValue().keySet().stream().filter(base::containsKey)
                        .min(Comparator.<Integer>comparingInt(b -> Math.abs(b - job.batch())).thenComparing(b -> b))
                        .ifPresent(b -> into.put(e.getKey(), new double[] {base.get(b),
                                Math.max(0, e.getValue().get(b) - base.get(b))}));
            }
        }

        /** The mean overhead of the donors ({@code {single-GPU seconds, overhead seconds}}). */
        static double mean(List<double[]> donors) {
            return donors.stream().mapToDouble(d -> d[1]).average().orElseThrow();
        }

        /**
         * The overhead of the donor whose single-GPU time is closest in ratio to {@code t1} (the first in
         * hardware-name order on a tie, so the answer does not depend on map order).
         */
        static double nearest(List<double[]> donors, double t1) {
            double[] best = donors.get(0);
            for (double[] d : donors) {
                if (Math.abs(Math.log(d[0] / t1)) < Math.abs(Math.log(best[0] / t1))) {
                    best = d;
                }
            }
            return best[1];
        }

        @Override
        public Set<Target> targets() {
            return EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT);
        }
    }
}
