package io.stepcast.datasets.importers;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Precision;
import io.stepcast.api.Target;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.datasets.zoo.ModelZoo;
import io.stepcast.datasets.zoo.ProfileSynthesizer;
import io.stepcast.datasets.zoo.ZooModel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Warns when a row's measured throughput implies more FLOP/s per GPU than its device can do: throughput per GPU x
 * training FLOPs per sample above the catalogued peak. That happens when the throughput is not in samples/s (a
 * table's tokens/s entered as {@code throughput_samples_s}), and every predictor that reasons from FLOPs would then
 * fit nonsense. Only rows whose model has FLOPs in the zoo and whose hardware resolves to a catalogued device with a
 * peak are checked. The rows are kept; one warning per model and hardware names the first row over the peak.
 *
 * <p>Training FLOPs per sample are the zoo's forward FLOPs of one sample ({@link ZooModel#forwardFlops}) times
 * forward + backward, the backward pass costing {@link ProfileSynthesizer#BACKWARD_FACTOR} forwards as the zoo's
 * profiles assume. Recomputed activations would add a forward more, so the check errs low, never high.
 */
final class ComputeRateCheck {
    /** What the zoo's description says one sample's FLOPs are for, e.g. {@code FLOPs for 50+50 tokens}. */
    private static final Pattern SAMPLE = Pattern.compile("FLOPs for ([^;,()]+)");

    private final ModelZoo zoo;
    private final HardwareCatalog catalog;
    /** The first row over the peak of each model and hardware, in file order. */
    private final Map<String, Excess> first = new LinkedHashMap<>();
    /** How many rows of each model and hardware are over the peak. */
    private final Map<String, Integer> over = new HashMap<>();

    /** The first row of a model and hardware over the device's peak. */
    private record Excess(long line, Config config, double perGpuSamples, long gpus, double trainingFlops,
                          double impliedFlops, DeviceSpec device, Precision peakPrecision, double peakFlops,
                          String peakWhy, ZooModel model) {
    }

    /** A check against {@code catalog}'s peaks with the FLOPs of {@code zoo}'s models. */
    ComputeRateCheck(ModelZoo zoo, HardwareCatalog catalog) {
        this.zoo = zoo;
        this.catalog = catalog;
    }

    /** Checks the row on {@code line}; a row without throughput or step time, or unknown model or device, passes. */
    void row(long line, Config config, Optional<Measurements> measured) {
        OptionalDouble throughput = measured.map(m -> m.value(Target.THROUGHPUT, config)).orElse(OptionalDouble.empty());
        String label = config.deployment().hardware();
        if (throughput.isEmpty() || label == null || label.isBlank()) {
            return;
        }
        Optional<ZooModel> model;
        Optional<DeviceSpec> device;
        try {
            model = zoo.find(config.model()).filter(m -> m.forwardFlops() > 0);
            device = catalog.device(label);
        } catch (IllegalArgumentException | ArithmeticException e) {
            // A name the zoo or catalog cannot read, or a sample whose FLOPs no long holds, is reported elsewhere;
            // this sanity check has nothing to check against.
            return;
        }
        if (model.isEmpty() || device.isEmpty() || device.get().fastestPrecision().isEmpty()) {
            return;
        }
        Optional<Precision> stated = config.statedPrecision();
        Precision peakPrecision;
        String peakWhy;
        if (stated.equals(Optional.of(Precision.FP32)) && device.get().peakFlops(Precision.TF32).isPresent()) {
            // A GPU with TF32 units runs FP32 code's convolutions (cuDNN's default) and, in NVIDIA's containers, its
            // matrix products as TF32: a table's "FP32" column on such a GPU is bounded by the TF32 peak, not the
            // FP32 one, which such rows exceed without anything being wrong with their units.
            peakPrecision = Precision.TF32;
            peakWhy = "; FP32 code runs as TF32 on " + device.get().name() + "'s tensor cores by default, so its TF32"
                    + " peak bounds an fp32 row";
        } else if (stated.isPresent() && device.get().peakFlops(stated.get()).isPresent()) {
            peakPrecision = stated.get();
            peakWhy = "";
        } else {
            // No catalogued figure for the row's precision: the highest figure the device has is a bound any
            // precision stays under, so the check still holds, only looser.
            peakPrecision = device.get().fastestPrecision().orElseThrow();
            peakWhy = stated.map(p -> "; the catalog has no " + p.label() + " peak for " + device.get().name()
                    + ", so its highest, " + peakPrecision.label() + ", is used")
                    .orElse("; the row states no precision, so the device's highest peak, " + peakPrecision.label()
                            + ", is used");
        }
        double peak = device.get().peakFlops(peakPrecision).getAsDouble();
        long gpus = config.parallel().map(p -> (long) p.gpus()).orElse(config.deployment().gpus());
        double perGpu = throughput.getAsDouble() / gpus;
        double trainingFlops = model.get().forwardFlops() * (1 + ProfileSynthesizer.BACKWARD_FACTOR);
        double implied = perGpu * trainingFlops;
        if (implied <= peak) {
            return;
        }
        String key = config.model() + "@" + label;
        over.merge(key, 1, Integer::sum);
        first.putIfAbsent(key, new Excess(line, config, perGpu, gpus, trainingFlops, implied, device.get(),
                peakPrecision, peak, peakWhy, model.get()));
    }

    /** One warning per model and hardware with rows over the peak, in file order. */
    List<String> notes() {
        List<String> out = new ArrayList<>();
        first.forEach((key, e) -> out.add(note(e, over.get(key))));
        return out;
    }

    private static String note(Excess e, int rows) {
        String model = e.config().model();
        String label = e.config().deployment().hardware();
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "line %d: %s on %s: %s samples/s per GPU"
                        + " x %sFLOP per training sample (forward + backward, %s x the zoo's forward FLOPs) implies"
                        + " %sFLOP/s per GPU, %.1fx the peak of %s at %s (%sFLOP/s)%s",
                e.line(), model, label, decimal(e.perGpuSamples()), engineering(e.trainingFlops()),
                decimal(1 + ProfileSynthesizer.BACKWARD_FACTOR), engineering(e.impliedFlops()),
                e.impliedFlops() / e.peakFlops(), e.device().name(), e.peakPrecision().label(),
                engineering(e.peakFlops()), e.peakWhy()));
        s.append(". The throughput is likely not in samples/s of the zoo's model");
        Matcher m = SAMPLE.matcher(e.model().description());
        if (m.find()) {
            String sample = m.group(1).strip();
            s.append(": one ").append(e.model().name()).append(" sample in the zoo is ").append(sample)
                    .append(sample.contains("token") ? " (a rate in tokens/s is to be divided by the tokens of one"
                            + " sample; samples of another length need a model of the zoo at that length,"
                            + " docs/model-zoo.md)" : "");
        } else {
            s.append(": one ").append(e.model().name()).append(" sample in the zoo is one input of ")
                    .append(e.model().description());
        }
        s.append("; predictors that reason from FLOPs would misread these rows (kept");
        if (rows > 1) {
            s.append("; ").append(rows - 1).append(" more row(s) of ").append(model).append(" on ").append(label)
                    .append(" are over the peak too");
        }
        return s.append(')').toString();
    }

    /** {@code 21424} or {@code 1.5}: as few digits as the value needs. */
    private static String decimal(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.1f", v);
    }

    /** {@code 15.7 T}, {@code 4.10 G}: three significant digits and an SI prefix, to put before a unit. */
    private static String engineering(double v) {
        String[] prefixes = {"", "k", "M", "G", "T", "P", "E"};
        int i = 0;
        double x = v;
        while (Math.abs(x) >= 1000 && i < prefixes.length - 1) {
            x /= 1000;
            i++;
        }
        return String.format(Locale.ROOT, "%.3g %s", x, prefixes[i]);
    }
}
