package io.stepcast.models.compute;

import io.stepcast.api.Precision;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;

import java.util.Optional;

/**
 * How fast a catalogued device runs a training step, relative to another: {@code sqrt(peak x bandwidth)}, the
 * geometric mean of its peak FLOP/s ({@link DeviceSpec#peakFlops}) and its memory bandwidth, since a step is partly
 * compute-bound and partly memory-bound (S. Williams, A. Waterman and D. Patterson, "Roofline", CACM 52(4), 2009).
 * Only ratios of two speeds are used, so the unit does not matter. Which precision's peak a row takes is
 * {@link CrossMachinePrecision#peak}, and between two devices {@link CrossMachinePrecision#pair}. Shared by {@code overhead-transfer}, which scales another machine's single-GPU
 * step by it, and {@code allreduce-analytic}, which scales another machine's compute line.
 */
public final class DeviceSpeed {
    private DeviceSpeed() {
    }

    /** The speed of {@code device} at {@code precision}'s peak, or empty when the catalog lacks a figure. */
    public static Optional<Double> of(DeviceSpec device, Precision precision) {
        return missing(device, precision).isPresent() ? Optional.empty()
                : Optional.of(Math.sqrt(device.peakFlops(precision).getAsDouble() / 1e12
                        * device.memoryBandwidthGBs().getAsDouble()));
    }

    /**
     * The device a row on {@code label} is carried to, and the peak its stated precision takes there
     * ({@link CrossMachinePrecision#peak}; {@link CrossMachinePrecision#pair} may compare another with each donor), or
     * why there is none (no catalog, a label that is no catalogued device, a missing figure).
     */
    public static Target target(Optional<HardwareCatalog> catalog, String label, Optional<Precision> stated) {
        if (catalog.isEmpty()) {
            return Target.none("no hardware catalog to scale another machine's times with");
        }
        Optional<DeviceSpec> device = catalog.get().device(label);
        if (device.isEmpty()) {
            return Target.none("'" + label + "' is not a catalogued device");
        }
        Precision precision = CrossMachinePrecision.peak(stated);
        Optional<String> lacks = missing(device.get(), precision);
        return lacks.isPresent() ? Target.none(lacks.get() + " in the hardware catalog")
                : new Target(device, precision, Optional.empty());
    }

    /**
     * The device a row is carried to ({@link #target}).
     *
     * @param device    the catalogued device; empty when {@code whyNot} is present
     * @param precision the precision whose peak it takes
     * @param whyNot    why there is none
     */
    public record Target(Optional<DeviceSpec> device, Precision precision, Optional<String> whyNot) {
        static Target none(String why) {
            return new Target(Optional.empty(), Precision.FP32, Optional.of(why));
        }

        /**
         * The ratio a time measured on {@code from} (the label {@code label}, at the peak {@code theirs} gives it) is
         * multiplied by to be this device's: the two speeds at the peaks {@link CrossMachinePrecision#pair} compares
         * them by, the other device's over this one's; or why there is none (an uncatalogued device, a missing
         * figure). Only for a target without {@link #whyNot}.
         */
        public Ratio ratioFrom(Optional<DeviceSpec> from, String label, Precision theirs) {
            DeviceSpec here = device.orElseThrow();
            if (from.isEmpty()) {
                return Ratio.none("'" + label + "' is not a catalogued device");
            }
            CrossMachinePrecision.Peaks peaks = CrossMachinePrecision.pair(precision, here, theirs, from.get());
            Optional<Double> there = of(from.get(), peaks.theirs());
            if (there.isEmpty()) {
                return Ratio.none(missing(from.get(), peaks.theirs()).orElseThrow());
            }
            Optional<Double> ours = of(here, peaks.ours());
            if (ours.isEmpty()) {
                return Ratio.none(missing(here, peaks.ours()).orElseThrow());
            }
            return new Ratio(there.get() / ours.get(), from.get().name(), Optional.of(peaks), Optional.empty());
        }
    }

    /**
     * The speed ratio of a carry ({@link Target#ratioFrom}).
     *
     * @param value  the other device's speed over the target's; NaN when {@code whyNot} is present
     * @param from   the other device's catalogued name; empty when {@code whyNot} is present
     * @param peaks  the peaks the two speeds take
     * @param whyNot why there is no ratio
     */
    public record Ratio(double value, String from, Optional<CrossMachinePrecision.Peaks> peaks,
                        Optional<String> whyNot) {
        static Ratio none(String why) {
            return new Ratio(Double.NaN, "", Optional.empty(), Optional.of(why));
        }
    }

    /**
     * Which figure the catalog lacks for {@link #of}, named as its column, e.g.
     * {@code V100-SXM3-32GB-H has no fp32_tflops}; empty when it has both.
     */
    public static Optional<String> missing(DeviceSpec device, Precision precision) {
        if (device.peakFlops(precision).isEmpty()) {
            return Optional.of(device.name() + " has no " + precision.label() + "_tflops");
        }
        if (device.memoryBandwidthGBs().isEmpty()) {
            return Optional.of(device.name() + " has no memory_bandwidth_gbs");
        }
        return Optional.empty();
    }
}
