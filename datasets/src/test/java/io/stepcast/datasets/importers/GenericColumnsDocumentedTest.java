package io.stepcast.datasets.importers;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The generic CSV's columns in {@code docs/data-model.md} ("Your own measurements") are exactly the ones the importer
 * reads, so that a column added to one is not missing from the other.
 */
class GenericColumnsDocumentedTest {
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z_0-9]+)` \\|");

    @Test
    void theDocumentedTableListsEveryColumnTheImporterReads() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "docs", "data-model.md"));
        int header = lines.indexOf("| column | unit | meaning | default | needed by |");
        assertThat(header).as("the generic CSV's table in docs/data-model.md").isNotNegative();
        Set<String> documented = new LinkedHashSet<>();
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            Matcher m = ROW.matcher(lines.get(i));
            assertThat(m.find()).as(lines.get(i)).isTrue();
            documented.add(m.group(1));
        }
        Set<String> read = new LinkedHashSet<>();
        Stream.of(GenericCsvImporter.REQUIRED, GenericCsvImporter.BATCH, GenericCsvImporter.MEASUREMENTS, GenericCsvImporter.OPTIONAL)
                .forEach(read::addAll);
        assertThat(documented).containsExactlyInAnyOrderElementsOf(read);
    }
}
