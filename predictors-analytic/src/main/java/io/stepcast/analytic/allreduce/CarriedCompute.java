package io.stepcast.analytic.allreduce;

import io.stepcast.analytic.allreduce.AllreduceAnalyticEstimator.Group;
import io.stepcast.analytic.estimators.GroupKey;
import io.stepcast.api.Config;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Precision;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.models.compute.CrossMachinePrecision;
import io.stepcast.models.compute.DeviceSpeed;
import io.stepcast.models.predictor.MeasuredPrecisions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code allreduce-analytic}'s computation of a job on a machine without a compute line of the job's model (no
 * single-GPU row, no row of one node there, at any precision): the other machines' lines of the job, each scaled by
 * the ratio of the two devices' speeds in the hardware catalog ({@link DeviceSpeed}, the ratio
 * {@code overhead-transfer} scales a single-GPU step by), under the same precision rules
 * ({@link CrossMachinePrecision}: FP32 rows of one machine and TF32 rows of another are the same code; TF32 takes the
 * FP32 peak). Both terms of a line {@code a + b m} are device work, so both scale by the ratio. Where several machines
 * have a line, the answer is the geometric mean of their carried times at the batch asked, as
 * {@code overhead-transfer} combines its donors: no machine is preferred, and one donor's error in ratio counts as
 * much up as down. A machine that has a line of the model at another precision is not carried to (its own rows
 * decide, {@link MeasuredPrecisions}), again as {@code overhead-transfer} does.
 *
 * <p>Computed when asked, from the fitted lines and the injected catalog, so a saved predictor carries the same
 * after a reload. Immutable.
 */
final class CarriedCompute {
    /** The fitted groups by key, sorted: the geometric mean sums logarithms in this order, bit for bit each time. */
    private final Map<String, Group> groups;
    private final Optional<HardwareCatalog> hardware;

    CarriedCompute(Map<String, Group> groups, Optional<HardwareCatalog> hardware) {
        this.groups = new TreeMap<>(groups);
        this.hardware = hardware;
    }

    /**
     * The computation carried to a configuration's machine, or why not; empty when no other machine has a compute
     * line of its job (the caller's refusal stands as it was).
     *
     * @param config   the configuration, whose machine has no line of its model
     * @param groupKey its group's key ({@link AllreduceAnalyticEstimator#groupKey})
     */
    Optional<Carried> at(Config config, String groupKey) {
        String model = ModelNames.key(config.model());
        String split = groupKey.substring(GroupKey.of(config).length());
        String here = machine(GroupKey.of(config));
        String tag = config.precisionTag();
        Optional<String> sameCode = CrossMachinePrecision.sameCode(tag);
        Map<String, String> donors = new TreeMap<>();
        TreeSet<String> measured = new TreeSet<>();
        for (String key : groups.keySet()) {
            String on = GroupKey.modelOnMachineOf(key);
            if (!on.startsWith(model + "@") || machine(key).equals(here)
                    || !key.equals(on + Precision.keySuffix(GroupKey.precisionOf(key)) + split)) {
                continue;
            }
            measured.add(GroupKey.precisionOf(key));
            String exact = on + Precision.keySuffix(tag) + split;
            if (groups.containsKey(exact)) {
                donors.put(machine(key), exact);
            } else if (sameCode.isPresent() && groups.containsKey(on + Precision.keySuffix(sameCode.get()) + split)) {
                donors.putIfAbsent(machine(key), on + Precision.keySuffix(sameCode.get()) + split);
            }
        }
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        if (sameCode.isPresent() && measured.contains(sameCode.get())) {
            // Another machine's FP32 line is the same code as this one's TF32 rows (CrossMachinePrecision#sameCode).
            measured.add(tag);
        }
        Optional<String> precision = MeasuredPrecisions.mismatch(config, measured,
                config.model() + " on the other machines");
        if (precision.isPresent()) {
            return Optional.of(Carried.none(precision.get()));
        }
        if (donors.isEmpty()) {
            // A machine that ran the model at one precision keys its line without one (GroupKey).
            List<String> named = measured.stream().filter(m -> !m.isEmpty()).toList();
            return Optional.of(Carried.none("no other machine has a line of " + config.model() + " at "
                    + (tag.isEmpty() ? "the row's precision" : tag) + " (theirs are at "
                    + (named.isEmpty() ? "another precision" : String.join(", ", named)) + "; column precision)"));
        }
        return Optional.of(scaled(config, donors));
    }

    /** The donors' lines at the configuration's batch, each times its speed ratio to the target device. */
    private Carried scaled(Config config, Map<String, String> donors) {
        DeviceSpeed.Target target = DeviceSpeed.target(hardware, config.deployment().hardware(),
                config.statedPrecision());
        if (target.whyNot().isPresent()) {
            return Carried.none(target.whyNot().get());
        }
        Precision precision = target.precision();
        double logSum = 0;
        int n = 0;
        List<String> from = new ArrayList<>();
        List<String> why = new ArrayList<>();
        for (Map.Entry<String, String> e : donors.entrySet()) {
            String tag = GroupKey.precisionOf(e.getValue());
            Precision theirs = tag.isEmpty() ? precision : CrossMachinePrecision.peak(Optional.of(
                    Precision.parse(tag, "precision")));
            DeviceSpeed.Ratio ratio = target.ratioFrom(hardware.get().device(e.getKey()), e.getKey(), theirs);
            double t = groups.get(e.getValue()).compute(config.localBatch());
            if (ratio.whyNot().isEmpty() && t > 0) {
                logSum += Math.log(t * ratio.value());
                n++;
                // The line by its precision where it is not the default, in the columns' words: its group key
                // (ssd300v11@dgx-a100-80gb%tf32) is internal.
                from.add(String.format(Locale.ROOT, "%s (%s%s) times %.3f at the %s", e.getKey(), ratio.from(),
                        tag.isEmpty() ? "" : "; its " + tag + " rows", ratio.value(),
                        ratio.peaks().orElseThrow().label()));
            } else {
                why.add(ratio.whyNot().orElse(e.getValue() + "'s line gives no positive time at local batch "
                        + config.localBatch()));
            }
        }
        if (n == 0) {
            return Carried.none(String.join("; ", why));
        }
        String basis = "compute carried to " + config.deployment().hardware() + " (" + target.device().orElseThrow().name()
                + ") from the compute line of " + String.join(", ", from)
                + ", the ratio of the devices' speeds sqrt(peak FLOP/s x memory bandwidth) by the hardware catalog's "
                + "figures" + (n > 1 ? "; the geometric mean of the " + n + " at local batch " + config.localBatch() : "");
        return Carried.of(Math.exp(logSum / n), basis);
    }

    /** The machine part of a group key, without model, precision and split: {@code dgx-1}. */
    private static String machine(String key) {
        String on = GroupKey.modelOnMachineOf(key);
        return on.substring(on.indexOf('@') + 1);
    }

    /**
     * A carried computation time and how it was carried, or why there is none.
     *
     * @param seconds the computation at the configuration's batch, when carried
     * @param basis   the donors and ratios when carried, else the reason
     */
    record Carried(Optional<Double> seconds, String basis) {
        static Carried of(double seconds, String basis) {
            return new Carried(Optional.of(seconds), basis);
        }

        static Carried none(String why) {
            return new Carried(Optional.empty(), why);
        }
    }
}
