package io.stepcast.datasets.plugin;

import io.stepcast.api.Observation;
import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.testing.PluginJars;
import io.stepcast.datasets.parquet.ObservationFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An importer in a jar that is no compile dependency of stepcast (compiled at test time, on a fresh class
 * loader) is listed by {@code datasets list}, imports a file through {@code datasets import} and is a source
 * of the observation catalog. Its input is synthetic (not measurements), and named so.
 */
class ThirdPartyImporterPluginTest {
    private static final String CLASS = "thirdparty.importer.SyntheticCsvPlugin";
    private static final String SOURCE = """
            package thirdparty.importer;

            import io.stepcast.api.Architecture;
            import io.stepcast.api.Config;
            import io.stepcast.api.Measurements;
            import io.stepcast.api.Observation;
            import io.stepcast.api.plugin.*;
            import java.io.IOException;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.ArrayList;
            import java.util.List;
            import java.util.Map;
            import java.util.Optional;

            public final class SyntheticCsvPlugin extends StepcastPlugin {
                static final class SyntheticCsvImporter implements ObservationImporter {
                    public String name() { return "synthetic-csv"; }
                    public String description() { return "model,workers,local_batch,step_time_s rows (test fixture)"; }
                    public Optional<DataSource> source() {
                        return Optional.of(new DataSource("synthetic-csv", "Synthetic step times, not measurements",
                                "none (a test fixture)", "CC0-1.0", "none", false, List.of(new SourceFile(
                                "steps.csv", "0".repeat(64), 1, Optional.empty()))));
                    }
                    public ImportedObservations importAll(Path dataDir) throws IOException {
                        return importFile(dataDir.resolve("synthetic-csv/steps.csv"), ImportOptions.none());
                    }
                    public ImportedObservations importFile(Path input, ImportOptions options) throws IOException {
                        List<Observation> out = new ArrayList<>();
                        List<String> lines = Files.readAllLines(input);
                        for (String line : lines.subList(1, lines.size())) {
                            String[] f = line.split(",");
                            Config c = Config.builder().model(f[0]).architecture(Architecture.ALLREDUCE)
                                    .workers(Integer.parseInt(f[1])).nodes(1).localBatch(Integer.parseInt(f[2])).build();
                            out.add(new Observation(c, Measurements.builder().stepTimeS(Double.parseDouble(f[3])).build(),
                                    "synthetic-csv:" + input.getFileName(), 0, Map.of()));
                        }
                        return ImportedObservations.of(out);
                    }
                }

                public SyntheticCsvPlugin() { super("third-party-importer-fixture"); }

                @Override
                protected void registerAll() { importer(new SyntheticCsvImporter()); }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aJarWithAnImporterAddsASourceToListImportAndTheCatalog() throws Exception {
        Path jar = PluginJars.build(dir, "third-party-importer.jar", CLASS, SOURCE);
        assertThatThrownBy(() -> Class.forName(CLASS)).as("the fixture must not be on the test class path")
                .isInstanceOf(ClassNotFoundException.class);
        Path steps = Files.writeString(Files.createDirectories(dir.resolve("data/synthetic-csv")).resolve("steps.csv"),
                "model,workers,local_batch,step_time_s\nsynthetic-a,1,32,0.5\nsynthetic-a,2,32,0.3\n");

        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            PluginRegistry registry = PluginRegistry.discover(loader);
            assertThat(registry.importers()).containsKey("synthetic-csv").containsKey("pollux");

            String list = run(registry, "list");
            assertThat(list).contains("synthetic-csv  (1 file, 1 bytes)", "Synthetic step times, not measurements")
                    .containsPattern("importers: .*courier.*synthetic-csv");

            Path out = dir.resolve("synthetic.parquet");
            String imported = run(registry, "import", "synthetic-csv", "--input", steps.toString(), "--out", out.toString());
            assertThat(imported).contains("synthetic-csv: wrote 2 observations to " + out);
            List<Observation> rows = ObservationFiles.read(out);
            assertThat(rows).extracting(o -> o.config().deployment().workers()).containsExactly(1, 2);

            ObservationCatalog catalog = registry.service(ObservationCatalog.class).orElseThrow();
            assertThat(catalog.sources()).contains("synthetic-csv");
            assertThat(catalog.observations("synthetic-csv", Optional.of(dir.resolve("data")))).isEqualTo(rows);
        }
    }

    @Test
    void withoutTheJarTheImporterIsAbsent() {
        assertThat(PluginRegistry.discover(getClass().getClassLoader()).importers()).doesNotContainKey("synthetic-csv");
    }

    private static String run(PluginRegistry registry, String... args) {
        CommandExtension datasets = registry.commands().stream().filter(c -> c.name().equals("datasets"))
                .findFirst().orElseThrow();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(datasets.command(null));
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(args);
        assertThat(code).as(err.toString()).isZero();
        return out.toString();
    }
}
