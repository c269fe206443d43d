package io.stepcast.queueing.fit;

import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.Receive;
import io.stepcast.api.profile.Send;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.TreeSet;

/**
 * A profile as named fields of an envelope, for {@link BasisTableCodec}: the step, then lists of its parameter
 * tensors, receives, compute ops and sends, each an object of named figures. An op's required tensors are written
 * sorted, so that equal profiles give equal bytes.
 */
final class ProfileFields {
    private ProfileFields() {
    }

    /** Writes {@code p} into {@code w}. */
    static void write(Profile p, PayloadWriter w) {
        w.text("model", p.model()).integer("local_batch", p.localBatch()).number("step_time_us", p.stepTimeUs())
                .text("origin", p.origin());
        w.emptyList("parameters").emptyList("receives").emptyList("ops").emptyList("sends");
        for (ParameterTensor t : p.parameters()) {
            w.element("parameters").text("name", t.name()).integer("bytes", t.bytes());
        }
        for (Receive r : p.receives()) {
            w.element("receives").text("tensor", r.tensor()).number("start_us", r.startUs()).number("end_us", r.endUs());
        }
        for (ComputeOp op : p.ops()) {
            w.element("ops").text("name", op.name()).text("type", op.type()).integer("stream", op.stream())
                    .number("start_us", op.startUs()).number("duration_us", op.durationUs())
                    .texts("requires", new TreeSet<>(op.requires()));
        }
        for (Send s : p.sends()) {
            w.element("sends").text("tensor", s.tensor()).integer("bytes", s.bytes()).text("producer", s.producer())
                    .number("start_us", s.startUs()).number("end_us", s.endUs());
        }
    }

    /** The profile {@link #write} wrote into {@code r}. */
    static Profile read(PayloadReader r) throws IOException {
        List<ParameterTensor> params = new ArrayList<>();
        for (PayloadReader t : r.elements("parameters")) {
            params.add(new ParameterTensor(t.text("name"), t.longInteger("bytes")));
        }
        List<Receive> receives = new ArrayList<>();
        for (PayloadReader x : r.elements("receives")) {
            receives.add(new Receive(x.text("tensor"), x.number("start_us"), x.number("end_us")));
        }
        List<ComputeOp> ops = new ArrayList<>();
        for (PayloadReader op : r.elements("ops")) {
            ops.add(new ComputeOp(op.text("name"), op.text("type"), op.integer("stream"), op.number("start_us"),
                    op.number("duration_us"), new LinkedHashSet<>(op.texts("requires"))));
        }
        List<Send> sends = new ArrayList<>();
        for (PayloadReader s : r.elements("sends")) {
            sends.add(new Send(s.text("tensor"), s.longInteger("bytes"), s.text("producer"), s.number("start_us"),
                    s.number("end_us")));
        }
        try {
            return new Profile(r.text("model"), r.integer("local_batch"), r.number("step_time_us"), params, receives,
                    ops, sends, r.text("origin"));
        } catch (IllegalArgumentException e) {
            throw r.corrupt(e.getMessage());
        }
    }
}
