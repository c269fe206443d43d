package io.stepcast.api.plugin;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.TypeLiteral;
import com.google.inject.name.Names;
import io.stepcast.api.EditDistance;
import io.stepcast.api.Estimator;
import io.stepcast.api.evaluation.ProtocolFactory;
import io.stepcast.api.evaluation.Reproduction;
import io.stepcast.api.selection.SelectorFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * Every plugin on a class path, found with {@link ServiceLoader} over {@code com.google.inject.Module} and
 * assembled by Guice: estimators by name, the module that registered each, command extensions, codecs,
 * observation importers, profile readers, batch-size selectors and services such as {@link ProfileSource}.
 * Building it checks that every estimator can be saved or is declared not persistable (see
 * {@link StepcastPlugin#codec}).
 */
public final class PluginRegistry {
    private final Injector injector;
    private final Map<String, Estimator> estimators;
    private final Map<String, String> modules;
    private final Map<String, SelectorFactory> selectors;
    private final Map<String, NotPersistable> notPersistable;

    private PluginRegistry(Injector injector) {
        this.injector = injector;
        this.estimators = Collections.unmodifiableMap(new TreeMap<>(
                lookup(injector, new Key<Map<String, Estimator>>() { }).orElse(Map.of())));
        this.modules = lookup(injector, Key.get(new TypeLiteral<Map<String, String>>() { },
                Names.named(StepcastPlugin.ESTIMATOR_MODULES))).orElse(Map.of());
        this.selectors = Collections.unmodifiableMap(new TreeMap<>(
                lookup(injector, new Key<Map<String, SelectorFactory>>() { }).orElse(Map.of())));
        this.notPersistable = Collections.unmodifiableMap(new TreeMap<>(
                lookup(injector, new Key<Map<String, NotPersistable>>() { }).orElse(Map.of())));
        PersistenceCheck.check(modules, lookup(injector, Key.get(new TypeLiteral<Map<String, String>>() { },
                Names.named(StepcastPlugin.CODEC_MODULES))).orElse(Map.of()), notPersistable);
    }

    /**
     * The plugins visible to the given class loader.
     *
     * @throws IllegalStateException when an estimator has neither a codec nor a not-persistable declaration, or a
     *                               codec or declaration names no estimator (see {@link StepcastPlugin#codec})
     */
    public static PluginRegistry discover(ClassLoader loader) {
        return discover(loader, List.of());
    }

    /**
     * The plugins visible to the given class loader, with {@code extra} modules that configure this run rather than
     * contribute plugins (the user's hardware file: {@link io.stepcast.api.hardware.HardwareFile#module()}).
     *
     * @throws IllegalStateException as {@link #discover(ClassLoader)}
     */
    public static PluginRegistry discover(ClassLoader loader, List<? extends Module> extra) {
        List<Module> found = new ArrayList<>();
        ServiceLoader.load(Module.class, loader).forEach(found::add);
        found.addAll(extra);
        return of(found);
    }

    /** The plugins visible to this class's loader. */
    public static PluginRegistry discover() {
        return discover(PluginRegistry.class.getClassLoader());
    }

    /** A registry of the given modules (for tests and embedding), checked as {@link #discover(ClassLoader)} is. */
    public static PluginRegistry of(List<? extends Module> modules) {
        return new PluginRegistry(Guice.createInjector(modules));
    }

    private static <T> Optional<T> lookup(Injector injector, Key<T> key) {
        return injector.getExistingBinding(key) == null ? Optional.empty() : Optional.of(injector.getInstance(key));
    }

    /** Registered estimators by name, sorted. */
    public Map<String, Estimator> estimators() {
        return estimators;
    }

    /** The estimator registered under {@code name}. */
    public Estimator estimator(String name) {
        Estimator e = estimators.get(name);
        if (e == null) {
            throw new NoSuchElementException("no predictor named '" + name + "'"
                    + EditDistance.suggestion(name, estimators.keySet())
                    + " (known: " + String.join(", ", estimators.keySet()) + ")");
        }
        return e;
    }

    /** The plugin module that registered the named estimator. */
    public String moduleOf(String estimatorName) {
        return modules.getOrDefault(estimatorName, "unknown");
    }

    /** Command-line extensions of all plugins. */
    public Set<CommandExtension> commands() {
        return lookup(injector, new Key<Set<CommandExtension>>() { }).orElse(Set.of());
    }

    /** Codecs by estimator name. */
    public Map<String, PredictorCodec> codecs() {
        return lookup(injector, new Key<Map<String, PredictorCodec>>() { }).orElse(Map.of());
    }

    /**
     * Estimators whose predictors cannot be saved, by name, with the reason their plugin gives; every other
     * registered estimator has a codec in {@link #codecs()}.
     */
    public Map<String, NotPersistable> notPersistable() {
        return notPersistable;
    }

    /** Observation importers by name, in registration order. */
    public Map<String, ObservationImporter> importers() {
        return lookup(injector, new Key<Map<String, ObservationImporter>>() { }).orElse(Map.of());
    }

    /**
     * Profile readers by name, in registration order: the order in which {@link ProfileReader#detect} is
     * asked (see {@link StepcastPlugin#profileReader}).
     */
    public Map<String, ProfileReader> profileReaders() {
        return lookup(injector, new Key<Map<String, ProfileReader>>() { }).orElse(Map.of());
    }

    /** Evaluation protocols by name, sorted. */
    public Map<String, ProtocolFactory> protocols() {
        return new TreeMap<>(lookup(injector, new Key<Map<String, ProtocolFactory>>() { }).orElse(Map.of()));
    }

    /** Reproductions of published figures by name, sorted. */
    public Map<String, Reproduction> reproductions() {
        return new TreeMap<>(lookup(injector, new Key<Map<String, Reproduction>>() { }).orElse(Map.of()));
    }

    /** Batch-size selectors by name, sorted. */
    public Map<String, SelectorFactory> selectors() {
        return selectors;
    }

    /**
     * The selector registered under {@code name}.
     *
     * @throws NoSuchElementException naming the known selectors, as {@link #estimator} does for predictors
     */
    public SelectorFactory selector(String name) {
        SelectorFactory f = selectors.get(name);
        if (f == null) {
            throw new NoSuchElementException("no selector named '" + name + "'"
                    + EditDistance.suggestion(name, selectors.keySet())
                    + " (known: " + String.join(", ", selectors.keySet()) + ")");
        }
        return f;
    }

    /** A bound service, such as {@link ProfileSource}, when some plugin binds it. */
    public <T> Optional<T> service(Class<T> type) {
        return lookup(injector, Key.get(type));
    }

    /** The Guice injector, for creating objects that inject bound services. */
    public Injector injector() {
        return injector;
    }
}
