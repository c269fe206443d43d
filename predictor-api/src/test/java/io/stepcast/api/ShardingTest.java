package io.stepcast.api;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** DeepSpeed's ZeRO stages as {@link Sharding}s (Rajbhandari et al., SC'20, section 5), on synthetic layouts. */
class ShardingTest {
    @Test
    void eachZeroStageSplitsOneMorePartOfTheState() {
        assertThat(Sharding.ofZeroStage(0)).isEqualTo(Sharding.NONE);
        assertThat(Sharding.ofZeroStage(1)).isEqualTo(Sharding.OPTIMIZER);
        assertThat(Sharding.ofZeroStage(2)).isEqualTo(Sharding.GRADIENTS);
        assertThat(Sharding.ofZeroStage(3)).isEqualTo(Sharding.FULL);
        for (Sharding s : Sharding.values()) {
            assertThat(Sharding.ofZeroStage(s.zeroStage())).isEqualTo(s);
        }
        assertThat(Sharding.GRADIENTS.splitsOptimizer()).isTrue();
        assertThat(Sharding.GRADIENTS.splitsGradients()).isTrue();
        assertThat(Sharding.GRADIENTS.splitsWeights()).isFalse();
        assertThat(Sharding.OPTIMIZER.splitsGradients()).isFalse();
        assertThat(Sharding.FULL.splitsWeights()).isTrue();
        assertThat(Sharding.NONE.splitsOptimizer()).isFalse();
    }

    @Test
    void aStageOutsideZeroToThreeIsRefusedNamingTheField() {
        assertThatThrownBy(() -> Sharding.ofZeroStage(4)).isInstanceOf(InvalidField.class)
                .hasMessageContaining("must be 0, 1, 2 or 3")
                .satisfies(e -> assertThat(((InvalidField) e).field()).isEqualTo("zero_stage"));
        assertThatThrownBy(() -> Sharding.ofZeroStage(-1)).isInstanceOf(InvalidField.class);
    }

    @Test
    void stageTwoIsADistributedOptimizerThatIsNotFullySharded() {
        ParallelLayout zero2 = ParallelLayout.builder(1, 1, 8, 1, 1).sharding(Sharding.GRADIENTS).build();
        assertThat(zero2.distributedOptimizer()).isTrue();
        assertThat(zero2.fullySharded()).isFalse();
        // Asking a stage-2 builder for the distributed optimizer keeps stage 2; switching it off leaves nothing.
        assertThat(zero2.toBuilder().distributedOptimizer(true).build().sharding()).isEqualTo(Sharding.GRADIENTS);
        assertThat(zero2.toBuilder().distributedOptimizer(false).build().sharding()).isEqualTo(Sharding.NONE);
        assertThat(ParallelLayout.fitsParameterServers(zero2)).isFalse();
    }
}
