package io.stepcast.datasets.importers;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The gradient noise scales of Pollux's jobs, from the real validation curves in ../shared/data/pollux. */
class PolluxNoiseScalesTest {
    private static final Path DATA = Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));

    @Test
    void everyJobWithCurvesGetsANoiseScaleAtItsReferenceBatch() throws Exception {
        Map<String, PolluxNoiseScales.Scale> scales = PolluxNoiseScales.read(DATA);
        assertThat(scales).containsOnlyKeys("ResNet-18", "ResNet-50", "BERT", "NCF", "YOLOv3", "DeepSpeech2");
        PolluxNoiseScales.Scale resnet18 = scales.get("ResNet-18");
        // cifar10's reference curve is at global batch 128; the median grad_var / grad_sqr of that curve is about
        // 38, so phi = 128 x 38 and Pollux's EFFICIENCY(1024) = (phi + 128) / (phi + 1024) is about 0.85.
        assertThat(resnet18.referenceBatch()).isEqualTo(128);
        double e1024 = (resnet18.noiseScale() + 128) / (resnet18.noiseScale() + 1024);
        assertThat(e1024).isBetween(0.8, 0.9);
        scales.values().forEach(s -> assertThat(s.noiseScale()).isPositive());
    }

    @Test
    void aFolderWithoutPolluxGivesNoScales(@org.junit.jupiter.api.io.TempDir Path empty) throws Exception {
        assertThat(PolluxNoiseScales.read(empty)).isEmpty();
    }
}
