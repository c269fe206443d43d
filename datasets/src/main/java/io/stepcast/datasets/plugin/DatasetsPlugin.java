package io.stepcast.datasets.plugin;

import com.google.inject.multibindings.OptionalBinder;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.HardwareFile;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.datasets.cli.DatasetsCommandExtension;
import io.stepcast.datasets.hardware.HardwareCatalogProvider;
import io.stepcast.datasets.importers.BigDlLogImporter;
import io.stepcast.datasets.importers.CourierImporter;
import io.stepcast.datasets.importers.GavelImporter;
import io.stepcast.datasets.importers.GenericCsvImporter;
import io.stepcast.datasets.importers.MlperfLogImporter;
import io.stepcast.datasets.importers.NcclTestsImporter;
import io.stepcast.datasets.importers.PolluxImporter;
import io.stepcast.datasets.importers.MultiNodeTablesImporter;
import io.stepcast.datasets.importers.NcclTestsLogImporter;
import io.stepcast.datasets.importers.TranscribedTableImporter;
import io.stepcast.datasets.importers.TfBenchmarksImporter;
import io.stepcast.datasets.importers.TfCpuProfilesImporter;
import io.stepcast.datasets.importers.VtrainImporter;
import io.stepcast.datasets.kineto.KinetoProfileReader;
import io.stepcast.datasets.timeline.TfTimelineReader;
import io.stepcast.datasets.zoo.ZooCatalog;

import java.util.List;

/**
 * The datasets module as a stepcast plugin (module name {@code datasets}): registers the importers of the
 * real sources and formats and the PyTorch profiler and TensorFlow timeline readers, binds {@link ProfileSource},
 * {@link ObservationCatalog} (which read every registered importer and reader, this plugin's and others'),
 * {@link ModelCatalog} (the model zoo) and {@link HardwareCatalog} (the embedded catalog, with the user's
 * {@link HardwareFile} when the run binds one) to this module's implementations, and adds
 * the {@code datasets} and {@code profile inspect} commands. Listed in {@code META-INF/services/com.google.inject.Module}.
 */
public final class DatasetsPlugin extends StepcastPlugin {

    /** For {@link java.util.ServiceLoader}. */
    public DatasetsPlugin() {
        super("datasets");
    }

    @Override
    protected void registerAll() {
        // The order is the order of `datasets list` and of the catalog's sources.
        importer(new PolluxImporter());
        importer(new GavelImporter());
        importer(new TfBenchmarksImporter());
        importer(TfBenchmarksImporter.foreignTables());
        importer(new MultiNodeTablesImporter());
        TranscribedTableImporter.SOURCES.forEach(source -> importer(new TranscribedTableImporter(source)));
        importer(new CourierImporter());
        importer(new TfCpuProfilesImporter());
        importer(new NcclTestsImporter());
        importer(new VtrainImporter());
        importer(new BigDlLogImporter());
        importer(new NcclTestsLogImporter());
        importer(new MlperfLogImporter());
        importer(new GenericCsvImporter());
        // Readers are asked in this order when a file's format is detected (tf-timeline accepts any .json).
        profileReader(new KinetoProfileReader());
        profileReader(new TfTimelineReader());
        bind(ProfileSource.class).to(DefaultProfileSource.class);
        bind(ObservationCatalog.class).to(DefaultObservationCatalog.class);
        bind(ModelCatalog.class).to(ZooCatalog.class);
        // The embedded catalog, with the user's hardware file when the run binds one (HardwareFile#module).
        OptionalBinder.newOptionalBinder(binder(), HardwareFile.class);
        bind(HardwareCatalog.class).toProvider(HardwareCatalogProvider.class).in(com.google.inject.Singleton.class);
        command(DatasetsCommandExtension.class);
        command(io.stepcast.datasets.cli.ProfileCommandExtension.class);
    }

    /** A registry of this plugin alone: what the datasets module offers without any other plugin. */
    public static PluginRegistry builtIn() {
        return BuiltIn.REGISTRY;
    }

    /** Created once, on first use (class initialisation is lazy and thread-safe). */
    private static final class BuiltIn {
        static final PluginRegistry REGISTRY = PluginRegistry.of(List.of(new DatasetsPlugin()));
    }
}
