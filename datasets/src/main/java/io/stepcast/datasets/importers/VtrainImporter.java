package io.stepcast.datasets.importers;

import io.stepcast.api.Recompute;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.catalog.DataSources;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
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
import java.util.Map;

/**
 * vTrain's measured Megatron-DeepSpeed iteration times ({@code shared/data/vtrain/ground_truth_single.csv},
 * upstream {@code data/ground_truth_single.csv} of github.com/VIA-Research/vTrain; J. Bang et al., MICRO 2024):
 * header {@code # GPUs,global batch,micro batch,hidden size,attention heads,# layers,sequence length,tensor
 * parallelism,data parallelism,pipeline parallelism,iteration time (ms)}, one row per configuration of a GPT
 * trained on one node of A100 GPUs.
 *
 * <p>Mapping: model = the zoo's parametric GPT {@code gpt-l<layers>-h<hidden>-a<heads>-s<seq>-v50304}: the
 * GPT-2 BPE vocabulary of 50,257 tokens padded to a multiple of 128, as Megatron-LM pads it
 * ({@code --make-vocab-size-divisible-by 128}, the default; Megatron multiplies that by the tensor-parallel
 * size, which the predictors apply per layout); framework {@code megatron-deepspeed}, dataset {@code unknown} (the
 * upstream file does not say). The layout is the deployment's {@link ParallelLayout} (micro-batches = global
 * batch / (micro batch x DP)), one node, hardware {@code vtrain-a100} (the catalog's system), step time = the
 * iteration time. Tags: {@code shape} = {@code h<hidden>-l<layers>-a<heads>} (the model-shape group of
 * leave-one-shape-out), {@code tp}, {@code pp}, {@code dp}, {@code micro_batch}.
 *
 * <p>{@code stepcast datasets import vtrain} may state the system the runs are taken to have run on
 * ({@code --hardware}, a system of the hardware catalog: each row's nodes are then its GPUs over that system's GPUs
 * per node, so that a layout over several nodes of it can be predicted from these rows) and the recomputation the
 * runs used ({@code --recompute}; default none).
 *
 * <p>Input: the file itself or a folder holding it (the {@code vtrain} folder). A row whose {@code # GPUs} is
 * not TP x DP x PP, or whose global batch micro-batch x DP does not divide, is refused naming file, line and
 * column.
 */
public final class VtrainImporter extends SourceImporter {
    /** The importer's and source's name. */
    public static final String NAME = "vtrain";
    /** The upstream header, byte for byte (the byte-order mark removed). */
    public static final String HEADER = "# GPUs,global batch,micro batch,hidden size,attention heads,# layers,"
            + "sequence length,tensor parallelism,data parallelism,pipeline parallelism,iteration time (ms)";
    /** The file the importer reads inside a folder. */
    public static final String FILE = "ground_truth_single.csv";
    /** Megatron-LM's padded GPT-2 vocabulary at one tensor-parallel rank: 50,257 rounded up to 128. */
    public static final int VOCABULARY = 50304;
    /** The catalog system of the measurements. */
    public static final String HARDWARE = "vtrain-a100";
    private static final String[] COLUMNS = HEADER.split(",");

    /** The measured Megatron runs of the vtrain folder (its files include the nccl-tests tables). */
    public VtrainImporter() {
        super(DataSources.builtIn(NAME), "Megatron-DeepSpeed iteration times (" + FILE + " or the vtrain folder)");
    }

    @Override
    public ImportedObservations read(Path input) throws IOException {
        return read(input, Stated.DEFAULT);
    }

    @Override
    public ImportedObservations importFile(Path input, ImportOptions options) throws IOException {
        Stated stated = Stated.DEFAULT;
        if (options.hardware().isPresent()) {
            String label = options.hardware().get();
            HardwareCatalog catalog = new DefaultHardwareCatalog();
            // Systems only, never a GPU or a link; the importers read the embedded catalog, not a hardware file.
            List<String> close = catalog.closest(label, catalog.entries().size()).stream()
                    .filter(n -> catalog.system(n).isPresent()).limit(3).toList();
            SystemSpec system = catalog.system(label).orElseThrow(() -> new IllegalArgumentException("--hardware: '"
                    + label + "' is not a system of the embedded hardware catalog ("
                    + (close.isEmpty() ? "" : "closest: " + String.join(", ", close) + "; ")
                    + "stepcast hardware list; this importer does not read a hardware file)"));
            stated = new Stated(label, system.devicesPerNode(), Recompute.NONE);
        }
        return read(input, new Stated(stated.hardware(), stated.gpusPerNode(),
                options.recompute().orElse(Recompute.NONE)));
    }

    /**
     * What the rows are taken to have run on and how: the system's label and GPUs per node, and the recomputation.
     */
    private record Stated(String hardware, int gpusPerNode, Recompute recompute) {
        /** vTrain's node (8 A100 per node, so every row is one node), no recomputation. */
        static final Stated DEFAULT = new Stated(HARDWARE, 8, Recompute.NONE);
    }

    private ImportedObservations read(Path input, Stated stated) throws IOException {
        Path file = Files.isDirectory(input) ? input.resolve(FILE) : input;
        if (!Files.isRegularFile(file)) {
            throw new FileNotFoundException(file + ": no such file" + (Files.isDirectory(input) ? " (expected " + FILE
                    + " in the folder)" : ""));
        }
        List<Observation> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = r.readLine();
            if (header != null && header.startsWith("\uFEFF")) {
                header = header.substring(1);
            }
            if (header == null || !header.strip().equals(HEADER)) {
                throw DataFormatException.at(file.toString(), 1, "expected the header " + HEADER);
            }
            long line = 1;
            for (String text = r.readLine(); text != null; text = r.readLine()) {
                line++;
                if (!text.isBlank()) {
                    out.add(row(text.split(",", -1), file.toString(), line, stated));
                }
            }
        }
        return ImportedObservations.of(out);
    }

    private static Observation row(String[] f, String file, long line, Stated stated) throws DataFormatException {
        if (f.length != COLUMNS.length) {
            throw DataFormatException.at(file, line, "expected " + COLUMNS.length + " comma-separated fields, found "
                    + f.length);
        }
        int gpus = integer(f, 0, file, line);
        int globalBatch = integer(f, 1, file, line);
        int micro = integer(f, 2, file, line);
        int hidden = integer(f, 3, file, line);
        int heads = integer(f, 4, file, line);
        int layers = integer(f, 5, file, line);
        int seq = integer(f, 6, file, line);
        int tp = integer(f, 7, file, line);
        int dp = integer(f, 8, file, line);
        int pp = integer(f, 9, file, line);
        double ms = positive(f, 10, file, line);
        if (tp * dp * pp != gpus) {
            throw DataFormatException.at(file, line, "column '" + COLUMNS[0] + "': " + gpus + " is not tensor x data x "
                    + "pipeline parallelism = " + tp + " x " + dp + " x " + pp);
        }
        if (hidden % heads != 0) {
            throw DataFormatException.at(file, line, "column '" + COLUMNS[3] + "': hidden size " + hidden
                    + " is not divisible by the " + heads + " attention heads");
        }
        ParallelLayout layout;
        try {
            layout = ParallelLayout.builderForGlobalBatch(tp, pp, dp, micro, globalBatch).recompute(stated.recompute())
                    .build();
        } catch (IllegalArgumentException e) {
            throw DataFormatException.at(file, line, "column '" + COLUMNS[1] + "': " + e.getMessage());
        }
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("shape", "h" + hidden + "-l" + layers + "-a" + heads);
        tags.put("tp", Integer.toString(tp));
        tags.put("pp", Integer.toString(pp));
        tags.put("dp", Integer.toString(dp));
        tags.put("micro_batch", Integer.toString(micro));
        try {
            Config c = Config.builder().model(modelName(layers, hidden, heads, seq)).framework("megatron-deepspeed")
                    .nodes((gpus + stated.gpusPerNode() - 1) / stated.gpusPerNode()).hardware(stated.hardware())
                    .parallel(layout).build();
            return new Observation(c, Measurements.builder().stepTimeS(ms * 1e-3).build(), "vtrain:" + FILE, 0, tags);
        } catch (IllegalArgumentException e) {
            throw DataFormatException.at(file, line, e.getMessage());
        }
    }

    /** The zoo's parametric GPT name of a vTrain row. */
    public static String modelName(int layers, int hidden, int heads, int seq) {
        return "gpt-l" + layers + "-h" + hidden + "-a" + heads + "-s" + seq + "-v" + VOCABULARY;
    }

    private static int integer(String[] f, int i, String file, long line) throws DataFormatException {
        String t = f[i].strip();
        try {
            int v = Integer.parseInt(t);
            if (v < 1) {
                throw DataFormatException.at(file, line, "column '" + COLUMNS[i] + "' must be a positive integer, was '"
                        + t + "'");
            }
            return v;
        } catch (NumberFormatException e) {
            throw DataFormatException.at(file, line, "column '" + COLUMNS[i] + "': '" + t + "' is not an integer");
        }
    }

    private static double positive(String[] f, int i, String file, long line) throws DataFormatException {
        String t = f[i].strip();
        try {
            double v = Double.parseDouble(t);
            if (!(v > 0) || !Double.isFinite(v)) {
                throw DataFormatException.at(file, line, "column '" + COLUMNS[i] + "' must be a positive number, was '"
                        + t + "'");
            }
            return v;
        } catch (NumberFormatException e) {
            throw DataFormatException.at(file, line, "column '" + COLUMNS[i] + "': '" + t + "' is not a number");
        }
    }
}
