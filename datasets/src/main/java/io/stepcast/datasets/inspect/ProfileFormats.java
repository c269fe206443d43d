package io.stepcast.datasets.inspect;

import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.kineto.KinetoReader;
import io.stepcast.datasets.timeline.Tf2TraceReader;
import io.stepcast.datasets.timeline.TimelineSummariser;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds which trace format a file holds, from its name and first bytes, and summarises it with that format's
 * reader: PyTorch profiler ({@value KinetoReader#FORMAT}) first, since its files are also Chrome traces, then
 * TF2 profiler traces and TensorFlow 1.x timelines.
 */
public final class ProfileFormats {
    private ProfileFormats() {
    }

    /** The first bytes of a file as stored (gzipped or not). */
    public static byte[] head(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(KinetoReader.HEAD_BYTES);
        }
    }

    /** The summary of any supported trace. */
    public static ProfileSummary summarise(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new java.io.FileNotFoundException(file + ": no such file");
        }
        String name = file.getFileName().toString();
        byte[] head = head(file);
        if (KinetoReader.detect(name, head)) {
            return new KinetoReader().summarise(file);
        }
        if (Tf2TraceReader.detect(name, KinetoReader.decompressed(head))) {
            return new Tf2TraceReader().summarise(file);
        }
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (lower.endsWith(".json") || lower.endsWith(".json.gz")) {
            return new TimelineSummariser().summarise(file);
        }
        throw new DataFormatException(file.toString(), "not a supported trace: expected a PyTorch profiler trace or "
                + "a TensorFlow timeline (.json, .json.gz)");
    }
}
