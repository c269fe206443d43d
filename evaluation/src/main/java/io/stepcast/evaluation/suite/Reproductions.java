package io.stepcast.evaluation.suite;

import io.stepcast.datasets.importers.TfCpuRecordings;
import io.stepcast.api.evaluation.Reproduction;

import java.util.Map;
import java.util.TreeSet;

/**
 * Reproductions by name, as the plugin registry holds them ({@link io.stepcast.api.plugin.PluginRegistry#reproductions}:
 * for example {@code courier} from the regression plugin, and the evaluation's own, which read the run's scored
 * points or recordings and which {@link io.stepcast.evaluation.EvaluationPlugin} registers).
 */
public final class Reproductions {
    private Reproductions() {
    }

    /** The evaluation's own reproductions by name; {@link io.stepcast.evaluation.EvaluationPlugin} registers them. */
    public static Map<String, Reproduction> builtIn() {
        return Map.of(
                "tf-benchmarks", new PublishedTableReproduction("tf-benchmarks", "profile-only", "simulation",
                        "aws-distributed"),
                TfCpuRecordings.SOURCE, new TfCpuProfilesReproduction(),
                KinetoProfilesReproduction.NAME, new KinetoProfilesReproduction());
    }

    /**
     * The reproduction registered under {@code name}: the built-in ones by
     * {@link io.stepcast.evaluation.EvaluationPlugin}, others by their plugins.
     *
     * @throws IllegalArgumentException naming every registered reproduction when there is none by that name
     */
    public static Reproduction resolve(String name, Map<String, Reproduction> registered) {
        Reproduction r = registered.get(name);
        if (r == null) {
            throw new IllegalArgumentException("unknown reproduction '" + name + "' (registered: "
                    + String.join(", ", new TreeSet<>(registered.keySet())) + ")");
        }
        return r;
    }
}
