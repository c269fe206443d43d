package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.catalog.DataSources;
import io.stepcast.datasets.io.CsvReader;
import io.stepcast.datasets.io.CsvRow;
import io.stepcast.datasets.io.DataFormatException;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Published single-node and multi-node training throughput of one machine, transcribed for stepcast: NVIDIA
 * DeepLearningExamples' BERT for TensorFlow on NVIDIA DGX-1 with 8 V100 16 GB (NVIDIA/DeepLearningExamples commit
 * 70c51ad7f811b020ddd741ea2c6ce5a573bad963, {@code TensorFlow/LanguageModeling/BERT/README.md}, section "Training
 * performance: NVIDIA DGX-1 (8x V100 16G)", tables "Pre-training training performance: single-node on 16G" and
 * "Pre-training training performance: multi-node on 16G"; TensorFlow 19.08-py3 NGC container, Horovod with NCCL).
 * It is not in {@code shared/data}: a data folder without {@code foreign-multinode/} reads the copy in the jar
 * ({@code embedded/foreign-multinode/}, beside {@code embedded/foreign-tables/}, with a README naming the source).
 *
 * <p>Mapping: one row per published throughput; framework {@code tensorflow}, dataset {@code wikipedia+bookcorpus}
 * (BERT pre-training), architecture {@link Architecture#ALLREDUCE} (Horovod), hardware = {@code system},
 * nodes = {@code nodes}, workers = {@code gpus_per_node} x {@code nodes} with one GPU each, localBatch =
 * {@code batch_per_gpu} (sequences per GPU per step; the README's throughput is in sentences per second, so
 * {@code throughputSamplesPerS} = {@code sentences_per_sec}). The model is the zoo's {@code BERT-large} at 512
 * tokens and {@code BERT-large-seq128} at 128: the work per sequence depends on its length. The network bandwidth is
 * not stated, so it is left to the hardware catalog. The precision is the configuration's, as the generic CSV's
 * {@code precision} column gives it (a data-parallel layout of one GPU per replica, {@code mixed} as FP16 products,
 * {@code fp32} as FP32), so that each precision is a job of its own ({@link Config#precisionTag}); tags {@code table},
 * {@code precision} ({@code mixed} or {@code fp32}, which the suite's protocol splits on) and
 * {@code sequence_length}.
 */
public final class MultiNodeTablesImporter extends OneFileTableImporter {
    /** The importer's and source's name. */
    public static final String NAME = "foreign-multinode";
    /** The one file. */
    public static final String FILE = "nvidia_dle_2019_bert_tf_dgx1_v100.csv";
    /** The precisions a row may state. */
    private static final Set<String> PRECISIONS = Set.of("mixed", "fp32");

    /** The one table. */
    public MultiNodeTablesImporter() {
        super(DataSources.builtIn(NAME), "NVIDIA's single- and multi-node BERT tables (" + FILE + " or its folder)",
                FILE);
    }

    @Override
    ImportedObservations read(InputStream in, String display, String fileName) throws IOException {
        List<Observation> out = new ArrayList<>();
        String source = NAME + ":" + fileName;
        try (CsvReader csv = CsvReader.open(in, display)) {
            csv.require("table", "system", "model", "sequence_length", "precision", "batch_per_gpu", "gpus_per_node",
                    "nodes", "sentences_per_sec");
            for (CsvRow r = csv.next(); r != null; r = csv.next()) {
                String precision = r.requiredText("precision");
                if (!PRECISIONS.contains(precision)) {
                    throw DataFormatException.at(display, r.line(), "column 'precision': unknown value '" + precision
                            + "' (expected mixed or fp32)");
                }
                int tokens = r.positiveInteger("sequence_length");
                String model = zooName(r.requiredText("model"), tokens, display, r.line());
                int nodes = r.positiveInteger("nodes");
                Map<String, String> tags = new LinkedHashMap<>();
                tags.put("table", r.requiredText("table"));
                tags.put("precision", precision);
                tags.put("sequence_length", Integer.toString(tokens));
                try {
                    int workers = r.positiveInteger("gpus_per_node") * nodes;
                    int batch = r.positiveInteger("batch_per_gpu");
                    Config config = Config.builder()
                            .model(model).framework("tensorflow").dataset("wikipedia+bookcorpus")
                            .architecture(Architecture.ALLREDUCE).parameterServers(0)
                            .workers(workers).nodes(nodes)
                            .devicesPerWorker(1).tenants(1).hardware(r.requiredText("system"))
                            .localBatch(batch)
                            .parallel(ParallelLayout.builder(1, 1, workers, batch, 1)
                                    .precision(Precision.parse(precision, "column 'precision'")).build())
                            .build();
                    Measurements m = Measurements.builder()
                            .throughputSamplesPerS(r.positive("sentences_per_sec")).build();
                    out.add(new Observation(config, m, source, 0, tags));
                } catch (IllegalArgumentException e) {
                    throw r.invalid(e);
                }
            }
        }
        return ImportedObservations.of(out);
    }

    /**
     * The zoo's name of the table's model at its sequence length: {@code BERT-large} is catalogued at 512 tokens,
     * {@code BERT-large-seq128} at 128; another model or length is an error naming the row.
     */
    private static String zooName(String model, int tokens, String display, long line) throws DataFormatException {
        if (!model.equals("BERT-large")) {
            throw DataFormatException.at(display, line, "column 'model': unknown value '" + model
                    + "' (expected BERT-large)");
        }
        return switch (tokens) {
            case 512 -> "BERT-large";
            case 128 -> "BERT-large-seq128";
            default -> throw DataFormatException.at(display, line, "column 'sequence_length': " + tokens
                    + " tokens has no zoo model (expected 128 or 512)");
        };
    }
}
