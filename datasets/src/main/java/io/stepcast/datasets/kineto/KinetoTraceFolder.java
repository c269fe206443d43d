package io.stepcast.datasets.kineto;

import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.profile.Profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The PyTorch profiler traces of {@code DATA/kineto} ({@code *.json}, {@code *.json.gz}), each with the median of
 * its measured steps (what {@code stepcast profile inspect} reports) and the profile of its median step.
 */
public final class KinetoTraceFolder {
    /** The folder under the data directory. */
    public static final String SOURCE = "kineto";

    private KinetoTraceFolder() {
    }

    /**
     * One trace.
     *
     * @param file          the trace file
     * @param medianStepS   the median of its measured steps, seconds
     * @param profile       the profile of its median step
     */
    public record Trace(Path file, double medianStepS, Profile profile) {
    }

    /** Every trace of {@code DATA/kineto}, in file-name order. */
    public static List<Trace> read(Optional<Path> dataDir, ProfileSource profiles) throws IOException {
        if (dataDir.isEmpty()) {
            throw new IOException("suite " + SOURCE + ": no --data folder given");
        }
        Path dir = dataDir.get().resolve(SOURCE);
        if (!Files.isDirectory(dir)) {
            throw new IOException("suite " + SOURCE + ": " + dir + " does not exist");
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(f -> f.getFileName().toString().matches(".*\\.json(\\.gz)?")).sorted().toList();
        }
        List<Trace> out = new ArrayList<>();
        KinetoReader reader = new KinetoReader();
        for (Path f : files) {
            out.add(new Trace(f, reader.summarise(f).medianStepS(), profiles.read(f)));
        }
        return out;
    }
}
