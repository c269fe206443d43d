package io.stepcast.datasets.trace;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.profile.CollectiveOp;
import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.ProfiledRank;
import io.stepcast.api.profile.Receive;
import io.stepcast.api.profile.Send;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Turns the op-trace events of one step of one worker into a {@link Profile} (the input of the
 * trace-driven simulation of Li et al., ICPE 2020). Times become relative to the step's first event.
 *
 * <p>Rules (our choices where a trace is ambiguous): a tensor received more than once keeps its earliest
 * arrival; parameters are listed in arrival order; an op name that occurs more than once in the step
 * (a kernel on several streams) gets a {@code #2}, {@code #3}... suffix; a required tensor that was never
 * received nor sent is dropped from the requirements (nothing could delay the op); a send whose producer
 * is not a compute op of the step is attributed to the last compute op that ended before it started, and
 * a send with no such op is dropped.
 */
public final class ProfileAssembler {
    /**
     * The op type of a step-marker row ({@code OTHER}): its span is the step, as a PyTorch trace's
     * {@code ProfilerStep#N} annotation says, rather than the span of the step's events.
     */
    public static final String STEP_MARKER = "ProfilerStep";

    /**
     * @param events     the events of one step of one worker, any order
     * @param model      model name
     * @param localBatch samples per step
     * @param origin     where the events come from
     * @throws IllegalArgumentException when the step has no event of positive length
     */
    public Profile assemble(List<OpEvent> events, String model, int localBatch, String origin) {
        return assemble(events, model, localBatch, origin, ProfiledRank.single());
    }

    /**
     * As {@link #assemble(List, String, int, String)}, for a rank of a distributed job: collective rows become
     * {@link CollectiveOp}s, and a {@link #STEP_MARKER} row, when present, gives the step's start and length.
     */
    public Profile assemble(List<OpEvent> events, String model, int localBatch, String origin, ProfiledRank rank) {
        double t0 = Double.POSITIVE_INFINITY;
        double t1 = Double.NEGATIVE_INFINITY;
        OpEvent marker = null;
        for (OpEvent e : events) {
            t0 = Math.min(t0, e.startUs());
            t1 = Math.max(t1, e.endUs());
            if (e.category() == OpCategory.OTHER && STEP_MARKER.equals(e.type())) {
                marker = e;
            }
        }
        if (marker != null && marker.durationUs() > 0) {
            t0 = marker.startUs();
            t1 = marker.endUs();
        }
        if (events.isEmpty() || !(t1 > t0)) {
            throw new IllegalArgumentException("the step has no events of positive duration");
        }
        Map<String, Receive> receives = new HashMap<>();
        Map<String, Long> bytes = new HashMap<>();
        for (OpEvent e : events) {
            if (e.tensor() != null && e.bytes() >= 0) {
                bytes.merge(e.tensor(), e.bytes(), Math::max);
            }
            if (e.category() == OpCategory.RECEIVE && e.tensor() != null) {
                Receive r = new Receive(e.tensor(), e.startUs() - t0, e.endUs() - t0);
                receives.merge(e.tensor(), r, (a, b) -> a.endUs() <= b.endUs() ? a : b);
            }
        }
        List<Receive> orderedReceives = new ArrayList<>(receives.values());
        orderedReceives.sort(Comparator.comparingDouble(Receive::endUs).thenComparing(Receive::tensor));
        Map<String, ParameterTensor> params = new LinkedHashMap<>();
        for (Receive r : orderedReceives) {
            params.put(r.tensor(), new ParameterTensor(r.tensor(), Math.max(0, bytes.getOrDefault(r.tensor(), 0L))));
        }
        List<OpEvent> sendEvents = events.stream().filter(e -> e.category() == OpCategory.SEND && e.tensor() != null)
                .sorted(Comparator.comparingDouble(OpEvent::startUs)).toList();
        for (OpEvent s : sendEvents) {
            params.putIfAbsent(s.tensor(), new ParameterTensor(s.tensor(), Math.max(0, bytes.getOrDefault(s.tensor(), 0L))));
        }

        List<OpEvent> compute = events.stream().filter(e -> e.category() == OpCategory.COMPUTE)
                .sorted(Comparator.comparingDouble(OpEvent::startUs).thenComparingInt(OpEvent::lane)).toList();
        List<ComputeOp> ops = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        Map<String, String> firstNameOf = new HashMap<>();
        for (OpEvent e : compute) {
            int n = seen.merge(e.name(), 1, Integer::sum);
            String name = n == 1 ? e.name() : e.name() + "#" + n;
            firstNameOf.putIfAbsent(e.name(), name);
            Set<String> req = new LinkedHashSet<>();
            for (String t : e.requires()) {
                if (params.containsKey(t)) {
                    req.add(t);
                }
            }
            ops.add(new ComputeOp(name, e.type(), e.lane(), Math.max(0, e.startUs() - t0), e.durationUs(), req));
        }
        List<CollectiveOp> collectives = new ArrayList<>();
        for (OpEvent e : events) {
            if (e.category() == OpCategory.COLLECTIVE && e.collective() != null) {
                collectives.add(new CollectiveOp(Collective.parse(e.collective()), e.lane(),
                        Math.max(0, e.startUs() - t0), e.durationUs(),
                        e.bytes() >= 0 ? OptionalLong.of(e.bytes()) : OptionalLong.empty(),
                        e.bytes() >= 0 && e.bytesMeasured()));
            }
        }
        collectives.sort(Comparator.comparingDouble(CollectiveOp::startUs));
        List<Send> sends = new ArrayList<>();
        Set<String> sent = new HashSet<>();
        for (OpEvent s : sendEvents) {
            String producer = s.producer() == null ? null : firstNameOf.get(s.producer());
            if (producer == null) {
                ComputeOp last = null;
                for (ComputeOp op : ops) {
                    if (op.endUs() <= s.startUs() - t0 + 1e-9 && (last == null || op.endUs() >= last.endUs())) {
                        last = op;
                    }
                }
                if (last == null) {
                    continue;
                }
                producer = last.name();
            }
            if (sent.add(s.tensor())) {
                sends.add(new Send(s.tensor(), params.get(s.tensor()).bytes(), producer, s.startUs() - t0,
                        s.endUs() - t0));
            }
        }
        return new Profile(model, localBatch, t1 - t0, new ArrayList<>(params.values()), orderedReceives, ops, sends,
                origin, collectives, rank);
    }
}
