package io.stepcast.datasets.catalog;

import io.stepcast.api.plugin.FileHead;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ProfileReader;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.inspect.ProfileFormats;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.plugin.DatasetsPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProfileReadersTest {
    @TempDir
    Path dir;

    @Test
    void aGzippedFileIsDetectedByItsDecompressedHead() throws IOException {
        Path gz = dir.resolve("capture.bin");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write("{\"traceEvents\": []}".getBytes(StandardCharsets.UTF_8));
        }
        FileHead head = ProfileReaders.head(gz);
        assertThat(head.text()).startsWith("{\"traceEvents\"");
        ProfileReaders builtIn = new ProfileReaders(DatasetsPlugin.builtIn().profileReaders());
        assertThat(builtIn.choose(gz, Optional.empty()).name()).isEqualTo("tf-timeline");
    }

    @Test
    void readersAreAskedInRegistrationOrder() throws IOException {
        Path json = Files.writeString(dir.resolve("t.json"), "{\"traceEvents\": [], \"schemaVersion\": 1}");
        Map<String, ProfileReader> readers = new LinkedHashMap<>();
        readers.put("narrow", new Claiming("narrow"));
        readers.putAll(DatasetsPlugin.builtIn().profileReaders());
        assertThat(new ProfileReaders(readers).choose(json, Optional.empty()).name()).isEqualTo("narrow");
        Map<String, ProfileReader> later = new LinkedHashMap<>(DatasetsPlugin.builtIn().profileReaders());
        later.put("narrow", new Claiming("narrow"));
        // Kineto's schemaVersion: the built-in kineto reader, registered first, takes it before the later one.
        assertThat(new ProfileReaders(later).choose(json, Optional.empty()).name()).isEqualTo("kineto");
        assertThat(new ProfileReaders(later).choose(json, Optional.of("narrow")).name()).isEqualTo("narrow");
    }

    @Test
    void inspectSummarisesWithTheReaderTheRegistryChooses() throws IOException {
        Path json = Files.writeString(dir.resolve("t.json"), "{\"traceEvents\": [], \"schemaVersion\": 1}");
        Map<String, ProfileReader> readers = new LinkedHashMap<>();
        readers.put("narrow", new Claiming("narrow"));
        readers.putAll(DatasetsPlugin.builtIn().profileReaders());
        // The first reader that detects the file is asked for the summary; it has none, so inspect says so.
        assertThatThrownBy(() -> ProfileFormats.summarise(json, new ProfileReaders(readers), Optional.empty()))
                .isInstanceOf(DataFormatException.class).hasMessageContaining(json.toString())
                .hasMessageContaining("format narrow has no summary");
        // Named, the built-in kineto reader summarises it (and names what the synthetic trace lacks).
        assertThatThrownBy(() -> ProfileFormats.summarise(json, new ProfileReaders(readers), Optional.of("kineto")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("ProfilerStep");
    }

    @Test
    void aTruncatedGzipFileIsDetectedFromWhatDecompresses() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(("{\"traceEvents\": [" + "{\"ph\": \"X\"},".repeat(500) + "{}]}").getBytes(StandardCharsets.UTF_8));
        }
        byte[] gz = bytes.toByteArray();
        Path truncated = Files.write(dir.resolve("t.json.gz"), Arrays.copyOf(gz, gz.length - 12));
        assertThat(ProfileReaders.head(truncated).text()).startsWith("{\"traceEvents\"");
    }

    /** A test reader that claims every file with "schemaVersion" in its head (reads nothing). */
    private record Claiming(String name) implements ProfileReader {
        @Override
        public String description() {
            return "test reader";
        }

        @Override
        public boolean detect(FileHead head) {
            return head.text().contains("schemaVersion");
        }

        @Override
        public Profile read(Path file, ImportOptions options) {
            throw new UnsupportedOperationException("test reader");
        }
    }
}
