package io.stepcast.analytic;

import io.stepcast.analytic.ols.Cells;
import io.stepcast.analytic.ols.PairwiseMannWhitney;
import io.stepcast.analytic.ols.PairwiseTest;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Pairwise Mann-Whitney tests per factor level, on SYNTHETIC runs. */
class PairwiseMannWhitneyTest {

    @Test
    void everyPairOfLevelsWithTheHandComputedU() {
        // level 1: 1, 2, 3; level 2: 4, 5, 6 (all above); level 3: 2.5, 3.5, 10
        Cells raw = Cells.raw(Map.of("f", new double[] {1, 1, 1, 2, 2, 2, 3, 3, 3}),
                new double[] {1, 2, 3, 4, 5, 6, 2.5, 3.5, 10});
        List<PairwiseTest> t = PairwiseMannWhitney.tests(raw, List.of("f"));
        assertThat(t).extracting(PairwiseTest::levelA, PairwiseTest::levelB)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1.0, 2.0), org.assertj.core.groups.Tuple.tuple(1.0, 3.0),
                        org.assertj.core.groups.Tuple.tuple(2.0, 3.0));
        // Complete separation: U = 9 (the larger of U1 = 0, U2 = 9).
        assertThat(t.get(0).u()).isEqualTo(9.0);
        // 1,2,3 vs 2.5,3.5,10: pairs where level-3 value is larger: 2.5>1,2; 3.5>1,2,3; 10>all -> 8; U = max(8, 1).
        assertThat(t.get(1).u()).isEqualTo(8.0);
        assertThat(t.get(0).p()).isCloseTo(0.0495, within(0.001));
        assertThat(t.get(0).sizeA()).isEqualTo(3);
    }

    @Test
    void cellsOfSeveralRunsAreRefused() throws IOException {
        assertThatThrownBy(() -> PairwiseMannWhitney.tests(CourierCellsData.cells(), List.of("cpu")))
                .hasMessageContaining("raw runs");
    }
}
