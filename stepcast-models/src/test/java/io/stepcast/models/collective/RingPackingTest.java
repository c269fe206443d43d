package io.stepcast.models.collective;

import io.stepcast.api.hardware.GpuLinkGraph;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RingPackingTest {
    /** The DGX-1 hybrid cube-mesh as NVIDIA publishes it (a topology, not a measurement). */
    private static final GpuLinkGraph DGX1 = new GpuLinkGraph("dgx-1", new int[][] {
            {0, 1, 1, 2, 2, 0, 0, 0}, {1, 0, 2, 1, 0, 2, 0, 0}, {1, 2, 0, 2, 0, 0, 1, 0}, {2, 1, 2, 0, 0, 0, 0, 1},
            {2, 0, 0, 0, 0, 1, 1, 2}, {0, 2, 0, 0, 1, 0, 2, 1}, {0, 0, 1, 0, 1, 2, 0, 2}, {0, 0, 0, 1, 2, 1, 2, 0}},
            "DGX-1 V100 whitepaper");

    @Test
    void ringChannelsOnTheFirstNGpusOfTheHybridCubeMesh() {
        int[] expected = {1, 2, 4, 2, 2, 4, 6};
        for (int n = 2; n <= 8; n++) {
            assertThat(RingPacking.channels(DGX1, n)).as("n=" + n).isEqualTo(expected[n - 2]);
        }
    }

    @Test
    void aSyntheticFullMeshOfFourPacksTwoRingsNotThree() {
        int[][] full = new int[4][4];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                full[i][j] = i == j ? 0 : 1;
            }
        }
        GpuLinkGraph synthetic = new GpuLinkGraph("synthetic-full-mesh", full, "synthetic");
        assertThat(RingPacking.channels(synthetic, 2)).isEqualTo(1);
        // Three links out of every GPU, yet the complete digraph on 4 vertices has no decomposition into
        // Hamiltonian cycles (T. W. Tillson, J. Combin. Theory B 29, 1980), so only two rings fit.
        assertThat(RingPacking.channels(synthetic, 4)).isEqualTo(2);
    }

    @Test
    void badGraphsAndRankCountsAreRefused() {
        assertThatThrownBy(() -> new GpuLinkGraph("bad", new int[][] {{0, 1}, {2, 0}}, "synthetic"))
                .hasMessageContaining("symmetric");
        assertThatThrownBy(() -> RingPacking.channels(DGX1, 9)).hasMessageContaining("between 2");
    }
}
