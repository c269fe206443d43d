package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;
import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link PlanOptions#builder()}: its defaults are {@link PlanOptions#PLAIN}, it round-trips, and it validates once. */
class PlanOptionsBuilderTest {
    @Test
    void theDefaultsArePlainAndEveryOptionRoundTripsThroughToBuilder() {
        PlanOptions plain = PlanOptions.builder().build();
        assertThat(plain).isEqualTo(PlanOptions.PLAIN);
        assertThat(plain.recompute()).isEqualTo(Recompute.NONE);
        assertThat(plain.virtualStages()).isEqualTo(1);
        assertThat(plain.precision()).isEqualTo(ParallelLayout.DEFAULT_PRECISION);
        assertThat(plain.sharding()).isEqualTo(Sharding.NONE);
        assertThat(plain.context()).isEqualTo(1);
        assertThat(plain.expert()).isEqualTo(1);
        assertThat(plain.expertCapacityFactor()).isEmpty();
        assertThat(plain.fusedKernels()).isTrue();
        assertThat(plain.overlapP2pComm()).isTrue();
        assertThat(plain.sequenceParallel() || plain.flashAttention() || plain.contextSearch() || plain.expertSearch()
                || plain.expertOverlap()).isFalse();

        PlanOptions every = PlanOptions.builder().recompute(Recompute.SELECTIVE).sequenceParallel(true).virtualStages(4)
                .precision(Precision.FP8).sharding(Sharding.FULL).flashAttention(true).context(2).expert(8)
                .expertOverlap(true).expertCapacityFactor(OptionalDouble.of(1.25)).fusedKernels(false).build();
        assertThat(every.toBuilder().build()).isEqualTo(every);
        PlanOptions blocking = every.toBuilder().overlapP2pComm(false).build();
        assertThat(blocking.toBuilder().build()).isEqualTo(blocking);
        PlanOptions interleaved = PlanOptions.builder().virtualStages(2).build();
        assertThat(interleaved.layout(1, 2, 1, 1, 4, 8).overlapP2pComm()).isTrue();
        assertThat(interleaved.toBuilder().overlapP2pComm(false).build().layout(1, 2, 1, 1, 4, 8).overlapP2pComm())
                .isFalse();
        // Off is allowed on the plain schedule, where it is the default anyway.
        assertThat(interleaved.toBuilder().overlapP2pComm(false).build().layout(1, 1, 2, 1, 4, 8).overlapP2pComm())
                .isFalse();
        assertThat(every.toBuilder().virtualStages(2).build())
                .isEqualTo(new PlanOptions(Recompute.SELECTIVE, true, 2, Precision.FP8, Sharding.FULL, true, 2, false, 8,
                        false, true, OptionalDouble.of(1.25), false, true));
    }

    @Test
    void buildRefusesWhatTheOptionsRefuseNamingTheOption() {
        assertThatThrownBy(() -> PlanOptions.builder().context(2).build())
                .hasMessageStartingWith("--context-parallel 2 needs --flash-attention");
        assertThatThrownBy(() -> PlanOptions.builder().virtualStages(0).build())
                .hasMessage("--virtual-stages must be at least 1, was 0");
        assertThatThrownBy(() -> PlanOptions.builder().expertSearch(true).expert(2).build())
                .hasMessage("--expert-parallel must be a positive whole number or auto, was 2");
    }
}
