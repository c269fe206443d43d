package io.stepcast.api;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BoundedCacheTest {
    @Test
    void keepsUpToItsCapacityAndComputesTheRestOnEveryCall() {
        AtomicInteger calls = new AtomicInteger();
        BoundedCache<Integer, String> cache = new BoundedCache<>(2);
        for (int round = 0; round < 3; round++) {
            for (int k = 0; k < 4; k++) {
                assertThat(cache.get(k, key -> {
                    calls.incrementAndGet();
                    return "v" + key;
                })).isEqualTo("v" + k);
            }
        }
        // Keys 0 and 1 were computed once and kept; 2 and 3 in each of the three rounds.
        assertThat(cache.size()).isEqualTo(2);
        assertThat(calls).hasValue(2 + 2 * 3);
        assertThatThrownBy(() -> new BoundedCache<>(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
