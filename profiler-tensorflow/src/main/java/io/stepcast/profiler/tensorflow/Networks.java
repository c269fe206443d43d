package io.stepcast.profiler.tensorflow;

import io.stepcast.api.ModelNames;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The networks the profiler can build, looked up by name or alias (case and punctuation ignored). */
public final class Networks {
    private static final List<Network> ALL = List.of(new Lenet5(), new CourierMlp(), new CifarNet());
    private static final Map<String, String> ALIASES = Map.of(
            "lenet", "lenet5",
            "simplenet", "mlp",
            "couriermlp", "mlp",
            "mlp78412810", "mlp",
            "cifar10cnn", "cifarnet");

    private Networks() {
    }

    /** Every network, in a stable order. */
    public static List<Network> all() {
        return ALL;
    }

    /** Names of the networks (for usage messages). */
    public static List<String> names() {
        return ALL.stream().map(Network::name).toList();
    }

    /**
     * The network called {@code name}.
     *
     * @throws IllegalArgumentException naming the known networks when there is none
     */
    public static Network byName(String name) {
        String key = ModelNames.key(name);
        String canonical = ALIASES.getOrDefault(key, key);
        Map<String, Network> byKey = new TreeMap<>();
        ALL.forEach(n -> byKey.put(ModelNames.key(n.name()), n));
        Network n = byKey.get(canonical);
        if (n == null) {
            throw new IllegalArgumentException("unknown model '" + name + "'; known: " + String.join(", ", names()));
        }
        return n;
    }
}
