package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.Observation;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.parquet.ObservationFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The CLI with every module on the class path, on real data. */
class CliEndToEndTest {
    private static final Path DATA = Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));
    private final CliSession cli = new CliSession();

    @Test
    void everyPredictorModuleIsDiscovered() throws Exception {
        assertThat(cli.run("predictors", "list", "--json")).isZero();
        JsonNode rows = new ObjectMapper().readTree(cli.out());
        List<String> names = new ArrayList<>();
        rows.forEach(r -> names.add(r.get("name").asText()));
        assertThat(names).contains("linear-scaling", "pollux", "optimus", "ernest", "courier-ols", "mva", "simulation",
                "random-forest", "xgboost", "cart", "linear-sgd", "courier-forest", "courier-forest-compact", "hybrid");
        for (JsonNode r : rows) {
            assertThat(r.get("module").asText()).as(r.toString()).isNotEqualTo("unknown");
            assertThat(r.get("targets").size()).as(r.toString()).isPositive();
        }
        // fit --save, predict and serve --models work for every one of them.
        assertThat(cli.registry().codecs().keySet()).containsAll(names);
    }

    @Test
    void fitSaveAndPredictGiveTheSameNumbersAsTheFreshFit(@TempDir Path dir) throws Exception {
        List<Observation> placements = new DefaultObservationCatalog()
                .observations("pollux-placements", Optional.of(DATA)).stream()
                .filter(o -> o.tag("job", "").equals("imagenet")).toList();
        Path train = dir.resolve("imagenet-placements.parquet");
        ObservationFiles.write(train, placements);
        Path model = dir.resolve("pollux.model.json");

        assertThat(cli.run("fit", "--predictor", "pollux", "--train", train.toString(), "--save", model.toString()))
                .as(cli.err()).isZero();
        assertThat(cli.out()).contains("saved pollux").contains(placements.size() + " observations");

        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", train.toString(), "--target", "step-time",
                "--json")).as(cli.err()).isZero();
        JsonNode predictions = new ObjectMapper().readTree(cli.out()).get("predictions");
        assertThat(predictions.size()).isEqualTo(placements.size());

        var fresh = cli.registry().estimator("pollux").fit(io.stepcast.api.TrainingSet.of(train.getFileName().toString(),
                placements));
        for (int i = 0; i < placements.size(); i += 37) {
            double expected = fresh.predict(placements.get(i).config(), io.stepcast.api.Target.STEP_TIME)
                    .asDouble().orElseThrow();
            assertThat(predictions.get(i).get("predicted").asDouble()).isEqualTo(expected);
        }
    }

    @Test
    void oneServerMeasuredSavedAndAskedAboutSixteen(@TempDir Path dir) throws Exception {
        // Real rows: ResNet-50 on one and eight K80s of one p2.8xlarge (the TensorFlow benchmark table), as a user
        // would give them; the question is a file of configurations with no measurement.
        Path train = Path.of("..", "docs", "examples", "resnet50-k80-train.csv");
        JsonNode p = fitSaveAndPredict(dir, "ernest", train, "throughput",
                "model,architecture,workers,nodes,gpus_per_node,local_batch,hardware\n"
                        + "ResNet-50,SYNC_PS,128,16,8,64,K80\n").get(0);
        assertThat(p.get("workers").asInt()).isEqualTo(128);
        assertThat(p.get("measured").isNull()).isTrue();
        // Eight servers measured 2,744 images/s (not in the fit); sixteen give more, and at most sixteen times the
        // one server's 378 images/s.
        assertThat(p.get("predicted").asDouble()).isBetween(2744.0, 16 * 378.0);
    }

    @Test
    void aTribuoForestSavesAndDrivesSelectBatchInTheAssembledClassPath(@TempDir Path dir) throws Exception {
        // Every module shares one class path here; Tribuo's protobuf code must find the runtime it needs
        // (TensorFlow Java brings an older one).
        Path train = dir.resolve("courier.parquet");
        ObservationFiles.write(train, new DefaultObservationCatalog().observations("courier", Optional.empty()));
        Path model = dir.resolve("compact.model");
        assertThat(cli.run("fit", "--predictor", "courier-forest-compact", "--train", train.toString(), "--save",
                model.toString())).as(cli.err()).isZero();
        cli.clear();
        assertThat(cli.run("select-batch", "--slo", "412", "--cpu", "2", "--njobs", "1", "--network", "lenet5",
                "--model", model.toString(), "--json")).as(cli.err()).isZero();
        assertThat(new ObjectMapper().readTree(cli.out()).get("batch").asInt()).isEqualTo(128);
    }

    @Test
    void aSavedSimulationAnswersAConfigurationWithoutParameterBytes(@TempDir Path dir) throws Exception {
        // fit gives the estimator the zoo's profiles, as a suite does, and predict the zoo's parameter bytes, as
        // evaluate's test side does: the row below names its model only.
        Path train = dir.resolve("tf.parquet");
        ObservationFiles.write(train, new DefaultObservationCatalog().observations("tf-benchmarks", Optional.empty()));
        JsonNode p = fitSaveAndPredict(dir, "simulation", train, "throughput",
                "model,architecture,workers,nodes,gpus_per_node,local_batch,parameter_servers,hardware,"
                        + "bandwidth_gbps\nResNet-50,SYNC_PS,16,2,8,64,2,K80,10\n").get(0);
        assertThat(p.get("not_applicable")).as(p.toString()).isNull();
        assertThat(p.get("predicted").asDouble()).isPositive();
    }

    @Test
    void aModelSavedWithCalibratedIntervalsKeepsThemForRiskAwareDecisions(@TempDir Path dir) throws Exception {
        List<Observation> courier = new DefaultObservationCatalog().observations("courier", Optional.empty());
        Path train = dir.resolve("courier.parquet");
        ObservationFiles.write(train, courier);
        Path model = dir.resolve("compact90.json");
        assertThat(cli.run("fit", "--predictor", "courier-forest-compact", "--train", train.toString(), "--save",
                model.toString(), "--coverage", "0.9")).as(cli.err()).isZero();
        assertThat(cli.out()).contains("intervals: split-conformal at 0.9").doesNotContain("not calibrated");

        var loaded = io.stepcast.app.model.SavedPredictors.load(cli.registry(), model);
        var fresh = new io.stepcast.models.uncertainty.SplitConformalEstimator(cli.registry().estimator(
                "courier-forest-compact")).fit(io.stepcast.api.TrainingSet.of(train.getFileName().toString(), courier));
        for (Observation o : courier) {
            var t = io.stepcast.api.Target.RESPONSE_TIME;
            assertThat(loaded.predict(o.config(), t)).isEqualTo(fresh.predict(o.config(), t));
            assertThat(loaded.predict(o.config(), t).hasInterval()).isTrue();
        }
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", train.toString(), "--json"))
                .as(cli.err()).isZero();
        for (JsonNode p : new ObjectMapper().readTree(cli.out()).get("predictions")) {
            assertThat(p.get("coverage").asDouble()).as(p.toString()).isEqualTo(0.9);
            assertThat(p.get("interval").get(0).asDouble()).isLessThanOrEqualTo(p.get("predicted").asDouble());
            assertThat(p.get("interval").get(1).asDouble()).isGreaterThanOrEqualTo(p.get("predicted").asDouble());
            if (p.get("target").asText().equals("accuracy")) {
                assertThat(p.get("interval").get(1).asDouble()).isLessThanOrEqualTo(1.0);
            }
        }
        cli.clear();
        assertThat(cli.run("select-batch", "--slo", "300", "--cpu", "4", "--njobs", "2", "--network", "lenet5",
                "--model", model.toString(), "--risk", "0.05", "--json")).as(cli.err()).isZero();
        // Every candidate is judged on an interval stated at the asked level, none on a forest's unstated spread.
        assertThat(new ObjectMapper().readTree(cli.out()).get("rationale").asText()).contains("at 95.0 %")
                .doesNotContain("states a lower level or none");
    }

    @Test
    void selectBatchNotesCandidatesOutsideCouriersMeasuredBatches() {
        assertThat(cli.run("select-batch", "--slo", "300", "--cpu", "4", "--njobs", "2", "--network", "lenet5",
                "--candidates", "32,128,4096", "--predictor", "courier-forest-compact")).as(cli.err()).isZero();
        assertThat(cli.err()).contains("note: candidate batch(es) 32, 4096 lie outside the 64 to 512 of "
                + "Courier's measurements");
    }

    @Test
    void aCorruptModelFileIsRefusedNamingTheFile(@TempDir Path dir) throws Exception {
        Path model = dir.resolve("broken.model.json");
        Files.writeString(model, "{\"format\": \"stepcast-model\", \"version\": 1, \"estimator\": \"pollux\", "
                + "\"payload\": \"AAAA\", \"payload_sha256\": \"00\"}");
        Path input = dir.resolve("in.parquet");
        ObservationFiles.write(input, new DefaultObservationCatalog().observations("courier-cells", Optional.empty()));
        assertThat(cli.run("predict", "--model", model.toString(), "--input", input.toString())).isEqualTo(1);
        assertThat(cli.err()).contains("broken.model.json").contains("corrupt");

        Files.writeString(model, "not json at all");
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", input.toString())).isEqualTo(1);
        assertThat(cli.err()).contains("not a stepcast model file");
    }

    @Test
    void selectBatchMakesCouriersDecisionOnTheEmbeddedData() throws Exception {
        assertThat(cli.run("select-batch", "--slo", "412", "--cpu", "2", "--njobs", "1", "--network", "lenet5",
                "--predictor", "courier-forest-compact", "--json")).as(cli.err()).isZero();
        JsonNode d = new ObjectMapper().readTree(cli.out());
        assertThat(d.get("candidates").size()).isEqualTo(4);
        assertThat(d.get("feasible").asBoolean()).isTrue();
        // The cells of the embedded data: cpu 2, njobs 1 takes about 501 s at batch 64 and 270 s at 128, so the
        // most accurate batch under 412 s is 128 (the batch the authors' Courier chose for this job).
        assertThat(d.get("batch").asInt()).isEqualTo(128);
    }

    @Test
    void selectBatchTakesARegisteredSelectorByName() throws Exception {
        List<String> job = List.of("select-batch", "--slo", "412", "--cpu", "2", "--njobs", "1", "--network", "lenet5",
                "--predictor", "courier-forest-compact", "--json");
        assertThat(cli.run(job.toArray(String[]::new))).as(cli.err()).isZero();
        JsonNode byDefault = new ObjectMapper().readTree(cli.out());
        // Courier's rule is the default: naming it changes nothing.
        cli.clear();
        assertThat(cli.run(with(job, "--selector", "courier"))).as(cli.err()).isZero();
        assertThat(new ObjectMapper().readTree(cli.out())).isEqualTo(byDefault);
        // The risk-aware rule at its default risk judges each candidate's upper bound, as --risk 0.05 alone does.
        cli.clear();
        assertThat(cli.run(with(job, "--selector", "risk-aware"))).as(cli.err()).isZero();
        JsonNode risky = new ObjectMapper().readTree(cli.out());
        assertThat(risky.get("risk").asDouble()).isEqualTo(0.05);
        assertThat(risky.get("rationale").asText()).contains("upper bound at 95.0 %");
        cli.clear();
        assertThat(cli.run(with(job, "--risk", "0.05"))).as(cli.err()).isZero();
        assertThat(new ObjectMapper().readTree(cli.out())).isEqualTo(risky);
        cli.clear();
        assertThat(cli.run(with(job, "--selector", "riskaware"))).isEqualTo(1);
        assertThat(cli.err().strip()).isEqualTo("stepcast: error: no selector named 'riskaware': did you mean "
                + "risk-aware? (known: courier, risk-aware)");
    }

    private static String[] with(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    void selectBatchSaysSoWhenNoBatchMeetsTheSlo() throws Exception {
        assertThat(cli.run("select-batch", "--slo", "10", "--cpu", "8", "--njobs", "5", "--network", "mlp",
                "--predictor", "courier-forest-compact")).as(cli.err()).isZero();
        assertThat(cli.out()).contains("not attainable");
    }

    @Test
    void theUsersIntraNodeBandwidthColumnReachesASavedLinkBasedPredictor(@TempDir Path dir) throws Exception {
        // Synthetic step times (mechanics only) of one composed node measured with one and four GPUs; the question
        // asks about the same four GPUs behind a narrower and a wider link than the one measured.
        String hw = "A100-PCIE-40GB+gpus=4+intra=pcie-4-x16+nic=eth-25g";
        String header = "model,architecture,workers,gpus_per_node,local_batch,hardware,intra_node_gbps";
        Path train = dir.resolve("train.csv");
        Files.writeString(train, header + ",step_time_s\n"
                + "ResNet-50,ALLREDUCE,1,4,64," + hw + ",100,0.10\n"
                + "ResNet-50,ALLREDUCE,4,4,64," + hw + ",100,0.11\n");
        JsonNode p = fitSaveAndPredict(dir, "allreduce-analytic", train, "step-time", header + "\n"
                + "ResNet-50,ALLREDUCE,4,4,64," + hw + ",25\n"
                + "ResNet-50,ALLREDUCE,4,4,64," + hw + ",400\n"
                + "ResNet-50,ALLREDUCE,4,4,64," + hw + ",100\n");
        double narrow = p.get(0).get("predicted").asDouble();
        double wide = p.get(1).get("predicted").asDouble();
        double measured = p.get(2).get("predicted").asDouble();
        assertThat(narrow).isGreaterThan(measured);
        assertThat(measured).isGreaterThan(wide);

        // The same question as a what-if sweep over the intra-node bandwidth.
        Path out = dir.resolve("sweep");
        cli.clear();
        assertThat(cli.run("sweep", "--predictor", "allreduce-analytic", "--train", train.toString(), "--target",
                "step-time", "--models", "ResNet-50", "--hardware", hw, "--workers", "4", "--gpus-per-node", "4",
                "--intra-node-gbps", "25,400", "--threads", "1", "--out", out.toString())).as(cli.err()).isZero();
        List<Map<String, Object>> rows = new ArrayList<>();
        try (var r = io.stepcast.datasets.parquet.GenericRows.reader(out.resolve("sweep.parquet"))) {
            for (Map<String, Object> row = r.next(); row != null; row = r.next()) {
                rows.add(row);
            }
        }
        assertThat(rows).extracting(row -> row.get("intra_node_gbps")).containsExactly(25.0, 400.0);
        assertThat((double) rows.get(0).get("mean")).isEqualTo(narrow);
        assertThat((double) rows.get(1).get("mean")).isEqualTo(wide);
    }

    /**
     * {@code fit --save} of {@code predictor} on {@code train}, then {@code predict --json} of the configurations
     * {@code askCsv} (a generic CSV written to {@code dir}); the {@code predictions} array.
     */
    private JsonNode fitSaveAndPredict(Path dir, String predictor, Path train, String target, String askCsv)
            throws Exception {
        Path model = dir.resolve(predictor + ".model.json");
        assertThat(cli.run("fit", "--predictor", predictor, "--train", train.toString(), "--save", model.toString()))
                .as(cli.err()).isZero();
        Path ask = Files.writeString(dir.resolve("ask.csv"), askCsv);
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", ask.toString(), "--target", target,
                "--json")).as(cli.err()).isZero();
        return new ObjectMapper().readTree(cli.out()).get("predictions");
    }
}
