package io.stepcast.api.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compares lines a test computes with the lines pinned in a resource next to the test class, one by one, so that
 * a changed number shows with its case. With {@code -Dstepcast.pins.write=FILE} the computed lines are also written
 * to FILE, to replace the resource when a change is intended and explained. Shipped in predictor-api's test jar
 * for the tests of every module.
 */
public final class PinnedLines {
    private PinnedLines() {
    }

    /** Asserts that {@code lines} are the lines of the resource {@code name} beside {@code test}. */
    public static void assertPinned(Class<?> test, String name, List<String> lines) throws IOException {
        String write = System.getProperty("stepcast.pins.write");
        if (write != null) {
            Files.writeString(Path.of(write), String.join("\n", lines) + "\n");
        }
        try (InputStream in = test.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            List<String> expected = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            assertThat(lines).containsExactlyElementsOf(expected);
        }
    }
}
