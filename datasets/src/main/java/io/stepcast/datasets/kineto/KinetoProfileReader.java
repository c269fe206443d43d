package io.stepcast.datasets.kineto;

import io.stepcast.api.plugin.FileHead;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ProfileReader;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.importers.ParquetImport;
import io.stepcast.datasets.inspect.ProfileSummariser;
import io.stepcast.datasets.inspect.ProfileSummary;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * PyTorch profiler (Kineto) Chrome traces as a registered profile reader, {@code kineto}: profiles with
 * {@link KinetoReader#readProfile}, op-trace Parquet with {@link KinetoReader#writeOpTrace}. Its files are also
 * Chrome traces, so it is registered before {@code tf-timeline}; detection is {@link KinetoReader#detect}.
 */
public final class KinetoProfileReader implements ProfileReader, ParquetImport, ProfileSummariser {

    @Override
    public String name() {
        return KinetoReader.FORMAT;
    }

    @Override
    public String description() {
        return "PyTorch profiler (Kineto) Chrome traces, .json or .json.gz, into an op trace (the step of median length)";
    }

    @Override
    public boolean detect(FileHead head) {
        return KinetoReader.detect(head.fileName(), head.head());
    }

    @Override
    public ProfileSummary summarise(Path file) throws IOException {
        return new KinetoReader().summarise(file);
    }

    @Override
    public Profile read(Path file, ImportOptions options) throws IOException {
        return new KinetoReader().readProfile(file);
    }

    @Override
    public List<String> importToParquet(Path input, Path out, Optional<Path> observations, ImportOptions options)
            throws IOException {
        KinetoReader.Result r = new KinetoReader().writeOpTrace(input, out);
        return List.of(String.format("%s: wrote %,d op-trace rows (%,d steps) to %s", name(), r.rows(),
                r.summary().stepTimesS().size(), out));
    }
}
