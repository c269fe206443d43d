package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.catalog.DataSources;
import io.stepcast.datasets.catalog.SourceFolders;
import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.datasets.io.DataFormatException;

import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * nccl-tests {@code all_reduce_perf} tables as vTrain publishes them ({@code shared/data/vtrain/nccl-tests/
 * <gpu>/allreduce_<N>gpus.csv}, upstream {@code trace/<gpu>/AR_GPU<N>_1M_1024M_LUT} of
 * github.com/VIA-Research/vTrain): header {@code size(B),count,type,time(ns),busbw(GB/s),time(ns),busbw(GB/s)},
 * the first time/busbw pair out-of-place, the second in-place.
 *
 * <p>Mapping: model {@code allreduce}, framework {@code nccl}, dataset {@code nccl-tests}, parameter bytes
 * = {@code size(B)}, ALLREDUCE, workers = N GPUs on 1 node, local batch 1 (a collective has no batch),
 * hardware {@code vtrain-<gpu>} (the catalog's system of that folder), step time = the out-of-place time
 * (nccl-tests' headline figure; the in-place time is kept in the tag {@code in_place_time_ns}). Tags:
 * {@code collective=all-reduce}, {@code gpu}, {@code type}, {@code count}.
 *
 * <p>Input: the {@code nccl-tests} folder (every {@code <gpu>/allreduce_*gpus.csv}), one GPU folder, or one
 * file; the GPU comes from the file's folder name.
 */
public final class NcclTestsImporter extends SourceImporter {
    /** The importer's and source's name. */
    public static final String NAME = "nccl-tests";
    private static final String HEADER = "size(B),count,type,time(ns),busbw(GB/s),time(ns),busbw(GB/s)";
    private static final Pattern FILE = Pattern.compile("allreduce_(\\d+)gpus\\.csv");

    /** The tables of every GPU. */
    public NcclTestsImporter() {
        super(DataSources.builtIn(NAME), "nccl-tests all_reduce_perf tables (the vtrain/nccl-tests folder, one GPU "
                + "folder or one allreduce_<N>gpus.csv)");
    }

    /** The tables are a part of the vtrain folder ({@code DATA/vtrain/nccl-tests}), whose files it lists. */
    @Override
    public ImportedObservations importAll(Path dataDir) throws IOException {
        return read(SourceFolders.of(dataDir, "vtrain/nccl-tests"));
    }

    @Override
    public ImportedObservations read(Path input) throws IOException {
        if (!Files.exists(input)) {
            throw new FileNotFoundException(input + ": no such file or folder");
        }
        List<Path> files = new ArrayList<>();
        Path root = Files.isDirectory(input) && Files.isDirectory(input.resolve("nccl-tests"))
                ? input.resolve("nccl-tests") : input;
        try (Stream<Path> walk = Files.walk(root, 2)) {
            walk.filter(Files::isRegularFile).filter(p -> FILE.matcher(p.getFileName().toString()).matches())
                    .sorted().forEach(files::add);
        }
        if (files.isEmpty()) {
            throw new FileNotFoundException(input + ": no allreduce_<N>gpus.csv file");
        }
        List<Observation> out = new ArrayList<>();
        for (Path f : files) {
            readFile(f, out);
        }
        return ImportedObservations.of(out);
    }

    private static void readFile(Path file, List<Observation> out) throws IOException {
        Matcher m = FILE.matcher(file.getFileName().toString());
        if (!m.matches()) {
            throw new DataFormatException(file.toString(), "the file name is not allreduce_<N>gpus.csv");
        }
        int gpus = Integer.parseInt(m.group(1));
        Path parent = file.toAbsolutePath().getParent();
        String gpu = parent.getFileName().toString().toLowerCase(Locale.ROOT);
        String source = "nccl-tests:" + gpu + "/" + file.getFileName();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = r.readLine();
            if (header == null || !header.strip().equals(HEADER)) {
                throw DataFormatException.at(file.toString(), 1, "expected the header " + HEADER);
            }
            long line = 1;
            for (String text = r.readLine(); text != null; text = r.readLine()) {
                line++;
                if (text.isBlank()) {
                    continue;
                }
                out.add(row(text.split(",", -1), file.toString(), line, gpus, gpu, source));
            }
        }
    }

    private static Observation row(String[] f, String file, long line, int gpus, String gpu, String source)
            throws DataFormatException {
        if (f.length != 7) {
            throw DataFormatException.at(file, line, "expected 7 comma-separated fields, found " + f.length);
        }
        long bytes = (long) number(f[0], "size(B)", file, line);
        double outOfPlaceNs = number(f[3], "time(ns)", file, line);
        double inPlaceNs = number(f[5], "time(ns) (in-place)", file, line);
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("collective", "all-reduce");
        tags.put("gpu", gpu);
        tags.put("type", f[2].strip());
        tags.put("count", f[1].strip());
        tags.put("in_place_time_ns", f[5].strip());
        try {
            Config config = Config.builder().model("allreduce").framework("nccl").dataset("nccl-tests")
                    .parameterBytes(bytes).architecture(Architecture.ALLREDUCE).workers(gpus).nodes(1)
                    .devicesPerWorker(1).tenants(1).hardware("vtrain-" + gpu).localBatch(1).build();
            Measurements ms = Measurements.builder().stepTimeS(outOfPlaceNs * 1e-9).build();
            if (!(inPlaceNs > 0)) {
                throw new IllegalArgumentException("the in-place time(ns) must be positive, was " + f[5]);
            }
            return new Observation(config, ms, source, 0, tags);
        } catch (IllegalArgumentException e) {
            throw DataFormatException.at(file, line, e.getMessage());
        }
    }

    private static double number(String text, String column, String file, long line) throws DataFormatException {
        try {
            double v = Double.parseDouble(text.strip());
            if (!(v > 0) || !Double.isFinite(v)) {
                throw DataFormatException.at(file, line, "column '" + column + "' must be a positive number, was '"
                        + text + "'");
            }
            return v;
        } catch (NumberFormatException e) {
            throw DataFormatException.at(file, line, "column '" + column + "': '" + text + "' is not a number");
        }
    }
}
