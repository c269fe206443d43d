package io.stepcast.queueing.simulation;

import java.util.Arrays;

/**
 * Hosts joined by a non-blocking switch, each with a NIC of fixed capacity per direction (and optionally an
 * internal bus between its devices and its memory, also per direction). Concurrent transfers share the links
 * they cross with max-min fairness (progressive filling), recomputed whenever a transfer starts or ends: the
 * fluid processor-sharing network of Li, Yan, Paolieri and Golubchik (ICPE 2020, section 4).
 *
 * <p>Transfers crossing the same pair of links always receive the same rate, so they are grouped into
 * <em>classes</em> (one per source and destination host, and one per host bus and direction), allocated on first
 * use. The engine is incremental, so that an event's cost does not grow with the transfers in flight:
 * <ul>
 *   <li>Every active class belongs to the <em>group</em> of its bottleneck link (the link at which progressive
 *       filling froze it); all classes of a group have the group's rate. A group keeps a virtual clock, the
 *       service (bytes) delivered to each of its transfers, advanced lazily from the time its rate last changed;
 *       a class's own service is the clock minus an offset taken when it joined. A rate change is one update of
 *       the group, not of its classes.</li>
 *   <li>Within a class an {@link IntHeap} of completion targets (in the class's service, equal targets by tag) gives
 *       its next completion; the
 *       group keeps a heap of its classes by next target, and one timer per group sits in a heap of timers.
 *       Starting or ending a transfer updates its class, group and timer in O(log n); untouched groups keep
 *       their timers.</li>
 *   <li>Rates are recomputed only when a class's transfer count changed since the last computation (a channel
 *       that starts its next message in the instant its previous one ended leaves every share as it was), and
 *       only over the connected component of the changed classes. A component that is one shared link whose
 *       classes each cross a link of their own (a parameter server's NIC and its workers' NICs) is solved in
 *       O(log n): when no class is held below the link's equal share by its own link, every class gets the equal
 *       share, which is what progressive filling gives. Any other component is solved by progressive filling over
 *       its links and classes, exactly as before.</li>
 * </ul>
 * The rates are those of progressive filling over all classes; completion times agree with the non-incremental
 * engine up to floating-point rounding (the test compares them). Not thread-safe.
 */
final class FairShareNetwork implements FlowNetwork {
    private final int hosts;
    private final int links;

    // Class index: reference class id (source * hosts + destination, then the bus classes) -> slot.
    private final LongIntMap slotOf = new LongIntMap();
    private int slots;

    // Per class slot. The fields an event reads are interleaved in two records, so that a class costs about two cache
    // lines instead of one per array: its links, transfer count (now and at the last rate computation), group and flags
    // (in its group, marked touched, first link of infinite capacity); and its service offset, key in its group's heap,
    // earliest target (a copy of its transfer heap's top) and reference id (the heaps' tie-break). Its slot in its
    // group's heap is kept apart, in a compact array: a sift writes the slot of every class it moves, most of which
    // the event does not otherwise touch. (The int record has two spare fields: eight ints keep it within a cache
    // line more often.)
    private static final int CI = 8;
    private static final int LA = 0;
    private static final int LB = 1;
    private static final int COUNT = 2;
    private static final int COUNT_AT_RATES = 3;
    private static final int GROUP = 4;
    private static final int FLAGS = 5;
    private static final int IN_GROUP = 1;
    private static final int TOUCHED = 2;
    private static final int INFINITE_A = 4;
    private int[] ci = new int[16 * CI];
    private static final int CD = 4;
    private static final int OFF = 0;
    private static final int GKEY = 1;
    private static final int TOP_KEY = 2;
    private static final int ORIG = 3;
    private double[] cd = new double[16 * CD];
    private int[] gpos = new int[16];
    // The transfers of a class by completion target then tag; the earliest target is copied into the class's record
    // (TOP_KEY), which the group's bookkeeping reads.
    private final ClassTransfers transfers = new ClassTransfers();
    private double[] kapA = new double[16];
    private double[] kapB = new double[16];
    private int[] kposA = new int[16];
    private int[] kposB = new int[16];
    private int[] lposA = new int[16];
    private int[] lposB = new int[16];
    private int[] touched = new int[16];
    private int touchedSize;
    private int[] pending = new int[16];
    private int pendingSize;
    private int[] cstamp = new int[16];
    private boolean[] frozen = new boolean[16];
    private int[] newGroup = new int[16];
    private int[] compClasses = new int[16];

    // Per link. The fields an event reads are interleaved likewise: capacity and the group's virtual clock, rate and
    // the time of its clock; the slot of its timer, whether the timer is stale, its classes, the neighbouring links
    // that other classes share and, for a host bus, its class. A bus link's group holds at most its own class (no NIC
    // class crosses it), so it needs no heap: a copy over a bus, once per tensor and gradient, touches neither a heap
    // nor its arrays.
    private static final int LD = 4;
    private static final int CAP = 0;
    private static final int CLOCK = 1;
    private static final int RATE = 2;
    private static final int TIME = 3;
    private final double[] ld;
    private static final int LI = 5;
    private static final int TPOS = 0;
    private static final int STALE = 1;
    private static final int DEG = 2;
    private static final int SHARED = 3;
    private static final int BUS_CLASS = 4;
    private final int[] li;
    private final long[] flows;
    private final int[][] lcls;
    private final IntHeap[] kheap;
    private final IntHeap[] gheap;
    private final IntHeap timers = new IntHeap(LI, TPOS);
    private final int[] staleTimers;
    private int staleTimerCount;
    private final double[] remaining;
    private final long[] lcount;
    private final double[] share;
    private final int[] lstamp;
    private final int[] processed;
    private final int[] dirty;
    private final int[] dirtyStamp;
    private final int[] compLinks;
    private int dirtySize;
    private int refreshStamp;
    private int bfsStamp;

    private double now;
    private long recomputations;

    /**
     * @param nicBytesPerS capacity of each host's NIC per direction, bytes/s (index = host)
     * @param busBytesPerS capacity of each host's internal bus per direction, bytes/s; positive infinity
     *                     when the bus is not modelled (bus classes must then not be used)
     */
    FairShareNetwork(double[] nicBytesPerS, double[] busBytesPerS) {
        if (nicBytesPerS.length != busBytesPerS.length) {
            throw new IllegalArgumentException("one NIC and one bus capacity per host");
        }
        hosts = nicBytesPerS.length;
        links = 4 * hosts;
        ld = new double[links * LD];
        li = new int[links * LI];
        for (int h = 0; h < hosts; h++) {
            ld[2 * h * LD + CAP] = positive(nicBytesPerS[h], "NIC capacity of host " + h);
            ld[(2 * h + 1) * LD + CAP] = nicBytesPerS[h];
            ld[(2 * hosts + 2 * h) * LD + CAP] = busBytesPerS[h];
            ld[(2 * hosts + 2 * h + 1) * LD + CAP] = busBytesPerS[h];
        }
        for (int l = 0; l < links; l++) {
            li[l * LI + TPOS] = -1;
            li[l * LI + BUS_CLASS] = -1;
        }
        flows = new long[links];
        lcls = new int[links][];
        kheap = new IntHeap[links];
        gheap = new IntHeap[links];
        staleTimers = new int[links];
        remaining = new double[links];
        lcount = new long[links];
        share = new double[links];
        lstamp = new int[links];
        processed = new int[links];
        dirty = new int[links];
        dirtyStamp = new int[links];
        compLinks = new int[links];
    }

    private static double positive(double v, String what) {
        if (!(v > 0)) {
            throw new IllegalArgumentException(what + " must be positive, was " + v);
        }
        return v;
    }

    @Override
    public int hosts() {
        return hosts;
    }

    @Override
    public int nicClass(int src, int dst) {
        if (src == dst) {
            throw new IllegalArgumentException("a transfer within host " + src + " does not cross its NIC");
        }
        return slot((long) src * hosts + dst, 2 * src, 2 * dst + 1);
    }

    @Override
    public int busClass(int host, int direction) {
        return slot((long) hosts * hosts + 2L * host + direction, 2 * hosts + 2 * host + direction, -1);
    }

    @Override
    public boolean busModelled(int host) {
        return Double.isFinite(ld[(2 * hosts + 2 * host) * LD + CAP]);
    }

    @Override
    public int linkA(int cls) {
        return ci[cls * CI + LA];
    }

    @Override
    public int linkB(int cls) {
        return ci[cls * CI + LB];
    }

    @Override
    public String linkName(int l) {
        if (l < 2 * hosts) {
            return "host " + (l / 2) + " NIC " + (l % 2 == 0 ? "out" : "in");
        }
        int k = l - 2 * hosts;
        return "host " + (k / 2) + " bus " + (k % 2 == 0 ? "device-to-host" : "host-to-device");
    }

    @Override
    public double rateOf(int cls) {
        refresh();
        return ci[cls * CI + COUNT] == 0 ? 0 : ld[(ci[cls * CI + GROUP]) * LD + RATE];
    }

    @Override
    public long recomputations() {
        return recomputations;
    }

    @Override
    public void start(double at, int cls, double bytes, int tag) {
        advance(at);
        if ((ci[cls * CI + FLAGS] & INFINITE_A) != 0) {
            throw new IllegalStateException("class " + orig(cls) + " crosses a link of infinite capacity");
        }
        // An idle class's service restarts from zero, as does the non-incremental engine's.
        double service = 0;
        if (inGroup(cls)) {
            if (ci[cls * CI + COUNT] == 0) {
                cd[cls * CD + OFF] = clockNow(ci[cls * CI + GROUP]);
            } else {
                service = clockNow(ci[cls * CI + GROUP]) - cd[cls * CD + OFF];
            }
        }
        push(cls, service + bytes, tag);
        if (inGroup(cls)) {
            double g = cd[cls * CD + TOP_KEY] + cd[cls * CD + OFF];
            if (g != cd[cls * CD + GKEY] || ci[cls * CI + COUNT] == 1) {
                cd[cls * CD + GKEY] = g;
                if (!isBus(ci[cls * CI + GROUP])) {
                    gheap[ci[cls * CI + GROUP]].update(cls, g, orig(cls), gpos);
                }
                updateTimer(ci[cls * CI + GROUP]);
            }
        }
        touch(cls);
    }

    @Override
    public double nextCompletionTime() {
        refresh();
        return timers.isEmpty() ? Double.POSITIVE_INFINITY : timers.topKey();
    }

    @Override
    public int completeNext(double at) {
        refresh();
        if (timers.isEmpty() || timers.topKey() == Double.POSITIVE_INFINITY) {
            throw new IllegalStateException("no transfer in flight");
        }
        int g = timers.top();
        advance(at);
        IntHeap h = isBus(g) ? null : gheap[g];
        int cls = h == null ? li[g * LI + BUS_CLASS] : h.top();
        int tag = pop(cls);
        if (ci[cls * CI + COUNT] > 0) {
            cd[cls * CD + GKEY] = cd[cls * CD + TOP_KEY] + cd[cls * CD + OFF];
            if (h != null) {
                h.update(cls, cd[cls * CD + GKEY], orig(cls), gpos);
            }
            updateTimer(g);
        }
        // An emptied class stays where it is in its group, its key and the group's timer stale, until it starts
        // again (a channel's next message in the same instant only re-keys it) or the rates are next brought up
        // to date (it leaves): both happen before the next completion is asked for.
        touch(cls);
        return tag;
    }

    private void advance(double at) {
        double dt = at - now;
        if (dt < 0) {
            throw new IllegalStateException("network time cannot go back from " + now + " to " + at);
        }
        if (dt > 0) {
            refresh();
            now = at;
        }
    }

    private void touch(int cls) {
        if ((ci[cls * CI + FLAGS] & TOUCHED) == 0) {
            ci[cls * CI + FLAGS] |= TOUCHED;
            touched[touchedSize++] = cls;
        }
    }

    private boolean inGroup(int cls) {
        return (ci[cls * CI + FLAGS] & IN_GROUP) != 0;
    }

    /** The reference id of a class, its heaps' tie-break (exact as a double: below 2^53). */
    private long orig(int cls) {
        return (long) cd[cls * CD + ORIG];
    }

    /** The group's virtual clock at the current time, without storing it. */
    private double clockNow(int g) {
        return ld[g * LD + CLOCK] + ld[g * LD + RATE] * (now - ld[g * LD + TIME]);
    }

    /** Stores the group's clock at the current time, before its rate or membership changes. */
    private void materialize(int g) {
        ld[g * LD + CLOCK] = clockNow(g);
        ld[g * LD + TIME] = now;
    }

    private void resetGroup(int g) {
        // An idle group restarts its clock from zero so that it cannot lose precision over a long run. Its rate
        // stands: a class that ends and restarts in the same instant rejoins at the rate its counts were given.
        ld[g * LD + CLOCK] = 0;
        ld[g * LD + TIME] = now;
    }

    /** True for a host's bus (either direction), false for a NIC. */
    private boolean isBus(int l) {
        return l >= 2 * hosts;
    }

    private IntHeap groupHeap(int l) {
        IntHeap h = gheap[l];
        if (h == null) {
            h = new IntHeap(1, 0);
            gheap[l] = h;
        }
        return h;
    }

    /** Puts a class with service {@code service} into group {@code g} (whose clock is stored at now). */
    private void join(int cls, int g, double service) {
        cd[cls * CD + OFF] = ld[g * LD + CLOCK] - service;
        cd[cls * CD + GKEY] = cd[cls * CD + TOP_KEY] + cd[cls * CD + OFF];
        ci[cls * CI + GROUP] = g;
        ci[cls * CI + FLAGS] |= IN_GROUP;
        if (!isBus(g)) {
            groupHeap(g).insert(cls, cd[cls * CD + GKEY], orig(cls), gpos);
        }
    }

    /** Takes an emptied class out of its group. */
    private void leave(int cls) {
        int g = ci[cls * CI + GROUP];
        ci[cls * CI + FLAGS] &= ~IN_GROUP;
        if (isBus(g)) {
            resetGroup(g);
        } else {
            IntHeap h = gheap[g];
            h.remove(cls, gpos);
            if (h.isEmpty()) {
                resetGroup(g);
            }
        }
        updateTimer(g);
    }

    /**
     * Marks the timer of group {@code g} for recomputation at the end of the next {@link #refresh()}: a group's timer
     * depends only on its state at the current time, and every change is followed by a refresh before a timer is
     * read, so computing it once per refresh gives the timer of the last change (and the same earliest timer, as
     * the timers' ties are distinct).
     */
    private void updateTimer(int g) {
        if (li[g * LI + STALE] == 0) {
            li[g * LI + STALE] = 1;
            staleTimers[staleTimerCount++] = g;
        }
    }

    private void applyTimer(int g) {
        int cls = timedClass(g);
        if (cls < 0) {
            if (li[g * LI + TPOS] >= 0) {
                timers.remove(g, li);
            }
            return;
        }
        double key = isBus(g) ? cd[cls * CD + GKEY] : gheap[g].topKey();
        double t;
        if (ld[g * LD + RATE] > 0 && key != Double.POSITIVE_INFINITY) {
            double left = Math.max(key - ld[g * LD + CLOCK], 0);
            t = Math.max(ld[g * LD + TIME] + left / ld[g * LD + RATE], now);
        } else {
            t = Double.POSITIVE_INFINITY;
        }
        if (li[g * LI + TPOS] >= 0) {
            timers.update(g, t, orig(cls), li);
        } else {
            timers.insert(g, t, orig(cls), li);
        }
    }

    /** The class of group {@code g} whose transfer completes first, or -1 when the group is empty. */
    private int timedClass(int g) {
        if (isBus(g)) {
            int cls = li[g * LI + BUS_CLASS];
            return cls >= 0 && inGroup(cls) ? cls : -1;
        }
        IntHeap h = gheap[g];
        return h == null || h.isEmpty() ? -1 : h.top();
    }

    /** Brings rates and timers up to date with the transfer counts. */
    private void refresh() {
        if (touchedSize == 0 && staleTimerCount == 0) {
            return;
        }
        int stamp = ++refreshStamp;
        dirtySize = 0;
        pendingSize = 0;
        for (int i = 0; i < touchedSize; i++) {
            int c = touched[i];
            ci[c * CI + FLAGS] &= ~TOUCHED;
            int n = ci[c * CI + COUNT];
            int before = ci[c * CI + COUNT_AT_RATES];
            if (ci[c * CI + LB] < 0) {
                // A bus class is alone on its link: its share needs no water-filling.
                int g = ci[c * CI + LA];
                if (n == 0) {
                    if (inGroup(c)) {
                        leave(c);
                    }
                    ci[c * CI + COUNT_AT_RATES] = 0;
                    continue;
                }
                if (!inGroup(c)) {
                    materialize(g);
                    join(c, g, 0);
                }
                if (n != before) {
                    ci[c * CI + COUNT_AT_RATES] = n;
                    if (n > 0) {
                        materialize(g);
                        ld[g * LD + RATE] = ld[g * LD + CAP] / n;
                    }
                }
                updateTimer(g);
                continue;
            }
            if (n != before) {
                if (before == 0) {
                    activate(c, n);
                } else if (n == 0) {
                    deactivate(c, before);
                    if (inGroup(c)) {
                        leave(c);
                    }
                } else {
                    recount(c, before, n);
                }
                ci[c * CI + COUNT_AT_RATES] = n;
                markDirty(ci[c * CI + LA], stamp);
                markDirty(ci[c * CI + LB], stamp);
            }
        }
        touchedSize = 0;
        for (int i = 0; i < dirtySize; i++) {
            int l = dirty[i];
            if (processed[l] == stamp || li[l * LI + DEG] == 0) {
                continue;
            }
            int root = l;
            if (li[l * LI + DEG] == 1) {
                int c = lcls[l][0];
                int o = ci[c * CI + LA] == l ? ci[c * CI + LB] : ci[c * CI + LA];
                if (li[o * LI + DEG] < 2) {
                    general(l, stamp);
                    continue;
                }
                root = o;
                if (processed[root] == stamp) {
                    continue;
                }
            }
            if (!star(root, stamp)) {
                general(root, stamp);
            }
        }
        for (int i = 0; i < staleTimerCount; i++) {
            int g = staleTimers[i];
            li[g * LI + STALE] = 0;
            applyTimer(g);
        }
        staleTimerCount = 0;
    }

    private void markDirty(int l, int stamp) {
        if (dirtyStamp[l] != stamp) {
            dirtyStamp[l] = stamp;
            dirty[dirtySize++] = l;
        }
    }

    private void addPending(int c) {
        if (pendingSize == pending.length) {
            pending = Arrays.copyOf(pending, 2 * pendingSize);
        }
        pending[pendingSize++] = c;
    }

    /**
     * The component of a link {@code l} whose classes each cross a link of their own: when none of those links
     * holds its class below the equal share of {@code l}, progressive filling freezes every class at that share.
     * Returns false (nothing decided) when that does not hold.
     */
    private boolean star(int l, int stamp) {
        if (li[l * LI + SHARED] != 0) {
            return false;
        }
        double equal = ld[l * LD + CAP] / flows[l];
        double tightest = kheap[l].topKey();
        if (tightest < equal) {
            return false;
        }
        materialize(l);
        for (int i = 0; i < pendingSize; i++) {
            int c = pending[i];
            if (!inGroup(c) && (ci[c * CI + LA] == l || ci[c * CI + LB] == l)) {
                join(c, l, 0);
            }
        }
        IntHeap h = groupHeap(l);
        if (h.size() != li[l * LI + DEG]) {
            return false; // some class was frozen at its own link before: re-solve the component
        }
        ld[l * LD + RATE] = equal;
        processed[l] = stamp;
        recomputations++;
        updateTimer(l);
        return true;
    }

    /** Progressive filling over the connected component of link {@code root}, as the non-incremental engine does. */
    private void general(int root, int stamp) {
        recomputations++;
        int bs = ++bfsStamp;
        int nl = 0;
        int nc = 0;
        compLinks[nl++] = root;
        lstamp[root] = bs;
        for (int i = 0; i < nl; i++) {
            int l = compLinks[i];
            processed[l] = stamp;
            int[] list = lcls[l];
            for (int k = 0; k < li[l * LI + DEG]; k++) {
                int c = list[k];
                if (cstamp[c] == bs) {
                    continue;
                }
                cstamp[c] = bs;
                compClasses[nc++] = c;
                int o = ci[c * CI + LA] == l ? ci[c * CI + LB] : ci[c * CI + LA];
                if (lstamp[o] != bs) {
                    lstamp[o] = bs;
                    compLinks[nl++] = o;
                }
            }
        }
        for (int i = 0; i < nl; i++) {
            int l = compLinks[i];
            remaining[l] = ld[l * LD + CAP];
            lcount[l] = flows[l];
            share[l] = 0;
        }
        for (int i = 0; i < nc; i++) {
            frozen[compClasses[i]] = false;
        }
        int unfrozen = nc;
        while (unfrozen > 0) {
            double best = Double.POSITIVE_INFINITY;
            int bottleneck = -1;
            for (int i = 0; i < nl; i++) {
                int l = compLinks[i];
                if (lcount[l] > 0) {
                    double s = remaining[l] / lcount[l];
                    if (s < best) {
                        best = s;
                        bottleneck = l;
                    }
                }
            }
            if (bottleneck < 0) {
                break;
            }
            // Rounding can leave a saturated link with a hair less than nothing: keep every transfer moving.
            double s = best > 0 ? best : ld[bottleneck * LD + CAP] * 1e-12;
            share[bottleneck] = s;
            int[] list = lcls[bottleneck];
            for (int k = 0; k < li[bottleneck * LI + DEG]; k++) {
                int c = list[k];
                if (frozen[c]) {
                    continue;
                }
                frozen[c] = true;
                unfrozen--;
                newGroup[c] = bottleneck;
                int n = ci[c * CI + COUNT];
                remaining[ci[c * CI + LA]] -= s * n;
                lcount[ci[c * CI + LA]] -= n;
                remaining[ci[c * CI + LB]] -= s * n;
                lcount[ci[c * CI + LB]] -= n;
            }
        }
        for (int i = 0; i < nl; i++) {
            materialize(compLinks[i]);
        }
        for (int i = 0; i < nc; i++) {
            int c = compClasses[i];
            int ng = newGroup[c];
            if (!inGroup(c)) {
                join(c, ng, 0);
            } else if (ci[c * CI + GROUP] != ng) {
                int og = ci[c * CI + GROUP];
                double service = ld[og * LD + CLOCK] - cd[c * CD + OFF];
                gheap[og].remove(c, gpos);
                join(c, ng, service);
            }
        }
        for (int i = 0; i < nl; i++) {
            int l = compLinks[i];
            IntHeap h = gheap[l];
            if (h != null && !h.isEmpty()) {
                ld[l * LD + RATE] = share[l];
            } else {
                resetGroup(l);
            }
            updateTimer(l);
        }
    }

    private IntHeap kappaHeap(int l) {
        IntHeap h = kheap[l];
        if (h == null) {
            h = new IntHeap(1, 0);
            kheap[l] = h;
        }
        return h;
    }

    private void activate(int c, int n) {
        int a = ci[c * CI + LA];
        int b = ci[c * CI + LB];
        if (li[a * LI + DEG] == 1) {
            int c2 = lcls[a][0];
            li[(ci[c2 * CI + LB]) * LI + SHARED]++;
        }
        if (li[b * LI + DEG] == 1) {
            int c2 = lcls[b][0];
            li[(ci[c2 * CI + LA]) * LI + SHARED]++;
        }
        lposA[c] = addToLink(a, c);
        lposB[c] = addToLink(b, c);
        if (li[b * LI + DEG] >= 2) {
            li[a * LI + SHARED]++;
        }
        if (li[a * LI + DEG] >= 2) {
            li[b * LI + SHARED]++;
        }
        flows[a] += n;
        flows[b] += n;
        kapA[c] = ld[b * LD + CAP] / n;
        kapB[c] = ld[a * LD + CAP] / n;
        kappaHeap(a).insert(c, kapA[c], orig(c), kposA);
        kappaHeap(b).insert(c, kapB[c], orig(c), kposB);
        addPending(c);
    }

    private void deactivate(int c, int before) {
        int a = ci[c * CI + LA];
        int b = ci[c * CI + LB];
        if (li[b * LI + DEG] >= 2) {
            li[a * LI + SHARED]--;
        }
        if (li[a * LI + DEG] >= 2) {
            li[b * LI + SHARED]--;
        }
        removeFromLink(a, lposA[c], true);
        removeFromLink(b, lposB[c], false);
        if (li[a * LI + DEG] == 1) {
            int c2 = lcls[a][0];
            li[(ci[c2 * CI + LB]) * LI + SHARED]--;
        }
        if (li[b * LI + DEG] == 1) {
            int c2 = lcls[b][0];
            li[(ci[c2 * CI + LA]) * LI + SHARED]--;
        }
        flows[a] -= before;
        flows[b] -= before;
        kheap[a].remove(c, kposA);
        kheap[b].remove(c, kposB);
    }

    private void recount(int c, int before, int n) {
        int a = ci[c * CI + LA];
        int b = ci[c * CI + LB];
        flows[a] += n - before;
        flows[b] += n - before;
        kapA[c] = ld[b * LD + CAP] / n;
        kapB[c] = ld[a * LD + CAP] / n;
        kheap[a].update(c, kapA[c], orig(c), kposA);
        kheap[b].update(c, kapB[c], orig(c), kposB);
    }

    private int addToLink(int l, int c) {
        int[] list = lcls[l];
        if (list == null) {
            list = new int[4];
            lcls[l] = list;
        } else if (li[l * LI + DEG] == list.length) {
            list = Arrays.copyOf(list, 2 * li[l * LI + DEG]);
            lcls[l] = list;
        }
        int p = li[l * LI + DEG]++;
        list[p] = c;
        return p;
    }

    private void removeFromLink(int l, int p, boolean sideA) {
        int[] list = lcls[l];
        int last = list[--li[l * LI + DEG]];
        if (p != li[l * LI + DEG]) {
            list[p] = last;
            // A link is the A side (out) of all its classes or the B side (in) of all of them.
            if (sideA) {
                lposA[last] = p;
            } else {
                lposB[last] = p;
            }
        }
    }

    // ---- class index ----

    private int slot(long key, int a, int b) {
        int s = slotOf.get(key, -1);
        if (s < 0) {
            s = newSlot(key, a, b);
            slotOf.put(key, s);
        }
        return s;
    }

    private int newSlot(long key, int a, int b) {
        if (slots == kapA.length) {
            int m = 2 * slots;
            ci = Arrays.copyOf(ci, m * CI);
            cd = Arrays.copyOf(cd, m * CD);
            gpos = Arrays.copyOf(gpos, m);
            transfers.ensureClasses(m);
            kapA = Arrays.copyOf(kapA, m);
            kapB = Arrays.copyOf(kapB, m);
            kposA = Arrays.copyOf(kposA, m);
            kposB = Arrays.copyOf(kposB, m);
            lposA = Arrays.copyOf(lposA, m);
            lposB = Arrays.copyOf(lposB, m);
            touched = Arrays.copyOf(touched, m);
            cstamp = Arrays.copyOf(cstamp, m);
            frozen = Arrays.copyOf(frozen, m);
            newGroup = Arrays.copyOf(newGroup, m);
            compClasses = Arrays.copyOf(compClasses, m);
        }
        int s = slots++;
        cd[s * CD + ORIG] = key;
        ci[s * CI + LA] = a;
        ci[s * CI + LB] = b;
        ci[s * CI + GROUP] = a;
        gpos[s] = -1;
        if (!Double.isFinite(ld[a * LD + CAP])) {
            ci[s * CI + FLAGS] = INFINITE_A;
        }
        if (b < 0) {
            li[a * LI + BUS_CLASS] = s;
        }
        kposA[s] = -1;
        kposB[s] = -1;
        return s;
    }

    // ---- a class's transfers, their count and earliest target kept in its record ----

    private void push(int cls, double key, int tag) {
        ci[cls * CI + COUNT]++;
        cd[cls * CD + TOP_KEY] = transfers.push(cls, key, tag);
    }

    /** Removes the class's earliest transfer and returns its tag; the records keep the last top when none is left. */
    private int pop(int cls) {
        int tag = transfers.pop(cls);
        if (--ci[cls * CI + COUNT] > 0) {
            cd[cls * CD + TOP_KEY] = transfers.earliest(cls);
        }
        return tag;
    }
}
