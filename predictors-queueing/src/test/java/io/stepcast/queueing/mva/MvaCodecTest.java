package io.stepcast.queueing.mva;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.queueing.SyntheticProfiles;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Round trip of fitted MVA predictors on synthetic observations and a synthetic profile. */
class MvaCodecTest {

    @Test
    void aReloadedPredictorPredictsExactlyWhatTheSavedOneDid() throws Exception {
        Config one = Config.builder().model("net").framework("tensorflow").architecture(Architecture.ASYNC_PS)
                .parameterServers(1).parameterBytes(100_000_000).bandwidthGbps(10).hardware("K80").localBatch(32)
                .build();
        Config two = one.toBuilder().workers(2).nodes(2).build();
        TrainingSet training = new TrainingSet("synthetic mva", List.of(
                new Observation(one, Measurements.builder().stepTimeS(0.5).build(), "synthetic:a"),
                new Observation(two, Measurements.builder().throughputSamplesPerS(110).build(), "synthetic:a")),
                List.of(SyntheticProfiles.chain("chain\tnet", 16, 6, 2_000_000, 1000, 2000, 10, 20)));
        Predictor fitted = new MvaEstimator(Optional.empty()).withHyperParameters(Map.of("ps-update-gbps", "20")).fit(training);
        MvaCodec codec = new MvaCodec();
        Predictor loaded = codec.decode(codec.encode(fitted), fitted.provenance());
        List<Config> queries = List.of(one.withWorkers(8), two.toBuilder().workers(16).nodes(4).parameterServers(2)
                        .architecture(Architecture.SYNC_PS).colocatedPs(true).build(),
                Config.builder().model("chain\tnet").architecture(Architecture.ASYNC_PS).workers(4).nodes(4)
                        .parameterServers(1).localBatch(16).build());
        for (Config q : queries) {
            for (Target t : List.of(Target.THROUGHPUT, Target.STEP_TIME)) {
                assertThat(loaded.predict(q, t)).isEqualTo(fitted.predict(q, t));
            }
        }
        assertThat(loaded.provenance()).isEqualTo(fitted.provenance());
    }

    @Test
    void theFittedPredictorHoldsItsCalibratedBasesNotTheTrainingSet() throws Exception {
        Config one = Config.builder().model("net").framework("tensorflow").architecture(Architecture.ASYNC_PS)
                .parameterServers(1).parameterBytes(100_000_000).bandwidthGbps(10).hardware("K80").localBatch(32)
                .build();
        Observation single = new Observation(one, Measurements.builder().stepTimeS(0.5).build(), "synthetic:a");
        List<Observation> many = new ArrayList<>(List.of(single));
        for (int w = 4; w <= 64; w *= 2) {
            many.add(new Observation(one.withWorkers(w), Measurements.builder().stepTimeS(0.1 * w).build(), "synthetic:a"));
        }
        MvaCodec codec = new MvaCodec();
        byte[] small = codec.encode(new MvaEstimator(Optional.empty()).fit(TrainingSet.of("synthetic one", List.of(single))));
        byte[] large = codec.encode(new MvaEstimator(Optional.empty()).fit(TrainingSet.of("synthetic many", many)));
        assertThat(new String(large, StandardCharsets.UTF_8)).isEqualTo(new String(small, StandardCharsets.UTF_8))
                .contains("\"model\":\"net\",\"local_batch\":32").contains("\"state\":{\"async_efficiency\"");
        Predictor noBytes = new MvaEstimator(Optional.empty()).fit(TrainingSet.of("synthetic no bytes", List.of(new Observation(
                Config.builder().model("m").localBatch(1).build(), Measurements.builder().stepTimeS(1).build(), "s"))));
        assertThat(new String(codec.encode(noBytes), StandardCharsets.UTF_8))
                .contains("\"refused\":\"parameter bytes of model m are unknown");
    }

    @Test
    void refusesAForeignOrCorruptPayloadNamingTheLineOrTheField() throws Exception {
        MvaCodec codec = new MvaCodec();
        Predictor any = new MvaEstimator(Optional.empty()).fit(TrainingSet.of("x", List.of(new Observation(
                Config.builder().model("m").localBatch(1).build(), Measurements.builder().stepTimeS(1).build(), "s"))));
        assertThatThrownBy(() -> codec.decode("hello".getBytes(StandardCharsets.UTF_8), any.provenance()))
                .hasMessageContaining("not a payload of this codec");
        byte[] bad = ("stepcast-mva 2\nobs\tm\t3\n").getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> codec.decode(bad, any.provenance())).hasMessageContaining("line 2");
        String good = new String(codec.encode(any), StandardCharsets.UTF_8);
        byte[] missing = good.replace("\"local_batch\":1,", "").getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> codec.decode(missing, any.provenance()))
                .hasMessage("corrupt stepcast-mva payload: field 'bases[0]/local_batch' is missing");
    }

    @Test
    void theSlopesOfOneNodesRowsComeBackWithTheTable() throws Exception {
        java.util.function.BiFunction<Integer, Integer, io.stepcast.api.Config> config = (w, b) ->
                io.stepcast.api.Config.builder().model("net").architecture(io.stepcast.api.Architecture.ALLREDUCE)
                        .parameterServers(0).workers(w).nodes(1).parameterBytes(100_000_000).intraNodeGbps(100)
                        .localBatch(b).build();
        java.util.function.BiFunction<io.stepcast.api.Config, Double, io.stepcast.api.Observation> row = (c, t) ->
                new io.stepcast.api.Observation(c, io.stepcast.api.Measurements.builder().stepTimeS(t).build(),
                        "synthetic");
        Predictor fitted = new MvaEstimator(Optional.empty()).fit(io.stepcast.api.TrainingSet.of("synthetic", java.util.List.of(
                row.apply(config.apply(1, 32), 0.114), row.apply(config.apply(4, 8), 0.096),
                row.apply(config.apply(4, 32), 0.144))));
        MvaCodec codec = new MvaCodec();
        Predictor loaded = codec.decode(codec.encode(fitted), fitted.provenance());
        io.stepcast.api.Config small = config.apply(1, 8);
        assertThat(loaded.predict(small, io.stepcast.api.Target.STEP_TIME).asDouble().getAsDouble())
                .isEqualTo(fitted.predict(small, io.stepcast.api.Target.STEP_TIME).asDouble().getAsDouble())
                .isCloseTo(0.05 + 0.002 * 8, org.assertj.core.api.Assertions.within(1e-9));
    }
}
