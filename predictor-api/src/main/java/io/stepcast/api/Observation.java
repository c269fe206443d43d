package io.stepcast.api;

import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A configuration and what was measured for it, with where the measurement comes from.
 *
 * @param config       the measured configuration
 * @param measurements the measured values (absent values absent)
 * @param source       dataset identifier (for example {@code pollux}, {@code courier}) and, after a colon,
 *                     the file, e.g. {@code pollux:imagenet/placements.csv}
 * @param replication  replication index within a repeated configuration (0 when not repeated)
 * @param tags         further attributes a protocol may group by (for example {@code placement=22},
 *                     {@code co_runner=ResNet-18 (batch size 32)}, {@code split=placements})
 */
public record Observation(Config config, Measurements measurements, String source, int replication,
                          Map<String, String> tags) {
    public Observation {
        Validate.present(config, "config");
        Validate.present(measurements, "measurements");
        Validate.text(source, "source");
        Validate.nonNegative(replication, "replication");
        tags = Map.copyOf(Objects.requireNonNullElse(tags, Map.of()));
    }

    /** An observation with no replication index and no tags. */
    public Observation(Config config, Measurements measurements, String source) {
        this(config, measurements, source, 0, Map.of());
    }

    /** Shorthand for {@code measurements().value(target, config())}. */
    public OptionalDouble value(Target target) {
        return measurements.value(target, config);
    }

    /** The value of a tag, or {@code fallback} when absent. */
    public String tag(String key, String fallback) {
        return tags.getOrDefault(key, fallback);
    }

    /** The dataset part of {@link #source()} (before the first colon). */
    public String dataset() {
        int colon = source.indexOf(':');
        return colon < 0 ? source : source.substring(0, colon);
    }
}
