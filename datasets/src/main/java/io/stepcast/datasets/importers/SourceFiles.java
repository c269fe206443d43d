package io.stepcast.datasets.importers;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the files of a small published table come from: a folder on disk or the copy embedded in the jar
 * (the Courier and TensorFlow benchmark tables, which are published figures).
 */
public interface SourceFiles {

    /** Opens a file given by its name relative to the source's folder. */
    InputStream open(String relative) throws IOException;

    /** True when the file exists. */
    boolean exists(String relative);

    /** A folder on disk. */
    static SourceFiles folder(Path dir) {
        return new SourceFiles() {
            @Override
            public InputStream open(String relative) throws IOException {
                Path p = dir.resolve(relative);
                if (!Files.isRegularFile(p)) {
                    throw new FileNotFoundException(p + ": no such file");
                }
                return Files.newInputStream(p);
            }

            @Override
            public boolean exists(String relative) {
                return Files.isRegularFile(dir.resolve(relative));
            }
        };
    }

    /** The copy embedded under {@code io/stepcast/datasets/embedded/<source>/}. */
    static SourceFiles embedded(String source) {
        String base = "/io/stepcast/datasets/embedded/" + source + "/";
        return new SourceFiles() {
            @Override
            public InputStream open(String relative) throws IOException {
                InputStream in = SourceFiles.class.getResourceAsStream(base + relative);
                if (in == null) {
                    throw new FileNotFoundException("embedded " + source + "/" + relative + " is missing from the jar");
                }
                return in;
            }

            @Override
            public boolean exists(String relative) {
                return SourceFiles.class.getResource(base + relative) != null;
            }
        };
    }
}
