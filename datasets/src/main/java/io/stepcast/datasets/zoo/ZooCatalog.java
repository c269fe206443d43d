package io.stepcast.datasets.zoo;

import io.stepcast.api.ModelNames;
import io.stepcast.api.zoo.LayerGradient;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.api.zoo.ModelInfo;

import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link ModelZoo} behind the read-only {@link ModelCatalog} that predictors see. Closest names are
 * ranked by the edit distance between name keys ({@link ModelNames#key}) over every accepted name.
 * Thread-safe.
 */
public final class ZooCatalog implements ModelCatalog {
    private final ModelZoo zoo;

    /** For Guice: a catalog over a new zoo. */
    public ZooCatalog() {
        this(new ModelZoo());
    }

    /** A catalog over {@code zoo}. */
    public ZooCatalog(ModelZoo zoo) {
        this.zoo = zoo;
    }

    @Override
    public List<String> names() {
        return zoo.names();
    }

    @Override
    public Optional<ModelInfo> find(String name) {
        return zoo.find(name).map(ZooCatalog::info);
    }

    @Override
    public List<String> closest(String name, int limit) {
        String key = ModelNames.key(name == null ? "" : name);
        Set<String> out = new LinkedHashSet<>();
        zoo.aliasKeys().entrySet().stream()
                .sorted(Comparator.<Map.Entry<String, String>>comparingInt(e -> distance(key, e.getKey()))
                        .thenComparing(Map.Entry::getValue))
                .forEach(e -> out.add(e.getValue()));
        return out.stream().limit(Math.max(0, limit)).toList();
    }

    /** The catalog's view of a zoo model. */
    static ModelInfo info(ZooModel m) {
        List<LayerGradient> layers = m.backwardLayers().stream()
                .map(l -> new LayerGradient(l.name(), l.type(), l.parameters() * TensorSpec.FLOAT_BYTES, l.forwardFlops()))
                .toList();
        return new ModelInfo(m.name(), m.description(), m.parameters(), m.parameterBytes(), m.forwardFlops(), layers,
                m.transformer());
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
