package io.stepcast.analytic.megatron;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The tile and wave arithmetic of {@link GemmWaves} on synthetic shapes of a 108-multiprocessor GPU (the A100's). */
class GemmWavesTest {
    private final GemmWaves a100 = new GemmWaves(108);

    @Test
    void fullWavesOfWholeTilesCostNothingExtra() {
        // 12 x 9 tiles of 256 x 128: exactly one wave.
        assertThat(a100.slowdown(12 * 256, 9 * 128)).isCloseTo(1.0, within(1e-12));
        // The transpose is as good: the better orientation is taken.
        assertThat(a100.slowdown(9 * 128, 12 * 256)).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void oneTileMoreStartsASecondWave() {
        // 109 whole tiles (109 x 1 of 256 x 128 when m = 109 * 256): two waves of 108 for 109 tiles' work.
        assertThat(a100.slowdown(109 * 256, 128)).isCloseTo(216.0 / 109, within(1e-12));
    }

    @Test
    void aSmallShardLeavesMostMultiprocessorsIdle() {
        // 1,024 tokens x 384 outputs (a QKV shard of hidden 1,024 over 8 ranks): 4 x 3 = 12 whole tiles (or 8 x 2
        // padded ones the other way round) in one wave of 108 slots: 9 times the useful work's time.
        assertThat(a100.slowdown(1024, 384)).isCloseTo(108.0 * 256 * 128 / (1024 * 384), within(1e-12));
        assertThat(a100.slowdown(1024, 384)).isCloseTo(9.0, within(1e-12));
        assertThat(GemmWaves.NONE.slowdown(1024, 384)).isEqualTo(1.0);
    }

    @Test
    void aLinearLayerCountsItsThreeProducts() {
        double m = 12 * 256;
        double n = 9 * 128;
        double k = 9 * 128;
        // Forward m x n and input gradient m x k are one full wave each; the weight gradient n x k fills 5 x 9 = 45
        // tiles (the last row padded), one wave of 108 slots.
        double wgrad = a100.slowdown(n, k);
        assertThat(wgrad).isCloseTo(108.0 * 256 * 128 / (n * k), within(1e-9));
        assertThat(a100.linearFlops(m, n, k, 1)).isCloseTo(2 * m * n * k * (2 + wgrad), within(1e-3));
        assertThat(a100.linearFlops(m, n, k, 2)).isCloseTo(2 * m * n * k * (3 + wgrad), within(1e-3));
    }
}
