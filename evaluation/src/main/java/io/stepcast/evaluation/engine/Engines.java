package io.stepcast.evaluation.engine;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.MapBinder;
import com.google.inject.Binder;
import io.stepcast.api.plugin.PluginRegistry;

import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;

/**
 * The registry of execution engines: every engine a plugin binds by name with {@link #register}, in its Guice
 * module, as estimators are bound ({@code local} by the evaluation module's own plugin, {@code spark} by
 * runner-spark's). {@code --engine NAME} reads it.
 */
public final class Engines {
    /** What the launcher adds to the class path for {@code --engine spark}, and how to build it. */
    static final String SPARK_HINT = "the stepcast launcher builds it when --engine spark is among its arguments; by "
            + "hand: 'mvn -B -pl runner-spark -am package' (the launcher then puts runner-spark on the class path)";

    private Engines() {
    }

    /** Binds {@code engine} under its name (call from a plugin's {@code registerAll} or {@code configure}). */
    public static void register(Binder binder, ExecutionEngine engine) {
        MapBinder.newMapBinder(binder, String.class, ExecutionEngine.class).addBinding(engine.name()).toInstance(engine);
    }

    /**
     * Every registered engine by name, sorted ({@code local} comes from
     * {@link io.stepcast.evaluation.EvaluationPlugin}).
     */
    public static Map<String, ExecutionEngine> all(PluginRegistry registry) {
        Map<String, ExecutionEngine> out = new TreeMap<>();
        Key<Map<String, ExecutionEngine>> key = Key.get(new TypeLiteral<Map<String, ExecutionEngine>>() { });
        if (registry.injector().getExistingBinding(key) != null) {
            out.putAll(registry.injector().getInstance(key));
        }
        return out;
    }

    /**
     * The engine named {@code name}.
     *
     * @throws NoSuchElementException naming the known engines (and, for {@code spark}, how to build it)
     */
    public static ExecutionEngine resolve(String name, PluginRegistry registry) {
        Map<String, ExecutionEngine> all = all(registry);
        ExecutionEngine e = all.get(name);
        if (e == null) {
            throw new NoSuchElementException("--engine " + name + ": no such engine on the class path (known: "
                    + String.join(", ", all.keySet()) + ")" + ("spark".equals(name) ? "; " + SPARK_HINT : ""));
        }
        return e;
    }
}
