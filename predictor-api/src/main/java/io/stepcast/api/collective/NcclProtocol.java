package io.stepcast.api.collective;

/**
 * NCCL's three protocol regimes, which trade bandwidth for latency. LL sends 4 bytes of data with a 4-byte
 * flag in every 8-byte store, so half the bandwidth at the lowest latency; LL128 sends 120 bytes of data in
 * every 128-byte line; Simple uses the whole bandwidth with a fence per chunk, hence the highest latency.
 * The latencies are NCCL's own tuning model, {@code src/graph/tuning.cc} ({@code baseLat} and the Ring
 * row of {@code hwLat}), https://github.com/NVIDIA/nccl/blob/master/src/graph/tuning.cc; the protocols are
 * described in the NCCL documentation, {@code NCCL_PROTO},
 * https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-proto.
 */
public enum NcclProtocol {
    /** Low latency: 8-byte stores of 4 bytes of data and a flag. */
    LL(0.5, 6.6, 0.6, 1.0, 2.7),
    /** Low latency on 128-byte lines, 120 bytes of which are data. */
    LL128(120.0 / 128.0, 14.0, 1.9, 2.5, 4.0),
    /** Full bandwidth, highest latency. */
    SIMPLE(1.0, 8.4, 3.4, 5.7, 14.0);

    /** The hardware class of a hop, as NCCL's tuning model distinguishes them. */
    public enum Hardware {
        /** NVLink or NVSwitch. */
        NVLINK,
        /** PCIe or the host bus. */
        PCI,
        /** The network between nodes. */
        NET
    }

    private final double bandwidthShare;
    private final double baseLatencyUs;
    private final double nvlinkUs;
    private final double pciUs;
    private final double netUs;

    NcclProtocol(double bandwidthShare, double baseLatencyUs, double nvlinkUs, double pciUs, double netUs) {
        this.bandwidthShare = bandwidthShare;
        this.baseLatencyUs = baseLatencyUs;
        this.nvlinkUs = nvlinkUs;
        this.pciUs = pciUs;
        this.netUs = netUs;
    }

    /** The fraction of a link's bandwidth that carries data. */
    public double bandwidthShare() {
        return bandwidthShare;
    }

    /** The fixed latency of one ring collective call, microseconds ({@code baseLat}). */
    public double baseLatencyUs() {
        return baseLatencyUs;
    }

    /** The latency of one ring hop on the given hardware, microseconds ({@code hwLat}). */
    public double hopLatencyUs(Hardware hardware) {
        return switch (hardware) {
            case NVLINK -> nvlinkUs;
            case PCI -> pciUs;
            case NET -> netUs;
        };
    }
}
