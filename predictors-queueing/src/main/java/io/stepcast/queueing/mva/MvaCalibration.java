package io.stepcast.queueing.mva;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.models.compute.MeasurementNoise;
import io.stepcast.queueing.fit.Calibrated;
import io.stepcast.queueing.fit.LogEfficiencySearch;
import io.stepcast.queueing.fit.SingleWorkerBasis;
import io.stepcast.queueing.fit.StateFields;
import io.stepcast.queueing.fit.UnknownBytes;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;
import io.stepcast.queueing.simulation.AllReduceLinks;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The calibrated state of one {@code mva} basis: the effective-bandwidth factor, per parameter-server
 * architecture, that makes the model reproduce the training set's measured two-worker step of the model at the
 * basis batch (bisection on [0.01, 10]); 1 when there is no such observation, no factor fits, or the
 * {@code two-worker-fit} hyper-parameter is off. For all-reduce jobs, the shares of the catalogued intra-node and
 * NIC bandwidths the model's all-reduce achieves: each fitted on the training set's all-reduce rows of the model at
 * the basis batch that show its link (one node with several GPUs, then several nodes with the first share set), by
 * least squares of the log step, the share closest to the catalog's within the fit's 95% confidence interval
 * ({@link LogEfficiencySearch#largestWithin}); 1 without such rows or with {@code network-efficiency=catalog}. Fitting
 * the two apart lets one node's rows inform many nodes.
 *
 * @param asyncEfficiency factor for {@link Architecture#ASYNC_PS}
 * @param syncEfficiency  factor for {@link Architecture#SYNC_PS}
 * @param allReduceIntra  share of the intra-node link's bandwidth an all-reduce achieves, in (0, 1]
 * @param allReduceInter  share of the NICs' bandwidth, in (0, 1]
 */
record MvaCalibration(double asyncEfficiency, double syncEfficiency, double allReduceIntra, double allReduceInter) {

    MvaCalibration {
        if (!(allReduceIntra > 0 && allReduceIntra <= 1) || !(allReduceInter > 0 && allReduceInter <= 1)) {
            throw new IllegalArgumentException("all-reduce link shares must be in (0, 1], were " + allReduceIntra
                    + " and " + allReduceInter);
        }
    }

    /** The parameter-server factors, the catalog's all-reduce links. */
    MvaCalibration(double asyncEfficiency, double syncEfficiency) {
        this(asyncEfficiency, syncEfficiency, 1, 1);
    }

    /**
     * Saves the four factors as named fields; the former text held them as four fields (a state of two, written
     * before the all-reduce shares, reads them as 1).
     */
    static final StateFields<MvaCalibration> FIELDS = new StateFields<>() {
        @Override
        public void write(MvaCalibration state, PayloadWriter into) {
            into.number("async_efficiency", state.asyncEfficiency).number("sync_efficiency", state.syncEfficiency)
                    .number("all_reduce_intra", state.allReduceIntra).number("all_reduce_inter", state.allReduceInter);
        }

        @Override
        public MvaCalibration read(PayloadReader from, SingleWorkerBasis basis) throws IOException {
            return new MvaCalibration(from.number("async_efficiency"), from.number("sync_efficiency"),
                    from.number("all_reduce_intra"), from.number("all_reduce_inter"));
        }

        @Override
        public MvaCalibration readFormer(List<String> fields, SingleWorkerBasis basis) {
            if (fields.size() != 2 && fields.size() != 4) {
                throw new IllegalArgumentException("an mva state has 4 fields, not " + fields.size());
            }
            double a = Double.parseDouble(fields.get(0));
            double s = Double.parseDouble(fields.get(1));
            return fields.size() == 2 ? new MvaCalibration(a, s)
                    : new MvaCalibration(a, s, Double.parseDouble(fields.get(2)), Double.parseDouble(fields.get(3)));
        }
    };

    /** The factor for a configuration of {@code architecture}. */
    double efficiency(Architecture architecture) {
        return architecture == Architecture.SYNC_PS ? syncEfficiency : asyncEfficiency;
    }

    /**
     * Calibrates {@code basis} on {@code training}; refused when the basis's parameter bytes are unknown, the refusal
     * ended by {@code unknown}.
     */
    static Calibrated<MvaCalibration> fit(SingleWorkerBasis basis, TrainingSet training, MvaNetworks networks,
                                          boolean twoWorkerFit, Optional<MvaAllReduce> allReduce,
                                          UnknownBytes unknown) {
        if (basis.parameterBytes().isEmpty()) {
            return new Calibrated.Refused<>("parameter bytes of model " + basis.model() + " are unknown"
                    + unknown.fix(basis.model()));
        }
        double async = twoWorkerFit ? twoWorker(basis, training, networks, Architecture.ASYNC_PS) : 1.0;
        double sync = twoWorkerFit ? twoWorker(basis, training, networks, Architecture.SYNC_PS) : 1.0;
        if (allReduce.isEmpty()) {
            return new Calibrated.Ready<>(new MvaCalibration(async, sync));
        }
        List<Observation> rows = allReduceRows(basis, training);
        double compute = networks.computeS(basis, 1);
        long bytes = basis.parameterBytes().getAsLong();
        double intra = share(rows, o -> o.config().deployment().workerPlacement().nodes() == 1,
                (c, e) -> allReduce.get().resolve(c, e, 1), compute, bytes);
        double inter = share(rows, o -> o.config().deployment().workerPlacement().nodes() > 1,
                (c, e) -> allReduce.get().resolve(c, intra, e), compute, bytes);
        return new Calibrated.Ready<>(new MvaCalibration(async, sync, intra, inter));
    }

    /**
     * The model's all-reduce rows with several workers at the basis batch and precision on the basis's hardware,
     * alone on their GPUs.
     */
    private static List<Observation> allReduceRows(SingleWorkerBasis basis, TrainingSet training) {
        String key = ModelNames.key(basis.model());
        return training.observations().stream()
                .filter(o -> o.config().deployment().architecture() == Architecture.ALLREDUCE)
                .filter(o -> o.config().workers() > 1 && o.config().deployment().tenants() == 1)
                .filter(o -> o.config().localBatch() == basis.localBatch())
                .filter(o -> o.config().precisionTag().equals(basis.precision()))
                .filter(o -> ModelNames.key(o.config().model()).equals(key))
                .filter(o -> !basis.statesHardware() || o.config().deployment().hardware().toLowerCase(
                        java.util.Locale.ROOT).equals(basis.hardware()))
                .filter(o -> o.value(Target.STEP_TIME).isPresent())
                .toList();
    }

    /**
     * The share of a link's bandwidth that best explains the rows showing it: the step is the compute plus the
     * all-reduce at that share; 1 when no row shows the link or the links cannot be costed.
     */
    private static double share(List<Observation> rows, java.util.function.Predicate<Observation> shows,
                                java.util.function.BiFunction<Config, Double, AllReduceLinks.Resolved> cost,
                                double compute, long bytes) {
        List<Observation> showing = rows.stream().filter(shows).filter(o -> cost.apply(o.config(), 1.0).cost()
                .isPresent()).toList();
        if (showing.isEmpty()) {
            return 1;
        }
        return Math.exp(LogEfficiencySearch.largestWithin(u -> {
            double sum = 0;
            for (Observation o : showing) {
                double step = compute + cost.apply(o.config(), Math.exp(u)).cost().orElseThrow().allReduceSeconds(bytes);
                double d = Math.log(step) - Math.log(o.value(Target.STEP_TIME).getAsDouble());
                sum += d * d;
            }
            return sum;
        }, MeasurementNoise.logTolerance()));
    }

    private static double twoWorker(SingleWorkerBasis basis, TrainingSet training, MvaNetworks networks,
                                    Architecture architecture) {
        String key = ModelNames.key(basis.model());
        Optional<Observation> two = training.observations().stream()
                .filter(o -> o.config().workers() == 2 && o.config().localBatch() == basis.localBatch())
                .filter(o -> o.config().precisionTag().equals(basis.precision()))
                .filter(o -> ModelNames.key(o.config().model()).equals(key))
                .filter(o -> o.config().deployment().architecture() == architecture)
                .filter(o -> o.value(Target.STEP_TIME).isPresent())
                .findFirst();
        if (two.isEmpty()) {
            return 1.0;
        }
        Config c2 = two.get().config();
        double target = two.get().value(Target.STEP_TIME).getAsDouble();
        double lo = 0.01;
        double hi = 10;
        double fLo = networks.of(c2, basis, lo, 1).stepTimeS();
        double fHi = networks.of(c2, basis, hi, 1).stepTimeS();
        // Step time falls as the factor grows; no crossing means the transfers cannot explain the measurement.
        if (!(fLo >= target && fHi <= target)) {
            return 1.0;
        }
        for (int i = 0; i < 60; i++) {
            double mid = Math.sqrt(lo * hi);
            double f = networks.of(c2, basis, mid, 1).stepTimeS();
            if (f > target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return Math.sqrt(lo * hi);
    }
}
