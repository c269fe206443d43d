package io.stepcast.datasets.hardware;

import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.SystemSpec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A hardware label that describes a catalogued system by its name and its GPUs, as published tables head their
 * rows: {@code NVIDIA DGX-1 (8x V100 16G)}, {@code DGX-2 (16x V100 32G)}, {@code DGX A100 (8x A100 80GB)},
 * {@code DGX-1 V100 32GB}, {@code NVIDIA DGX-1 With 16G}. The longest run of its words that names a system (with the stated memory, when that names
 * one: {@code DGX A100 80GB}) is the base; a GPU model or memory that differs from the base's device replaces it
 * with the catalogued device of that model and memory (the base's form factor first), and a GPU count that differs
 * sets the devices per node, unless it is a part of one node or whole nodes of the base ({@link #countsRunGpus}).
 * The result is the catalog's name, or a composed label ({@link ComposedSystem}) such as
 * {@code dgx-1-v100+device=V100-SXM2-32GB}, so that two files that describe one machine differently meet, and a
 * machine the catalog lists by its parts is costed with those parts. Nothing is guessed beyond that: a label whose
 * words name no system, or a GPU the catalog does not have at that memory, is not interpreted, nor one whose count
 * precedes the system's name ({@code 4 x NVIDIA DGX-2H}), which counts nodes ({@link NodeCount}).
 */
final class DescribedSystem {
    private static final Pattern COUNT = Pattern.compile("(\\d+)\\s*[x×]", Pattern.CASE_INSENSITIVE);
    /** A memory per GPU as a word ({@code 32GB}, {@code 16G}), also of a dashed device name ({@code V100-PCIE-32GB}). */
    static final Pattern MEMORY = Pattern.compile("(\\d+)\\s*g(?:b|ib)?", Pattern.CASE_INSENSITIVE);
    /**
     * Words that join a system to its GPUs and name nothing: READMEs head sub-tables {@code NVIDIA DGX-1 With 16G},
     * {@code NVIDIA DGX-2H With 32G}, meaning the system with GPUs of that memory.
     */
    private static final List<String> JOINERS = List.of("with");

    private DescribedSystem() {
    }

    /**
     * The words of a label apart: the GPU count ({@code 8x}), the memory per GPU in GB ({@code 16G}, {@code 80GB})
     * and the other words, vendor names and joining words ({@code With}) dropped.
     */
    record Words(OptionalInt count, OptionalInt memoryGb, List<String> names) {
        static Words of(String label) {
            OptionalInt count = OptionalInt.empty();
            OptionalInt memory = OptionalInt.empty();
            List<String> names = new ArrayList<>();
            // "16 x V100" counts as "16x V100" does, and so does "16xV100", a count written onto its GPU's model.
            String counted = GpuCount.separated(label).replaceAll("[(),]", " ")
                    .replaceAll("(\\d+)\\s+([xX×])(?=\\s|$)", "$1$2");
            for (String w : counted.trim().split("\\s+")) {
                Matcher c = COUNT.matcher(w);
                Matcher m = MEMORY.matcher(w);
                if (c.matches()) {
                    count = OptionalInt.of(Integer.parseInt(c.group(1)));
                } else if (m.matches()) {
                    memory = OptionalInt.of(Integer.parseInt(m.group(1)));
                } else if (!w.isEmpty() && !DefaultHardwareCatalog.VENDOR_PREFIXES.contains(w.toLowerCase(Locale.ROOT))
                        && !JOINERS.contains(w.toLowerCase(Locale.ROOT))) {
                    names.add(w);
                }
            }
            return new Words(count, memory, List.copyOf(names));
        }
    }

    /**
     * The catalog's name or composed label of the system {@code label} describes, or empty.
     *
     * @param find    the catalog's look-up of an entry by name or alias (no composition)
     * @param devices the catalogued devices
     */
    static Optional<String> interpret(String label, Function<String, Optional<HardwareEntry>> find,
                                      List<DeviceSpec> devices) {
        Words w = Words.of(label);
        for (int k = w.names().size(); k >= 1; k--) {
            String base = String.join(" ", w.names().subList(0, k));
            List<String> tried = w.memoryGb().isPresent()
                    ? List.of(base + " " + w.memoryGb().getAsInt() + "GB", base) : List.of(base);
            for (String candidate : tried) {
                Optional<HardwareEntry> e = find.apply(candidate);
                if (e.isPresent() && e.get() instanceof SystemSpec s) {
                    // A count before the system's name counts nodes, which no catalogued system has (NodeCount).
                    if (NodeCount.of(label).isPresent()) {
                        return Optional.empty();
                    }
                    return compose(s, w, w.names().subList(k, w.names().size()), find, devices);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The catalogued devices {@code label} names by GPU model and memory, e.g. {@code V100-SXM2-16GB} for
     * {@code 8x V100 16GB}: what an unknown label's warning can suggest systems by.
     */
    static List<DeviceSpec> devicesNamed(String label, List<DeviceSpec> devices) {
        Words w = Words.of(label);
        List<DeviceSpec> out = new ArrayList<>();
        for (String name : w.names()) {
            out.addAll(matching(devices, name, w.memoryGb(), Optional.empty()));
        }
        // A label that says its form factor (8x H100 PCIe) names those GPUs only: an SXM5 H100 is another GPU, a
        // third faster.
        String k = label.toLowerCase(Locale.ROOT);
        String form = k.contains("pcie") ? "pcie" : k.contains("sxm") ? "sxm" : "";
        List<DeviceSpec> same = out.stream().filter(d -> formFactor(d.name()).equals(form)).toList();
        return (form.isEmpty() || same.isEmpty() ? out : same).stream().distinct().toList();
    }

    /** The GPU count {@code label} states ({@code 8x}), or empty. */
    static OptionalInt gpuCount(String label) {
        return Words.of(label).count();
    }

    /**
     * True when a system's description counts the GPUs a run used rather than the system's: fewer than its GPUs per
     * node (NVIDIA DeepLearningExamples head 1-GPU tables {@code NVIDIA DGX A100 (1x A100 80GB)}), or a whole number
     * of its nodes ({@code (320x A100 80GB)} for 40 nodes). No such system is built with one or 320 GPUs per node.
     */
    static boolean countsRunGpus(int count, int gpusPerNode) {
        return count < gpusPerNode || count % gpusPerNode == 0;
    }

    /** True when {@code label} states a memory per GPU ({@code 40GB}, {@code 16G}). */
    static boolean statesMemory(String label) {
        return Words.of(label).memoryGb().isPresent();
    }

    private static Optional<String> compose(SystemSpec base, Words w, List<String> rest,
                                            Function<String, Optional<HardwareEntry>> find, List<DeviceSpec> devices) {
        DeviceSpec own = find.apply(base.device()).filter(DeviceSpec.class::isInstance).map(DeviceSpec.class::cast)
                .orElse(null);
        if (own == null) {
            return Optional.empty();
        }
        String family = rest.isEmpty() ? family(own.name()) : String.join("", rest);
        List<DeviceSpec> fit = matching(devices, family, w.memoryGb(), Optional.of(own));
        if (fit.isEmpty()) {
            return Optional.empty();
        }
        DeviceSpec device = fit.contains(own) ? own : fit.get(0);
        StringBuilder out = new StringBuilder(base.name());
        if (device != own) {
            out.append("+device=").append(device.name());
        }
        if (w.count().isPresent() && w.count().getAsInt() != base.devicesPerNode()
                && !countsRunGpus(w.count().getAsInt(), base.devicesPerNode())) {
            out.append("+gpus=").append(w.count().getAsInt());
        }
        return Optional.of(out.toString());
    }

    /**
     * The devices of GPU model {@code family} ({@code V100}, {@code A100-SXM4}) with {@code memoryGb} when given,
     * those of {@code like}'s form factor (SXM or PCIe) first.
     */
    private static List<DeviceSpec> matching(List<DeviceSpec> devices, String family, OptionalInt memoryGb,
                                             Optional<DeviceSpec> like) {
        String f = HardwareTables.key(family);
        String form = like.map(d -> formFactor(d.name())).orElse("");
        return devices.stream()
                .filter(d -> !f.isEmpty() && namesModelOf(f, d))
                .filter(d -> memoryGb.isEmpty() || d.memoryGb().isPresent()
                        && Math.round(d.memoryGb().getAsDouble()) == memoryGb.getAsInt())
                .sorted(Comparator.comparing((DeviceSpec d) -> !formFactor(d.name()).equals(form))
                        .thenComparing(DeviceSpec::name))
                .toList();
    }

    /**
     * True when {@code key} (a label's words, {@link HardwareTables#key}) begins {@code d}'s name with at least its
     * whole GPU model: {@code a100sxm4} and {@code v100} name theirs, while {@code a10}, {@code l40} and {@code h20}
     * are other GPUs than the A100, L40S and H200 whose names merely begin with them.
     */
    static boolean namesModelOf(String key, DeviceSpec d) {
        return HardwareTables.key(d.name()).startsWith(key)
                && key.length() >= HardwareTables.key(family(d.name())).length();
    }

    /** The GPU model of a catalogued device name: {@code V100} of {@code V100-SXM2-16GB}. */
    private static String family(String device) {
        int dash = device.indexOf('-');
        return dash < 0 ? device : device.substring(0, dash);
    }

    /** {@code sxm} or {@code pcie} (or empty) from a catalogued device name. */
    private static String formFactor(String device) {
        String k = device.toLowerCase(Locale.ROOT);
        return k.contains("sxm") ? "sxm" : k.contains("pcie") ? "pcie" : "";
    }
}
