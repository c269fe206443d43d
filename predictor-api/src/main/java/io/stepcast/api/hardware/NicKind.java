package io.stepcast.api.hardware;

/** The fabric of a {@link NicSpec}. */
public enum NicKind {
    /** Ethernet (TCP sockets, or RDMA over Converged Ethernet / EFA). */
    ETHERNET,
    /** InfiniBand (RDMA). */
    INFINIBAND
}
