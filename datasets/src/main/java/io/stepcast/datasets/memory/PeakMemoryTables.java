package io.stepcast.datasets.memory;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.EditDistance;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Published tables of measured peak memory per GPU, embedded in stepcast, to score the memory estimate of a predictor
 * ({@link io.stepcast.api.PeakMemory}); nothing is fitted to them. {@link #MEGATRON_CI}: Megatron-LM's own
 * functional-test runs, with their sources in the file's header. Format: {@code #} comment lines, then a CSV header
 * {@code model,tensor_parallel,pipeline_parallel,data_parallel,micro_batch,global_batch,precision,hardware,
 * peak_memory_bytes,source}; each run is the plain 1F1B schedule without recomputation or sequence parallelism.
 * A suite's {@code memory} list names a table by its short name ({@link #NAMED}).
 */
public final class PeakMemoryTables {
    /** The embedded Megatron-LM functional-test runs. */
    public static final String MEGATRON_CI = "megatron_ci_peak_memory.csv";
    /** The short name of {@link #MEGATRON_CI}, as a suite's {@code memory} list gives it. */
    public static final String MEGATRON_LM_CI = "megatron-lm-ci";
    /** Every embedded table by its short name. */
    public static final Map<String, String> NAMED = Map.of(MEGATRON_LM_CI, MEGATRON_CI);
    private static final String BASE = "/io/stepcast/datasets/embedded/megatron-memory/";
    private static final String HEADER = "model,tensor_parallel,pipeline_parallel,data_parallel,micro_batch,"
            + "global_batch,precision,hardware,peak_memory_bytes,source";

    private PeakMemoryTables() {
    }

    /**
     * The rows of an embedded table.
     *
     * @throws IllegalArgumentException naming the file and line of a bad row, or an unknown table
     */
    public static List<MeasuredPeakMemory> embedded(String name) {
        try (InputStream in = PeakMemoryTables.class.getResourceAsStream(BASE + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no embedded peak-memory table " + name);
            }
            return read(name, new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(name + ": " + e.getMessage(), e);
        }
    }

    /**
     * The rows of the embedded table with the short name {@code name}.
     *
     * @throws IllegalArgumentException naming the closest and every embedded table when there is none by that name
     */
    public static List<MeasuredPeakMemory> named(String name) {
        String file = NAMED.get(name);
        if (file == null) {
            throw new IllegalArgumentException("no embedded peak-memory table '" + name + "'"
                    + EditDistance.suggestion(name, NAMED.keySet()) + " (embedded: "
                    + String.join(", ", new TreeMap<>(NAMED).keySet()) + ")");
        }
        return embedded(file);
    }

    static List<MeasuredPeakMemory> read(String file, BufferedReader r) throws IOException {
        List<MeasuredPeakMemory> out = new ArrayList<>();
        boolean header = false;
        int line = 0;
        for (String l = r.readLine(); l != null; l = r.readLine()) {
            line++;
            if (l.isBlank() || l.startsWith("#")) {
                continue;
            }
            if (!header) {
                if (!l.strip().equals(HEADER)) {
                    throw new IllegalArgumentException(file + " line " + line + ": header must be " + HEADER);
                }
                header = true;
                continue;
            }
            out.add(row(file, line, l.split(",", -1)));
        }
        return out;
    }

    private static MeasuredPeakMemory row(String file, int line, String[] c) {
        String where = file + " line " + line + ": ";
        if (c.length != 10) {
            throw new IllegalArgumentException(where + "10 fields expected, found " + c.length);
        }
        try {
            ParallelLayout layout = ParallelLayout.builderForGlobalBatch(integer(c[1]), integer(c[2]), integer(c[3]),
                    integer(c[4]), Long.parseLong(c[5].strip()))
                    .precision(Precision.parse(c[6].strip(), "precision")).build();
            Config config = Config.builder().model(c[0].strip()).framework("megatron-lm").dataset("text")
                    .architecture(Architecture.ALLREDUCE).hardware(c[7].strip()).parallel(layout).build();
            return new MeasuredPeakMemory(config, Double.parseDouble(c[8].strip()), c[9].strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + e.getMessage(), e);
        }
    }

    private static int integer(String s) {
        return Integer.parseInt(s.strip());
    }
}
