package io.stepcast.api.profile;

import io.stepcast.api.Validate;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * An op-level trace of one training step of a single worker with parameter servers: the input of the
 * trace-driven simulation (Li, Yan, Paolieri, Golubchik, "Throughput Prediction of Asynchronous SGD
 * in TensorFlow", ICPE 2020, section 3).
 *
 * <p>Parameters are listed in the order the profiled worker received them. Every tensor named by a
 * receive, a send or an op's requirements must be one of {@link #parameters()}; the constructor checks
 * that, so a simulation never meets a dangling reference.
 *
 * @param model      model name
 * @param localBatch samples per step of this worker
 * @param stepTimeUs duration of the profiled step, microseconds
 * @param parameters parameter tensors in profiled receive order
 * @param receives   profiled parameter transfers (may be empty for a synthesised profile)
 * @param ops        compute ops
 * @param sends      gradient transfers back to the parameter servers
 * @param origin      where the profile comes from: a timeline file, or {@code synthesised:<how>}
 * @param collectives collective communications of the step (data-parallel traces; empty otherwise)
 * @param rank        the rank the profile was recorded on, its world size and device
 */
public record Profile(String model, int localBatch, double stepTimeUs, List<ParameterTensor> parameters,
                      List<Receive> receives, List<ComputeOp> ops, List<Send> sends, String origin,
                      List<CollectiveOp> collectives, ProfiledRank rank) {

    /** A single-worker profile without collectives (rank 0 of 1, device unknown). */
    public Profile(String model, int localBatch, double stepTimeUs, List<ParameterTensor> parameters,
                   List<Receive> receives, List<ComputeOp> ops, List<Send> sends, String origin) {
        this(model, localBatch, stepTimeUs, parameters, receives, ops, sends, origin, List.of(),
                ProfiledRank.single());
    }

    public Profile {
        collectives = List.copyOf(Objects.requireNonNullElse(collectives, List.of()));
        rank = Objects.requireNonNullElse(rank, ProfiledRank.single());
        Validate.text(model, "model");
        Validate.positive(localBatch, "local_batch");
        Validate.positive(stepTimeUs, "step_time_us");
        parameters = List.copyOf(Objects.requireNonNull(parameters, "parameters"));
        receives = List.copyOf(Objects.requireNonNullElse(receives, List.of()));
        ops = List.copyOf(Objects.requireNonNull(ops, "ops"));
        sends = List.copyOf(Objects.requireNonNullElse(sends, List.of()));
        origin = origin == null || origin.isBlank() ? "unknown" : origin;
        Set<String> names = new HashSet<>();
        for (ParameterTensor p : parameters) {
            if (!names.add(p.name())) {
                throw new IllegalArgumentException("parameter tensor " + p.name() + " is listed twice");
            }
        }
        Set<String> opNames = new HashSet<>();
        for (ComputeOp op : ops) {
            if (!opNames.add(op.name())) {
                throw new IllegalArgumentException("op " + op.name() + " is listed twice");
            }
            for (String t : op.requires()) {
                if (!names.contains(t)) {
                    throw new IllegalArgumentException("op " + op.name() + " requires unknown tensor " + t);
                }
            }
        }
        for (Receive r : receives) {
            if (!names.contains(r.tensor())) {
                throw new IllegalArgumentException("receive of unknown tensor " + r.tensor());
            }
        }
        for (Send s : sends) {
            if (!names.contains(s.tensor())) {
                throw new IllegalArgumentException("send of unknown tensor " + s.tensor());
            }
            if (!opNames.contains(s.producer())) {
                throw new IllegalArgumentException("send " + s.tensor() + " names unknown producer op " + s.producer());
            }
        }
    }

    /** Bytes of all parameter tensors (moved once per step in each direction). */
    public long parameterBytes() {
        return parameters.stream().mapToLong(ParameterTensor::bytes).sum();
    }

    /** Bytes of all gradient sends. */
    public long gradientBytes() {
        return sends.stream().mapToLong(Send::bytes).sum();
    }

    /** Summed duration of all compute ops, microseconds. */
    public double computeUs() {
        return ops.stream().mapToDouble(ComputeOp::durationUs).sum();
    }

    /** Summed duration of all collectives, microseconds. */
    public double communicationUs() {
        return collectives.stream().mapToDouble(CollectiveOp::durationUs).sum();
    }

    /** The same profile under another model name (a dataset's own spelling of a model the zoo names otherwise). */
    public Profile withModel(String newModel) {
        return new Profile(newModel, localBatch, stepTimeUs, parameters, receives, ops, sends, origin, collectives, rank);
    }

    /** The same profile recorded on {@code newRank} (e.g. a synthesised profile labelled with its row's hardware). */
    public Profile withRank(ProfiledRank newRank) {
        return new Profile(model, localBatch, stepTimeUs, parameters, receives, ops, sends, origin, collectives, newRank);
    }

    /** Parameter tensors by name. */
    public Map<String, ParameterTensor> parametersByName() {
        Map<String, ParameterTensor> byName = new HashMap<>();
        parameters.forEach(p -> byName.put(p.name(), p));
        return byName;
    }
}
