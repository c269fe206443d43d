package io.stepcast.datasets.hardware;

import io.stepcast.api.BoundedCache;
import io.stepcast.api.EditDistance;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.GpuLinkGraph;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.NicSpec;
import io.stepcast.api.hardware.SystemSpec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

/**
 * The hardware catalog embedded in stepcast: the four tables of {@link HardwareTables}, every figure with
 * the public document it comes from. Construction checks that names and aliases are unique and that
 * every system's device, link and NIC exist. A label may also compose a system from catalogued parts
 * ({@link ComposedSystem}: {@code dgx-a100+nic=eth-100g+nics=2}). A label resolves by name or alias ignoring case,
 * spaces, hyphens, underscores and dots, with or without a vendor prefix ({@code NVIDIA}, {@code Tesla}), so that
 * {@code NVIDIA A100-SXM4-80GB}, {@code Tesla V100-SXM2-16GB} and {@code dgx1} find their entries; a label that
 * describes a system by its name and GPUs as published tables do ({@link DescribedSystem}: {@code NVIDIA DGX-1 (8x V100
 * 16G)}, {@code DGX-1 V100 32GB}) finds the system it describes. Immutable and thread-safe (composed systems are
 * derived once per label and kept).
 */
public final class DefaultHardwareCatalog implements HardwareCatalog {
    private final List<HardwareEntry> entries;
    private final Map<String, HardwareEntry> byKey;
    private final List<HardwareTables.TopologyGraph> graphs;
    /** Composed systems by label, derived once each (empty for a label that composes nothing). */
    /** Composed labels kept at most; a further one is composed on every look-up. */
    static final int MAX_COMPOSED = 1024;
    private final BoundedCache<String, Optional<HardwareEntry>> composed = new BoundedCache<>(MAX_COMPOSED);
    /**
     * Vendor prefixes a device name may carry that the catalog's names leave out, dropped in this order: nvidia-smi,
     * CUDA and profiler traces name devices {@code NVIDIA A100-SXM4-80GB}, {@code Tesla V100-SXM2-16GB} or both; ROCm's
     * tools and AMD's documents name theirs {@code AMD Instinct MI300X}.
     */
    static final List<String> VENDOR_PREFIXES = List.of("nvidia", "tesla", "amd");
    /** How many systems of a GPU a suggestion names when the label states no memory (as {@link HardwareLabels} does). */
    private static final int SUGGESTED_SYSTEMS = 3;

    /** The embedded catalog. */
    public DefaultHardwareCatalog() {
        this(HardwareTables.readAll());
    }

    /** A catalog of the given entries (validated as the embedded one). */
    public DefaultHardwareCatalog(List<HardwareEntry> entries) {
        this(entries, HardwareTables.readGraphs());
    }

    /** A catalog of the given entries and topology graphs ({@link HardwareCatalogs}: the embedded and a user's). */
    DefaultHardwareCatalog(List<HardwareEntry> entries, List<HardwareTables.TopologyGraph> graphs) {
        this.entries = List.copyOf(entries);
        this.graphs = List.copyOf(graphs);
        Map<String, HardwareEntry> m = new LinkedHashMap<>();
        for (HardwareEntry e : this.entries) {
            List<String> labels = new ArrayList<>(e.aliases());
            labels.add(0, e.name());
            for (String label : labels) {
                HardwareEntry previous = m.putIfAbsent(HardwareTables.key(label), e);
                if (previous != null && previous != e) {
                    throw new IllegalStateException("hardware label '" + label + "' names both " + previous.name()
                            + " and " + e.name());
                }
            }
        }
        this.byKey = Collections.unmodifiableMap(m);
        for (HardwareEntry e : this.entries) {
            if (e instanceof SystemSpec s) {
                require(s, s.device(), DeviceSpec.class);
                s.intraLink().ifPresent(l -> require(s, l, LinkSpec.class));
                s.nic().ifPresent(n -> require(s, n, NicSpec.class));
                s.hostLink().ifPresent(l -> require(s, l, LinkSpec.class));
            }
        }
    }

    private void require(SystemSpec s, String name, Class<? extends HardwareEntry> type) {
        HardwareEntry e = byKey.get(HardwareTables.key(name));
        if (!type.isInstance(e)) {
            throw new IllegalStateException("system " + s.name() + " refers to " + name + ", which is no "
                    + type.getSimpleName() + " of the catalog");
        }
    }

    @Override
    public List<HardwareEntry> entries() {
        return entries;
    }

    /**
     * The entry a name or alias resolves to, also with the vendor prefix a driver reports ({@code NVIDIA},
     * {@code Tesla}, {@code NVIDIA Tesla}) before a catalogued name; a label of the form {@code BASE+key=value...}
     * resolves to the system it composes from catalogued parts ({@link ComposedSystem}), empty when a part is
     * unknown ({@link #resolve} says which).
     */
    @Override
    public Optional<HardwareEntry> find(String label) {
        if (label == null) {
            return Optional.empty();
        }
        HardwareEntry e = byLabel(label);
        if (e != null) {
            return Optional.of(e);
        }
        if (!ComposedSystem.looksComposed(label)) {
            return composed.get(label.trim(), l -> describedOrEmpty(l).or(() -> reordered(l)));
        }
        return composed.get(label.trim(), this::composeOrEmpty);
    }

    /**
     * The catalog's name or composed label of a label that describes a system by its name and GPUs
     * ({@link DescribedSystem}: {@code NVIDIA DGX-1 (8x V100 16G)}, {@code DGX-1 V100 32GB}), or empty.
     */
    Optional<String> interpret(String label) {
        if (label == null || byLabel(label) != null || ComposedSystem.looksComposed(label)) {
            return Optional.empty();
        }
        return DescribedSystem.interpret(label, name -> Optional.ofNullable(byLabel(name)), devices());
    }

    /**
     * The device whose name {@code label} spells with its words in another order, vendor words aside
     * ({@code A100 80GB SXM4} and {@code NVIDIA H100 80GB PCIe} for {@code A100-SXM4-80GB} and {@code H100-PCIE-80GB},
     * as Lambda Labs' benchmark tables head their rows); empty unless exactly one device has the label's words, every
     * one of them, so that a label leaving out the memory or the form ({@code A100 SXM4}) names no device it could be
     * mistaken for.
     */
    private Optional<HardwareEntry> reordered(String label) {
        Set<String> words = words(label);
        if (words.size() < 2) {
            return Optional.empty();
        }
        List<DeviceSpec> same = devices().stream().filter(d -> words(d.name()).equals(words)).toList();
        return same.size() == 1 ? Optional.of(same.get(0)) : Optional.empty();
    }

    /** The lower-case words of a name, split at spaces, hyphens and underscores, vendor words left out. */
    private static Set<String> words(String name) {
        Set<String> out = new TreeSet<>();
        for (String w : name.toLowerCase(Locale.ROOT).split("[\\s_-]+")) {
            if (!w.isEmpty() && !VENDOR_PREFIXES.contains(w)) {
                out.add(w);
            }
        }
        return out;
    }

    /** The catalogued devices. */
    List<DeviceSpec> devices() {
        return entries.stream().filter(DeviceSpec.class::isInstance).map(DeviceSpec.class::cast).toList();
    }

    /** The system a described label names ({@link #interpret}), or empty. */
    private Optional<HardwareEntry> describedOrEmpty(String label) {
        return interpret(label).flatMap(l -> ComposedSystem.looksComposed(l) ? composeOrEmpty(l)
                : Optional.ofNullable(byLabel(l)));
    }

    /**
     * As {@link HardwareCatalog#resolve}, naming the part of a composed label that is unknown or of the wrong kind, and
     * for a label that names a GPU the catalog lacks (or one of no catalogued system), that ({@link #whyUnknown}).
     */
    @Override
    public HardwareEntry resolve(String label) {
        if (label != null && ComposedSystem.looksComposed(label) && byLabel(label) == null) {
            try {
                return compose(label, true);
            } catch (IllegalArgumentException e) {
                throw new NoSuchElementException(e.getMessage());
            }
        }
        Optional<String> why = whyUnknown(label);
        if (why.isPresent()) {
            throw new NoSuchElementException(why.get());
        }
        return HardwareCatalog.super.resolve(label);
    }

    /**
     * Why {@code label} resolves to nothing, when there is more to say than the closest names: the part of a composed
     * label that is unknown or of the wrong kind ({@link ComposedSystem}), or the GPU a label names that the catalog
     * lacks, or has in no system ({@link UncataloguedGpu}; a count after the GPU read as one before it), or a count
     * after a system's name, which is not guessed ({@link GpuCount#afterSystem}); either way how to state it. Empty
     * for a label that resolves, or names nothing recognisable.
     */
    @Override
    public Optional<String> whyUnknown(String label) {
        if (label == null || label.isBlank() || find(label).isPresent()) {
            return Optional.empty();
        }
        if (ComposedSystem.looksComposed(label)) {
            try {
                compose(label, true);
            } catch (IllegalArgumentException e) {
                return Optional.of(e.getMessage());
            }
            return Optional.empty();
        }
        Optional<String> afterSystem = GpuCount.afterSystem(label, this);
        if (afterSystem.isPresent()) {
            return Optional.of("hardware '" + label.trim() + "' is not in the hardware catalog: " + afterSystem.get());
        }
        return UncataloguedGpu.phrase(GpuCount.countFirst(label, this), this, devices())
                .map(p -> "hardware '" + label.trim() + "' " + p);
    }

    private SystemSpec compose(String label, boolean explain) {
        return ComposedSystem.compose(label, name -> Optional.ofNullable(byLabel(name)),
                name -> explain ? closest(name, 3) : List.of());
    }

    /** The entry whose name or alias has the label's key, with or without a vendor prefix; null when none has. */
    private HardwareEntry byLabel(String label) {
        String k = HardwareTables.key(label);
        HardwareEntry e = byKey.get(k);
        for (String prefix : VENDOR_PREFIXES) {
            if (e == null && k.startsWith(prefix)) {
                k = k.substring(prefix.length());
                e = byKey.get(k);
            }
        }
        return e;
    }

    /** The composed system, or empty (kept too, so that a wrong label asked for every row is judged once). */
    private Optional<HardwareEntry> composeOrEmpty(String label) {
        try {
            return Optional.of(compose(label, false));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The embedded matrix of the system's topology with as many GPUs as the system has ({@code graphs.tsv}) and, when
     * the system's intra-node link is known, as many NVLinks per GPU as that link's GPUs have: the hybrid cube-mesh of
     * a DGX-1 with P100 (4 NVLinks each) is not the one with V100 (6). Empty when no matrix matches.
     */
    @Override
    public Optional<GpuLinkGraph> linkGraph(SystemSpec system) {
        OptionalInt links = intraLink(system).map(l -> OptionalInt.of(l.linksPerGpu())).orElse(OptionalInt.empty());
        return graphs.stream()
                .filter(g -> g.topology() == system.topology() && g.graph().gpus() == system.devicesPerNode())
                .map(HardwareTables.TopologyGraph::graph)
                .filter(g -> links.isEmpty() || g.linksPerGpu() == links.getAsInt()).findFirst();
    }

    /**
     * For a label that names GPUs ({@code 8x A100 80GB}), the systems built with them as a file's unknown label is told
     * them ({@link GpuSystems}); none for a label naming a GPU the catalog lacks or has in no system
     * ({@link UncataloguedGpu}); for any other, the systems named like it.
     */
    @Override
    public List<String> suggestedSystems(String label) {
        // A count after the GPU (V100 x 8) is read as one before it, as a file's reader reads it.
        String counted = GpuCount.countFirst(label, this);
        if (UncataloguedGpu.reason(counted, this, devices()).isPresent()) {
            // Systems of another GPU spelled alike would be wrong answers (an H100 NVL is no SXM5 system's GPU).
            return List.of();
        }
        List<String> ofGpus = GpuSystems.systems(counted, this, SUGGESTED_SYSTEMS);
        return ofGpus.isEmpty() ? HardwareCatalog.super.suggestedSystems(label) : ofGpus;
    }

    @Override
    public List<String> closest(String label, int limit) {
        String k = HardwareTables.key(label == null ? "" : label);
        Map<String, Integer> best = new LinkedHashMap<>();
        for (Map.Entry<String, HardwareEntry> e : byKey.entrySet()) {
            // A name that contains the label (a100sxm in a100sxm480gb) ranks before any mere edit-distance match.
            int d = !k.isEmpty() && e.getKey().contains(k) ? 0 : 1 + EditDistance.between(k, e.getKey());
            best.merge(e.getValue().name(), d, Math::min);
        }
        return best.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue()
                        .thenComparing(Map.Entry.comparingByKey(Comparator.naturalOrder())))
                .limit(Math.max(0, limit)).map(Map.Entry::getKey).toList();
    }
}
