package io.stepcast.api.collective;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Placements as users and published tables write them, and their agreement with a job's nodes and GPUs. */
class PlacementTest {
    @Test
    void readsPlusJoinedCountsAndPolluxDigitStrings() {
        assertThat(Placement.parse("4+4+2").gpusPerNode()).containsExactly(4, 4, 2);
        assertThat(Placement.parse("1234").gpusPerNode()).containsExactly(1, 2, 3, 4);
        assertThat(Placement.parse("16+").gpusPerNode()).containsExactly(16);
        assertThat(Placement.parse(" 8+8 ").label()).isEqualTo("8+8");
        assertThat(Placement.parse("16+").label()).isEqualTo("16+");
        assertThat(Placement.parse(Placement.parse("1234").label())).isEqualTo(Placement.parse("1234"));
        assertThat(Placement.parse("1234").uneven()).isTrue();
        assertThat(Placement.parse("44").uneven()).isFalse();
    }

    @Test
    void rejectsTextThatIsNeitherFormNamingIt() {
        assertThatThrownBy(() -> Placement.parse("4,4")).hasMessageContaining("'4,4'");
        assertThatThrownBy(() -> Placement.parse("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Placement.parse("4+0")).hasMessageContaining("at least one GPU");
    }

    @Test
    void aConfigsPlacementMustAgreeWithItsNodesAndGpus() {
        Config c = Config.builder().model("ResNet-50").architecture(Architecture.ALLREDUCE).workers(10)
                .placement(Placement.parse("1234")).localBatch(64).build();
        assertThat(c.deployment().nodes()).isEqualTo(4);
        assertThat(c.deployment().placement()).contains(new Placement(List.of(1, 2, 3, 4)));
        assertThat(c.toBuilder().build()).isEqualTo(c);
        assertThat(c.deployment().withWorkers(8).placement()).isEmpty();
        assertThatThrownBy(() -> Config.builder().model("ResNet-50").workers(8).nodes(2)
                .placement(Placement.parse("4+2")).localBatch(64).build())
                .hasMessageContaining("placement: 4+2 has 2 nodes and 6 GPUs, but the job has nodes 2 and 8 GPUs");
    }

    @Test
    void theWorkersOfAStatedPlacementHaveABusiestNodeAndOthersSpreadEvenly() {
        Config placed = Config.builder().model("ResNet-18").workers(10).placement(Placement.parse("1234"))
                .localBatch(64).build();
        assertThat(placed.deployment().workerPlacement().maxPerNode()).isEqualTo(4);
        Config spread = Config.builder().model("ResNet-18").workers(10).nodes(4).localBatch(64).build();
        assertThat(spread.deployment().workerPlacement().gpusPerNode()).containsExactly(3, 3, 2, 2);
    }
}
