package io.stepcast.datasets.hardware;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GPU count a label the catalog does not know states before its GPU ({@code 2x RTX 4090}, {@code LambdaCloud
 * 4xV100 16GB}, {@code 8x A100 80GB SXM4}), and the label without it. Published tables head each row with the GPUs
 * it ran on, so one machine's 1-, 2-, 4- and 8-GPU rows carry four labels; kept as written, they were four kinds of
 * hardware to every predictor that keys its fit by hardware, and no row of two GPUs or more met its machine's 1-GPU
 * row. The count is the run's GPUs, which the {@code workers} column states, as it is in a catalogued system's
 * description ({@code NVIDIA DGX A100 (1x A100 80GB)}); the label without it names the GPU type. A count before a
 * system's name counts nodes ({@link NodeCount}) and is left alone, as is a label that names no GPU model. A count
 * written after the label ({@link #trailing}: {@code Tesla V100-SXM2-16GB x 8}) is read as the same count before it
 * when the label names a GPU ({@link HardwareLabels}).
 */
final class GpuCount {
    /** A count written onto the GPU model that follows it: {@code 4xV100}, not {@code 12xlarge}. */
    private static final Pattern GLUED = Pattern.compile("(?i)(?<![\\w.])(\\d+)[x×](?=[a-z]{1,3}\\d)");
    /** A count word, {@code 8x} or {@code 8 x}, not inside another word ({@code p3.16xlarge}). */
    private static final Pattern COUNT = Pattern.compile("(?i)(?<![\\w.])\\d+\\s*[x×](?=\\s|$)");

    /**
     * A count written after the label, {@code Tesla V100-SXM2-16GB x 8} (as DLPerf's report and many others write a
     * machine's GPUs): a space, then {@code x} or {@code ×}, then the number, last.
     */
    private static final Pattern TRAILING = Pattern.compile("(?i)(.*\\S)\\s+([x×]\\s*(\\d+))\\s*");

    private GpuCount() {
    }

    /**
     * A count written after a label, apart from the label before it.
     *
     * @param count   the count
     * @param written the count as written ({@code x 8})
     * @param rest    the label before it
     */
    record Trailing(int count, String written, String rest) {
        /** The label with the count before it, as a leading count is written: {@code 8x Tesla V100-SXM2-16GB}. */
        String leading() {
            return count + "x " + rest;
        }
    }

    /** The count written after {@code label} and the rest, or empty when no count ends it. */
    static Optional<Trailing> trailing(String label) {
        Matcher m = TRAILING.matcher(label.trim());
        return m.matches() ? Optional.of(new Trailing(Integer.parseInt(m.group(3)), m.group(2), m.group(1).trim()))
                : Optional.empty();
    }

    /** {@code label} with a count written onto its GPU's model set apart: {@code 4xV100} becomes {@code 4x V100}. */
    static String separated(String label) {
        return GLUED.matcher(label).replaceAll("$1x ");
    }

    /**
     * {@code label} without the GPU count it states before or beside a GPU model, spaces tidied
     * ({@code LambdaCloud 2x V100 16GB} becomes {@code LambdaCloud V100 16GB}); empty when it states no count, names
     * no GPU model, or is composed ({@code BASE+gpus=N} states its count as a part).
     */
    static Optional<String> removed(String label) {
        String l = separated(label.trim());
        if (ComposedSystem.looksComposed(l) || DescribedSystem.gpuCount(l).isEmpty()
                || !UncataloguedGpu.namesModel(l)) {
            return Optional.empty();
        }
        String rest = COUNT.matcher(l).replaceFirst(" ").replaceAll("\\(\\s*", "(").replaceAll("\\s*\\)", ")")
                .replaceAll("\\s+", " ").trim();
        return rest.isEmpty() || rest.equals(l) ? Optional.empty() : Optional.of(rest);
    }
}
