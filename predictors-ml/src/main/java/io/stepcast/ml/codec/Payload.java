package io.stepcast.ml.codec;

import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.ml.features.FittedFeatures;
import io.stepcast.ml.features.TargetTransform;
import io.stepcast.ml.learn.FittedRegression;
import io.stepcast.ml.learn.CompiledTrees;
import io.stepcast.ml.learn.TribuoModelHandle;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

/**
 * This module's payload format: a small binary header of our own (magic, format version, kind,
 * estimator) followed by sections, and a CRC-32 of everything before it, so that truncation and bit
 * flips are detected before anything is parsed. Tribuo models are stored as their protobuf bytes
 * ({@code Model.serialize()}, deflated) followed by the flattened trees of tree models and the training rows of
 * their quantile forest (format 2); features and target transforms are stored field by field. Doubles are
 * stored as their exact bits, so a reloaded model predicts exactly what the saved one did.
 */
public final class Payload {
    static final String MAGIC = "stepcast-ml";
    /** 2 adds the quantile forest's training rows after the flattened trees; 1 is read as without them. */
    static final int VERSION = 2;
    private static final int OLDEST_VERSION = 1;
    private static final int MAX_ITEMS = 1 << 20;
    private static final int MAX_TREE_NODES = 1 << 26;

    private Payload() {
    }

    // Tribuo's protobuf repeats each tree's provenance; a 2000-tree forest shrinks about tenfold.
    private static byte[] deflate(byte[] raw) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 4 + 16);
        try (DeflaterOutputStream d = new DeflaterOutputStream(out, new Deflater(Deflater.BEST_SPEED))) {
            d.write(raw);
        }
        return out.toByteArray();
    }

    private static byte[] inflate(byte[] packed) throws IOException {
        try (InflaterInputStream in = new InflaterInputStream(new ByteArrayInputStream(packed))) {
            return in.readAllBytes();
        } catch (ZipException e) {
            throw new IOException("corrupt stepcast-ml payload: model section does not inflate (" + e.getMessage() + ")", e);
        }
    }

    /** Writes a payload section by section. */
    public static final class Writer {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final DataOutputStream out = new DataOutputStream(bytes);

        /** Starts a payload of {@code kind} for {@code estimator}. */
        public Writer(String kind, String estimator) throws IOException {
            out.writeUTF(MAGIC);
            out.writeInt(VERSION);
            out.writeUTF(kind);
            out.writeUTF(estimator);
        }

        /** Writes a string. */
        public void text(String v) throws IOException {
            out.writeUTF(v);
        }

        /** Writes an int. */
        public void integer(int v) throws IOException {
            out.writeInt(v);
        }

        /** Writes a counted list of strings. */
        public void strings(List<String> values) throws IOException {
            out.writeInt(values.size());
            for (String v : values) {
                out.writeUTF(v);
            }
        }

        /** Writes a counted array of doubles, bit-exact. */
        public void doubles(double[] values) throws IOException {
            out.writeInt(values.length);
            for (double v : values) {
                out.writeDouble(v);
            }
        }

        /** Writes a length-prefixed byte section. */
        public void blob(byte[] b) throws IOException {
            out.writeInt(b.length);
            out.write(b);
        }

        /** Writes a counted map of strings, in its iteration order. */
        public void map(Map<String, String> m) throws IOException {
            out.writeInt(m.size());
            for (var e : m.entrySet()) {
                out.writeUTF(e.getKey());
                out.writeUTF(e.getValue());
            }
        }

        /** Writes one fitted regression: transform, standardisation, features and the Tribuo model. */
        public void regression(Target target, FittedRegression r) throws IOException {
            out.writeUTF(target.name());
            out.writeUTF(r.transform().name());
            out.writeDouble(r.targetMean());
            out.writeDouble(r.targetSd());
            FittedFeatures f = r.features();
            strings(f.numeric());
            out.writeInt(f.levels().size());
            for (var e : f.levels().entrySet()) {
                out.writeUTF(e.getKey());
                strings(e.getValue());
            }
            doubles(f.mean());
            doubles(f.sd());
            blob(deflate(r.handle().protobuf()));
            // The flattened trees too, so that a reload predicts at once without reading the Tribuo model.
            out.writeBoolean(r.compiled().isPresent());
            if (r.compiled().isPresent()) {
                ByteArrayOutputStream trees = new ByteArrayOutputStream();
                DataOutputStream t = new DataOutputStream(trees);
                r.compiled().get().write(t);
                t.flush();
                blob(deflate(trees.toByteArray()));
                out.writeBoolean(r.hasQuantiles());
                if (r.hasQuantiles()) {
                    ByteArrayOutputStream rows = new ByteArrayOutputStream();
                    DataOutputStream q = new DataOutputStream(rows);
                    r.writeQuantiles(q);
                    q.flush();
                    blob(deflate(rows.toByteArray()));
                }
            }
        }

        /** Writes a provenance record field by field. */
        public void provenance(Provenance p) throws IOException {
            out.writeUTF(p.estimator());
            map(p.hyperParameters());
            out.writeUTF(p.trainingSetId());
            out.writeUTF(p.trainingChecksum());
            out.writeInt(p.trainingSize());
            out.writeLong(p.seed());
            map(p.versions());
        }

        /** The finished payload: everything written so far followed by its CRC-32. */
        public byte[] seal() throws IOException {
            out.flush();
            byte[] body = bytes.toByteArray();
            CRC32 crc = new CRC32();
            crc.update(body);
            ByteArrayOutputStream all = new ByteArrayOutputStream(body.length + 8);
            DataOutputStream d = new DataOutputStream(all);
            d.write(body);
            d.writeLong(crc.getValue());
            d.flush();
            return all.toByteArray();
        }
    }

    /** Checks the checksum and header, then reads sections; every failure is an {@link IOException}. */
    public static final class Reader {
        private final DataInputStream in;
        private final int version;

        /**
         * Opens a payload, checking magic, checksum, format version, kind and estimator.
         *
         * @throws IOException naming what does not match
         */
        public Reader(byte[] payload, String kind, String estimator) throws IOException {
            if (payload == null || payload.length < 8) {
                throw new IOException("not a stepcast-ml payload: " + (payload == null ? 0 : payload.length) + " bytes");
            }
            byte[] body = Arrays.copyOf(payload, payload.length - 8);
            long stored = new DataInputStream(new ByteArrayInputStream(payload, payload.length - 8, 8)).readLong();
            CRC32 crc = new CRC32();
            crc.update(body);
            in = new DataInputStream(new ByteArrayInputStream(body));
            String magic;
            try {
                magic = in.readUTF();
            } catch (IOException e) {
                magic = "";
            }
            if (!MAGIC.equals(magic)) {
                throw new IOException("not a stepcast-ml payload (the header does not start with '" + MAGIC + "')");
            }
            if (crc.getValue() != stored) {
                throw new IOException("corrupt stepcast-ml payload: checksum mismatch (truncated or altered)");
            }
            version = in.readInt();
            if (version < OLDEST_VERSION || version > VERSION) {
                throw new IOException("stepcast-ml payload format " + version + " is not supported (expected "
                        + OLDEST_VERSION + " to " + VERSION + ")");
            }
            String k = in.readUTF();
            String e = in.readUTF();
            if (!k.equals(kind) || !e.equals(estimator)) {
                throw new IOException("payload holds a '" + k + "' predictor of estimator '" + e
                        + "', not a '" + kind + "' predictor of '" + estimator + "'");
            }
        }

        /** Reads a string. */
        public String text() throws IOException {
            return in.readUTF();
        }

        /** Reads a count, refusing negative or absurd values. */
        public int count() throws IOException {
            int n = in.readInt();
            if (n < 0 || n > MAX_ITEMS) {
                throw new IOException("corrupt stepcast-ml payload: count " + n);
            }
            return n;
        }

        /** Reads a list written by {@link Writer#strings}. */
        public List<String> strings() throws IOException {
            int n = count();
            List<String> v = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                v.add(in.readUTF());
            }
            return v;
        }

        /** Reads an array written by {@link Writer#doubles}. */
        public double[] doubles() throws IOException {
            double[] v = new double[count()];
            for (int i = 0; i < v.length; i++) {
                v[i] = in.readDouble();
            }
            return v;
        }

        /** Reads a section written by {@link Writer#blob}. */
        public byte[] blob() throws IOException {
            int n = in.readInt();
            if (n < 0 || n > in.available()) {
                throw new IOException("corrupt stepcast-ml payload: section of " + n + " bytes");
            }
            byte[] b = new byte[n];
            in.readFully(b);
            return b;
        }

        /** Reads a map written by {@link Writer#map}. */
        public Map<String, String> map() throws IOException {
            int n = count();
            Map<String, String> m = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                m.put(in.readUTF(), in.readUTF());
            }
            return m;
        }

        /** Reads a target name. */
        public Target target() throws IOException {
            String t = in.readUTF();
            try {
                return Target.valueOf(t);
            } catch (IllegalArgumentException e) {
                throw new IOException("corrupt stepcast-ml payload: unknown target '" + t + "'", e);
            }
        }

        /** Reads a regression written by {@link Writer#regression} (after its target). */
        public FittedRegression regression() throws IOException {
            try {
                TargetTransform transform = TargetTransform.valueOf(in.readUTF());
                double mean = in.readDouble();
                double sd = in.readDouble();
                List<String> numeric = strings();
                int families = count();
                Map<String, List<String>> levels = new LinkedHashMap<>();
                for (int i = 0; i < families; i++) {
                    String name = in.readUTF();
                    levels.put(name, strings());
                }
                FittedFeatures features = new FittedFeatures(numeric, levels, doubles(), doubles());
                TribuoModelHandle model = TribuoModelHandle.ofProtobuf(inflate(blob()));
                Optional<CompiledTrees> trees = Optional.empty();
                if (in.readBoolean()) {
                    DataInputStream t = new DataInputStream(new ByteArrayInputStream(inflate(blob())));
                    trees = Optional.of(CompiledTrees.read(t, features.width(), MAX_TREE_NODES));
                    if (t.available() != 0) {
                        throw new IOException("corrupt stepcast-ml payload: trailing bytes after the flattened trees");
                    }
                }
                FittedRegression r = FittedRegression.restored(features, transform, mean, sd, model, trees);
                if (trees.isPresent() && version >= 2 && in.readBoolean()) {
                    DataInputStream q = new DataInputStream(new ByteArrayInputStream(inflate(blob())));
                    r = r.withQuantiles(q, MAX_ITEMS);
                    if (q.available() != 0) {
                        throw new IOException("corrupt stepcast-ml payload: trailing bytes after the quantile forest");
                    }
                }
                if (trees.isEmpty() && !new HashSet<>(features.columns()).containsAll(
                        r.model().getFeatureIDMap().keySet())) {
                    throw new IOException("stored Tribuo model uses features the header does not declare");
                }
                return r;
            } catch (EOFException e) {
                throw new IOException("corrupt stepcast-ml payload: truncated", e);
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new IOException("corrupt stepcast-ml payload: " + e.getMessage(), e);
            }
        }

        /** Reads a provenance written by {@link Writer#provenance}. */
        public Provenance provenance() throws IOException {
            try {
                return new Provenance(in.readUTF(), map(), in.readUTF(), in.readUTF(), in.readInt(), in.readLong(), map());
            } catch (IllegalArgumentException e) {
                throw new IOException("corrupt stepcast-ml payload: " + e.getMessage(), e);
            }
        }

        /** Requires that nothing is left unread. */
        public void end() throws IOException {
            if (in.available() != 0) {
                throw new IOException("corrupt stepcast-ml payload: " + in.available() + " unexpected trailing bytes");
            }
        }
    }
}
