package io.stepcast.analytic;

import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.datasets.importers.GenericCsvImporter;
import io.stepcast.datasets.plugin.DatasetsPlugin;
import io.stepcast.models.persist.PayloadReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The registered codecs of {@code allreduce-analytic} (fitted on Pollux's placements, with a fitted link
 * efficiency), {@code overhead-transfer} (fitted on Gavel's jobs alone without the V100's multi-GPU rows) and the
 * collective predictors (fitted on the 2- and 8-GPU nccl-tests tables): a reload predicts exactly the same on every
 * row of the held-out side, catalog-scaled answers included ({@code allreduce-analytic}'s compute lines carried from
 * the DGX-1 to the DGX A100 of a DeepLearningExamples table too); a payload of the former five coefficients reads;
 * corrupt payloads fail naming the field.
 */
class AllreduceCodecsTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.of(List.of(new AnalyticPlugin(), new DatasetsPlugin()));
    private static List<Observation> polluxTrain;
    private static List<Observation> polluxTest;
    private static List<Observation> gavelTrain;
    private static List<Observation> gavelTest;

    @BeforeAll
    static void load() throws IOException {
        List<Observation> pollux = RealData.source("pollux");
        polluxTrain = pollux.stream().filter(o -> o.tag("split", "").equals("placements")).toList();
        polluxTest = pollux.stream().filter(o -> o.tag("split", "").equals("scalability")).toList();
        List<Observation> gavel = RealData.source("gavel").stream()
                .filter(o -> o.config().deployment().tenants() == 1).toList();
        gavelTrain = gavel.stream().filter(o -> !o.config().deployment().hardware().equals("v100")
                || o.config().workers() == 1).toList();
        gavelTest = gavel.stream().filter(o -> o.config().deployment().hardware().equals("v100")
                && o.config().workers() > 1).toList();
    }

    private static Predictor reloaded(String name, Predictor fitted) throws IOException {
        PredictorCodec codec = REGISTRY.codecs().get(name);
        assertThat(codec).as("codec of " + name).isNotNull();
        byte[] bytes = codec.encode(fitted);
        Predictor back = codec.decode(bytes, fitted.provenance());
        assertThat(codec.encode(back)).as(name).isEqualTo(bytes);
        assertThat(back.provenance()).isEqualTo(fitted.provenance());
        return back;
    }

    private static void samePredictions(Predictor fitted, Predictor back, List<Observation> rows) {
        int answered = 0;
        for (Observation o : rows) {
            for (Target t : List.of(Target.STEP_TIME, Target.THROUGHPUT)) {
                assertThat(back.predict(o.config(), t)).isEqualTo(fitted.predict(o.config(), t));
                answered += fitted.predict(o.config(), t).isValue() ? 1 : 0;
            }
        }
        assertThat(answered).isEqualTo(2 * rows.size());
    }

    @Test
    void allreduceAnalyticReloadsExactly() throws IOException {
        Predictor fitted = REGISTRY.estimator("allreduce-analytic").withHyperParameters(Map.of("efficiency", "fit"))
                .fit(TrainingSet.of("pollux/placements", polluxTrain));
        samePredictions(fitted, reloaded("allreduce-analytic", fitted), polluxTest);
    }

    @Test
    void allreduceAnalyticReloadsItsLinesCarriedToAnotherMachineExactly() throws IOException {
        String file = "dle-resnext101-32x4d-pytorch-46ff3707.csv";
        List<Observation> rows;
        try (InputStream in = AllreduceCodecsTest.class.getResourceAsStream("/published/" + file)) {
            rows = new GenericCsvImporter().read(in, file, file).observations();
        }
        Predicate<Observation> a100 = o -> o.config().deployment().hardware().contains("A100");
        List<Observation> dgx1 = rows.stream().filter(a100.negate()).toList();
        List<Observation> dgxA100 = rows.stream().filter(a100).toList();
        for (String overlap : List.of("fit", "0.5")) {
            Predictor fitted = REGISTRY.estimator("allreduce-analytic")
                    .withHyperParameters(Map.of("overlap", overlap)).fit(TrainingSet.of(file + ":dgx-1", dgx1));
            // Every DGX A100 row is answered from the DGX-1 lines carried by the catalog, before and after a reload.
            samePredictions(fitted, reloaded("allreduce-analytic", fitted), dgxA100);
        }
    }

    @Test
    void aPayloadOfTheFormerFiveCoefficientsReadsItsOneEfficiencyAsBothLinks() throws IOException {
        Predictor fitted = REGISTRY.estimator("allreduce-analytic").withHyperParameters(Map.of("efficiency", "catalog"))
                .fit(TrainingSet.of("pollux/placements", polluxTrain));
        PredictorCodec codec = REGISTRY.codecs().get("allreduce-analytic");
        // The plain text of version 1 with the five coefficients a group had before the links were fitted apart.
        PayloadReader groups = PayloadReader.open(codec.encode(fitted), "test", "stepcast-coefficients", 2, 2)
                .object("groups");
        StringBuilder former = new StringBuilder("stepcast-coefficients v1 allreduce-analytic 5\n");
        for (String key : groups.names()) {
            double[] v = groups.numbers(key);
            assertThat(v[4]).as("one efficiency for both links").isEqualTo(v[5]);
            former.append(key);
            for (int i = 0; i < 5; i++) {
                former.append(' ').append(Double.toString(v[i]));
            }
            former.append('\n');
        }
        Predictor back = codec.decode(former.toString().getBytes(StandardCharsets.UTF_8), fitted.provenance());
        samePredictions(fitted, back, polluxTest);
        assertThat(codec.encode(back)).isEqualTo(codec.encode(fitted));
    }

    @Test
    void overheadTransferReloadsExactlyWithItsCatalogScaling() throws IOException {
        Predictor fitted = REGISTRY.estimator("overhead-transfer").fit(TrainingSet.of("gavel->v100", gavelTrain));
        Predictor back = reloaded("overhead-transfer", fitted);
        samePredictions(fitted, back, gavelTest);
        // A type with no single-GPU row of its own is scaled from the others by the catalog's device figures.
        List<Config> elsewhere = new ArrayList<>();
        for (Observation o : gavelTest.subList(0, 5)) {
            elsewhere.add(o.config().toBuilder().hardware("A100-SXM4-40GB").build());
        }
        for (Config c : elsewhere) {
            assertThat(back.predict(c, Target.STEP_TIME)).isEqualTo(fitted.predict(c, Target.STEP_TIME));
        }
        assertThat(fitted.predict(elsewhere.get(0).toBuilder().workers(1).nodes(1).build(), Target.STEP_TIME).isValue())
                .isTrue();
    }

    @Test
    void theCollectivePredictorsReloadExactly() throws IOException {
        List<Observation> nccl = RealData.source("nccl-tests");
        List<Observation> train = nccl.stream().filter(o -> o.config().workers() == 2 || o.config().workers() == 8)
                .toList();
        List<Observation> test = nccl.stream().filter(o -> o.config().workers() != 2 && o.config().workers() != 8)
                .toList();
        for (String name : List.of("collective-alpha-beta", "collective-catalog")) {
            Predictor fitted = REGISTRY.estimator(name).fit(TrainingSet.of("nccl-tests/2+8", train));
            Predictor back = reloaded(name, fitted);
            for (Observation o : test) {
                assertThat(back.predict(o.config(), Target.STEP_TIME)).isEqualTo(fitted.predict(o.config(), Target.STEP_TIME));
                assertThat(fitted.predict(o.config(), Target.STEP_TIME).isValue()).as(name).isTrue();
            }
        }
        Predictor tree = REGISTRY.estimator("collective-catalog").withHyperParameters(Map.of("algorithm", "tree",
                "protocol", "ll128")).fit(TrainingSet.of("nccl-tests/2+8", train));
        Predictor back = reloaded("collective-catalog", tree);
        assertThat(back.predict(test.get(0).config(), Target.STEP_TIME))
                .isEqualTo(tree.predict(test.get(0).config(), Target.STEP_TIME));
        PredictorCodec codec = REGISTRY.codecs().get("collective-alpha-beta");
        String text = new String(codec.encode(REGISTRY.estimator("collective-alpha-beta")
                .fit(TrainingSet.of("nccl-tests/2+8", train))), StandardCharsets.UTF_8);
        assertThatThrownBy(() -> codec.decode(text.replaceFirst("\"bytes_per_s\":[0-9.E-]+", "\"bytes_per_s\":-1")
                .getBytes(StandardCharsets.UTF_8), tree.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("field 'links/").hasMessageContaining("bandwidth");
    }

    @Test
    void corruptPayloadsAreRefusedNamingTheField() throws IOException {
        Predictor transfer = REGISTRY.estimator("overhead-transfer").fit(TrainingSet.of("gavel->v100", gavelTrain));
        PredictorCodec codec = REGISTRY.codecs().get("overhead-transfer");
        String text = new String(codec.encode(transfer), StandardCharsets.UTF_8);
        assertThatThrownBy(() -> codec.decode("garbage".getBytes(StandardCharsets.UTF_8), transfer.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("corrupt").hasMessageContaining("line 1");
        String notANumber = text.replaceFirst("(\"single\":\\{\"[^\"]+\":\\{\"[^\"]+\":)([0-9.E-]+)", "$1\"x$2\"");
        assertThatThrownBy(() -> codec.decode(notANumber.getBytes(StandardCharsets.UTF_8), transfer.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("corrupt overhead-transfer payload: field 'single/")
                .hasMessageContaining("is not a number");
        String doubled = text.replaceFirst("\"multi\":", "\"single\":{},\"multi\":");
        assertThatThrownBy(() -> codec.decode(doubled.getBytes(StandardCharsets.UTF_8), transfer.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("Duplicate field 'single'");
        String truncated = text.substring(0, text.length() / 2);
        assertThatThrownBy(() -> codec.decode(truncated.getBytes(StandardCharsets.UTF_8), transfer.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("not valid JSON");

        Predictor analytic = REGISTRY.estimator("allreduce-analytic").fit(TrainingSet.of("pollux/placements", polluxTrain));
        PredictorCodec ar = REGISTRY.codecs().get("allreduce-analytic");
        String coefficients = new String(ar.encode(analytic), StandardCharsets.UTF_8);
        String badFlag = coefficients.replaceFirst("(\":\\[[^,]+,[^,]+,[^,]+,)[^,]+", "$10.5");
        assertThatThrownBy(() -> ar.decode(badFlag.getBytes(StandardCharsets.UTF_8), analytic.provenance()))
                .isInstanceOf(IOException.class).hasMessageContaining("overlap-fitted flag must be 0 or 1");
        assertThatThrownBy(() -> ar.encode(transfer)).isInstanceOf(IOException.class)
                .hasMessageContaining("overhead-transfer");
    }
}
