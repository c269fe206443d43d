package io.stepcast.evaluation.suite;

import io.stepcast.datasets.importers.TfCpuRecordings;
import io.stepcast.api.evaluation.Reproduction;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Reproductions by name: those plugins register ({@link io.stepcast.api.plugin.PluginRegistry#reproductions},
 * for example {@code courier} from the regression plugin), then the evaluation's own, which read the
 * run's scored points or recordings.
 */
public final class Reproductions {
    /** Names of the evaluation's own reproductions. */
    public static final List<String> BUILT_IN = List.of("tf-benchmarks", TfCpuRecordings.SOURCE,
            KinetoProfilesReproduction.NAME);

    private Reproductions() {
    }

    /** The evaluation's own reproduction called {@code name}. */
    public static Reproduction named(String name) {
        return switch (name) {
            case "tf-benchmarks" -> new PublishedTableReproduction("tf-benchmarks", "profile-only", "simulation",
                    "aws-distributed");
            case TfCpuRecordings.SOURCE -> new TfCpuProfilesReproduction();
            case KinetoProfilesReproduction.NAME -> new KinetoProfilesReproduction();
            default -> throw new IllegalArgumentException("unknown reproduction '" + name + "' (known: "
                    + String.join(", ", BUILT_IN) + ")");
        };
    }

    /**
     * The reproduction called {@code name}: a plugin's first, else a built-in one.
     *
     * @throws IllegalArgumentException naming every known reproduction when there is none by that name
     */
    public static Reproduction resolve(String name, Map<String, Reproduction> registered) {
        Reproduction r = registered.get(name);
        if (r != null) {
            return r;
        }
        if (BUILT_IN.contains(name)) {
            return named(name);
        }
        TreeSet<String> known = new TreeSet<>(registered.keySet());
        known.addAll(BUILT_IN);
        throw new IllegalArgumentException("unknown reproduction '" + name + "' (known: " + String.join(", ", known)
                + ")");
    }
}
