package io.stepcast.datasets.zoo;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/model-zoo.md lists every model of the zoo with the zoo's own parameter count. */
class ModelZooDocTest {
    private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)` \\|[^|]*\\| ([0-9,]+) \\|");

    @Test
    void tableMatchesTheZoo() throws IOException {
        Path doc = Path.of("..", "docs", "model-zoo.md");
        Assumptions.assumeTrue(Files.isRegularFile(doc), "needs the repository's docs folder");
        Map<String, Long> rows = new LinkedHashMap<>();
        for (String line : Files.readAllLines(doc)) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                rows.put(m.group(1), Long.parseLong(m.group(2).replace(",", "")));
            }
        }
        ModelZoo zoo = new ModelZoo();
        assertThat(rows.keySet()).containsExactlyInAnyOrderElementsOf(zoo.names());
        rows.forEach((name, parameters) -> assertThat(zoo.get(name).parameters()).as(name).isEqualTo(parameters));
    }
}
