package io.stepcast.profiler.tensorflow;

import io.stepcast.datasets.zoo.ModelZoo;
import io.stepcast.datasets.zoo.TensorSpec;
import io.stepcast.datasets.zoo.ZooModel;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The TensorFlow graphs of the networks hold the zoo's parameter tensors, and one step trains. */
class NetworksTest {
    private static final SessionThreads ONE = new SessionThreads(1, 1);

    private static List<Long> sortedBytes(List<Long> bytes) {
        return bytes.stream().sorted().toList();
    }

    @Test
    void lenet5AndTheMlpMatchTheModelZooTensorByTensor() {
        ModelZoo zoo = new ModelZoo();
        for (String name : List.of("lenet5", "mlp")) {
            ZooModel zooModel = zoo.get(name);
            try (TrainingGraph graph = new TrainingGraph(Networks.byName(name), 1, ONE)) {
                List<Long> ours = graph.parameters().stream().map(ModelParameter::bytes).toList();
                assertThat(sortedBytes(ours)).as(name)
                        .isEqualTo(sortedBytes(zooModel.tensors().stream().map(TensorSpec::bytes).toList()));
                assertThat(ours.stream().mapToLong(Long::longValue).sum()).isEqualTo(zooModel.parameterBytes());
            }
        }
    }

    @Test
    void cifarNetHasTenTensorsAndTrainsOneStep() {
        Network cifarnet = new CifarNet();
        try (TrainingGraph graph = new TrainingGraph(cifarnet, 1, ONE);
             GeneratedBatch batch = new GeneratedBatch(cifarnet, 2, 1)) {
            assertThat(graph.parameters()).hasSize(10);
            assertThat(graph.parameters().stream().mapToLong(ModelParameter::elements).sum()).isEqualTo(1_756_426L);
            StepOutcome first = graph.step(batch, false);
            StepOutcome second = graph.step(batch, false);
            assertThat(first.loss()).isBetween(1.5f, 4f);
            assertThat(second.loss()).isLessThan(first.loss());
            assertThat(second.stepStats()).isEmpty();
        }
    }
}
