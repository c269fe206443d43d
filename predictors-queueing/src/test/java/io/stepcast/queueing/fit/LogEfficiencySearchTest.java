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
}
