package io.stepcast.datasets.hardware;

import io.stepcast.api.EditDistance;
import io.stepcast.api.Observation;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.SystemSpec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The hardware labels of a user's file in the catalog's words: a label that names a catalogued entry by any of its
 * names or aliases ({@code DGX-1}, {@code dgx1}, {@code p3.16xlarge}, {@code NVIDIA A100-SXM4-80GB}) becomes that
 * entry's name, so that a training file saying {@code dgx-1-v100} and a test file saying {@code DGX-1} describe the
 * same hardware to every predictor, including those that group rows by their label. A GPU count before or after a
 * GPU ({@code 8x Tesla V100-SXM2-16GB}, {@code Tesla V100-SXM2-16GB x 8}) is the run's GPUs and the label is read as
 * the GPU ({@link GpuCount}); one after a system's name is not read ({@code DGX-1 x 4}: nodes or GPUs). A composed label
 * ({@code BASE+key=value...}) keeps its parts with its base named the catalog's way. A label the catalog does not
 * know is kept as written, and {@link #unknownNote} says so with the closest catalogued names.
 */
public final class HardwareLabels {
    /** How many catalogued names an unknown label's warning suggests. */
    private static final int SUGGESTED = 3;
    /** Leading characters an unknown label must share with a catalogued name to suggest it beyond the edit distance. */
    private static final int PREFIX = 3;
    /** What a configuration says when its file gave no label ({@code Deployment}'s placeholder): no label to resolve. */
    private static final String NONE = "unknown";

    private final HardwareCatalog catalog;
    /** Every name and alias of the catalog by its lookup key, each to its entry's name. */
    private final Map<String, String> nameByKey;

    /** Labels resolved in {@code catalog}. */
    public HardwareLabels(HardwareCatalog catalog) {
        this.catalog = catalog;
        Map<String, String> m = new LinkedHashMap<>();
        for (HardwareEntry e : catalog.entries()) {
            m.putIfAbsent(HardwareTables.key(e.name()), e.name());
            e.aliases().forEach(a -> m.putIfAbsent(HardwareTables.key(a), e.name()));
        }
        this.nameByKey = Map.copyOf(m);
    }

    /** Labels resolved in the embedded catalog. */
    public HardwareLabels() {
        this(new DefaultHardwareCatalog());
    }

    /** The catalog the labels resolve in. */
    public HardwareCatalog catalog() {
        return catalog;
    }

    /**
     * The catalog's name for {@code label}; a composed label with its base so named; the label as written (trimmed)
     * when the catalog knows nothing of it; the empty label stays empty.
     */
    public String canonical(String label) {
        String l = label.trim();
        if (l.isEmpty() || l.equalsIgnoreCase(NONE)) {
            return l;
        }
        if (catalog.find(l).isEmpty()) {
            return runGpus(GpuCount.countFirst(l, catalog)).map(this::canonical).orElse(l);
        }
        if (ComposedSystem.looksComposed(l)) {
            int plus = l.indexOf('+');
            return catalog.find(l.substring(0, plus)).map(HardwareEntry::name).orElse(l.substring(0, plus))
                    + l.substring(plus);
        }
        return catalog.find(l).orElseThrow().name();
    }

    /**
     * The catalog's name for {@code label} on a row of {@code nodes} nodes: a label that counts that many nodes of a
     * catalogued system ({@link NodeCount}: {@code 8xNVIDIA DGX A100}, as MLPerf Training's logs name their platform,
     * on a row of 8 nodes) is the system, since the row states what the count says; any other label as
     * {@link #canonical(String)} reads it, a count the row contradicts included.
     */
    public String canonical(String label, int nodes) {
        return nodesStated(label, nodes).orElseGet(() -> canonical(label));
    }

    /**
     * For a label {@link #canonical(String, int)} reads as a system because the row states the nodes it counts, what
     * it was read as, e.g. {@code hardware '8xNVIDIA DGX A100' is dgx-a100: its 8x counts the run's nodes, which the
     * nodes column states}; empty for any other label.
     */
    public Optional<String> nodeCountNote(String label, int nodes) {
        String l = label.trim();
        return nodesStated(l, nodes).map(name -> "hardware '" + l + "' is " + name + ": its " + nodes
                + "x counts the run's nodes, which the nodes column states");
    }

    /**
     * For a label that counts nodes of a catalogued system ({@link NodeCount}: {@code 8xNVIDIA DGX A100}, as MLPerf
     * Training's logs write their {@code submission_platform}), the count and the system's catalog name; empty for any
     * other label (no leading count, or a count before a name that is not a catalogued system).
     */
    public Optional<CountedSystem> countedSystem(String label) {
        return NodeCount.of(label.trim())
                .filter(n -> catalog.find(n.rest()).filter(SystemSpec.class::isInstance).isPresent())
                .map(n -> new CountedSystem(n.count(), canonical(n.rest())));
    }

    /**
     * A count of nodes of a catalogued system.
     *
     * @param nodes  the leading count
     * @param system the system's catalog name
     */
    public record CountedSystem(int nodes, String system) {
    }

    /** The system a label counts {@code nodes} nodes of, or empty (no leading count, another count, no system). */
    private Optional<String> nodesStated(String label, int nodes) {
        return NodeCount.of(label.trim()).filter(n -> n.count() == nodes)
                .filter(n -> catalog.find(n.rest()).filter(SystemSpec.class::isInstance).isPresent())
                .map(n -> canonical(n.rest()));
    }

    /** True when {@code label} is absent (empty, or the placeholder {@code unknown}) or names (or composes) an entry. */
    public boolean known(String label) {
        return label.isBlank() || label.trim().equalsIgnoreCase(NONE) || catalog.find(label.trim()).isPresent();
    }

    /**
     * Why {@code label} is not the catalog's, with the closest catalogued names, e.g. {@code hardware 'dgx-one' is not
     * in the hardware catalog: did you mean dgx-1-v100? (kept as written)}; for a count of nodes of a system
     * ({@code 4 x NVIDIA DGX-2H With 32G}) the system, and that the count goes in the {@code nodes} column; empty for a
     * known label.
     */
    public Optional<String> unknownNote(String label) {
        if (known(label)) {
            return Optional.empty();
        }
        String l = label.trim();
        if (ComposedSystem.looksComposed(l)) {
            try {
                catalog.resolve(l);
            } catch (NoSuchElementException e) {
                return Optional.of(e.getMessage() + " (kept as written)");
            }
        }
        Optional<String> afterSystem = GpuCount.afterSystem(l, catalog);
        if (afterSystem.isPresent()) {
            return Optional.of("hardware '" + l + "' is not in the hardware catalog: " + afterSystem.get()
                    + " (kept as written)");
        }
        Optional<GpuCount.Trailing> after = GpuCount.trailing(l);
        String lead = GpuCount.countFirst(l, catalog);
        Optional<String> run = runGpus(lead);
        String count = after.filter(t -> !lead.equals(l)).map(GpuCount.Trailing::written)
                .orElseGet(() -> DescribedSystem.gpuCount(lead).orElse(0) + "x");
        String kept = run.map(r -> "read as '" + canonical(r) + "': its " + count
                + " is taken as the GPUs the run used, which the workers column states, so that rows of one GPU"
                + " type meet whatever count their labels state").orElse("kept as written");
        Optional<String> gpu = UncataloguedGpu.phrase(lead, catalog, catalog.entries().stream()
                .filter(DeviceSpec.class::isInstance).map(DeviceSpec.class::cast).toList());
        if (gpu.isPresent()) {
            return Optional.of("hardware '" + l + "' is not in the hardware catalog: it " + gpu.get()
                    + " (" + kept + ")");
        }
        Optional<String> nodes = nodesOfSystem(l);
        if (nodes.isPresent()) {
            return Optional.of("hardware '" + l + "' is not in the hardware catalog" + nodes.get()
                    + " (a count before a system counts its nodes; kept as written; stepcast hardware list shows the"
                    + " catalog)");
        }
        return Optional.of("hardware '" + l + "' is not in the hardware catalog" + suggestion(lead)
                + " (" + kept + "; stepcast hardware list shows the catalog)");
    }

    /**
     * The label an unknown {@code label} is read as without the GPU count it states ({@link GpuCount}): empty when it
     * states none, or when its count precedes a catalogued system's name and so counts nodes.
     */
    private Optional<String> runGpus(String label) {
        return nodesOfSystem(label).isPresent() ? Optional.empty() : GpuCount.removed(label);
    }

    /**
     * For a label that describes a catalogued system with a GPU count other than its GPUs per node, which the label
     * resolves to as the system itself ({@code NVIDIA DGX A100 (1x A100 80GB)}, {@code (320x A100 80GB)}: the GPUs
     * the run used), what the count was taken as, e.g. {@code hardware 'NVIDIA DGX A100 (1x A100 80GB)' is
     * dgx-a100-80gb, whose nodes hold 8 GPUs: its 1x is taken as the GPUs the run used, 1 of a node's 8 (...)};
     * empty for any other label.
     */
    public Optional<String> countNote(String label) {
        String l = label.trim();
        OptionalInt count = DescribedSystem.gpuCount(l);
        if (count.isEmpty() || !known(l) || ComposedSystem.looksComposed(l) || NodeCount.of(l).isPresent()) {
            return Optional.empty();
        }
        String name = canonical(l);
        int n = count.getAsInt();
        return catalog.system(name).filter(s -> s.devicesPerNode() != n).map(s -> {
            int perNode = s.devicesPerNode();
            String taken = n < perNode ? n + " of a node's " + perNode : n / perNode + " nodes of " + perNode;
            return "hardware '" + l + "' is " + name + ", whose nodes hold " + perNode + " GPUs: its " + n
                    + "x is taken as the GPUs the run used, " + taken
                    + " (the columns workers and nodes state a row's GPUs and nodes)";
        });
    }

    /**
     * The suffix for a label that counts nodes of a catalogued system ({@link NodeCount}: {@code 4 x NVIDIA DGX-2H With
     * 32G}), {@code ": did you mean dgx-2h, with 4 in the nodes column?"}; empty when the label is no such count.
     */
    private Optional<String> nodesOfSystem(String label) {
        return NodeCount.of(label)
                .filter(n -> catalog.find(n.rest()).filter(SystemSpec.class::isInstance).isPresent())
                .map(n -> ": did you mean " + canonical(n.rest()) + ", with " + n.count() + " in the nodes column?");
    }

    /**
     * The suffix naming the closest catalogued names, compared as the catalog compares labels: for a label that names
     * a GPU by model and memory ({@code 8x A100 40GB}) or counts a GPU ({@code 8x Tesla V100-SXM2-16GB}), the systems
     * of that GPU ({@link GpuSystems}), since names
     * merely spelled alike may hold another memory ({@code dgx-a100-80gb}); else those within
     * {@link EditDistance#closest}'s reach; else the systems of the GPUs the label names by model; else those that
     * begin as the label does ({@code dgx-one} shares {@code dgx} with the DGX systems), nearest first.
     */
    private String suggestion(String label) {
        String key = HardwareTables.key(label);
        Optional<String> systems = GpuSystems.suggestion(label, catalog, SUGGESTED);
        List<String> near = EditDistance.closest(key, nameByKey.keySet(), nameByKey.size());
        // A label naming a GPU by model is told its systems unless a name spelled alike is of that GPU too: "A100
        // SXM4" is two edits from the H100's alias "H100 SXM", another GPU.
        // A label that counts a GPU's units (8x Tesla V100-SXM2-16GB) is read as the GPU already: what it lacks is the
        // system, so it is told the GPU's systems, as a label that states the memory is.
        if (systems.isPresent() && (near.isEmpty() || DescribedSystem.statesMemory(label)
                || DescribedSystem.gpuCount(label).isPresent()
                || near.stream().map(nameByKey::get).noneMatch(GpuSystems.entriesOfGpus(label, catalog)::contains))) {
            return systems.get();
        }
        List<String> keys = !near.isEmpty() ? near : nameByKey.keySet().stream()
                .filter(k -> commonPrefix(k, key) >= PREFIX)
                .sorted(Comparator.comparingInt((String k) -> EditDistance.between(key, k))
                        .thenComparing(Comparator.naturalOrder()))
                .toList();
        Set<String> names = new LinkedHashSet<>();
        for (String k : keys) {
            names.add(nameByKey.get(k));
            if (names.size() == SUGGESTED) {
                break;
            }
        }
        return names.isEmpty() ? "" : ": did you mean " + String.join(" or ", names) + "?";
    }

    private static int commonPrefix(String a, String b) {
        int n = 0;
        while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) {
            n++;
        }
        return n;
    }

    /** Observations with their labels in the catalog's words, and a warning per distinct unknown label. */
    public Canonicalised canonicalise(List<Observation> rows) {
        List<Observation> out = new ArrayList<>(rows.size());
        Map<String, String> unknown = new LinkedHashMap<>();
        for (Observation o : rows) {
            String label = o.config().deployment().hardware();
            String c = canonical(label);
            if (!known(label)) {
                unknown.computeIfAbsent(c, k -> unknownNote(label).orElseThrow());
            }
            out.add(c.equals(label) ? o : new Observation(o.config().toBuilder().hardware(c).build(), o.measurements(),
                    o.source(), o.replication(), o.tags()));
        }
        return new Canonicalised(out, List.copyOf(unknown.values()));
    }

    /**
     * What {@link #canonicalise} returns.
     *
     * @param observations the rows, in order, with canonical labels
     * @param notes        one warning per distinct label the catalog does not know
     */
    public record Canonicalised(List<Observation> observations, List<String> notes) {
        public Canonicalised {
            observations = List.copyOf(observations);
            notes = List.copyOf(notes);
        }
    }
}
