package io.stepcast.analytic.transfer;

import io.stepcast.analytic.allreduce.ComputeLine;
import io.stepcast.analytic.estimators.CatalogEstimator.Catalogs;
import io.stepcast.api.Config;
import io.stepcast.api.Precision;
import io.stepcast.api.zoo.ModelInfo;
import io.stepcast.models.compute.CrossMachinePrecision;
import io.stepcast.models.compute.DeviceSpeed;
import io.stepcast.models.compute.FixedPartTransfer;
import io.stepcast.models.compute.ParameterPasses;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * {@code overhead-transfer}'s single-GPU time of a job on a machine, from the mean single-GPU steps it was fitted on,
 * in this order:
 * <ol>
 *   <li>the machine's own step at that batch;</li>
 *   <li>the machine's own steps of the model at that precision at other batches, carried along its compute line;</li>
 *   <li>the other machines' steps at that batch, scaled by the catalog's device speeds ({@link DeviceSpeed}); the
 *       geometric mean over them;</li>
 *   <li>where no other machine ran that batch, each other machine's step of the model at that precision carried
 *       along that machine's compute line to the batch, then scaled the same way.</li>
 * </ol>
 * The compute line is affine in the local batch, {@code t(b) = a + c b} ({@link ComputeLine}, the one
 * {@code allreduce-analytic} fits): least squares where a machine shows two batches or more; where it shows one,
 * the line through that step with the fixed part {@code a} the model's steps on other machines show, carried by
 * memory bandwidth ({@link FixedPartTransfer}), else the device's passes over the parameters
 * ({@link ParameterPasses}; the row's {@code parameter_bytes}, else the zoo's, at most half the step). Where one
 * batch is all there is and neither gives a fixed part, the step is not carried (a line through the origin would
 * make a small batch's step proportionally cheap): the refusal names the batches and the missing
 * {@code parameter_bytes}. Published tables run a bigger batch on the newer machine (more memory), so the batches of
 * two machines rarely match. Immutable.
 */
final class SingleGpuTransfer {
    /** Mean single-GPU steps by {@link TransferJob#modelAtPrecision}, then hardware, then batch. */
    private final Map<String, Map<String, TreeMap<Integer, Double>>> steps;
    private final Catalogs catalogs;
    private final ParameterPasses passes;
    private final FixedPartTransfer fixedParts;

    /**
     * @param single   mean single-GPU step by job key ({@link TransferJob#key}), then hardware; keys of another
     *                 form answer only their own job
     * @param catalogs the hardware catalog and the zoo, when bound
     */
    SingleGpuTransfer(Map<String, Map<String, Double>> single, Catalogs catalogs) {
        this.catalogs = catalogs;
        this.passes = new ParameterPasses(catalogs.hardware());
        Map<String, Map<String, TreeMap<Integer, Double>>> by = new TreeMap<>();
        List<FixedPartTransfer.Point> points = new ArrayList<>();
        single.forEach((key, byHw) -> TransferJob.parse(key).ifPresent(j -> byHw.forEach((h, s) -> {
            by.computeIfAbsent(j.modelAtPrecision(), k -> new TreeMap<>()).computeIfAbsent(h, k -> new TreeMap<>())
                    .put(j.batch(), s);
            points.add(new FixedPartTransfer.Point(j.model(), j.precision(), h, j.batch(), s));
        })));
        this.steps = by;
        this.fixedParts = FixedPartTransfer.of(points, passes::memoryBytesPerS);
    }

    /** The machines with single-GPU steps of {@code job}'s model at its precision, and their steps by batch. */
    Map<String, TreeMap<Integer, Double>> machines(TransferJob job) {
        return steps.getOrDefault(job.modelAtPrecision(), Map.of());
    }

    /** The single-GPU step of {@code config}'s job on its machine {@code h}, or why there is none. */
    Carried at(Config config, String h) {
        TransferJob job = TransferJob.of(config);
        Map<String, TreeMap<Integer, Double>> ran = machines(job);
        Carried own = ran.containsKey(h) ? along(job, h, ran.get(h), config) : Carried.none("");
        if (own.seconds().isPresent()) {
            return own;
        }
        Map<String, Donor> donors = donors(job, h);
        if (donors.isEmpty()) {
            return ran.containsKey(h) ? own
                    : Carried.none("no machine ran " + job.modelAtPrecision() + " alone on one GPU");
        }
        DeviceSpeed.Target target = DeviceSpeed.target(catalogs.hardware(), h, config.statedPrecision());
        if (target.whyNot().isPresent()) {
            return Carried.none(target.whyNot().get());
        }
        double logSum = 0;
        int n = 0;
        List<String> why = new ArrayList<>();
        List<String> from = new ArrayList<>();
        for (Map.Entry<String, Donor> e : donors.entrySet()) {
            Donor d = e.getValue();
            DeviceSpeed.Ratio ratio = target.ratioFrom(catalogs.hardware().get().device(e.getKey()), e.getKey(),
                    CrossMachinePrecision.peak(d.job().precision().isEmpty() ? config.statedPrecision()
                            : Optional.of(Precision.parse(d.job().precision(), "precision"))));
            Carried there = along(d.job(), e.getKey(), d.steps(), config);
            if (ratio.whyNot().isEmpty() && there.seconds().isPresent()) {
                logSum += Math.log(there.seconds().get() * ratio.value());
                n++;
                from.add(String.format(Locale.ROOT, "%s (%s) times %.3f at the %s", e.getKey(), ratio.from(),
                        ratio.value(), ratio.peaks().orElseThrow().label()));
            } else {
                why.add(ratio.whyNot().orElse(there.whyNot()));
            }
        }
        return n > 0 ? Carried.from(Math.exp(logSum / n), "single-GPU step carried to " + h + " ("
                + target.device().orElseThrow().name() + ") from " + String.join(", ", from)
                + (n > 1 ? ", their geometric mean" : "")) : Carried.none(String.join("; ", why));
    }

    /** Another machine's single-GPU steps by batch of the job, at the precision it ran it. */
    private record Donor(TransferJob job, TreeMap<Integer, Double> steps) {
    }

    /**
     * The other machines that ran {@code job}'s model alone: at its precision, or else at the precision the same
     * code runs at there ({@link TransferJob#sameCode}); those that ran its batch, when any did (they are carried by
     * the device ratio alone), else all of them (carried along their compute lines first).
     */
    private Map<String, Donor> donors(TransferJob job, String h) {
        Map<String, Donor> all = new TreeMap<>();
        machines(job).forEach((m, byBatch) -> all.put(m, new Donor(job, byBatch)));
        job.sameCode().ifPresent(other -> machines(other).forEach((m, byBatch) -> all.putIfAbsent(m,
                new Donor(other, byBatch))));
        all.remove(h);
        Map<String, Donor> atBatch = new TreeMap<>();
        all.forEach((m, d) -> {
            if (d.steps().containsKey(job.batch())) {
                atBatch.put(m, d);
            }
        });
        return atBatch.isEmpty() ? all : atBatch;
    }

    /** The step of {@code job} on {@code h} at its batch, from {@code h}'s steps by batch along its compute line. */
    private Carried along(TransferJob job, String h, TreeMap<Integer, Double> byBatch, Config config) {
        Double exact = byBatch.get(job.batch());
        if (exact != null) {
            return Carried.of(exact);
        }
        List<double[]> points = new ArrayList<>();
        byBatch.forEach((b, s) -> points.add(new double[] {b, s}));
        OptionalDouble carried = fixedParts.fixedSeconds(job.model(), job.precision(), h, passes.memoryBytesPerS(h));
        OptionalDouble passesS = passes.fixedSeconds(h, parameterBytes(config));
        if (byBatch.size() == 1) {
            double only = byBatch.firstEntry().getValue();
            boolean carriedFits = carried.isPresent() && carried.getAsDouble() < only;
            if (!carriedFits && passesS.isEmpty()) {
                return Carried.none("'" + h + "' ran " + job.modelAtPrecision() + " at batch "
                        + byBatch.firstKey() + " only, not " + job.batch() + ", and no fixed part carries it there "
                        + "(no machine shows two batches; add parameter_bytes, or a row at batch " + job.batch()
                        + ")");
            }
        }
        double[] line = ComputeLine.through(points, carried, passesS).orElseThrow();
        return Carried.of(line[0] + line[1] * job.batch());
    }

    /** The row's {@code parameter_bytes}, else the zoo's. */
    private OptionalLong parameterBytes(Config config) {
        if (config.workload().parameterBytes().isPresent()) {
            return config.workload().parameterBytes();
        }
        return catalogs.zoo().flatMap(z -> z.find(config.model())).map(ModelInfo::parameterBytes)
                .map(OptionalLong::of).orElse(OptionalLong.empty());
    }

    /**
     * A single-GPU time, or why there is none.
     *
     * @param seconds the time, when found
     * @param whyNot  why there is none, else empty
     * @param basis   the machines it was carried from and the ratios, when it was; empty for the machine's own rows
     */
    record Carried(Optional<Double> seconds, String whyNot, String basis) {
        static Carried of(double seconds) {
            return new Carried(Optional.of(seconds), "", "");
        }

        static Carried from(double seconds, String basis) {
            return new Carried(Optional.of(seconds), "", basis);
        }

        static Carried none(String why) {
            return new Carried(Optional.empty(), why, "");
        }
    }
}
