package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.ImportedObservations;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A source of one published table transcribed for stepcast and embedded in the jar ({@code embedded/<source>/<file>},
 * with a README naming where it comes from). It is not in {@code shared/data}: a data folder without
 * {@code <source>/} reads the copy in the jar. Subclasses say how the file's rows become observations.
 */
abstract class OneFileTableImporter extends SourceImporter {
    private final String file;

    /**
     * @param source      the built-in source
     * @param description one line saying what {@link #read(Path)} accepts
     * @param file        the source's one file
     */
    OneFileTableImporter(DataSource source, String description, String file) {
        super(source, description);
        this.file = file;
    }

    /**
     * The observations of the table read from {@code in}.
     *
     * @param display  the name errors give the file
     * @param fileName the file's name, for the rows' {@code source}
     */
    abstract ImportedObservations read(InputStream in, String display, String fileName) throws IOException;

    @Override
    final Optional<ImportedObservations> embedded() throws IOException {
        return Optional.of(readEmbedded());
    }

    @Override
    public final ImportedObservations importAll(Path dataDir) throws IOException {
        if (!Files.isDirectory(dataDir.resolve(name()))) {
            return readEmbedded();
        }
        return super.importAll(dataDir);
    }

    /** Reads the table or its folder. */
    @Override
    public final ImportedObservations read(Path input) throws IOException {
        Path f = Files.isDirectory(input) ? input.resolve(file) : input;
        if (!Files.isRegularFile(f)) {
            throw new FileNotFoundException(f + ": no such file");
        }
        try (InputStream in = Files.newInputStream(f)) {
            return read(in, f.toString(), f.getFileName().toString());
        }
    }

    /** The copy embedded in the jar. */
    public final ImportedObservations readEmbedded() throws IOException {
        try (InputStream in = SourceFiles.embedded(name()).open(file)) {
            return read(in, "embedded " + name() + "/" + file, file);
        }
    }
}
