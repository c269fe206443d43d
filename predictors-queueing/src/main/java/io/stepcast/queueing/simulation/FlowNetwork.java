package io.stepcast.queueing.simulation;

/**
 * The fluid network the {@link Simulator} sends its transfers over: hosts with a NIC per direction (and optionally a
 * bus), transfers grouped into classes by the links they cross, rates max-min fair (Li, Yan, Paolieri, Golubchik,
 * ICPE 2020, section 4). {@link FairShareNetwork} is the engine; the interface lets a test run the simulation over
 * a reference engine and compare completion times.
 */
interface FlowNetwork {
    /** Builds a network from per-host NIC and bus capacities (bytes/s per direction). */
    @FunctionalInterface
    interface Factory {
        FlowNetwork create(double[] nicBytesPerS, double[] busBytesPerS);
    }

    /** Number of hosts. */
    int hosts();

    /** The class of a transfer from host {@code src} to another host {@code dst} over both NICs. */
    int nicClass(int src, int dst);

    /** The class of a copy over the bus of {@code host}: direction 0 device to host, 1 host to device. */
    int busClass(int host, int direction);

    /** True when the bus of {@code host} has a finite capacity. */
    boolean busModelled(int host);

    /** Starts a transfer of {@code bytes} in class {@code cls} at time {@code at}; {@code tag} comes back on completion. */
    void start(double at, int cls, double bytes, int tag);

    /** Time of the next transfer completion, positive infinity when the network is idle. */
    double nextCompletionTime();

    /** Completes the transfer that finishes first, at {@code at} (the {@link #nextCompletionTime()}); returns its tag. */
    int completeNext(double at);

    /** First link crossed by class {@code cls}. */
    int linkA(int cls);

    /** Second link crossed by class {@code cls}, or -1. */
    int linkB(int cls);

    /** A readable name of link {@code l}, for traces. */
    String linkName(int l);

    /** Current rate of each transfer of class {@code cls}, bytes/s (0 when idle). */
    double rateOf(int cls);

    /** How many times fair shares were recomputed. */
    long recomputations();
}
