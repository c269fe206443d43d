package io.stepcast.queueing.simulation;

import io.stepcast.api.Architecture;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.profile.Profile;
import io.stepcast.queueing.SyntheticProfiles;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SimulationEstimatorTest {
    private static final Map<String, String> QUICK = Map.of("steps", "8", "warmup", "2", "seeds", "2");

    private static Profile chain() {
        return SyntheticProfiles.chain("chain", 32, 10, 4_000_000, 2000, 4000, 10, 50);
    }

    private static Config config(String model, Architecture arch, int workers, int ps, int batch) {
        return Config.builder().model(model).architecture(arch).workers(workers).parameterServers(ps)
                .nodes(workers).bandwidthGbps(10).localBatch(batch).build();
    }

    private static Predictor fitChain(Map<String, String> hp) {
        Estimator e = new SimulationEstimator(Optional.empty()).withHyperParameters(QUICK).withHyperParameters(hp);
        return e.fit(new TrainingSet("synthetic chain", List.of(), List.of(chain())));
    }

    @Test
    void oneWorkerReproducesTheProfiledStep() {
        Predictor p = fitChain(Map.of("policy", "fifo"));
        Prediction step = p.predict(config("chain", Architecture.ASYNC_PS, 1, 1, 32), Target.STEP_TIME);
        double profiled = chain().stepTimeUs() * 1e-6;
        assertThat(step.asDouble().getAsDouble()).isCloseTo(profiled, within(0.02 * profiled));
        Prediction thr = p.predict(config("chain", Architecture.ASYNC_PS, 1, 1, 32), Target.THROUGHPUT);
        assertThat(thr.asDouble().getAsDouble()).isCloseTo(32 / profiled, within(0.02 * 32 / profiled));
    }

    @Test
    void throughputGrowsWithWorkersAndComputeScalesWithTheBatch() {
        Predictor p = fitChain(Map.of());
        double one = p.predict(config("chain", Architecture.ASYNC_PS, 1, 1, 32), Target.THROUGHPUT).asDouble().getAsDouble();
        double four = p.predict(config("chain", Architecture.ASYNC_PS, 4, 1, 32), Target.THROUGHPUT).asDouble().getAsDouble();
        assertThat(four).isGreaterThan(one).isLessThan(4 * one);
        double step32 = p.predict(config("chain", Architecture.ASYNC_PS, 1, 1, 32), Target.STEP_TIME).asDouble().getAsDouble();
        double step64 = p.predict(config("chain", Architecture.ASYNC_PS, 1, 1, 64), Target.STEP_TIME).asDouble().getAsDouble();
        // Compute doubles (60 ms more) but part of it hides behind the gradient sends.
        assertThat(step64).isGreaterThan(step32 + 0.02).isLessThan(step32 + 0.06 + 1e-9);
    }

    @Test
    void answersNotApplicableOutsideItsDomain() {
        Predictor p = fitChain(Map.of());
        assertThat(p.predict(config("unknown-net", Architecture.ASYNC_PS, 2, 1, 32), Target.THROUGHPUT))
                .isInstanceOfSatisfying(Prediction.NotApplicable.class,
                        na -> assertThat(na.reason()).contains("unknown-net"));
        // All-reduce on one node of unknown hardware: nothing gives the GPUs' link, so it is refused by name.
        Config oneNode = config("chain", Architecture.ALLREDUCE, 2, 0, 32).toBuilder().nodes(1).build();
        assertThat(p.predict(oneNode, Target.THROUGHPUT)).isInstanceOfSatisfying(Prediction.NotApplicable.class,
                na -> assertThat(na.reason()).contains("intra-node link bandwidth", "intra-node-gbps"));
        // One worker does no collective, whatever the hardware.
        Config single = config("chain", Architecture.ALLREDUCE, 1, 0, 32);
        assertThat(p.predict(single, Target.STEP_TIME).asDouble().getAsDouble())
                .isCloseTo(chain().stepTimeUs() * 1e-6, within(1e-9));
        // One GPU per node needs only the network: the configuration's 10 Gbit/s.
        assertThat(p.predict(config("chain", Architecture.ALLREDUCE, 2, 0, 32), Target.THROUGHPUT).asDouble())
                .isPresent();
        assertThat(p.predict(config("chain", Architecture.ASYNC_PS, 2, 1, 32), Target.ACCURACY))
                .isInstanceOf(Prediction.NotApplicable.class);
    }

    @Test
    void aConfigurationsIntraNodeBandwidthAnswersAllReduceOnOneNodeAndTakesPrecedenceOverTheHyperParameter() {
        Config oneNode = config("chain", Architecture.ALLREDUCE, 4, 0, 32).toBuilder().nodes(1).build();
        double slow = fitChain(Map.of()).predict(oneNode.toBuilder().intraNodeGbps(1).build(), Target.STEP_TIME)
                .asDouble().orElseThrow();
        double fast = fitChain(Map.of()).predict(oneNode.toBuilder().intraNodeGbps(100).build(), Target.STEP_TIME)
                .asDouble().orElseThrow();
        // 76 MB of gradients (10 tensors of 4, 8 or 12 MB): a ring over 4 GPUs moves 1.5 x 76 MB per GPU,
        // 0.91 s at 1 Gbit/s and 9 ms at 100, of which the backward pass can hide only a little.
        assertThat(slow).isGreaterThan(fast + 0.8);
        // The column wins over the hyper-parameter: the same answer as the hyper-parameter alone at 100 Gbit/s.
        double byHyperParameter = fitChain(Map.of("intra-node-gbps", "100")).predict(oneNode, Target.STEP_TIME)
                .asDouble().orElseThrow();
        double both = fitChain(Map.of("intra-node-gbps", "1"))
                .predict(oneNode.toBuilder().intraNodeGbps(100).build(), Target.STEP_TIME).asDouble().orElseThrow();
        assertThat(both).isEqualTo(byHyperParameter).isEqualTo(fast);
    }

    @Test
    void shardsOnTheDevicesOfOneHostUseEachDevicesLinkInsteadOfTheSharedBus() {
        // Synthetic single-worker row (mechanics only): 400 MB of parameters, 1 s steps, 8 GB/s per bus.
        Config one = Config.builder().model("mlp").architecture(Architecture.SYNC_PS).parameterServers(1)
                .colocatedPs(true).parameterBytes(400_000_000).bandwidthGbps(10).localBatch(64).build();
        Observation o = new Observation(one, Measurements.builder().stepTimeS(1.0).build(), "synthetic:single");
        Predictor p = new SimulationEstimator(Optional.empty()).withHyperParameters(QUICK).fit(TrainingSet.of("single", List.of(o)));
        Config cpu = one.toBuilder().workers(8).nodes(1).parameterServers(1).build();
        Config gpus = cpu.toBuilder().parameterServers(8).build();
        double onBus = p.predict(cpu, Target.STEP_TIME).asDouble().getAsDouble();
        double onDevices = p.predict(gpus, Target.STEP_TIME).asDouble().getAsDouble();
        // The host bus carries 8 copies each way (3.2 GB, 0.4 s); a device's own link 2 x 7/8 of one copy.
        assertThat(onBus).isGreaterThan(1.3);
        assertThat(onDevices).isGreaterThanOrEqualTo(1.0).isLessThan(onBus - 0.2);
    }

    @Test
    void refusesToFitWithoutProfileOrSingleWorkerRows() {
        assertThatThrownBy(() -> new SimulationEstimator(Optional.empty()).fit(TrainingSet.of("empty", List.of())))
                .isInstanceOf(CannotFitException.class).hasMessageContaining("single-worker");
    }

    @Test
    void fallsBackToACoarseProfileFromASingleWorkerObservation() {
        Config one = Config.builder().model("mlp").architecture(Architecture.SYNC_PS).parameterServers(1)
                .colocatedPs(true).parameterBytes(40_000_000).bandwidthGbps(10).localBatch(64).build();
        Observation o = new Observation(one, Measurements.builder().stepTimeS(0.2).build(), "synthetic:single");
        Predictor p = new SimulationEstimator(Optional.empty()).withHyperParameters(QUICK).fit(TrainingSet.of("single", List.of(o)));
        assertThat(p.predict(one, Target.STEP_TIME).asDouble().getAsDouble()).isCloseTo(0.2, within(0.004));
        Config eight = one.toBuilder().workers(8).nodes(2).parameterServers(2).build();
        double t8 = p.predict(eight, Target.THROUGHPUT).asDouble().getAsDouble();
        assertThat(t8).isGreaterThan(64 / 0.2).isLessThanOrEqualTo(8 * 64 / 0.2);
    }

    @Test
    void aBasisMeasuredOnOtherHardwareIsRefusedNamingIt() {
        Config one = Config.builder().model("mlp").architecture(Architecture.ALLREDUCE).parameterServers(0)
                .parameterBytes(40_000_000).hardware("k80").localBatch(64).build();
        Observation o = new Observation(one, Measurements.builder().stepTimeS(0.2).build(), "synthetic:single");
        Predictor p = new SimulationEstimator(Optional.empty()).withHyperParameters(QUICK).fit(TrainingSet.of("single", List.of(o)));
        Config spread = one.toBuilder().workers(2).nodes(2).build();
        assertThat(p.predict(spread, Target.STEP_TIME).asDouble()).isPresent();
        assertThat(p.predict(spread.toBuilder().hardware("v100").build(), Target.STEP_TIME))
                .isInstanceOfSatisfying(Prediction.NotApplicable.class,
                        na -> assertThat(na.reason()).contains("measured on k80, not on v100:"));
    }

    @Test
    void hyperParametersAreCheckedAndCopied() {
        Estimator base = new SimulationEstimator(Optional.empty());
        Estimator tac = base.withHyperParameters(Map.of("policy", "tac"));
        assertThat(base.hyperParameters()).containsEntry("policy", "random");
        assertThat(tac.hyperParameters()).containsEntry("policy", "tac");
        assertThatThrownBy(() -> base.withHyperParameters(Map.of("polcy", "tac")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("polcy");
        assertThatThrownBy(() -> base.withHyperParameters(Map.of("policy", "lifo")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lifo");
    }

    @Test
    void predictionsAreReproducibleAndCarryProvenance() {
        Config c = config("chain", Architecture.ASYNC_PS, 6, 2, 32);
        double a = fitChain(Map.of()).predict(c, Target.THROUGHPUT).asDouble().getAsDouble();
        Predictor p = fitChain(Map.of());
        double b = p.predict(c, Target.THROUGHPUT).asDouble().getAsDouble();
        assertThat(a).isEqualTo(b);
        assertThat(p.provenance().estimator()).isEqualTo("simulation");
        assertThat(p.provenance().seed()).isEqualTo(1L);
        assertThat(p.provenance().hyperParameters()).containsEntry("steps", "8");
    }

    @Test
    void concurrentPredictionsEqualSequentialOnes() throws Exception {
        List<Config> configs = new ArrayList<>();
        for (int w = 1; w <= 8; w++) {
            configs.add(config("chain", Architecture.ASYNC_PS, w, 1 + w % 2, 32));
            configs.add(config("chain", Architecture.SYNC_PS, w, 1, 16));
        }
        Predictor sequential = fitChain(Map.of());
        List<Double> expected = configs.stream()
                .map(c -> sequential.predict(c, Target.THROUGHPUT).asDouble().getAsDouble()).toList();
        Predictor shared = fitChain(Map.of());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<Double>>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                futures.add(pool.submit(() -> configs.stream()
                        .map(c -> shared.predict(c, Target.THROUGHPUT).asDouble().getAsDouble()).toList()));
            }
            for (Future<List<Double>> f : futures) {
                assertThat(f.get()).isEqualTo(expected);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aReloadedPredictorPredictsExactlyWhatTheSavedOneDid() throws Exception {
        Config one = Config.builder().model("mlp").architecture(Architecture.SYNC_PS).parameterServers(1)
                .colocatedPs(true).parameterBytes(40_000_000).bandwidthGbps(10).localBatch(64).build();
        Observation o = new Observation(one, Measurements.builder().throughputSamplesPerS(320).build(), "synthetic:s");
        Predictor fitted = new SimulationEstimator(Optional.empty()).withHyperParameters(QUICK).withHyperParameters(Map.of("policy", "tac"))
                .fit(new TrainingSet("codec", List.of(o), List.of(chain())));
        SimulationCodec codec = new SimulationCodec();
        Predictor loaded = codec.decode(codec.encode(fitted), fitted.provenance());
        for (Config c : List.of(config("chain", Architecture.ASYNC_PS, 5, 2, 32), one.toBuilder().workers(8).nodes(2).build())) {
            assertThat(loaded.predict(c, Target.THROUGHPUT)).isEqualTo(fitted.predict(c, Target.THROUGHPUT));
            assertThat(loaded.predict(c, Target.STEP_TIME)).isEqualTo(fitted.predict(c, Target.STEP_TIME));
        }
        assertThatThrownBy(() -> codec.decode(new byte[] {1, 2}, fitted.provenance()))
                .hasMessageContaining("not a payload of this codec");
    }
}
