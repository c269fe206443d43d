package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.datasets.importers.VtrainImporter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Multi-node Megatron runs end to end: the Megatron predictors fitted on vTrain's real single-node table answer
 * runs over several nodes of a stated cluster. The multi-node rows are synthetic configurations with made-up
 * times (the shared data holds no measured multi-node run), so the test checks that they are answered, not how well.
 */
class MegatronMultiNodeCliTest {
    private static final Path DATA = Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));
    /** Synthetic runs in vTrain's own format: 16 and 32 GPUs, i.e. 2 and 4 nodes of 8. */
    private static final String VTRAIN_ROWS = VtrainImporter.HEADER + "\n"
            + "16,64,1,2048,16,24,1024,8,1,2,900\n"
            + "32,128,1,2048,16,24,1024,8,2,2,1000\n"
            + "16,64,2,1024,16,24,1024,4,4,1,300\n";
    /** The same kind of runs in the generic CSV, with the 3D-parallel columns. */
    private static final String CSV = """
            model,architecture,workers,global_batch,tensor_parallel,pipeline_parallel,micro_batch,virtual_stages,sequence_parallel,recompute,precision,sequence_length,gpus_per_node,hardware,step_time_s
            gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,128,8,2,1,1,true,selective,bf16,2048,8,dgx-a100,1.9
            gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,1,64,8,4,1,2,false,full,fp16,,8,dgx-a100,1.1
            gpt-l24-h1024-a16-s1024-v50304,ALLREDUCE,4,64,4,1,2,,true,none,bf16,,8,dgx-a100,0.3
            """;

    private final CliSession cli = new CliSession();

    private JsonNode evaluate(Path train, Path test, Path out) throws Exception {
        cli.clear();
        assertThat(cli.run("evaluate", "--train", train.toString(), "--test", test.toString(), "--predictors",
                "megatron-analytic,megatron-simulation", "--targets", "step-time", "--threads", "1", "--out",
                out.toString())).as(cli.err()).isZero();
        return new ObjectMapper().readTree(out.resolve("results.json").toFile());
    }

    private static JsonNode entry(JsonNode results, String predictor) {
        for (JsonNode e : results.get("entries")) {
            if (e.get("predictor").asText().equals(predictor)) {
                return e;
            }
        }
        throw new AssertionError("no entry for " + predictor + " in " + results);
    }

    @Test
    void vtrainRowsImportedOnAStatedClusterPredictMultiNodeRuns(@TempDir Path dir) throws Exception {
        Path single = dir.resolve("single-node.parquet");
        assertThat(cli.run("datasets", "import", "vtrain", "--input", DATA.resolve("vtrain").toString(), "--hardware",
                "dgx-a100", "--out", single.toString())).as(cli.err()).isZero();
        Path multiCsv = Files.writeString(dir.resolve(VtrainImporter.FILE), VTRAIN_ROWS);

        // Imported as vTrain's own node, which has no NIC in the catalog: a run over two nodes cannot be costed.
        Path onVtrain = dir.resolve("multi-vtrain.parquet");
        assertThat(cli.run("datasets", "import", "vtrain", "--input", multiCsv.toString(), "--out", onVtrain.toString()))
                .as(cli.err()).isZero();
        JsonNode refused = evaluate(single, onVtrain, dir.resolve("refused"));
        assertThat(entry(refused, "megatron-analytic").get("n").asInt()).isZero();
        assertThat(cli.out()).contains("no NIC figures for vtrain-a100");

        // Stated as DGX A100 nodes (8 GPUs and 8 HDR InfiniBand NICs each), every run is answered.
        Path onDgx = dir.resolve("multi-node.parquet");
        assertThat(cli.run("datasets", "import", "vtrain", "--input", multiCsv.toString(), "--hardware", "dgx-a100",
                "--out", onDgx.toString())).as(cli.err()).isZero();
        JsonNode answered = evaluate(single, onDgx, dir.resolve("answered"));
        assertThat(entry(answered, "megatron-analytic").get("n").asInt()).isEqualTo(3);
        assertThat(entry(answered, "megatron-simulation").get("n").asInt()).isEqualTo(3);
    }

    @Test
    void theGenericCsvCarriesTheThreeDimensionalColumnsToThePredictors(@TempDir Path dir) throws Exception {
        Path single = dir.resolve("single-node.parquet");
        assertThat(cli.run("datasets", "import", "vtrain", "--input", DATA.resolve("vtrain").toString(), "--hardware",
                "dgx-a100", "--out", single.toString())).as(cli.err()).isZero();
        Path test = Files.writeString(dir.resolve("multi-node.csv"), CSV);
        JsonNode results = evaluate(single, test, dir.resolve("out"));
        assertThat(entry(results, "megatron-analytic").get("n").asInt()).isEqualTo(3);
        // The simulation runs the plain schedule only: the row with two virtual stages is refused, saying why.
        assertThat(entry(results, "megatron-simulation").get("n").asInt()).isEqualTo(2);
        assertThat(cli.out()).doesNotContain("unknown column");
    }

    @Test
    void aSavedMegatronPredictorReportsPeakMemoryBesideEachTime(@TempDir Path dir) throws Exception {
        Path single = dir.resolve("single-node.parquet");
        assertThat(cli.run("datasets", "import", "vtrain", "--input", DATA.resolve("vtrain").toString(), "--hardware",
                "dgx-a100", "--out", single.toString())).as(cli.err()).isZero();
        Path model = dir.resolve("analytic.json");
        assertThat(cli.run("fit", "--predictor", "megatron-analytic", "--train", single.toString(), "--save",
                model.toString())).as(cli.err()).isZero();
        Path ask = Files.writeString(dir.resolve("multi-node.csv"), CSV);
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", ask.toString(), "--target", "step-time",
                "--json")).as(cli.err()).isZero();
        JsonNode predictions = new ObjectMapper().readTree(cli.out()).get("predictions");
        assertThat(predictions).hasSize(3);
        for (JsonNode p : predictions) {
            assertThat(p.get("predicted").asDouble()).as(p.toString()).isPositive();
            // state and activations of a GPU: more than nothing, less than a 40 GB A100 holds for these small runs
            assertThat(p.get("peak_memory_bytes").asDouble()).as(p.toString()).isBetween(1e8, 40e9);
        }
    }
}
