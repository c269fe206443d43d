package io.stepcast.datasets.hardware;

import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.LinkKind;
import io.stepcast.api.hardware.LinkSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * Why a label that names a GPU ({@code 8x MI300X}, {@code H100 NVL}, {@code 8x H100 PCIe}) resolves to nothing: the
 * catalog has no GPU of that model, or none of that model with the stated form factor or memory, or has the GPU but
 * no system built with it. Said in those words, rather than with the systems of another GPU that the words happen to
 * resemble (an {@code H100 PCIe} is not an SXM5 system's GPU: 756 against 989 dense BF16 TFLOP/s). A GPU model is a
 * word of one to three letters and two to four digits with up to two letters after ({@code H100}, {@code MI300X},
 * {@code L40S}, {@code B200}), a product line and its number ({@code RTX 4090}), a TITAN ({@code TITAN RTX}), or in a
 * label that says Tesla one letter and one digit ({@code Tesla P4}).
 */
final class UncataloguedGpu {
    private static final Pattern MODEL = Pattern.compile("[a-z]{1,3}\\d{2,4}[a-z]{0,2}");
    /** Form factors a label may state; a catalogued device's name states its own ({@code -SXM5-}, {@code -PCIE-}). */
    private static final List<String> FORMS = List.of("pcie", "sxm", "sxm2", "sxm3", "sxm4", "sxm5", "nvl", "oam");
    /** NVIDIA's and AMD's product lines whose models are written as a word and a number ({@code RTX 4090}). */
    private static final List<String> LINES = List.of("rtx", "gtx", "titan", "rx");
    /** The number of a product line's model ({@code 4090}, {@code 8000}, {@code 7900xtx}). */
    private static final Pattern NUMBER = Pattern.compile("\\d{3,4}[a-z]{0,3}");
    private static final List<String> LINES_AND_TITAN = List.of("rtx", "gtx", "titan", "rx");
    /** The variants written after a product line's number ({@code RTX 2080 Ti}, {@code RTX 4070 SUPER}). */
    private static final List<String> VARIANTS = List.of("ti", "super");
    /** What follows {@code TITAN} in the TITANs named without a number ({@code TITAN RTX}, {@code TITAN V}). */
    private static final List<String> TITANS = List.of("rtx", "v", "x", "xp", "z", "black");
    /**
     * A model of one letter and one digit, read only in a label that says Tesla ({@code Tesla P4}), since alone such a
     * word is as often a cloud's instance family ({@code p3}).
     */
    private static final Pattern TESLA_MODEL = Pattern.compile("[a-z]\\d[a-z]?");
    private static final Pattern TESLA = Pattern.compile("(?i)(^|[^a-z])tesla($|[^a-z])");

    private UncataloguedGpu() {
    }

    /**
     * The reason, when {@code label} (which resolves to nothing) names a GPU the catalog lacks, or one of no catalogued
     * system, as {@code hardware 'LABEL' names ...}; empty when it names no GPU model, or a catalogued one with
     * systems (their suggestion is the answer).
     */
    static Optional<String> reason(String label, HardwareCatalog catalog, List<DeviceSpec> devices) {
        return phrase(label, catalog, devices).map(p -> "hardware '" + label.trim() + "' " + p);
    }

    /** As {@link #reason}, without the leading {@code hardware 'LABEL' }: {@code names a GPU ...}. */
    static Optional<String> phrase(String label, HardwareCatalog catalog, List<DeviceSpec> devices) {
        DescribedSystem.Words w = DescribedSystem.Words.of(label);
        List<String> words = words(w);
        Optional<String> form = words.stream().filter(FORMS::contains).findFirst();
        OptionalInt memoryGb = memory(w, words);
        for (String model : models(words, tesla(label))) {
            List<DeviceSpec> family = devices.stream().filter(d -> DescribedSystem.namesModelOf(model, d)
                    || models(List.of(d.name().toLowerCase(Locale.ROOT).split("[-_ ]+")), false).contains(model))
                    .toList();
            String named = display(model) + form.map(f -> " " + f.toUpperCase(Locale.ROOT)).orElse("")
                    + (memoryGb.isPresent() ? " " + memoryGb.getAsInt() + "GB" : "");
            if (family.isEmpty()) {
                // The closest names still help with a typo (dgx-h1000).
                return Optional.of("names a GPU the catalog does not have (" + named
                        + "; no catalogued GPU is of that model; closest names: "
                        + String.join(", ", catalog.closest(label, 3)) + ")" + HardwareFileHint.TEXT);
            }
            // A GPU made in one form names none (L40S, T4): it is the GPU a label names with its form (L40S PCIe).
            List<DeviceSpec> fitting = family.stream().filter(d -> form.isEmpty() || formOf(d).isEmpty()
                            || formOf(d).equals(form.get()) || formOf(d).startsWith(form.get()))
                    .filter(d -> fits(d, memoryGb)).toList();
            if (fitting.isEmpty()) {
                return Optional.of("names a GPU the catalog does not have (" + named
                        + "; its " + display(model) + "s are " + String.join(", ",
                        family.stream().map(DeviceSpec::name).toList()) + ")" + HardwareFileHint.TEXT);
            }
            List<String> names = fitting.stream().map(DeviceSpec::name).toList();
            if (catalog.systemsBuiltWith(names).isEmpty()) {
                OptionalInt count = w.count();
                boolean pcie = formOf(fitting.get(0)).equals("pcie") || form.filter("pcie"::equals).isPresent();
                return Optional.of("names " + String.join(" or ", names)
                        + ", a GPU of no catalogued system: compose one of its parts, e.g. '" + names.get(0) + "+gpus="
                        + count.orElse(8) + "+intra=" + (pcie ? pcieOf(catalog, family) : "LINK")
                        + "+nic=NIC+nics=N' (stepcast hardware list shows the links and NICs), or state the system in a"
                        + " hardware file " + HardwareFileHint.WHERE);
            }
        }
        return Optional.empty();
    }

    /**
     * The PCIe link a card of {@code family}'s model plugs in with: the PCIe link by which the catalogued systems built
     * with a GPU of that model reach their hosts (one generation per GPU model: the A100's SXM4 and PCIe boards are
     * both PCIe 4.0, the H100's both 5.0); {@code pcie-G-x16} when no such system names one, the card's generation
     * left for the user to state, since a guessed one would halve or double the link.
     */
    private static String pcieOf(HardwareCatalog catalog, List<DeviceSpec> family) {
        List<String> links = catalog.systemsBuiltWith(family.stream().map(DeviceSpec::name).toList()).stream()
                .flatMap(sys -> catalog.hostLink(sys).stream()).filter(l -> l.kind() == LinkKind.PCIE)
                .map(LinkSpec::name).distinct().toList();
        return links.size() == 1 ? links.get(0) : "pcie-G-x16";
    }

    /** True when {@code label} names a GPU model ({@code V100}, {@code MI300X}, {@code RTX 4090}), catalogued or not. */
    static boolean namesModel(String label) {
        return !models(words(DescribedSystem.Words.of(label)), tesla(label)).isEmpty();
    }

    /** Whether {@code label} says Tesla, which the label's names drop as a vendor's word. */
    private static boolean tesla(String label) {
        return TESLA.matcher(label).find();
    }

    /** The lower-case words of a label's names, split at {@code -} and {@code _}. */
    private static List<String> words(DescribedSystem.Words w) {
        List<String> words = new ArrayList<>();
        w.names().forEach(n -> words.addAll(List.of(n.toLowerCase(Locale.ROOT).split("[-_]"))));
        return words;
    }

    /**
     * The GPU models among {@code words}: a word of {@link #MODEL}'s shape, or a product line's prefix followed by its
     * number as its own word ({@code RTX 4090}, {@code Quadro RTX 8000}, {@code GTX 1080}), joined ({@code rtx4090}),
     * since the consumer and workstation GPUs are written so and are a GPU as much as {@code A6000} is; a TITAN with its
     * word ({@code titanrtx}); and when {@code tesla}, a word of {@link #TESLA_MODEL}'s shape ({@code p4}).
     */
    private static List<String> models(List<String> words, boolean tesla) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String x = words.get(i);
            String next = i + 1 < words.size() ? words.get(i + 1) : "";
            if (LINES.contains(x) && NUMBER.matcher(next).matches()) {
                String model = x + words.get(++i);
                // A Ti or SUPER is another GPU than the plain model (an RTX 2080 Ti has 4,352 cores, the 2080 2,944).
                if (i + 1 < words.size() && VARIANTS.contains(words.get(i + 1))) {
                    model += words.get(++i);
                }
                out.add(model);
            } else if (x.equals("titan") && TITANS.contains(next)) {
                out.add(x + words.get(++i));
            } else if (MODEL.matcher(x).matches() || tesla && TESLA_MODEL.matcher(x).matches()) {
                out.add(x);
            }
        }
        return out;
    }

    /**
     * A model as a label writes it: upper case, a product line apart from its number and its variant
     * ({@code RTX 4090}, {@code RTX 2080 Ti}).
     */
    private static String display(String model) {
        for (String line : LINES_AND_TITAN) {
            if (model.startsWith(line) && model.length() > line.length()) {
                String rest = model.substring(line.length());
                String variant = "";
                if (rest.endsWith("ti") && rest.length() > 2 && Character.isDigit(rest.charAt(rest.length() - 3))) {
                    variant = " Ti";
                    rest = rest.substring(0, rest.length() - 2);
                } else if (rest.endsWith("super") && rest.length() > 5) {
                    variant = " SUPER";
                    rest = rest.substring(0, rest.length() - 5);
                }
                return (line + " " + rest).toUpperCase(Locale.ROOT) + variant;
            }
        }
        return model.toUpperCase(Locale.ROOT);
    }

    /**
     * The memory per GPU the label states: as a word of its own ({@code 32GB}) or within a dashed name as NVIDIA
     * writes its devices ({@code V100-PCIE-32GB}), which is not the 16 GB card.
     */
    private static OptionalInt memory(DescribedSystem.Words w, List<String> words) {
        if (w.memoryGb().isPresent()) {
            return w.memoryGb();
        }
        return words.stream().map(DescribedSystem.MEMORY::matcher).filter(java.util.regex.Matcher::matches)
                .mapToInt(m -> Integer.parseInt(m.group(1))).findFirst();
    }

    /** {@code pcie}, {@code sxm4}, ... of a catalogued device's name, or empty. */
    private static String formOf(DeviceSpec d) {
        for (String part : d.name().toLowerCase(Locale.ROOT).split("[-_ ]")) {
            if (FORMS.contains(part)) {
                return part;
            }
        }
        return "";
    }

    private static boolean fits(DeviceSpec d, OptionalInt memoryGb) {
        return memoryGb.isEmpty() || d.memoryGb().isPresent()
                && Math.round(d.memoryGb().getAsDouble()) == memoryGb.getAsInt();
    }
}
