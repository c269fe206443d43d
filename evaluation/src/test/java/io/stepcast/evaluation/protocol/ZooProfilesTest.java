package io.stepcast.evaluation.protocol;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.evaluation.Split;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Zoo profiles attached to a training side are found under the name its rows give the model, also where the zoo
 * knows the model by another name (Pollux's {@code bert} is the zoo's BERT-base). The rows are synthetic: one
 * single-worker step time per model, only to ask for a profile.
 */
class ZooProfilesTest {
    private static Observation singleWorker(String model, int batch, double stepS) {
        return new Observation(Config.builder().model(model).localBatch(batch).build(),
                Measurements.builder().stepTimeS(stepS).build(), "synthetic");
    }

    @Test
    void aProfileTakesTheNameOfTheRowsItWasMadeFor() {
        List<Observation> rows = List.of(singleWorker("BERT", 8, 0.7), singleWorker("LM", 20, 0.1),
                singleWorker("ResNet-50", 64, 1.2), singleWorker("my-own-net", 32, 0.2));
        Split split = new Split("synthetic", TrainingSet.of("synthetic/train", rows), List.of());

        TrainingSet training = ZooProfiles.attach(split, new DefaultProfileSource()).training();

        assertThat(training.profiles()).extracting(Profile::model).containsExactly("BERT", "LM", "ResNet-50");
        Profile bert = training.profile("BERT", 8).orElseThrow();
        assertThat(bert.localBatch()).isEqualTo(8);
        // BERT-base's 109,482,240 parameters (HuggingFace, with pooler) in FP32, as the zoo gives them.
        assertThat(bert.parameters().stream().mapToLong(ParameterTensor::bytes).sum()).isEqualTo(109_482_240L * 4);
        assertThat(training.profile("my-own-net", 32)).isEmpty();
    }

    /**
     * A row that states gradient bytes other than the zoo's model (column {@code parameter_bytes}: NVIDIA's ML-20m
     * NCF is 20 times Pollux's) gets no zoo profile, so predictors start from its bytes; a row stating the zoo's own
     * bytes keeps its profile. Synthetic rows, as above.
     */
    @Test
    void aRowStatingOtherParameterBytesGetsNoZooProfile() {
        long zooBytes = new DefaultProfileSource().parameterBytes("NCF").orElseThrow();
        Observation other = new Observation(Config.builder().model("NCF").localBatch(1024).parameterBytes(127_330_308L)
                .build(), Measurements.builder().stepTimeS(0.05).build(), "synthetic");
        Observation same = new Observation(Config.builder().model("NCF").localBatch(2048).parameterBytes(zooBytes)
                .build(), Measurements.builder().stepTimeS(0.09).build(), "synthetic");

        List<Profile> profiles = ZooProfiles.of(List.of(other, same), new DefaultProfileSource());

        assertThat(profiles).extracting(Profile::localBatch).containsExactly(2048);
    }
}
