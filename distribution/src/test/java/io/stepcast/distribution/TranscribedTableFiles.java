package io.stepcast.distribution;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A transcribed table embedded in the datasets jar (generic CSV, {@code embedded/<source>/<file>}) split in two
 * files as a user would have them: the rows where a column is 1 (one GPU, one node) and the others.
 */
final class TranscribedTableFiles {
    private TranscribedTableFiles() {
    }

    /**
     * Writes {@code dir/name} with the table's header and the rows whose {@code column} is 1 ({@code one} true) or
     * is not.
     */
    static Path split(String source, String file, String column, boolean one, Path dir, String name)
            throws IOException {
        return split(source, file, column, Set.of("1"), one, dir, name);
    }

    /**
     * Writes {@code dir/name} with the table's header and the rows whose {@code column} is one of {@code values}
     * ({@code keep} true) or is not.
     */
    static Path split(String source, String file, String column, Set<String> values, boolean keep, Path dir,
                      String name) throws IOException {
        List<String> lines;
        try (InputStream in = Objects.requireNonNull(TranscribedTableFiles.class.getResourceAsStream(
                "/io/stepcast/datasets/embedded/" + source + "/" + file), source + "/" + file)) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        int index = List.of(lines.get(0).split(",")).indexOf(column);
        List<String> rows = new ArrayList<>(List.of(lines.get(0)));
        lines.stream().skip(1).filter(l -> values.contains(l.split(",")[index]) == keep).forEach(rows::add);
        Path p = dir.resolve(name);
        Files.write(p, rows);
        return p;
    }
}
