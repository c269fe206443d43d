package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.collective.Collective;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.datasets.hardware.HardwareLabels;
import io.stepcast.datasets.io.DataFormatException;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The standard output of nccl-tests ({@code all_reduce_perf}, {@code all_gather_perf}, {@code reduce_scatter_perf},
 * {@code alltoall_perf}, {@code broadcast_perf}, {@code reduce_perf}, {@code sendrecv_perf}) as a user has it from
 * their own cluster: one observation per measured message size, which the collective predictors fit
 * ({@code collective-alpha-beta}) or score ({@code collective-catalog}). The parsing rules are
 * {@link NcclTestsLog}'s; a file may hold several runs, and a folder is read file by file.
 *
 * <p>Mapping: model = the collective's label ({@code all-reduce}; from the log, else {@code --model}), parameter
 * bytes = {@code size}, workers = the ranks the log lists (else {@code --workers}, else {@code nThread x nGpus}),
 * nodes = the distinct hosts
 * of those ranks, step time = the out-of-place time (nccl-tests' headline figure; the in-place time is the tag
 * {@code in_place_time_us}), hardware = {@code --hardware} when given, else the ranks' device name as the driver
 * reports it ({@code NVIDIA H100 80GB HBM3}), resolved in the hardware catalog when it knows it. A device is not a
 * system: the catalog cannot say which links joined the ranks, so for the catalog's figures state the system
 * ({@code --hardware dgx-h100}, or one composed of parts: {@code --hardware gcp-a3-highgpu-8g+nics=8}). Rows of
 * 0 bytes carry no bandwidth and are skipped with a note.
 */
public final class NcclTestsLogImporter implements ObservationImporter {
    /** The importer's name. */
    public static final String NAME = "nccl-tests-log";

    private final HardwareLabels labels;

    /** Labels resolved in the embedded hardware catalog. */
    public NcclTestsLogImporter() {
        this(new HardwareLabels());
    }

    /** Labels resolved through {@code labels}. */
    public NcclTestsLogImporter(HardwareLabels labels) {
        this.labels = labels;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "nccl-tests standard output (all_reduce_perf, all_gather_perf, ...; a file or a folder of them): one "
                + "observation per message size (--hardware names the system, --model the collective when the log "
                + "does not)";
    }

    @Override
    public Optional<DataSource> source() {
        return Optional.empty();
    }

    @Override
    public ImportedObservations importFile(Path input, ImportOptions options) throws IOException {
        if (!Files.exists(input)) {
            throw new FileNotFoundException(input + ": no such file or folder");
        }
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(input)) {
            try (Stream<Path> s = Files.list(input)) {
                s.filter(Files::isRegularFile).sorted().forEach(files::add);
            }
        } else {
            files.add(input);
        }
        List<Observation> out = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        int skipped = 0;
        for (Path f : files) {
            skipped += read(f, options, out, notes);
        }
        if (out.isEmpty()) {
            throw new DataFormatException(input.toString(), "no nccl-tests table found (a line per message size under "
                    + "the header 'size count type ... time algbw busbw ...')");
        }
        return new ImportedObservations(out, skipped, List.copyOf(new LinkedHashSet<>(notes)));
    }

    /** Adds the observations of one file; returns the rows skipped. */
    private int read(Path file, ImportOptions options, List<Observation> out, List<String> notes) throws IOException {
        String where = file.toString();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<NcclTestsLog.Run> runs = NcclTestsLog.parse(lines, file.getFileName().toString());
        int skipped = 0;
        int index = 0;
        for (NcclTestsLog.Run run : runs) {
            index++;
            Collective collective = collective(run, options, where);
            int workers = workers(run, options, where, notes);
            Set<String> hosts = new LinkedHashSet<>(run.hosts());
            String hardware = hardware(run, options, where, notes);
            int nodes = hosts.isEmpty() ? packedNodes(workers, hardware) : hosts.size();
            String source = NAME + ":" + file.getFileName() + (runs.size() > 1 ? "#run" + index : "");
            for (NcclTestsLog.Row row : run.rows()) {
                if (row.bytes() == 0) {
                    skipped++;
                    continue;
                }
                out.add(observation(collective, row, workers, nodes, hardware, source, where));
            }
        }
        if (skipped > 0) {
            notes.add(where + ": skipped " + skipped + " rows of 0 bytes (no bandwidth to fit)");
        }
        return skipped;
    }

    private static Collective collective(NcclTestsLog.Run run, ImportOptions options, String where)
            throws DataFormatException {
        String name = run.collective().or(options::model).orElseThrow(() -> DataFormatException.at(where,
                run.firstLine(), "which collective did this run measure? The log names no X_perf binary (no "
                        + "'Collective test starting' line, no command line, not in the file name): pass --model "
                        + "all-reduce (or all-gather, reduce-scatter, alltoall, broadcast, reduce, sendrecv)"));
        try {
            return Collective.parse(name);
        } catch (IllegalArgumentException e) {
            throw DataFormatException.at(where, run.firstLine(), e.getMessage());
        }
    }

    /**
     * The ranks of a run: those it lists; else {@code --workers}, since {@code nThread x nGpus} counts one process's
     * GPUs and an MPI launch of several processes prints no more (a two-node run of eight ranks says {@code nThread 1
     * nGpus 1}); else {@code nThread x nGpus}, with a note that it assumes a single process.
     */
    private static int workers(NcclTestsLog.Run run, ImportOptions options, String where, List<String> notes)
            throws DataFormatException {
        if (run.ranks() > 0) {
            return run.ranks();
        }
        if (options.workers().isPresent()) {
            return options.workers().getAsInt();
        }
        if (run.threadsGpus() > 0) {
            notes.add(where + ":" + run.firstLine() + ": the run lists no '# Rank' lines; its nThread x nGpus = "
                    + run.threadsGpus() + " is taken as the ranks, as for one process (an MPI launch of several "
                    + "processes has more: pass --workers N)");
            return run.threadsGpus();
        }
        throw DataFormatException.at(where, run.firstLine(), "how many GPUs took part? The run lists no '# Rank' "
                + "lines and no 'nThread N nGpus G' line: pass --workers N");
    }

    /**
     * The nodes of a run that names no hosts: its ranks over the GPUs of a node of its catalogued system, as a launcher
     * fills them (eight ranks on nodes of four GPUs are two nodes); one when the system is not catalogued.
     */
    private int packedNodes(int workers, String hardware) {
        return labels.catalog().system(hardware).map(s -> (workers + s.devicesPerNode() - 1) / s.devicesPerNode())
                .orElse(1);
    }

    private String hardware(NcclTestsLog.Run run, ImportOptions options, String where, List<String> notes) {
        if (options.hardware().isPresent()) {
            String stated = options.hardware().get();
            labels.unknownNote(stated).ifPresent(n -> notes.add(where + ": --hardware: " + n));
            // A system whose GPU is not the one the log's ranks ran on labels the wrong machine.
            Optional<String> gpu = labels.catalog().device(stated).map(DeviceSpec::name);
            Set<String> named = new LinkedHashSet<>();
            run.devices().forEach(d -> labels.catalog().device(d).ifPresent(x -> named.add(x.name())));
            if (gpu.isPresent() && !named.isEmpty() && !named.contains(gpu.get())) {
                notes.add(where + ": --hardware " + stated + " has " + gpu.get() + " GPUs, but the log's ranks ran on "
                        + String.join(", ", named) + " (kept as stated)");
            }
            return labels.canonical(stated);
        }
        Set<String> devices = new LinkedHashSet<>(run.devices());
        if (devices.isEmpty()) {
            notes.add(where + ": the run names no device; hardware 'unknown' (pass --hardware SYSTEM)");
            return "unknown";
        }
        if (devices.size() > 1) {
            notes.add(where + ": ranks on several devices " + devices + "; labelled with the first (pass --hardware)");
        }
        String device = devices.iterator().next();
        labels.unknownNote(device).ifPresent(n -> notes.add(where + ": " + n));
        return labels.canonical(device);
    }

    private static Observation observation(Collective collective, NcclTestsLog.Row row, int workers, int nodes,
                                           String hardware, String source, String where) throws DataFormatException {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("collective", collective.label());
        tags.put("type", row.type());
        tags.put("count", Long.toString(row.count()));
        tags.put("in_place_time_us", Double.toString(row.inPlaceUs()));
        try {
            Config config = Config.builder().model(collective.label()).framework("nccl").dataset("nccl-tests")
                    .parameterBytes(row.bytes()).architecture(Architecture.ALLREDUCE).workers(workers).nodes(nodes)
                    .devicesPerWorker(1).tenants(1).hardware(hardware).localBatch(1).build();
            Measurements ms = Measurements.builder().stepTimeS(row.outOfPlaceUs() * 1e-6).build();
            return new Observation(config, ms, source, 0, tags);
        } catch (IllegalArgumentException e) {
            throw DataFormatException.at(where, row.line(), e.getMessage());
        }
    }
}
