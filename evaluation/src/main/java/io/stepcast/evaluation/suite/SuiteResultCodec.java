package io.stepcast.evaluation.suite;

import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.evaluation.metrics.ScalingPoint;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.selection.SelectionCase;
import io.stepcast.evaluation.selection.SelectionOutcome;
import io.stepcast.models.persist.EnvelopeHeader;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The bytes of a {@link SuiteTasks.Result}: {@link SuiteTasks#encode} and {@link SuiteTasks#decode} go through here.
 * The Spark engine runs tasks on executors, in JVMs of their own that plan the same suite from its recipe
 * ({@link SuiteTasks.Planned}), and ships each result back to the driver. Both sides hold the same plan, so a
 * result carries its predictions and decisions only: an observation or a selection case travels as its index in the
 * task's list, and the driver puts the values back onto its own objects, so its reports are those of an in-process
 * run.
 *
 * <p>Layout, in {@link DataOutputStream}'s big-endian primitives (a double as its bits, so values come back bit for
 * bit). A string is an int byte count and its UTF-8 bytes; an optional string a presence boolean and, when present,
 * the string; an optional int or double a presence boolean and always the number (0 when absent). Every result opens
 * with the envelope header of saved models in binary ({@link EnvelopeHeader#writeTo}: {@value #FORMAT}, version
 * {@value #VERSION}), so that a reader refuses a layout it does not know; bytes without it (written before the
 * header) are read as version 1, which lacks the points' extrapolation notes.
 * <pre>
 * result     := header, double seconds, optional string failure, hold-out | selection
 * hold-out   := int targets, per target in the task's order: int points, per point:
 *                 int index of its observation in the split's test side, double measured, prediction,
 *                 boolean has native interval, [prediction], optional double peak memory bytes,
 *                 optional string extrapolation (from version 2),
 *               int charted, per request of the task's chart in its order: prediction
 * prediction := byte 0, double value, boolean has interval,
 *                 [double lower, double upper, boolean coverage stated, double coverage (0 unstated)]
 *             | byte 1, string reason
 * selection  := int members, per member (in the order of the selections sharing the fit):
 *                 boolean unsupported, int failures, string failure ascending, outcomes,
 *                 int risk levels, outcomes per level
 * outcomes   := int outcomes, per outcome: int index of its case in the member's cases of the fold,
 *                 optional int chosen, boolean met, optional int oracle, optional double regret,
 *                 optional string undecided reason, int predicted latencies, (int batch, double seconds) by
 *                 ascending batch
 * </pre>
 * Failures and predicted latencies are written in ascending order, so that equal results give equal bytes whatever
 * the iteration order of the sets and maps that hold them.
 */
final class SuiteResultCodec {
    static final String FORMAT = "stepcast-suite-result";
    /** 2 adds each point's extrapolation note; 1 (with the header or without it) is read as without notes. */
    static final int VERSION = 2;
    private static final int OLDEST_VERSION = 1;
    private static final EnvelopeHeader HEADER = new EnvelopeHeader(FORMAT, VERSION);

    private SuiteResultCodec() {
    }

    /** What a result writes after the header of seconds and failure. */
    private interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    /** Reads what follows the header into a result, given the header's seconds and failure. */
    private interface BodyReader<R extends SuiteTasks.Result> {
        R read(DataInputStream in, int version, double seconds, Optional<String> failure) throws IOException;
    }

    /** The bytes of the points of {@code task}, whose observations they refer to. */
    static byte[] encodeHoldOut(SuiteTasks.HoldOutResult r, HoldOutTask task) {
        return encode(r, out -> {
            Map<Observation, Integer> index = indexByIdentity(task.split().test());
            out.writeInt(r.points().size());
            for (List<ScoredPoint> target : r.points()) {
                out.writeInt(target.size());
                for (ScoredPoint p : target) {
                    out.writeInt(index.get(p.observation()));
                    out.writeDouble(p.measured());
                    writePrediction(out, p.prediction());
                    out.writeBoolean(p.nativeInterval().isPresent());
                    if (p.nativeInterval().isPresent()) {
                        writePrediction(out, p.nativeInterval().get());
                    }
                    out.writeBoolean(p.peakMemoryBytes().isPresent());
                    out.writeDouble(p.peakMemoryBytes().orElse(0));
                    writeOptional(out, p.extrapolation());
                }
            }
            out.writeInt(r.scaling().size());
            for (ScalingPoint p : r.scaling()) {
                writePrediction(out, p.prediction());
            }
        });
    }

    /** The points of {@code task} from {@link #encodeHoldOut}'s bytes, on the task's own observations. */
    static SuiteTasks.HoldOutResult decodeHoldOut(byte[] bytes, HoldOutTask task) {
        return decode(bytes, (in, version, seconds, failure) -> {
            List<Observation> test = task.split().test();
            int targets = in.readInt();
            List<List<ScoredPoint>> points = new ArrayList<>(targets);
            for (int k = 0; k < targets; k++) {
                int n = in.readInt();
                List<ScoredPoint> target = new ArrayList<>(n);
                for (int j = 0; j < n; j++) {
                    Observation o = test.get(in.readInt());
                    double measured = in.readDouble();
                    Prediction p = readPrediction(in);
                    Optional<Prediction.Value> own = in.readBoolean()
                            ? Optional.of((Prediction.Value) readPrediction(in)) : Optional.empty();
                    boolean hasMemory = in.readBoolean();
                    double memory = in.readDouble();
                    Optional<String> extrapolation = version >= 2 ? readOptional(in) : Optional.empty();
                    target.add(new ScoredPoint(task.dataset(), task.protocol(), task.split().id(), task.label(),
                            task.targets().get(k), o, measured, p, own,
                            hasMemory ? OptionalDouble.of(memory) : OptionalDouble.empty(), extrapolation));
                }
                points.add(target);
            }
            int charted = in.readInt();
            List<Prediction> answers = new ArrayList<>(charted);
            for (int j = 0; j < charted; j++) {
                answers.add(readPrediction(in));
            }
            return new SuiteTasks.HoldOutResult(points, task.scaling(answers), seconds, failure);
        });
    }

    /**
     * The bytes of one (predictor, fold) task's decisions.
     *
     * @param casesByMember the cases of the fold of each selection sharing the fit, in member order: what the
     *                      outcomes refer to
     */
    static byte[] encodeSelection(SuiteTasks.SelectionResult r, List<List<SelectionCase>> casesByMember) {
        return encode(r, out -> {
            List<BatchSizeSelection.FoldDecisions> all = r.decisions();
            out.writeInt(all.size());
            for (int m = 0; m < all.size(); m++) {
                writeDecisions(out, all.get(m), casesByMember.get(m));
            }
        });
    }

    /** The decisions from {@link #encodeSelection}'s bytes, on the same {@code casesByMember}. */
    static SuiteTasks.SelectionResult decodeSelection(byte[] bytes, List<List<SelectionCase>> casesByMember) {
        return decode(bytes, (in, version, seconds, failure) -> {
            int n = in.readInt();
            List<BatchSizeSelection.FoldDecisions> all = new ArrayList<>(n);
            for (int m = 0; m < n; m++) {
                all.add(readDecisions(in, casesByMember.get(m)));
            }
            return new SuiteTasks.SelectionResult(all, seconds, failure);
        });
    }

    private static byte[] encode(SuiteTasks.Result r, Body body) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(b)) {
            HEADER.writeTo(out);
            out.writeDouble(r.seconds());
            writeOptional(out, r.failure());
            body.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toByteArray();
    }

    private static <R extends SuiteTasks.Result> R decode(byte[] bytes, BodyReader<R> body) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            int version = EnvelopeHeader.readFrom(in, FORMAT).map(EnvelopeHeader::version).orElse(1);
            if (version < OLDEST_VERSION || version > VERSION) {
                throw new IOException(FORMAT + " version " + version + " is not supported (this stepcast reads versions "
                        + OLDEST_VERSION + " to " + VERSION + "): the executors run another build than the driver");
            }
            double seconds = in.readDouble();
            Optional<String> failure = readOptional(in);
            return body.read(in, version, seconds, failure);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The position of each element, by identity: results hold the plan's own objects, and an element equal to
     * another one of the list (a repeated measurement) must come back as itself.
     */
    private static <T> Map<T, Integer> indexByIdentity(List<T> list) {
        Map<T, Integer> index = new IdentityHashMap<>();
        for (int k = 0; k < list.size(); k++) {
            index.put(list.get(k), k);
        }
        return index;
    }

    private static void writeDecisions(DataOutputStream out, BatchSizeSelection.FoldDecisions d,
                                       List<SelectionCase> cases) throws IOException {
        Map<SelectionCase, Integer> index = indexByIdentity(cases);
        out.writeBoolean(d.unsupported());
        out.writeInt(d.failures().size());
        for (String f : new TreeSet<>(d.failures())) {
            writeString(out, f);
        }
        // The first rule's outcomes, then the count and outcomes of the others: the layout of Courier's rule and
        // each risk level before selections named their selectors, so both builds read each other's bytes.
        List<List<SelectionOutcome>> byRule = d.byRule();
        writeOutcomes(out, byRule.isEmpty() ? List.of() : byRule.get(0), index);
        out.writeInt(Math.max(0, byRule.size() - 1));
        for (List<SelectionOutcome> ofRule : byRule.subList(Math.min(1, byRule.size()), byRule.size())) {
            writeOutcomes(out, ofRule, index);
        }
    }

    private static BatchSizeSelection.FoldDecisions readDecisions(DataInputStream in, List<SelectionCase> cases)
            throws IOException {
        boolean unsupported = in.readBoolean();
        Set<String> failures = new TreeSet<>();
        for (int n = in.readInt(); n > 0; n--) {
            failures.add(readString(in));
        }
        List<List<SelectionOutcome>> byRule = new ArrayList<>();
        byRule.add(readOutcomes(in, cases));
        for (int r = in.readInt(); r > 0; r--) {
            byRule.add(readOutcomes(in, cases));
        }
        return new BatchSizeSelection.FoldDecisions(byRule, failures, unsupported);
    }

    private static void writeOutcomes(DataOutputStream out, List<SelectionOutcome> outcomes,
                                      Map<SelectionCase, Integer> index) throws IOException {
        out.writeInt(outcomes.size());
        for (SelectionOutcome o : outcomes) {
            out.writeInt(index.get(o.selectionCase()));
            writeInt(out, o.chosen());
            out.writeBoolean(o.met());
            writeInt(out, o.oracle());
            out.writeBoolean(o.regret().isPresent());
            out.writeDouble(o.regret().orElse(0));
            writeOptional(out, o.undecidedReason());
            Map<Integer, Double> sorted = new TreeMap<>(o.predictedLatency());
            out.writeInt(sorted.size());
            for (Map.Entry<Integer, Double> e : sorted.entrySet()) {
                out.writeInt(e.getKey());
                out.writeDouble(e.getValue());
            }
        }
    }

    private static List<SelectionOutcome> readOutcomes(DataInputStream in, List<SelectionCase> cases)
            throws IOException {
        int n = in.readInt();
        List<SelectionOutcome> outcomes = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            SelectionCase c = cases.get(in.readInt());
            OptionalInt chosen = readInt(in);
            boolean met = in.readBoolean();
            OptionalInt oracle = readInt(in);
            boolean hasRegret = in.readBoolean();
            double regret = in.readDouble();
            Optional<String> undecided = readOptional(in);
            Map<Integer, Double> latency = new TreeMap<>();
            for (int m = in.readInt(); m > 0; m--) {
                latency.put(in.readInt(), in.readDouble());
            }
            outcomes.add(new SelectionOutcome(c, chosen, met, oracle,
                    hasRegret ? OptionalDouble.of(regret) : OptionalDouble.empty(), undecided, latency));
        }
        return outcomes;
    }

    private static void writePrediction(DataOutputStream out, Prediction p) throws IOException {
        if (p instanceof Prediction.Value v) {
            out.writeByte(0);
            out.writeDouble(v.value());
            out.writeBoolean(v.lower().isPresent());
            if (v.lower().isPresent()) {
                out.writeDouble(v.lower().getAsDouble());
                out.writeDouble(v.upper().getAsDouble());
                out.writeBoolean(v.coverage().isPresent());
                out.writeDouble(v.coverage().orElse(0));
            }
        } else {
            out.writeByte(1);
            writeString(out, ((Prediction.NotApplicable) p).reason());
        }
    }

    private static Prediction readPrediction(DataInputStream in) throws IOException {
        if (in.readByte() == 0) {
            double value = in.readDouble();
            if (!in.readBoolean()) {
                return Prediction.of(value);
            }
            double lower = in.readDouble();
            double upper = in.readDouble();
            boolean stated = in.readBoolean();
            double coverage = in.readDouble();
            return new Prediction.Value(value, OptionalDouble.of(lower), OptionalDouble.of(upper),
                    stated ? OptionalDouble.of(coverage) : OptionalDouble.empty());
        }
        return Prediction.notApplicable(readString(in));
    }

    private static void writeInt(DataOutputStream out, OptionalInt v) throws IOException {
        out.writeBoolean(v.isPresent());
        out.writeInt(v.orElse(0));
    }

    private static OptionalInt readInt(DataInputStream in) throws IOException {
        boolean present = in.readBoolean();
        int v = in.readInt();
        return present ? OptionalInt.of(v) : OptionalInt.empty();
    }

    private static void writeOptional(DataOutputStream out, Optional<String> v) throws IOException {
        out.writeBoolean(v.isPresent());
        if (v.isPresent()) {
            writeString(out, v.get());
        }
    }

    private static Optional<String> readOptional(DataInputStream in) throws IOException {
        return in.readBoolean() ? Optional.of(readString(in)) : Optional.empty();
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
