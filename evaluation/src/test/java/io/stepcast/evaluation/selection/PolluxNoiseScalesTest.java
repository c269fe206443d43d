package io.stepcast.evaluation.selection;

import io.stepcast.api.Config;
import io.stepcast.models.selection.NoiseScaleEfficiency;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The statistical efficiency of Pollux's goodput, from the real validation curves in ../shared/data/pollux. */
class PolluxNoiseScalesTest {
    private static final Path DATA = Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));

    @Test
    void everyJobWithCurvesGetsANoiseScaleAndEfficiencyFallsWithTheBatch() throws Exception {
        NoiseScaleEfficiency eff = PolluxNoiseScales.read(DATA).orElseThrow();
        for (String model : new String[] {"ResNet-18", "ResNet-50", "BERT", "NCF", "YOLOv3", "DeepSpeech2"}) {
            assertThat(eff.knows(model)).as(model).isTrue();
        }
        Config resnet18 = Config.builder().model("ResNet-18").workers(1).localBatch(128).build();
        // cifar10's reference curve is at global batch 128: efficiency 1 there, below 1 above it.
        assertThat(eff.efficiency(resnet18, 128)).isEqualTo(1.0);
        double e1024 = eff.efficiency(resnet18, 1024);
        double e4096 = eff.efficiency(resnet18, 4096);
        assertThat(e1024).isBetween(0.0, 1.0);
        assertThat(e4096).isLessThan(e1024);
        // The median grad_var / grad_sqr of the batch-128 curve is about 38: phi = 128 x 38, so
        // EFFICIENCY(1024) = (phi + 128) / (phi + 1024), about 0.85.
        assertThat(e1024).isBetween(0.8, 0.9);
        Config unknown = Config.builder().model("VGG16").workers(1).localBatch(64).build();
        assertThat(eff.efficiency(unknown, 4096)).isEqualTo(1.0);
    }
}
