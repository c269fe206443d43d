package io.stepcast.api.plugin;

import com.google.inject.AbstractModule;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.MapBinder;
import com.google.inject.multibindings.Multibinder;
import com.google.inject.name.Names;
import io.stepcast.api.Estimator;

/**
 * Base class of a stepcast plugin: a Guice module that registers estimators by name, and optionally
 * command-line extensions and predictor codecs. List the subclass in
 * {@code META-INF/services/com.google.inject.Module} and put the jar on the class path; the CLI finds it
 * with {@link java.util.ServiceLoader} (see {@link PluginRegistry}).
 *
 * <pre>{@code
 * public final class MyPlugin extends StepcastPlugin {
 *     public MyPlugin() { super("my-predictors"); }
 *     protected void registerAll() { estimator(new MyEstimator()); }
 * }
 * }</pre>
 */
public abstract class StepcastPlugin extends AbstractModule {
    /** Binding name of the map from estimator name to the plugin (module) that registered it. */
    public static final String ESTIMATOR_MODULES = "stepcast.estimator.modules";

    private final String moduleName;
    private MapBinder<String, Estimator> estimators;
    private MapBinder<String, String> modules;
    private MapBinder<String, PredictorCodec> codecs;
    private Multibinder<CommandExtension> commands;

    /** @param moduleName the name shown by {@code stepcast predictors list} (usually the artifact id) */
    protected StepcastPlugin(String moduleName) {
        this.moduleName = moduleName;
    }

    @Override
    protected final void configure() {
        estimators = MapBinder.newMapBinder(binder(), String.class, Estimator.class);
        modules = MapBinder.newMapBinder(binder(), new TypeLiteral<String>() { }, new TypeLiteral<String>() { },
                Names.named(ESTIMATOR_MODULES));
        codecs = MapBinder.newMapBinder(binder(), String.class, PredictorCodec.class);
        commands = Multibinder.newSetBinder(binder(), CommandExtension.class);
        registerAll();
    }

    /** Registers this plugin's estimators, commands, codecs and other bindings. */
    protected abstract void registerAll();

    /** Registers an estimator under its {@link Estimator#name()}. */
    protected final void estimator(Estimator estimator) {
        estimators.addBinding(estimator.name()).toInstance(estimator);
        modules.addBinding(estimator.name()).toInstance(moduleName);
    }

    /**
     * Registers an estimator that Guice constructs, so that it can inject services or other estimators
     * (for example {@code Provider<Map<String, Estimator>>} to wrap another estimator by name).
     *
     * @param name the estimator's {@link Estimator#name()}
     */
    protected final void estimator(String name, Class<? extends Estimator> type) {
        estimators.addBinding(name).to(type);
        modules.addBinding(name).toInstance(moduleName);
    }

    /** Registers how predictors of the named estimator are saved and loaded. */
    protected final void codec(String estimatorName, PredictorCodec codec) {
        codecs.addBinding(estimatorName).toInstance(codec);
    }

    /**
     * Registers a codec that Guice constructs, so that it can inject the services its loaded predictors use
     * (the hardware catalog, for example).
     */
    protected final void codec(String estimatorName, Class<? extends PredictorCodec> type) {
        codecs.addBinding(estimatorName).to(type);
    }

    /** Registers a sub-command of the {@code stepcast} CLI. */
    protected final void command(Class<? extends CommandExtension> extension) {
        commands.addBinding().to(extension);
    }
}
