package io.stepcast.api.hardware;

/** How the devices of one node are connected to each other. */
public enum IntraNodeTopology {
    /** Every GPU on PCIe, peer traffic through PCIe switches and the host (AWS p2, g4dn). */
    PCIE_TREE,
    /** NVLink hybrid cube-mesh of 8 GPUs, some pairs with two links, some with none (DGX-1, p3.16xlarge). */
    NVLINK_HYBRID_CUBE_MESH,
    /** All GPUs' NVLinks into NVSwitch chips: any pair at the full per-GPU bandwidth (DGX-2, DGX A100/H100). */
    NVSWITCH,
    /** Processes on the cores of one CPU node, through shared memory. */
    SHARED_MEMORY,
    /** The source does not say how the devices are connected. */
    UNSPECIFIED
}
