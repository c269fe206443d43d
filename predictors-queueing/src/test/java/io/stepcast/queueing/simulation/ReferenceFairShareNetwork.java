package io.stepcast.queueing.simulation;

import java.util.Arrays;

/**
 * The max-min fair network as it was before the incremental engine ({@link FairShareNetwork}): every rate change
 * re-solves all classes in flight and every event scans all active classes. Kept, unchanged in its arithmetic, as
 * the reference the incremental engine is compared with ({@code IncrementalFairShareTest}).
 *
 * <p>Hosts joined by a non-blocking switch, each with a NIC of fixed capacity per direction (and optionally an
 * internal bus between its devices and its memory, also per direction). Concurrent transfers share the
 * links they cross with max-min fairness (progressive filling), recomputed whenever a transfer starts or
 * ends: the fluid processor-sharing network of Li, Yan, Paolieri and Golubchik (ICPE 2020, section 4).
 *
 * <p>Transfers crossing the same pair of links always receive the same rate, so they are grouped into
 * <em>classes</em> (one per source and destination host, and one per host bus and direction) and the
 * water-filling runs over classes, not transfers: its cost depends on the number of hosts, not on the
 * number of transfers in flight. Within a class, a transfer finishes when the class's cumulative service
 * (bytes delivered to each of its transfers since the start) reaches the value it had when the transfer
 * started plus its size; a per-class min-heap of those targets gives the next completion without touching
 * the other transfers. Nothing is allocated per transfer once the arrays have grown.
 */
final class ReferenceFairShareNetwork implements FlowNetwork {
    private final int hosts;
    private final int links;
    private final double[] capacity;
    private final int classes;
    private final int[] classLinkA;
    private final int[] classLinkB;

    private final int[] count;
    private final double[] service;
    private final double[] rate;
    private final double[][] heapKey;
    private final int[][] heapTag;
    private final int[] activeClasses;
    private final int[] activePos;
    private int activeSize;

    private final double[] remaining;
    private final int[] linkCount;
    private final boolean[] frozen;
    private final int[] usedLinks;
    private final int[] linkDegree;
    private final int[] linkStart;
    private final int[] linkFill;
    private int[] linkClasses = new int[64];

    private double now;
    /** Classes whose transfer count changed since the last look. */
    private final int[] touched;
    private final boolean[] isTouched;
    private int touchedSize;
    /** Transfer count of each class when the rates were last computed. */
    private final int[] countAtRates;
    private double nextTime = Double.POSITIVE_INFINITY;
    private int nextClass = -1;
    private long recomputations;

    /**
     * @param nicBytesPerS capacity of each host's NIC per direction, bytes/s (index = host)
     * @param busBytesPerS capacity of each host's internal bus per direction, bytes/s; positive infinity
     *                     when the bus is not modelled (bus classes must then not be used)
     */
    ReferenceFairShareNetwork(double[] nicBytesPerS, double[] busBytesPerS) {
        if (nicBytesPerS.length != busBytesPerS.length) {
            throw new IllegalArgumentException("one NIC and one bus capacity per host");
        }
        hosts = nicBytesPerS.length;
        links = 4 * hosts;
        capacity = new double[links];
        for (int h = 0; h < hosts; h++) {
            capacity[2 * h] = positive(nicBytesPerS[h], "NIC capacity of host " + h);
            capacity[2 * h + 1] = nicBytesPerS[h];
            capacity[2 * hosts + 2 * h] = busBytesPerS[h];
            capacity[2 * hosts + 2 * h + 1] = busBytesPerS[h];
        }
        classes = hosts * hosts + 2 * hosts;
        classLinkA = new int[classes];
        classLinkB = new int[classes];
        for (int s = 0; s < hosts; s++) {
            for (int d = 0; d < hosts; d++) {
                classLinkA[s * hosts + d] = 2 * s;
                classLinkB[s * hosts + d] = 2 * d + 1;
            }
        }
        for (int h = 0; h < hosts; h++) {
            for (int dir = 0; dir < 2; dir++) {
                int c = hosts * hosts + 2 * h + dir;
                classLinkA[c] = 2 * hosts + 2 * h + dir;
                classLinkB[c] = -1;
            }
        }
        count = new int[classes];
        service = new double[classes];
        rate = new double[classes];
        heapKey = new double[classes][];
        heapTag = new int[classes][];
        activeClasses = new int[classes];
        activePos = new int[classes];
        Arrays.fill(activePos, -1);
        remaining = new double[links];
        linkCount = new int[links];
        frozen = new boolean[classes];
        usedLinks = new int[links];
        linkDegree = new int[links];
        linkStart = new int[links];
        linkFill = new int[links];
        touched = new int[classes];
        isTouched = new boolean[classes];
        countAtRates = new int[classes];
    }

    private static double positive(double v, String what) {
        if (!(v > 0)) {
            throw new IllegalArgumentException(what + " must be positive, was " + v);
        }
        return v;
    }

    /** Number of hosts. */
    @Override
    public int hosts() {
        return hosts;
    }

    /** The class of a transfer from host {@code src} to another host {@code dst} over both NICs. */
    @Override
    public int nicClass(int src, int dst) {
        if (src == dst) {
            throw new IllegalArgumentException("a transfer within host " + src + " does not cross its NIC");
        }
        return src * hosts + dst;
    }

    /** The class of a copy over the bus of {@code host}: direction 0 device to host, 1 host to device. */
    @Override
    public int busClass(int host, int direction) {
        return hosts * hosts + 2 * host + direction;
    }

    /** True when the bus of {@code host} has a finite capacity, i.e. bus copies take time. */
    @Override
    public boolean busModelled(int host) {
        return Double.isFinite(capacity[2 * hosts + 2 * host]);
    }

    /** Starts a transfer of {@code bytes} in class {@code cls} at time {@code at}; {@code tag} comes back on completion. */
    @Override
    public void start(double at, int cls, double bytes, int tag) {
        advance(at);
        if (!Double.isFinite(capacity[classLinkA[cls]])) {
            throw new IllegalStateException("class " + cls + " crosses a link of infinite capacity");
        }
        if (count[cls] == 0) {
            activePos[cls] = activeSize;
            activeClasses[activeSize++] = cls;
            if (heapKey[cls] == null) {
                heapKey[cls] = new double[16];
                heapTag[cls] = new int[16];
            }
        }
        push(cls, service[cls] + bytes, tag);
        touch(cls);
    }

    private void touch(int cls) {
        if (!isTouched[cls]) {
            isTouched[cls] = true;
            touched[touchedSize++] = cls;
        }
    }

    /**
     * Brings rates and the next completion up to date. Rates are recomputed only when some class's
     * transfer count differs from the one they were computed for: a channel that starts its next message in
     * the instant its previous one ends leaves every share as it was, and that is the common case.
     */
    private void refresh() {
        if (touchedSize == 0) {
            return;
        }
        boolean changed = false;
        for (int i = 0; i < touchedSize; i++) {
            int c = touched[i];
            isTouched[c] = false;
            if (count[c] != countAtRates[c]) {
                countAtRates[c] = count[c];
                if (classLinkB[c] < 0) {
                    // A bus class is alone on its link: its share needs no water-filling.
                    if (count[c] > 0) {
                        rate[c] = capacity[classLinkA[c]] / count[c];
                    }
                } else {
                    changed = true;
                }
            }
        }
        touchedSize = 0;
        if (changed) {
            recompute();
        }
        nextCompletion();
    }

    /** Time of the next transfer completion, positive infinity when the network is idle. */
    @Override
    public double nextCompletionTime() {
        refresh();
        return nextTime;
    }

    /**
     * Completes the transfer that finishes first, at {@code at} (which must be
     * {@link #nextCompletionTime()}), and returns its tag.
     */
    @Override
    public int completeNext(double at) {
        refresh();
        int cls = nextClass;
        if (cls < 0) {
            throw new IllegalStateException("no transfer in flight");
        }
        advance(at);
        int tag = pop(cls);
        if (count[cls] == 0) {
            int pos = activePos[cls];
            int last = activeClasses[--activeSize];
            activeClasses[pos] = last;
            activePos[last] = pos;
            activePos[cls] = -1;
            // Reset the service counter of an idle class so that it cannot lose precision over a long run.
            service[cls] = 0;
        }
        touch(cls);
        return tag;
    }

    /** First link crossed by class {@code cls}. */
    @Override
    public int linkA(int cls) {
        return classLinkA[cls];
    }

    /** Second link crossed by class {@code cls}, or -1. */
    @Override
    public int linkB(int cls) {
        return classLinkB[cls];
    }

    /** A readable name of link {@code l}, for traces. */
    @Override
    public String linkName(int l) {
        if (l < 2 * hosts) {
            return "host " + (l / 2) + " NIC " + (l % 2 == 0 ? "out" : "in");
        }
        int k = l - 2 * hosts;
        return "host " + (k / 2) + " bus " + (k % 2 == 0 ? "device-to-host" : "host-to-device");
    }

    /** Current rate of each transfer of class {@code cls}, bytes/s (0 when idle). */
    @Override
    public double rateOf(int cls) {
        refresh();
        return count[cls] == 0 ? 0 : rate[cls];
    }

    /** How many times the fair shares were recomputed. */
    @Override
    public long recomputations() {
        return recomputations;
    }

    private void advance(double at) {
        double dt = at - now;
        if (dt < 0) {
            throw new IllegalStateException("network time cannot go back from " + now + " to " + at);
        }
        if (dt > 0) {
            refresh();
            for (int i = 0; i < activeSize; i++) {
                int c = activeClasses[i];
                service[c] += rate[c] * dt;
            }
            now = at;
        }
    }

    /**
     * Progressive filling over the links in use: the link with the smallest fair share (remaining capacity
     * over unfrozen transfers) fixes the rate of its unfrozen classes, which then take their share from their
     * other link. Each used link lists its active classes (laid out contiguously), so an iteration costs the
     * bottleneck's classes plus a scan of the used links.
     */
    private void recompute() {
        recomputations++;
        int used = 0;
        int unfrozen = 0;
        for (int i = 0; i < activeSize; i++) {
            int c = activeClasses[i];
            if (classLinkB[c] < 0) {
                // A bus class is alone on its link: its fair share is the link over its transfers.
                frozen[c] = true;
                rate[c] = capacity[classLinkA[c]] / count[c];
                continue;
            }
            frozen[c] = false;
            unfrozen++;
            used = use(classLinkA[c], c, used);
            used = use(classLinkB[c], c, used);
        }
        int offset = 0;
        for (int i = 0; i < used; i++) {
            int l = usedLinks[i];
            linkStart[l] = offset;
            linkFill[l] = offset;
            offset += linkDegree[l];
        }
        if (linkClasses.length < offset) {
            linkClasses = new int[Math.max(offset, 2 * linkClasses.length)];
        }
        for (int i = 0; i < activeSize; i++) {
            int c = activeClasses[i];
            if (classLinkB[c] >= 0) {
                linkClasses[linkFill[classLinkA[c]]++] = c;
                linkClasses[linkFill[classLinkB[c]]++] = c;
            }
        }
        while (unfrozen > 0) {
            double best = Double.POSITIVE_INFINITY;
            int bottleneck = -1;
            for (int i = 0; i < used; i++) {
                int l = usedLinks[i];
                if (linkCount[l] > 0) {
                    double share = remaining[l] / linkCount[l];
                    if (share < best) {
                        best = share;
                        bottleneck = l;
                    }
                }
            }
            if (bottleneck < 0) {
                break;
            }
            // Rounding can leave a saturated link with a hair less than nothing: keep every transfer moving.
            double share = best > 0 ? best : capacity[bottleneck] * 1e-12;
            for (int k = linkStart[bottleneck]; k < linkFill[bottleneck]; k++) {
                int c = linkClasses[k];
                if (frozen[c]) {
                    continue;
                }
                frozen[c] = true;
                unfrozen--;
                rate[c] = share;
                int a = classLinkA[c];
                remaining[a] -= share * count[c];
                linkCount[a] -= count[c];
                int b = classLinkB[c];
                if (b >= 0) {
                    remaining[b] -= share * count[c];
                    linkCount[b] -= count[c];
                }
            }
        }
        for (int i = 0; i < used; i++) {
            int l = usedLinks[i];
            linkCount[l] = 0;
            linkDegree[l] = 0;
        }
    }

    private int use(int l, int c, int used) {
        if (linkDegree[l] == 0) {
            usedLinks[used++] = l;
            remaining[l] = capacity[l];
            linkCount[l] = 0;
        }
        linkDegree[l]++;
        linkCount[l] += count[c];
        return used;
    }

    private void nextCompletion() {
        nextTime = Double.POSITIVE_INFINITY;
        nextClass = -1;
        for (int i = 0; i < activeSize; i++) {
            int c = activeClasses[i];
            double left = Math.max(heapKey[c][0] - service[c], 0);
            double t = now + left / rate[c];
            if (t < nextTime || (t == nextTime && c < nextClass)) {
                nextTime = t;
                nextClass = c;
            }
        }
    }

    private void push(int cls, double key, int tag) {
        int n = count[cls];
        if (n == heapKey[cls].length) {
            heapKey[cls] = Arrays.copyOf(heapKey[cls], n * 2);
            heapTag[cls] = Arrays.copyOf(heapTag[cls], n * 2);
        }
        double[] k = heapKey[cls];
        int[] g = heapTag[cls];
        int i = n;
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (k[p] < key || (k[p] == key && g[p] < tag)) {
                break;
            }
            k[i] = k[p];
            g[i] = g[p];
            i = p;
        }
        k[i] = key;
        g[i] = tag;
        count[cls] = n + 1;
    }

    private int pop(int cls) {
        double[] k = heapKey[cls];
        int[] g = heapTag[cls];
        int top = g[0];
        int n = --count[cls];
        if (n > 0) {
            double key = k[n];
            int tag = g[n];
            int i = 0;
            while (true) {
                int c = 2 * i + 1;
                if (c >= n) {
                    break;
                }
                if (c + 1 < n && (k[c + 1] < k[c] || (k[c + 1] == k[c] && g[c + 1] < g[c]))) {
                    c++;
                }
                if (key < k[c] || (key == k[c] && tag < g[c])) {
                    break;
                }
                k[i] = k[c];
                g[i] = g[c];
                i = c;
            }
            k[i] = key;
            g[i] = tag;
        }
        return top;
    }
}
