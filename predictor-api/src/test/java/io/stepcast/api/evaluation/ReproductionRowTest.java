package io.stepcast.api.evaluation;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The relative difference of a reproduced figure, on synthetic values. */
class ReproductionRowTest {

    @Test
    void aPublishedFigureGivesTheRelativeDifference() {
        assertThat(ReproductionRow.of("synthetic figure", 200, 250, "synthetic").relativeDifference()).hasValue(0.25);
    }

    @Test
    void aFigureWithNothingPublishedIsComparedWithNothing() {
        ReproductionRow r = ReproductionRow.of("synthetic figure of this project's own", Double.NaN, 250,
                "synthetic; target at most 200");
        assertThat(r.reproduced()).hasValue(250);
        assertThat(r.relativeDifference()).isEmpty();
    }
}
