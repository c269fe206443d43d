package io.stepcast.datasets.importers;

import io.stepcast.datasets.SharedData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PolluxValidationTest {

    @Test
    void bertCurvesInBatchOrder() throws IOException {
        List<PolluxValidation.Point> points = new PolluxValidation().read(SharedData.of("pollux/bert"));
        assertThat(points).extracting(PolluxValidation.Point::globalBatch).isSorted();
        PolluxValidation.Point first = points.get(0);
        assertThat(first.job()).isEqualTo("bert");
        assertThat(first.globalBatch()).isEqualTo(12);
        assertThat(first.iteration()).isEqualTo(7387);
        assertThat(first.metric()).isEqualTo(86.70941580662803);
        assertThat(first.noiseScale()).isEqualTo(6894015304034181.0 / 195590723287826.75);
        assertThat(points.stream().map(PolluxValidation.Point::globalBatch).distinct())
                .containsExactly(12, 24, 48, 96, 192, 384);
    }
}
