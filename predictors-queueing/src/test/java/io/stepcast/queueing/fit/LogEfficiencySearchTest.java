package io.stepcast.queueing.fit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The golden-section search of {@link LogEfficiencySearch} on synthetic losses. */
class LogEfficiencySearchTest {
    @Test
    void findsTheMinimumAndPrefersTheCatalogOnATie() {
        assertThat(LogEfficiencySearch.minimise(u -> (u + 2) * (u + 2))).isCloseTo(-2, within(1e-3));
        assertThat(LogEfficiencySearch.minimise(u -> 1.0)).isZero();
    }

    @Test
    void theLargestShareWithinTheToleranceOfTheLeastLossIsKept() {
        // Loss (u + 2)^2, least 0 at u = -2: within 0.25 of it up to u = -1.5; the catalog's u = 0 when 4 is tolerated.
        assertThat(LogEfficiencySearch.largestWithin(u -> (u + 2) * (u + 2), 0.25)).isCloseTo(-1.5, within(2e-3));
        assertThat(LogEfficiencySearch.largestWithin(u -> (u + 2) * (u + 2), 4.0)).isZero();
    }
}
