package io.stepcast.ml.codec;

import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.ml.features.FittedFeatures;
import io.stepcast.ml.features.TargetTransform;
import io.stepcast.ml.learn.FittedRegression;
import io.stepcast.ml.learn.CompiledTrees;
import io.stepcast.ml.learn.TribuoModelHandle;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
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

/**
 * Reads this module's payloads saved before the envelope: a small binary header (magic, format version, kind,
 * estimator) followed by sections, and a CRC-32 of everything before it, so that truncation and bit flips are
 * detected before anything is parsed. Tribuo models are stored as their protobuf bytes ({@code Model.serialize()},
 * deflated) followed by the flattened trees of tree models and the training rows of their quantile forest (format 2);
 * features and target transforms field by field; doubles as their exact bits. Kept so that every model file saved
 * then loads and predicts as it did.
 */
public final class FormerBinaryPayload {
    static final String MAGIC = "stepcast-ml";
    /** 2 adds the quantile forest's training rows after the flattened trees; 1 is read as without them. */
    static final int VERSION = 2;
    private static final int OLDEST_VERSION = 1;
    private static final int MAX_ITEMS = 1 << 20;
    private static final int MAX_TREE_NODES = 1 << 26;

    private FormerBinaryPayload() {
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
                TribuoModelHandle model = TribuoModelHandle.ofProtobuf(Deflated.inflate(blob()));
                Optional<CompiledTrees> trees = Optional.empty();
                if (in.readBoolean()) {
                    DataInputStream t = new DataInputStream(new ByteArrayInputStream(Deflated.inflate(blob())));
                    trees = Optional.of(CompiledTrees.read(t, features.width(), MAX_TREE_NODES));
                    if (t.available() != 0) {
                        throw new IOException("corrupt stepcast-ml payload: trailing bytes after the flattened trees");
                    }
                }
                FittedRegression r = FittedRegression.restored(features, transform, mean, sd, model, trees);
                if (trees.isPresent() && version >= 2 && in.readBoolean()) {
                    DataInputStream q = new DataInputStream(new ByteArrayInputStream(Deflated.inflate(blob())));
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
