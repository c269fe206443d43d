package io.stepcast.queueing.simulation;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.profile.CollectiveOp;
import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.ProfiledRank;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The replay of a data-parallel step on a synthetic timeline (times in microseconds, step of 1000). */
class CollectiveReplayTest {

    /**
     * Synthetic DDP-like step: backward kernels b1 (0-300) and b2 (310-600) on stream 0, the all-reduce of b1's
     * bucket (300-500) overlapping b2 on the NCCL stream, a second all-reduce (600-800) after b2, then the
     * optimizer kernel (810-900) that waited for it; the step ends 100 us after its last kernel.
     */
    private static Profile synthetic(OptionalLong bytes) {
        List<ComputeOp> ops = List.of(new ComputeOp("b1", "k", 0, 0, 300, Set.of()),
                new ComputeOp("b2", "k", 0, 310, 290, Set.of()),
                new ComputeOp("opt", "k", 0, 810, 90, Set.of()));
        List<CollectiveOp> coll = List.of(new CollectiveOp(Collective.ALL_REDUCE, 0, 300, 200, bytes, bytes.isPresent()),
                new CollectiveOp(Collective.ALL_REDUCE, 0, 600, 200, bytes, bytes.isPresent()));
        return new Profile("synthetic-ddp", 4, 1000, List.of(), List.of(), ops, List.of(), "synthetic", coll,
                new ProfiledRank(0, 2, "unknown"));
    }

    @Test
    void measuredCollectivesGiveTheMeasuredStep() {
        assertThat(new CollectiveReplay(synthetic(OptionalLong.of(1000))).measuredStepSeconds())
                .isCloseTo(1000e-6, within(1e-12));
    }

    @Test
    void aLongerCollectiveDelaysOnlyWhatWaitedForIt() {
        CollectiveReplay r = new CollectiveReplay(synthetic(OptionalLong.of(1000)));
        // Every all-reduce twice as long: b2 does not wait for the first (300-700), the second waits for it on its
        // stream (700-1100), the optimizer follows 10 us later (1110-1200), then the 100 us tail: 1300.
        assertThat(r.stepSeconds(c -> 2 * c.durationUs() / 1e6)).isCloseTo(1300e-6, within(1e-12));
        // Without collectives the optimizer follows b2 after its measured 10 us gap: 600 + 10 + 90 + 100.
        assertThat(r.stepSeconds(c -> 0)).isCloseTo(800e-6, within(1e-12));
    }

    @Test
    void otherPlacementsAddTheModelsDifference() {
        CollectiveReplay r = new CollectiveReplay(synthetic(OptionalLong.of(1000)));
        Placement two = Placement.singleNode(2);
        Placement four = Placement.singleNode(4);
        // The model says 100 us at the trace's placement and 300 us at the new one: each 200 us all-reduce takes
        // 200 us more, twice as long, as in the previous test (1300 us).
        AllReduceLinks.CollectiveTimes model = (op, bytes) -> 100e-6;
        AllReduceLinks.CollectiveTimes doubled = (op, bytes) -> 300e-6;
        assertThat(r.stepSeconds(two, two, model, doubled)).isCloseTo(1000e-6, within(1e-12));
        assertThat(r.stepSeconds(two, four, model, doubled)).isCloseTo(1300e-6, within(1e-12));
        assertThatThrownBy(() -> new CollectiveReplay(synthetic(OptionalLong.empty())).stepSeconds(two, four, model,
                doubled)).hasMessageContaining("no byte count");
    }

    @Test
    void estimatedBytesBoundTheStepAtOtherPlacementsBetweenAllWaitingAndAllTransfer() {
        // Bytes estimated (not measured): the measured model gives 100 us at no bytes and 200 us (the whole measured
        // time) at the estimated bytes; the new placement 150 us and 400 us.
        Profile p = synthetic(OptionalLong.of(1000));
        List<CollectiveOp> estimated = p.collectives().stream().map(c -> new CollectiveOp(c.kind(), c.stream(),
                c.startUs(), c.durationUs(), c.bytes(), false)).toList();
        CollectiveReplay r = new CollectiveReplay(new Profile(p.model(), p.localBatch(), p.stepTimeUs(), List.of(),
                List.of(), p.ops(), List.of(), "synthetic", estimated, p.rank()));
        Placement two = Placement.singleNode(2);
        Placement four = Placement.singleNode(4);
        AllReduceLinks.CollectiveTimes model = (op, bytes) -> bytes == 0 ? 100e-6 : 200e-6;
        AllReduceLinks.CollectiveTimes target = (op, bytes) -> bytes == 0 ? 150e-6 : 400e-6;
        // All transfer: each all-reduce 200 x 400 / 200 = 400 us, as in the doubled case above (1300 us). All
        // waiting: 200 + 150 - 100 = 250 us each; b2 still ends at 600, the second all-reduce 600-850, the optimizer
        // 860-950, the tail: 1050 us.
        CollectiveReplay.StepBounds b = r.stepBounds(two, four, model, target);
        assertThat(b.exact()).isFalse();
        assertThat(b.estimated()).isEqualTo(2);
        assertThat(b.lowSeconds()).isCloseTo(1050e-6, within(1e-12));
        assertThat(b.highSeconds()).isCloseTo(1300e-6, within(1e-12));
        // At the trace's placement and on one rank the step stays exact.
        assertThat(r.stepBounds(two, two, model, target).exact()).isTrue();
        assertThat(r.stepBounds(two, Placement.singleNode(1), model, target).highSeconds())
                .isCloseTo(800e-6, within(1e-12));
        // The point is refused, with the range.
        assertThatThrownBy(() -> r.stepSeconds(two, four, model, target))
                .hasMessageContaining("2 of the 2 collectives").hasMessageContaining("only bounded, 0.00105 to 0.0013 s");
        // Measured bytes: one number at both ends, the additive rule.
        CollectiveReplay.StepBounds m = new CollectiveReplay(p).stepBounds(two, four, model, target);
        assertThat(m.exact()).isTrue();
        assertThat(m.lowSeconds()).isEqualTo(m.highSeconds()).isCloseTo(1300e-6, within(1e-12));
    }
}
