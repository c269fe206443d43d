package io.stepcast.benchmarks.timeline;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The largest Java heap occupancy right after a garbage collection, over a run: an upper bound of the live
 * data an import keeps, independent of how large {@code -Xmx} lets the heap grow before collecting (which is
 * what the peak resident set size mostly shows). Listens to the collectors' notifications (HotSpot).
 */
public final class HeapAfterGc implements NotificationListener {
    private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
    private final AtomicLong maxBytes = new AtomicLong();
    private final AtomicLong collections = new AtomicLong();

    private HeapAfterGc() {
    }

    /** Starts listening to every collector of this JVM. */
    public static HeapAfterGc watch() {
        HeapAfterGc w = new HeapAfterGc();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(w, null, null);
            }
        }
        return w;
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        long used = 0;
        for (Map.Entry<String, MemoryUsage> e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (heapPools.contains(e.getKey())) {
                used += e.getValue().getUsed();
            }
        }
        collections.incrementAndGet();
        maxBytes.accumulateAndGet(used, Math::max);
    }

    /** Largest heap occupancy after a collection so far, bytes (0 before the first collection). */
    public long maxBytes() {
        return maxBytes.get();
    }

    /** Collections seen so far. */
    public long collections() {
        return collections.get();
    }
}
