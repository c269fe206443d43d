package io.stepcast.api.hardware;

/** The technology of an intra-node {@link LinkSpec}. */
public enum LinkKind {
    /** PCI Express, through the host's root complex or a switch. */
    PCIE,
    /** NVIDIA NVLink, point to point between GPUs. */
    NVLINK,
    /** NVIDIA NVSwitch: every GPU's NVLinks into a non-blocking switch. */
    NVSWITCH,
    /** The processor interconnect between sockets (Intel QPI/UPI). */
    HOST_BUS
}
