package io.stepcast.datasets.hardware;

import io.stepcast.api.hardware.HardwareEntry;
import io.stepcast.api.hardware.HardwareFile;
import io.stepcast.api.hardware.SystemSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The one place the hardware catalog is built: the embedded tables ({@link HardwareTables}), plus the entries and
 * graphs of the user's hardware file when one is named ({@link UserHardwareFile}). The Guice binding of the datasets
 * module ({@link HardwareCatalogProvider}), and so every command, predictor, suite, Spark executor and {@code serve},
 * gets its catalog from here.
 */
public final class HardwareCatalogs {
    private HardwareCatalogs() {
    }

    /**
     * The embedded catalog with {@code file}'s entries added after the embedded ones of their kind's table, when a file
     * is named.
     *
     * @throws IllegalArgumentException one line naming the file, the line, the entry and the field when the file
     *                                  cannot be read, an entry is wrong, a name clashes with a catalogued one or a
     *                                  system names a part that does not exist
     */
    public static DefaultHardwareCatalog of(Optional<HardwareFile> file) {
        return file.map(f -> withFile(f.path())).orElseGet(DefaultHardwareCatalog::new);
    }

    /** The embedded catalog with the entries of the hardware file at {@code path} (see {@link #of}). */
    public static DefaultHardwareCatalog withFile(Path path) {
        return with(UserHardwareFile.read(path));
    }

    /** The embedded catalog with the entries of a hardware file's text, named {@code display} in messages. */
    static DefaultHardwareCatalog withText(String display, String text) {
        return with(UserHardwareFile.read(display, text));
    }

    private static DefaultHardwareCatalog with(UserHardware user) {
        List<HardwareEntry> embedded = HardwareTables.readAll();
        List<HardwareEntry> added = user.against(embedded);
        // The catalog lists devices, links, NICs and systems in that order (HardwareCatalog#entries): the file's
        // entries join their kind's group, after the embedded ones.
        List<HardwareEntry> all = new ArrayList<>();
        for (String category : List.of("device", "link", "nic", "system")) {
            embedded.stream().filter(e -> e.category().equals(category)).forEach(all::add);
            added.stream().filter(e -> e.category().equals(category)).forEach(all::add);
        }
        List<HardwareTables.TopologyGraph> graphs = new ArrayList<>(HardwareTables.readGraphs());
        user.graphs().forEach(g -> graphs.add(g.graph()));
        DefaultHardwareCatalog catalog = new DefaultHardwareCatalog(all, graphs);
        user.graphs().forEach(g -> checkUsed(g, catalog));
        return catalog;
    }

    /**
     * A file's matrix is used by the systems of its topology and GPU count whose link gives each GPU as many links as
     * it counts ({@link DefaultHardwareCatalog#linkGraph}); where such systems exist but their link counts another
     * number, the matrix would be dropped without a word, so it is refused naming the counts.
     */
    private static void checkUsed(UserHardware.StatedGraph stated, DefaultHardwareCatalog catalog) {
        HardwareTables.TopologyGraph g = stated.graph();
        List<SystemSpec> shaped = catalog.entries().stream().filter(SystemSpec.class::isInstance)
                .map(SystemSpec.class::cast)
                .filter(s -> s.topology() == g.topology() && s.devicesPerNode() == g.graph().gpus()).toList();
        List<String> counts = new ArrayList<>();
        for (SystemSpec s : shaped) {
            OptionalInt links = catalog.intraLink(s).map(l -> OptionalInt.of(l.linksPerGpu())).orElse(OptionalInt.empty());
            if (links.isEmpty() || links.getAsInt() == g.graph().linksPerGpu()) {
                return;
            }
            counts.add(s.name() + " " + links.getAsInt());
        }
        if (!counts.isEmpty()) {
            throw stated.where().bad("links", "each GPU has " + g.graph().linksPerGpu() + " links here, but the "
                    + g.topology() + " systems of " + g.graph().gpus() + " GPUs give theirs another count ("
                    + String.join(", ", counts) + " per GPU), so no system would use this matrix");
        }
    }
}
