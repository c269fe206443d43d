package io.stepcast.datasets.zoo;

import io.stepcast.api.Validate;
import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.Send;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Builds a single-worker {@link Profile} from a zoo model and a measured single-worker step time, for
 * sources that publish throughput but no op trace (docs/methods.md section 1, last paragraph; Li, Yan, Paolieri,
 * Golubchik, "Throughput Prediction of Asynchronous SGD in TensorFlow", ICPE 2020, whose simulation takes
 * such a profile as input).
 *
 * <p>Construction (our choices, where the paper gives only the principle):
 * <ul>
 *   <li>one {@link ParameterTensor} per layer weight and bias with its exact size (4-byte floats), listed in
 *       layer order, which is the order the profile's receives are taken to arrive in;</li>
 *   <li>no {@code Receive} events: nothing was measured about the transfers, and inventing their times
 *       would fake a calibration target;</li>
 *   <li>one forward op per layer ({@code <layer>/forward}) in layer order, then one backward op per layer
 *       ({@code <layer>/backward}) in reverse order, all on stream 0 and back to back;</li>
 *   <li>the step's compute is split over the layers in proportion to their forward FLOPs, backward = 2 x
 *       forward, and scaled so that forward + backward fill the measured step exactly (the measured step
 *       of one worker then counts as compute; communication is added by the simulation);</li>
 *   <li>every op requires the layer's own tensors (a layer cannot run before its parameters arrived);</li>
 *   <li>one gradient {@link Send} per tensor, produced by the layer's backward op, of the tensor's size,
 *       with zero profiled duration at the end of that op (its real duration was not measured).</li>
 * </ul>
 * Immutable and thread-safe.
 */
public final class ProfileSynthesizer {
    /** Backward pass cost relative to the forward pass. */
    public static final double BACKWARD_FACTOR = 2.0;

    /**
     * The profile of one step of {@code model}.
     *
     * @param localBatch            samples per step of the worker
     * @param singleWorkerStepTimeS measured seconds per step of one worker
     */
    public Profile synthesise(ZooModel model, int localBatch, double singleWorkerStepTimeS) {
        Validate.positive(localBatch, "local_batch");
        Validate.positive(singleWorkerStepTimeS, "single-worker step time");
        double stepUs = singleWorkerStepTimeS * 1e6;
        double totalFlops = model.forwardFlops();
        if (totalFlops <= 0) {
            throw new IllegalArgumentException("model " + model.name() + " has no FLOPs to split the step over");
        }
        double forwardUs = stepUs / (1 + BACKWARD_FACTOR);
        List<ParameterTensor> params = new ArrayList<>();
        List<ComputeOp> ops = new ArrayList<>();
        List<Send> sends = new ArrayList<>();
        double t = 0;
        for (ZooLayer layer : model.layers()) {
            layer.tensors().forEach(s -> params.add(new ParameterTensor(s.name(), s.bytes())));
            double d = forwardUs * layer.forwardFlops() / totalFlops;
            ops.add(new ComputeOp(layer.name() + "/forward", layer.type(), 0, t, d, names(layer)));
            t += d;
        }
        List<ZooLayer> reversed = new ArrayList<>(model.layers());
        Collections.reverse(reversed);
        for (int i = 0; i < reversed.size(); i++) {
            ZooLayer layer = reversed.get(i);
            double d = BACKWARD_FACTOR * forwardUs * layer.forwardFlops() / totalFlops;
            String op = layer.name() + "/backward";
            ops.add(new ComputeOp(op, layer.type() + "Grad", 0, t, d, names(layer)));
            // the last op ends exactly at the step's end, whatever the rounding on the way
            double end = i == reversed.size() - 1 ? stepUs : t + d;
            for (TensorSpec s : layer.tensors()) {
                sends.add(new Send(s.name(), s.bytes(), op, end, end));
            }
            t += d;
        }
        return new Profile(model.name(), localBatch, stepUs, params, List.of(), ops, sends,
                "synthesised:zoo " + model.name() + ", compute split by forward FLOPs, backward = 2 x forward");
    }

    private static Set<String> names(ZooLayer layer) {
        Set<String> s = new LinkedHashSet<>();
        layer.tensors().forEach(t -> s.add(t.name()));
        return s;
    }
}
