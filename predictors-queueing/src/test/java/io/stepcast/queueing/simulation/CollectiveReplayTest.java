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
}
