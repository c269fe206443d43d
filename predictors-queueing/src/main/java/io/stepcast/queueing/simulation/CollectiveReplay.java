package io.stepcast.queueing.simulation;

import io.stepcast.api.profile.CollectiveOp;
import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.Profile;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Replays the median step of a data-parallel trace (a PyTorch profiler trace of one rank) with its compute ops
 * as measured and every collective given a new duration, and returns the step time: the replay mode of the
 * all-reduce simulation for profiles that record their collectives.
 *
 * <p>The trace does not record which kernel waits for which collective, so the replay infers it from the timeline
 * (our choice): an op (kernel or collective) follows the previous op of its stream, and also every op of another
 * stream that ended while its own stream was idle before it (from the end of its stream predecessor, or from the
 * step start, to its start): a stream that idles and resumes right after a collective ended was waiting for it
 * (DDP's optimizer after the last bucket, an expert's kernels after their all-to-all), and a collective that
 * starts after a gradient kernel ended was waiting for the gradient. The latest-ending of these dependencies is
 * the one the op was measured waiting for: the op starts its measured gap after that one's new end, and not
 * before the new end of the others. With every collective at its measured duration the replay is the measured
 * timeline, so the step is the measured one; a longer collective delays what waited for it, and a shorter one
 * lets it start sooner. The step's time after its last op (host work) is kept. Stateless; thread-safe.
 */
public final class CollectiveReplay {
    private final Profile profile;
    private final List<Node> nodes;
    private final double lastEndUs;

    private record Node(int stream, double startUs, double endUs, int collective) {
    }

    /** @param profile a profile with its collectives ({@link Profile#collectives()}) */
    public CollectiveReplay(Profile profile) {
        this.profile = Objects.requireNonNull(profile, "profile");
        List<Node> all = new ArrayList<>();
        int streamBase = 0;
        for (ComputeOp op : profile.ops()) {
            all.add(new Node(op.stream(), op.startUs(), op.endUs(), -1));
            streamBase = Math.max(streamBase, op.stream() + 1);
        }
        // Collective streams are numbered apart from the compute streams: an NCCL kernel's own lane.
        for (int i = 0; i < profile.collectives().size(); i++) {
            CollectiveOp c = profile.collectives().get(i);
            all.add(new Node(streamBase + c.stream(), c.startUs(), c.endUs(), i));
        }
        all.sort(Comparator.comparingDouble(Node::startUs).thenComparingDouble(Node::endUs));
        this.nodes = List.copyOf(all);
        this.lastEndUs = all.stream().mapToDouble(Node::endUs).max().orElse(0);
    }

    /**
     * The replayed step, seconds, with collective {@code i} of the profile taking {@code duration(op)} seconds.
     */
    public double stepSeconds(ToDoubleFunction<CollectiveOp> duration) {
        int n = nodes.size();
        double[] newEnd = new double[n];
        // Ops sorted by measured end, to find those that ended inside an idle window.
        Integer[] byEnd = new Integer[n];
        for (int i = 0; i < n; i++) {
            byEnd[i] = i;
        }
        Arrays.sort(byEnd, Comparator.comparingDouble(i -> nodes.get(i).endUs()));
        double[] ends = new double[n];
        for (int k = 0; k < n; k++) {
            ends[k] = nodes.get(byEnd[k]).endUs();
        }
        Map<Integer, Integer> lastOfStream = new HashMap<>();
        double latest = 0;
        for (int i = 0; i < n; i++) {
            Node x = nodes.get(i);
            Integer prev = lastOfStream.get(x.stream());
            double idleFrom = prev == null ? 0 : nodes.get(prev).endUs();
            double start;
            int binding = prev == null ? -1 : prev;
            double floor = prev == null ? 0 : newEnd[prev];
            if (x.startUs() > idleFrom) {
                int from = firstAbove(ends, idleFrom);
                int to = firstAbove(ends, x.startUs());
                for (int k = from; k < to; k++) {
                    int d = byEnd[k];
                    Node dep = nodes.get(d);
                    if (d == i || dep.stream() == x.stream() || dep.endUs() <= idleFrom || dep.startUs() >= x.startUs()) {
                        continue;
                    }
                    floor = Math.max(floor, newEnd[d]);
                    if (binding < 0 || dep.endUs() >= nodes.get(binding).endUs()) {
                        binding = d;
                    }
                }
            }
            if (binding < 0) {
                start = x.startUs();
            } else {
                Node b = nodes.get(binding);
                start = Math.max(floor, newEnd[binding] + (x.startUs() - b.endUs()));
            }
            double dur = x.collective() >= 0
                    ? duration.applyAsDouble(profile.collectives().get(x.collective())) * 1e6
                    : x.endUs() - x.startUs();
            newEnd[i] = start + dur;
            latest = Math.max(latest, newEnd[i]);
            lastOfStream.put(x.stream(), i);
        }
        return (profile.stepTimeUs() + latest - lastEndUs) / 1e6;
    }

    /**
     * The replayed step, seconds, on {@code target} ranks when the trace ran on {@code measured}: at the trace's
     * placement every collective keeps its measured time; on one rank there is no collective; elsewhere a
     * collective's time is its measured time plus the difference the cost model predicts between the two placements
     * for its kind and bytes ({@code targetTimes - measuredTimes}), never below zero. Additive, not a ratio: a
     * measured collective also holds what the alpha-beta model does not see (waiting for the slowest rank, kernel
     * launch), which a new placement does not scale; a ratio would multiply that time too.
     *
     * @throws IllegalArgumentException when a collective to scale has no byte count, or only one estimated from its
     *                                  duration: then the step is only bounded ({@link #stepBounds}), and the message
     *                                  gives the bounds
     */
    public double stepSeconds(io.stepcast.api.collective.Placement measured,
                              io.stepcast.api.collective.Placement target,
                              AllReduceLinks.CollectiveTimes measuredTimes, AllReduceLinks.CollectiveTimes targetTimes) {
        StepBounds b = stepBounds(measured, target, measuredTimes, targetTimes);
        if (!b.exact()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%d of the %d collectives of the"
                            + " trace's step have bytes estimated from their durations (upper bounds: a kernel's time"
                            + " also holds its wait for the other ranks), so the step on %d ranks is only bounded,"
                            + " %s to %s s; a trace recorded with record_shapes=True gives their bytes",
                    b.estimated(), profile.collectives().size(), target.ranks(), fourDigits(b.lowSeconds()),
                    fourDigits(b.highSeconds())));
        }
        return b.lowSeconds();
    }

    /**
     * The replayed step on {@code target} ranks as a range. A collective whose bytes the trace records is scaled as
     * in {@link #stepSeconds(io.stepcast.api.collective.Placement, io.stepcast.api.collective.Placement,
     * AllReduceLinks.CollectiveTimes, AllReduceLinks.CollectiveTimes)}, the same at both ends. One whose bytes were
     * estimated from its duration (an upper bound: the estimate takes all of the measured time for transfer, and a
     * measured NCCL kernel also waits for the other ranks) is taken at its two extremes (our choice): all of its
     * measured time transfer, scaled by the cost model's ratio {@code targetTimes / measuredTimes} at the estimated
     * bytes (a ratio, which where bandwidth dominates does not depend on how much the estimate overstates the
     * bytes), and all of it waiting, which a new placement leaves as it is but for the model's latency difference
     * at no bytes. The shorter of the two goes into the low end, the longer into the high end; the replay never
     * shortens the step when a collective lengthens, so the step under any split between waiting and transfer lies
     * between the two. At the trace's placement and on one rank the step is exact.
     *
     * @throws IllegalArgumentException when a collective to scale has no byte count
     */
    public StepBounds stepBounds(io.stepcast.api.collective.Placement measured,
                                 io.stepcast.api.collective.Placement target,
                                 AllReduceLinks.CollectiveTimes measuredTimes,
                                 AllReduceLinks.CollectiveTimes targetTimes) {
        Optional<StepBounds> exact = withoutCostModel(measured, target);
        if (exact.isPresent()) {
            return exact.get();
        }
        int estimated = 0;
        for (CollectiveOp c : profile.collectives()) {
            if (c.bytes().isEmpty()) {
                throw new IllegalArgumentException("a " + c.kind().label() + " of the trace has no byte count, so it"
                        + " cannot be scaled to " + target.ranks() + " ranks");
            }
            estimated += c.bytesMeasured() ? 0 : 1;
        }
        ToDoubleFunction<CollectiveOp> additive = c -> {
            double bytes = c.bytes().getAsLong();
            return Math.max(0, c.durationUs() / 1e6 + targetTimes.seconds(c.kind(), bytes)
                    - measuredTimes.seconds(c.kind(), bytes));
        };
        if (estimated == 0) {
            double s = stepSeconds(additive);
            return new StepBounds(s, s, 0);
        }
        ToDoubleFunction<CollectiveOp> waiting = c -> Math.max(0, c.durationUs() / 1e6
                + targetTimes.seconds(c.kind(), 0) - measuredTimes.seconds(c.kind(), 0));
        ToDoubleFunction<CollectiveOp> transfer = c -> {
            double bytes = c.bytes().getAsLong();
            double base = measuredTimes.seconds(c.kind(), bytes);
            return base > 0 ? c.durationUs() / 1e6 * targetTimes.seconds(c.kind(), bytes) / base
                    : additive.applyAsDouble(c);
        };
        double low = stepSeconds(c -> c.bytesMeasured() ? additive.applyAsDouble(c)
                : Math.min(waiting.applyAsDouble(c), transfer.applyAsDouble(c)));
        double high = stepSeconds(c -> c.bytesMeasured() ? additive.applyAsDouble(c)
                : Math.max(waiting.applyAsDouble(c), transfer.applyAsDouble(c)));
        return new StepBounds(low, high, estimated);
    }

    /**
     * The replayed step where no cost model is needed, so neither links nor hardware: at the trace's own placement
     * (every collective as measured) and on one rank (no collective); empty elsewhere.
     */
    public Optional<StepBounds> withoutCostModel(io.stepcast.api.collective.Placement measured,
                                                 io.stepcast.api.collective.Placement target) {
        if (target.equals(measured)) {
            double s = measuredStepSeconds();
            return Optional.of(new StepBounds(s, s, 0));
        }
        if (target.ranks() == 1) {
            double s = stepSeconds(c -> 0);
            return Optional.of(new StepBounds(s, s, 0));
        }
        return Optional.empty();
    }

    /**
     * A replayed step's range, seconds; both ends equal when it is exact.
     *
     * @param lowSeconds  the shortest step the trace allows
     * @param highSeconds the longest
     * @param estimated   the collectives of the step whose estimated bytes make it a range (0: exact)
     */
    public record StepBounds(double lowSeconds, double highSeconds, int estimated) {
        /** True when the step is one number (no collective scaled from estimated bytes). */
        public boolean exact() {
            return estimated == 0;
        }
    }

    /** The step with every collective at its measured duration (the measured step). */
    public double measuredStepSeconds() {
        return stepSeconds(c -> c.durationUs() / 1e6);
    }

    private static String fourDigits(double x) {
        return new BigDecimal(x).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    /** The first index whose value is above {@code v} ({@code a} ascending). */
    private static int firstAbove(double[] a, double v) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            if (a[m] <= v) {
                lo = m + 1;
            } else {
                hi = m;
            }
        }
        return lo;
    }
}
