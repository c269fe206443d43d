package io.stepcast.api.plugin;

import com.google.inject.AbstractModule;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.MapBinder;
import com.google.inject.multibindings.Multibinder;
import com.google.inject.name.Names;
import io.stepcast.api.Estimator;
import io.stepcast.api.evaluation.ProtocolFactory;
import io.stepcast.api.evaluation.Reproduction;
import io.stepcast.api.selection.SelectorFactory;

/**
 * Base class of a stepcast plugin: a Guice module that registers estimators by name, each with the codec that
 * saves its predictors (or a declaration that they cannot be saved), and optionally command-line extensions,
 * observation importers, profile readers, evaluation protocols, reproductions and batch-size selectors. List the subclass in
 * {@code META-INF/services/com.google.inject.Module} and put the jar on the class path; the CLI finds it
 * with {@link java.util.ServiceLoader} (see {@link PluginRegistry}).
 *
 * <pre>{@code
 * public final class MyPlugin extends StepcastPlugin {
 *     public MyPlugin() { super("my-predictors"); }
 *     protected void registerAll() {
 *         estimator(new MyEstimator());
 *         codec(MyEstimator.NAME, new MyCodec());
 *     }
 * }
 * }</pre>
 */
public abstract class StepcastPlugin extends AbstractModule {
    /** Binding name of the map from estimator name to the plugin (module) that registered it. */
    public static final String ESTIMATOR_MODULES = "stepcast.estimator.modules";
    /** Binding name of the map from the estimator name a codec is registered under to the plugin that registered it. */
    public static final String CODEC_MODULES = "stepcast.codec.modules";

    private final String moduleName;
    private MapBinder<String, Estimator> estimators;
    private MapBinder<String, String> modules;
    private MapBinder<String, PredictorCodec> codecs;
    private MapBinder<String, String> codecModules;
    private MapBinder<String, NotPersistable> notPersistable;
    private Multibinder<CommandExtension> commands;
    private MapBinder<String, ObservationImporter> importers;
    private MapBinder<String, ProfileReader> profileReaders;
    private MapBinder<String, ProtocolFactory> protocols;
    private MapBinder<String, Reproduction> reproductions;
    private MapBinder<String, SelectorFactory> selectors;

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
        codecModules = MapBinder.newMapBinder(binder(), new TypeLiteral<String>() { }, new TypeLiteral<String>() { },
                Names.named(CODEC_MODULES));
        notPersistable = MapBinder.newMapBinder(binder(), String.class, NotPersistable.class);
        commands = Multibinder.newSetBinder(binder(), CommandExtension.class);
        importers = MapBinder.newMapBinder(binder(), String.class, ObservationImporter.class);
        profileReaders = MapBinder.newMapBinder(binder(), String.class, ProfileReader.class);
        protocols = MapBinder.newMapBinder(binder(), String.class, ProtocolFactory.class);
        reproductions = MapBinder.newMapBinder(binder(), String.class, Reproduction.class);
        selectors = MapBinder.newMapBinder(binder(), String.class, SelectorFactory.class);
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

    /**
     * Registers how predictors of the named estimator are saved and loaded. Every registered estimator needs a
     * codec under its name or a {@link #notPersistable} declaration, and every codec an estimator of its name:
     * {@link PluginRegistry} refuses to start otherwise.
     */
    protected final void codec(String estimatorName, PredictorCodec codec) {
        codecs.addBinding(estimatorName).toInstance(codec);
        codecModules.addBinding(estimatorName).toInstance(moduleName);
    }

    /**
     * Registers a codec that Guice constructs, so that it can inject the services its loaded predictors use
     * (the hardware catalog, for example). The same rules as {@link #codec(String, PredictorCodec)} hold.
     */
    protected final void codec(String estimatorName, Class<? extends PredictorCodec> type) {
        codecs.addBinding(estimatorName).to(type);
        codecModules.addBinding(estimatorName).toInstance(moduleName);
    }

    /**
     * Declares that predictors of the named estimator cannot be saved, instead of registering a codec for it:
     * {@code stepcast fit --save} then refuses them with {@code reason}. An estimator with neither a codec nor
     * this declaration, or with both, stops {@link PluginRegistry} at start-up.
     *
     * @param reason why the fitted state is not saved, shown to the user (e.g. "holds a live connection")
     */
    protected final void notPersistable(String estimatorName, String reason) {
        notPersistable.addBinding(estimatorName).toInstance(new NotPersistable(moduleName, reason));
    }

    /** Registers an evaluation protocol under its name, the leading word of its suite spec (e.g. {@code kfold}). */
    protected final void protocol(String name, ProtocolFactory factory) {
        protocols.addBinding(name).toInstance(factory);
    }

    /** Registers a reproduction of published figures under the name a suite lists it by. */
    protected final void reproduction(String name, Reproduction reproduction) {
        reproductions.addBinding(name).toInstance(reproduction);
    }

    /**
     * Registers a batch-size selector under the name {@code select-batch --selector}, {@code serve}'s
     * {@code selector} field and the suites know it by. Two plugins registering one name fail at start-up.
     */
    protected final void selector(String name, SelectorFactory factory) {
        selectors.addBinding(name).toInstance(factory);
    }

    /** Registers a sub-command of the {@code stepcast} CLI. */
    protected final void command(Class<? extends CommandExtension> extension) {
        commands.addBinding().to(extension);
    }

    /** Registers a sub-command of the {@code stepcast} CLI that needs nothing injected. */
    protected final void command(CommandExtension extension) {
        commands.addBinding().toInstance(extension);
    }

    /**
     * Registers an observation importer under its {@link ObservationImporter#name()}. Its name is then a
     * source of the observation catalog (with its {@link ObservationImporter#variants() variants}) when it
     * has a {@link ObservationImporter#source() source}, and a {@code SOURCE} of {@code stepcast datasets
     * import}, {@code list} and {@code fetch}. Two plugins registering one name fail at start-up.
     *
     * <p>How to add one (for example {@code nccl-tests}, in the plugin that reads its tables):
     * <ol>
     *   <li>a class {@code NcclTestsImporter implements ObservationImporter}: {@code name()} returns
     *       {@code "nccl-tests"}; {@code source()} a {@link DataSource} with citation, licence, upstream and
     *       every file of {@code shared/data/nccl-tests/} with its SHA-256 and size ({@link SourceFile},
     *       with the download URL when the file exists upstream); {@code importAll(dataDir)} reads
     *       {@code dataDir.resolve("nccl-tests")}; {@code importFile(input, options)} reads one table or
     *       that folder; {@code variants()} and {@code importAll(variant, dataDir)} only if the source has
     *       parts worth a name of their own;</li>
     *   <li>in the plugin's {@link #registerAll()}: {@code importer(new NcclTestsImporter());} In the
     *       datasets module, the importer extends its {@code SourceImporter} (variants, embedded copy, folder
     *       checks), its metadata is a block of {@code catalog/sources.properties}, its files are rows of
     *       {@code catalog/files.tsv} (from {@code sha256sum}), read with {@code DataSources.builtIn(name,
     *       url)}; registered after {@code tf-cpu-profiles} it is listed after the existing sources;</li>
     *   <li>nothing else: the datasets module lists, fetches and imports it (its observations written to
     *       {@code --out}; an importer whose output is another table implements the datasets module's
     *       {@code ParquetImport}, as {@code bigdl-log} does), and suites name it as a source. A plugin
     *       that is not the datasets module lists its class in
     *       {@code META-INF/services/com.google.inject.Module}.</li>
     * </ol>
     */
    protected final void importer(ObservationImporter importer) {
        importers.addBinding(importer.name()).toInstance(importer);
    }

    /**
     * Registers a profile reader under its {@link ProfileReader#name()}. Profile files are read by the
     * reader named with {@code --format NAME}, or else by the first reader whose
     * {@link ProfileReader#detect detect} accepts the file: readers are asked in registration order
     * (within a plugin, the order of these calls; across plugins, the order in which
     * {@link java.util.ServiceLoader} finds them, which is the class path's order), so register the reader
     * with the narrowest detection first; a reader in another plugin whose files an earlier reader also
     * accepts is reached with {@code --format} only. Two plugins registering one name fail at start-up.
     *
     * <p>How to add one (for example {@code kineto}, PyTorch profiler traces):
     * <ol>
     *   <li>a class {@code KinetoReader implements ProfileReader}: {@code name()} returns {@code "kineto"};
     *       {@code detect(head)} is true only for a Chrome trace with Kineto's marks (for example
     *       {@code "schemaVersion"} or {@code "deviceProperties"} in the head text), never for every
     *       {@code .json}; {@code read(file, options)} returns the profile of the first step;</li>
     *   <li>in {@code DatasetsPlugin.registerAll()} (or another plugin's): {@code profileReader(new
     *       KinetoReader());} <em>before</em> {@code tf-timeline}, whose detection accepts any Chrome trace
     *       JSON, so that Kineto's files reach the Kineto reader;</li>
     *   <li>to let {@code stepcast datasets import kineto} write op-trace Parquet, the reader also
     *       implements the datasets module's {@code ParquetImport} (as {@code TfTimelineReader} does);
     *       without it {@code datasets import} says the reader cannot write an op trace;</li>
     *   <li>nothing else: {@code ProfileSource.read} (so {@code simulate --profile}), {@code datasets
     *       import --format kineto}, {@code datasets list} and detection find it.</li>
     * </ol>
     */
    protected final void profileReader(ProfileReader reader) {
        profileReaders.addBinding(reader.name()).toInstance(reader);
    }
}
