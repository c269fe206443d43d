package io.stepcast.api;

/** How the workers of a data-parallel job exchange parameters and gradients. */
public enum Architecture {
    /** Asynchronous SGD with parameter servers: no barrier across workers. */
    ASYNC_PS,
    /** Synchronous SGD with parameter servers: the servers update after all workers' gradients arrived. */
    SYNC_PS,
    /** Synchronous SGD with a collective all-reduce of the gradients (Horovod, PyTorch DDP, BigDL). */
    ALLREDUCE;

    /** True for the two parameter-server architectures. */
    public boolean usesParameterServers() {
        return this != ALLREDUCE;
    }

    /** True when workers wait for each other every step. */
    public boolean synchronous() {
        return this != ASYNC_PS;
    }
}
