package io.stepcast.datasets.inspect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What {@code stepcast profile inspect} reports about a trace, whatever its format: the steps found and their
 * times, the compute and communication time per step and the part of the communication not hidden behind
 * compute, the collectives per step, the device and the world size. Times in seconds, per-step figures the mean
 * over the steps.
 *
 * @param format                 the detected format ({@code kineto}, {@code tf-timeline}, {@code tf2-profiler})
 * @param stepTimesS             every step's time, in file order
 * @param computeS               compute time per step (union of compute activity)
 * @param communicationS         communication time per step (union of collectives or transfers)
 * @param exposedCommunicationS  communication time per step that no compute overlaps
 * @param collectives            collectives per step, by operation
 * @param device                 the device, or {@code unknown}
 * @param worldSize              ranks of the job the trace was recorded in (1 for a single worker)
 */
public record ProfileSummary(String format, List<Double> stepTimesS, double computeS, double communicationS,
                             double exposedCommunicationS, List<CollectiveCount> collectives, String device,
                             int worldSize) {

    /**
     * One collective operation's share of a step.
     *
     * @param op    the collective's label ({@code all-reduce})
     * @param count occurrences per step (mean over the steps)
     * @param bytes bytes per step (mean over the steps), when the trace records them for every occurrence
     */
    public record CollectiveCount(String op, double count, OptionalDouble bytes) {
        public CollectiveCount {
            Objects.requireNonNull(op, "op");
            bytes = Objects.requireNonNullElse(bytes, OptionalDouble.empty());
        }
    }

    public ProfileSummary {
        Objects.requireNonNull(format, "format");
        stepTimesS = List.copyOf(stepTimesS);
        if (stepTimesS.isEmpty()) {
            throw new IllegalArgumentException("a profile summary needs at least one step");
        }
        collectives = List.copyOf(Objects.requireNonNullElse(collectives, List.of()));
        device = device == null || device.isBlank() ? "unknown" : device;
    }

    /** Mean step time, seconds. */
    public double meanStepS() {
        return stepTimesS.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    /** Median step time (mean of the two middle steps for an even count), seconds. */
    public double medianStepS() {
        double[] s = stepTimesS.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** The summary as JSON with stable keys ({@code format}, {@code steps}, {@code step_time_s}...). */
    public String toJson() {
        StringBuilder b = new StringBuilder("{");
        b.append("\"format\": ").append(quote(format));
        b.append(", \"steps\": ").append(stepTimesS.size());
        b.append(", \"step_time_s\": {\"mean\": ").append(num(meanStepS())).append(", \"median\": ")
                .append(num(medianStepS())).append(", \"per_step\": [");
        for (int i = 0; i < stepTimesS.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(num(stepTimesS.get(i)));
        }
        b.append("]}");
        b.append(", \"compute_s\": ").append(num(computeS));
        b.append(", \"communication_s\": ").append(num(communicationS));
        b.append(", \"exposed_communication_s\": ").append(num(exposedCommunicationS));
        b.append(", \"collectives\": [");
        for (int i = 0; i < collectives.size(); i++) {
            CollectiveCount c = collectives.get(i);
            b.append(i == 0 ? "" : ", ").append("{\"op\": ").append(quote(c.op())).append(", \"count\": ")
                    .append(num(c.count())).append(", \"bytes\": ")
                    .append(c.bytes().isPresent() ? num(c.bytes().getAsDouble()) : "null").append('}');
        }
        b.append("]");
        b.append(", \"device\": ").append(quote(device));
        b.append(", \"world_size\": ").append(worldSize);
        return b.append('}').toString();
    }

    /** The summary as lines for a terminal. */
    public List<String> toLines() {
        List<String> lines = new ArrayList<>();
        lines.add("format: " + format);
        lines.add("steps: " + stepTimesS.size());
        lines.add(String.format(Locale.ROOT, "step time: mean %.6f s, median %.6f s", meanStepS(),
                medianStepS()));
        lines.add("per step (s): " + String.join(" ", stepTimesS.stream()
                .map(s -> String.format(Locale.ROOT, "%.6f", s)).toList()));
        lines.add(String.format(Locale.ROOT, "compute: %.6f s/step", computeS));
        lines.add(String.format(Locale.ROOT, "communication: %.6f s/step (exposed %.6f s/step)",
                communicationS, exposedCommunicationS));
        for (CollectiveCount c : collectives) {
            lines.add(String.format(Locale.ROOT, "collective %s: %.2f per step, %s", c.op(), c.count(),
                    c.bytes().isPresent() ? String.format(Locale.ROOT, "%.0f bytes per step",
                            c.bytes().getAsDouble()) : "bytes not recorded"));
        }
        lines.add("device: " + device);
        lines.add("world size: " + worldSize);
        return lines;
    }

    private static String num(double d) {
        if (!Double.isFinite(d)) {
            return "null";
        }
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

}
