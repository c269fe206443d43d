package io.stepcast.analytic.megatron;

/**
 * Tile and wave quantization of a matrix multiplication on a GPU (NVIDIA, "Matrix Multiplication Background
 * User's Guide", Deep Learning Performance documentation, sections "Tile Quantization" and "Wave Quantization",
 * https://docs.nvidia.com/deeplearning/performance/dl-performance-matrix-multiplication/index.html): the
 * M x N output is computed in tiles of {@value #TILE_LONG} x {@value #TILE_SHORT} elements (the guide's A100
 * example tile, and CUTLASS's largest FP16 tensor-core threadblock tile on sm80), each multiprocessor runs one
 * tile at a time, so the tiles run in ceil(tiles / multiprocessors) waves. Tiles padded past the matrix edge and
 * the idle multiprocessors of the last wave cost time without doing useful work: a GEMM whose few tiles cannot
 * fill the GPU (a small tensor-parallel shard of a narrow layer) runs below the efficiency that a large one
 * reaches. {@link #slowdown} is the ratio of the padded waves' time to the useful work's, at least 1; the
 * fitted {@link Efficiency#flops()} applies to what is left. The orientation of the tile (M along its long or
 * short side) is the better of the two, as the library may compute C or its transpose. Immutable.
 *
 * @param multiprocessors the GPU's streaming multiprocessors (the catalog's figure); 0 disables the model
 */
record GemmWaves(int multiprocessors) {
    /** The tile's long side, elements. */
    static final int TILE_LONG = 256;
    /** The tile's short side, elements. */
    static final int TILE_SHORT = 128;
    /** No quantization: every GEMM at the fitted efficiency (a device whose multiprocessors are not catalogued). */
    static final GemmWaves NONE = new GemmWaves(0);

    GemmWaves {
        if (multiprocessors < 0) {
            throw new IllegalArgumentException("multiprocessors must be non-negative, was " + multiprocessors);
        }
    }

    /** Time of an {@code m x n} output over the time its useful work alone would take, at least 1. */
    double slowdown(double m, double n) {
        if (multiprocessors == 0) {
            return 1;
        }
        return Math.min(oriented(m, n), oriented(n, m));
    }

    private double oriented(double m, double n) {
        double rows = Math.ceil(m / TILE_LONG);
        double cols = Math.ceil(n / TILE_SHORT);
        double tiles = rows * cols;
        double waves = Math.ceil(tiles / multiprocessors);
        return waves * multiprocessors * TILE_LONG * TILE_SHORT / (m * n);
    }

    /**
     * The FLOPs of a linear layer {@code [m x k] . [k x n]}, forward plus backward, in full-wave equivalents: the
     * forward output m x n, the input gradient m x k and the weight gradient n x k (each {@code 2 m n k} FLOPs),
     * each times its slowdown; {@code forwardPasses} is 2 with full activation recomputation, else 1.
     */
    double linearFlops(double m, double n, double k, int forwardPasses) {
        double flops = 2 * m * n * k;
        return flops * (forwardPasses * slowdown(m, n) + slowdown(m, k) + slowdown(n, k));
    }

    /**
     * The FLOPs of {@code groups} linear layers {@code [m x k] . [k x n]} run as one grouped GEMM (the experts of a MoE
     * layer: NVIDIA CUTLASS's grouped GEMM, Transformer Engine's {@code GroupedLinear}), forward plus backward, in
     * full-wave equivalents: the groups' tiles fill the multiprocessors' waves together, so that many small experts
     * lose only their padded tile edges and one last partial wave.
     */
    double groupedLinearFlops(double m, double n, double k, int groups, int forwardPasses) {
        double flops = 2 * m * n * k * groups;
        return flops * (forwardPasses * groupedSlowdown(m, n, groups) + groupedSlowdown(m, k, groups)
                + groupedSlowdown(n, k, groups));
    }

    /** {@link #slowdown} of {@code groups} outputs of {@code m x n} whose tiles share the waves. */
    double groupedSlowdown(double m, double n, int groups) {
        if (multiprocessors == 0 || m <= 0 || n <= 0) {
            return 1;
        }
        return Math.min(oriented(m, n, groups), oriented(n, m, groups));
    }

    private double oriented(double m, double n, int groups) {
        double tiles = groups * Math.ceil(m / TILE_LONG) * Math.ceil(n / TILE_SHORT);
        double waves = Math.ceil(tiles / multiprocessors);
        return waves * multiprocessors * TILE_LONG * TILE_SHORT / (groups * m * n);
    }
}
