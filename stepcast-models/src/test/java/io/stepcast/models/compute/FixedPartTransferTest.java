package io.stepcast.models.compute;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Carrying a model's fixed part between machines by memory bandwidth, on synthetic steps (made up, not measured): two
 * machines show two batches each, a third shows one.
 */
class FixedPartTransferTest {
    private static final Map<String, Double> BANDWIDTH = Map.of("fast", 2e12, "slow", 1e12, "target", 1.6e12);

    private static OptionalDouble bandwidth(String hardware) {
        return Optional.ofNullable(BANDWIDTH.get(hardware)).map(OptionalDouble::of).orElse(OptionalDouble.empty());
    }

    private static FixedPartTransfer.Point point(String hardware, int batch, double fixed, double perSample) {
        return new FixedPartTransfer.Point("m", "", hardware, batch, fixed + perSample * batch);
    }

    @Test
    void theFixedPartsOfOtherMachinesAreCarriedByMemoryBandwidthAndAveraged() {
        FixedPartTransfer t = FixedPartTransfer.of(List.of(point("fast", 8, 0.04, 0.01), point("fast", 16, 0.04, 0.01),
                point("slow", 2, 0.08, 0.02), point("slow", 4, 0.08, 0.02), point("target", 8, 0.05, 0.01)),
                FixedPartTransferTest::bandwidth);
        // 0.04 s at 2 TB/s and 0.08 s at 1 TB/s are both 0.05 s at 1.6 TB/s.
        assertThat(t.fixedSeconds("m", "", "target", bandwidth("target")).getAsDouble()).isCloseTo(0.05, within(1e-12));
        // A machine's own fit is not carried to itself; another precision or model has none.
        assertThat(t.fixedSeconds("m", "", "fast", bandwidth("fast")).getAsDouble()).isCloseTo(0.08 * 1e12 / 2e12,
                within(1e-12));
        assertThat(t.fixedSeconds("m", "fp32", "target", bandwidth("target"))).isEmpty();
        assertThat(t.fixedSeconds("other", "", "target", bandwidth("target"))).isEmpty();
        assertThat(t.fixedSeconds("m", "", "unknown", OptionalDouble.empty())).isEmpty();
    }

    @Test
    void aLineWithoutAPositiveFixedPartOrSlopeCarriesNothing() {
        FixedPartTransfer t = FixedPartTransfer.of(List.of(point("fast", 8, 0.0, 0.01), point("fast", 16, 0.0, 0.01),
                point("slow", 2, 0.1, -0.01), point("slow", 4, 0.1, -0.01)), FixedPartTransferTest::bandwidth);
        assertThat(t.fixedSeconds("m", "", "target", bandwidth("target"))).isEmpty();
    }
}
