package io.stepcast.models.compute;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The fixed part of a step (what does not grow with the batch) measured for a model on one machine, carried to
 * another machine where the model was measured at one batch only. Where single-worker steps of a model at one
 * precision show two batches or more on a machine, the least-squares line {@code t(b) = a + c b} through them gives
 * its fixed part {@code a}. That part is mostly the passes over the parameters, gradients and optimizer state through
 * device memory ({@link ParameterPasses}, which counts only the passes every optimizer makes), so it is carried in
 * proportion to the devices' memory bandwidths: {@code a' = a B / B'}, the mean over the machines that show one. A
 * machine's own rows always come first: this is for a machine with one batch, before the parameter passes.
 * Immutable.
 */
public final class FixedPartTransfer {
    /** One single-worker step: the model's key, its precision tag, the hardware label, the batch and the step. */
    public record Point(String model, String precision, String hardware, int batch, double stepS) {
    }

    /** A machine's fitted fixed part of one model at one precision, with the memory bandwidth of its device. */
    private record Fit(String hardware, double fixedS, double bytesPerS) {
    }

    /** Nothing measured: carries nothing. */
    public static final FixedPartTransfer NONE = new FixedPartTransfer(Map.of());

    private final Map<String, List<Fit>> byJob;

    private FixedPartTransfer(Map<String, List<Fit>> byJob) {
        this.byJob = byJob;
    }

    /**
     * The fixed parts the points show.
     *
     * @param points     single-worker steps
     * @param bandwidth  bytes per second of the device memory of a hardware label, empty when unknown
     */
    public static FixedPartTransfer of(Collection<Point> points, Function<String, OptionalDouble> bandwidth) {
        Map<String, Map<String, Map<Integer, double[]>>> steps = new LinkedHashMap<>();
        for (Point p : points) {
            if (!(p.stepS() > 0) || p.batch() < 1) {
                continue;
            }
            double[] sum = steps.computeIfAbsent(job(p.model(), p.precision()), k -> new LinkedHashMap<>())
                    .computeIfAbsent(p.hardware(), k -> new TreeMap<>()).computeIfAbsent(p.batch(), k -> new double[2]);
            sum[0] += p.stepS();
            sum[1]++;
        }
        Map<String, List<Fit>> byJob = new LinkedHashMap<>();
        steps.forEach((job, machines) -> machines.forEach((hardware, byBatch) -> {
            OptionalDouble b = bandwidth.apply(hardware);
            OptionalDouble a = fixedPart(byBatch);
            if (b.isPresent() && a.isPresent()) {
                byJob.computeIfAbsent(job, k -> new ArrayList<>()).add(new Fit(hardware, a.getAsDouble(),
                        b.getAsDouble()));
            }
        }));
        return new FixedPartTransfer(Map.copyOf(byJob));
    }

    /**
     * The fixed part of {@code model} at {@code precision} on {@code hardware} carried from the other machines that
     * show one; empty when none does or {@code bytesPerS}, the memory bandwidth of {@code hardware}'s device, is
     * unknown.
     */
    public OptionalDouble fixedSeconds(String model, String precision, String hardware, OptionalDouble bytesPerS) {
        List<Fit> fits = byJob.getOrDefault(job(model, precision), List.of());
        if (bytesPerS.isEmpty()) {
            return OptionalDouble.empty();
        }
        return fits.stream().filter(f -> !f.hardware().equals(hardware))
                .mapToDouble(f -> f.fixedS() * f.bytesPerS() / bytesPerS.getAsDouble()).average();
    }

    /** The intercept of the batch line ({@link BatchLine}); empty unless it and the slope are positive. */
    private static OptionalDouble fixedPart(Map<Integer, double[]> byBatch) {
        return BatchLine.fit(byBatch).filter(l -> l.perSampleS() > 0 && l.fixedS() > 0)
                .map(l -> OptionalDouble.of(l.fixedS())).orElse(OptionalDouble.empty());
    }

    private static String job(String model, String precision) {
        return model + "%" + precision;
    }
}
