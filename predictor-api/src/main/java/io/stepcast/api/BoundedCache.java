package io.stepcast.api;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * Memoizes a deterministic function for at most a fixed number of keys; past the bound a value is computed on every
 * call. A long-running service (stepcast serve) asked for ever new hardware labels or bandwidths then keeps answering
 * without its caches growing without end, while the keys of a batch run (a few labels) are all kept. Thread-safe; two
 * threads may compute the same value once each, which a deterministic function makes harmless.
 *
 * @param <K> key
 * @param <V> value (not null)
 */
public final class BoundedCache<K, V> {
    private final int capacity;
    private final ConcurrentMap<K, V> kept = new ConcurrentHashMap<>();

    /** @param capacity keys kept at most (at least 1) */
    public BoundedCache(int capacity) {
        this.capacity = Validate.positive(capacity, "capacity");
    }

    /** The value of {@code key}: the kept one, else {@code compute}'s (kept while there is room). */
    public V get(K key, Function<? super K, ? extends V> compute) {
        V v = kept.get(key);
        if (v != null) {
            return v;
        }
        v = compute.apply(key);
        if (kept.size() < capacity) {
            V raced = kept.putIfAbsent(key, v);
            return raced != null ? raced : v;
        }
        return v;
    }

    /** Keys kept now. */
    public int size() {
        return kept.size();
    }
}
