package io.stepcast.datasets.hardware;

import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.SystemSpec;

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

    /**
     * {@code label} with a GPU count written after its GPU ({@code Tesla V100-SXM2-16GB x 8}, {@code V100 x 8}) moved
     * before it ({@code 8x V100}), as every reader of a count reads it; any other label as it is. A count after a
     * system's name ({@code DGX-1 x 4}) may count its nodes or the run's GPUs, so it is left alone
     * ({@link #afterSystem}). Read as written, {@code V100 x 8} was the GPU {@code V100X}: a reader of a count before
     * a GPU glues {@code 100 x} as it glues {@code 16 x V100}.
     */
    static String countFirst(String label, HardwareCatalog catalog) {
        return trailing(label)
                .filter(t -> catalog.find(t.rest()).filter(SystemSpec.class::isInstance).isEmpty())
                .filter(t -> UncataloguedGpu.namesModel(t.rest()))
                .map(Trailing::leading).orElse(label);
    }

    /**
     * For a count written after a catalogued system's name ({@code DGX-1 x 4}), why it is not read, and how to write
     * it: {@code its x 4 after a system's name may count nodes or the run's GPUs, and stepcast does not guess; write
     * dgx-1-v100 with the nodes in the nodes column and the GPUs in the workers column}; empty for any other label.
     */
    static Optional<String> afterSystem(String label, HardwareCatalog catalog) {
        Optional<Trailing> after = trailing(label);
        return after.flatMap(t -> catalog.find(t.rest())).filter(SystemSpec.class::isInstance)
                .map(HardwareEntry::name).map(system -> "its " + after.get().written() + " after a system's name may"
                        + " count nodes or the run's GPUs, and stepcast does not guess; write " + system
                        + " with the nodes in the nodes column and the GPUs in the workers column");
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
