package io.stepcast.app.sweep;

import io.stepcast.api.Estimator;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.evaluation.engine.TaskSet;
import io.stepcast.evaluation.engine.TaskSource;
import io.stepcast.evaluation.metrics.HoldOutScorer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A sweep's points as tasks: task {@code i} predicts point {@code i} once per seed. The predictor of each
 * (policy, seed) is fitted once, on first use, and shared by the tasks of this JVM (fitting is deterministic,
 * so every JVM fits the same predictor). Results travel as each seed's value bits or refusal, and the peak memory.
 */
public final class SweepTasks implements TaskSet<SweepRow> {
    private final SweepSpec spec;
    private final Estimator estimator;
    private final TrainingSet training;
    private final Target target;
    private final List<SweepPoint> points;
    private final List<String> notes;
    /** Fitted predictors (or why not) by policy and seed, filled on first use. */
    private final Map<List<String>, Fit> fits = new HashMap<>();

    private record Fit(Predictor predictor, String failure) {
    }

    SweepTasks(SweepSpec spec, Estimator estimator, TrainingSet training, Target target, List<SweepPoint> points,
               List<String> notes) {
        this.spec = spec;
        this.estimator = estimator;
        this.training = training;
        this.target = target;
        this.points = List.copyOf(points);
        this.notes = List.copyOf(notes);
    }

    /** What the reader of a user's training file noticed (unknown columns with the closest known one). */
    public List<String> notes() {
        return notes;
    }

    /** The points, in task order. */
    public List<SweepPoint> points() {
        return points;
    }

    @Override
    public int size() {
        return points.size();
    }

    @Override
    public String describe(int i) {
        SweepPoint p = points.get(i);
        return "point " + i + " " + p.config().model() + " " + p.config().deployment().architecture() + " x"
                + p.gpus() + " " + p.config().deployment().hardware() + " batch " + p.config().localBatch()
                + p.policy().map(x -> " " + x).orElse("") + p.layout().map(l -> " " + l.cells()).orElse("");
    }

    @Override
    public SweepRow run(int i) {
        SweepPoint p = points.get(i);
        if (p.refused().isPresent()) {
            // A layout that makes no job: no predictor is asked, every seed refuses it alike.
            return failed(i, p.refused().get());
        }
        List<OptionalDouble> values = new ArrayList<>(spec.seeds());
        Optional<String> refusal = Optional.empty();
        OptionalDouble peak = OptionalDouble.empty();
        Optional<String> extrapolation = Optional.empty();
        boolean flagChecked = false;
        for (int s = 0; s < spec.seeds(); s++) {
            Fit fit = fit(p.policy(), s);
            Prediction answer;
            if (fit.predictor() == null) {
                answer = Prediction.notApplicable(fit.failure());
            } else {
                try {
                    answer = fit.predictor().predict(p.config(), target);
                    if (answer == null) {
                        answer = Prediction.notApplicable("predictor returned nothing");
                    }
                } catch (RuntimeException e) {
                    answer = Prediction.notApplicable("prediction failed: " + e.getClass().getSimpleName() + ": "
                            + HoldOutScorer.oneLine(e.getMessage()));
                }
            }
            values.add(answer.asDouble());
            if (refusal.isEmpty() && answer instanceof Prediction.NotApplicable n) {
                refusal = Optional.of(SweepLayoutPoint.inOptions(n));
            }
            // As predict and evaluate do: memory only beside a time, since a refused point has no job to size.
            if (peak.isEmpty() && answer.isValue()) {
                peak = HoldOutScorer.peakMemory(fit.predictor(), p.config());
            }
            // Every seed fits on the same rows, so the first answer's domain is the point's.
            if (!flagChecked && answer.isValue()) {
                extrapolation = HoldOutScorer.extrapolation(fit.predictor(), p.config(), target);
                flagChecked = true;
            }
        }
        return new SweepRow(p, target.label(), values, refusal, peak, extrapolation);
    }

    /** The fit of (policy, seed), made once; fits are few, so they are made one at a time. */
    private Fit fit(Optional<String> policy, int seedIndex) {
        List<String> key = List.of(policy.orElse(""), Integer.toString(seedIndex));
        synchronized (fits) {
            Fit f = fits.get(key);
            if (f == null) {
                f = newFit(policy, seedIndex);
                fits.put(key, f);
            }
            return f;
        }
    }

    private Fit newFit(Optional<String> policy, int seedIndex) {
        Map<String, String> hp = new HashMap<>();
        policy.ifPresent(x -> hp.put("policy", x));
        if (estimator.hyperParameters().containsKey("seed")) {
            long base = Long.parseLong(estimator.hyperParameters().get("seed"));
            hp.put("seed", Long.toString(base + seedIndex));
        }
        try {
            Estimator e = hp.isEmpty() ? estimator : estimator.withHyperParameters(hp);
            return new Fit(e.fit(training), null);
        } catch (RuntimeException ex) {
            return new Fit(null, "cannot fit: " + HoldOutScorer.oneLine(ex.getMessage()));
        }
    }

    @Override
    public SweepRow failed(int i, String reason) {
        List<OptionalDouble> values = new ArrayList<>();
        for (int s = 0; s < spec.seeds(); s++) {
            values.add(OptionalDouble.empty());
        }
        return new SweepRow(points.get(i), target.label(), values, Optional.of(reason));
    }

    @Override
    public byte[] encode(int i, SweepRow r) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(b)) {
            out.writeInt(r.values().size());
            for (OptionalDouble v : r.values()) {
                out.writeBoolean(v.isPresent());
                out.writeDouble(v.orElse(0));
            }
            out.writeBoolean(r.refusal().isPresent());
            if (r.refusal().isPresent()) {
                byte[] s = r.refusal().get().getBytes(StandardCharsets.UTF_8);
                out.writeInt(s.length);
                out.write(s);
            }
            out.writeBoolean(r.peakMemoryBytes().isPresent());
            out.writeDouble(r.peakMemoryBytes().orElse(0));
            out.writeBoolean(r.extrapolation().isPresent());
            if (r.extrapolation().isPresent()) {
                byte[] s = r.extrapolation().get().getBytes(StandardCharsets.UTF_8);
                out.writeInt(s.length);
                out.write(s);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toByteArray();
    }

    @Override
    public SweepRow decode(int i, byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            int n = in.readInt();
            List<OptionalDouble> values = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                boolean present = in.readBoolean();
                double v = in.readDouble();
                values.add(present ? OptionalDouble.of(v) : OptionalDouble.empty());
            }
            Optional<String> refusal = Optional.empty();
            if (in.readBoolean()) {
                byte[] s = new byte[in.readInt()];
                in.readFully(s);
                refusal = Optional.of(new String(s, StandardCharsets.UTF_8));
            }
            boolean hasPeak = in.readBoolean();
            double peak = in.readDouble();
            Optional<String> extrapolation = Optional.empty();
            if (in.readBoolean()) {
                byte[] s = new byte[in.readInt()];
                in.readFully(s);
                extrapolation = Optional.of(new String(s, StandardCharsets.UTF_8));
            }
            return new SweepRow(points.get(i), target.label(), values, refusal,
                    hasPeak ? OptionalDouble.of(peak) : OptionalDouble.empty(), extrapolation);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Optional<TaskSource> source() {
        return Optional.of(spec);
    }
}
