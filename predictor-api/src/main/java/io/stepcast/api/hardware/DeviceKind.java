package io.stepcast.api.hardware;

/** What a compute device of the {@link HardwareCatalog} is: a GPU or a CPU (node). */
public enum DeviceKind {
    /** A graphics processor (one die: a K80 board holds two). */
    GPU,
    /** A CPU or a virtual CPU node, as in BigDL's Spark executors. */
    CPU
}
