package io.stepcast.models.uncertainty;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.PredictorCodec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads split-conformal payloads saved before the envelope: plain text, one field per line, doubles by
 * {@link Double#toString}, the base's payloads and category names in Base64. Kept so that every model file saved
 * then loads and predicts as it did.
 * <pre>
 * stepcast-conformal v1
 * coverage 0.9
 * uncalibrated TEXT          (empty when every target is calibrated)
 * point BASE64
 * proper same | BASE64
 * target LABEL NORMALISATION MONDRIAN n s1 ... sn
 * category LABEL BASE64-NAME n s1 ... sn
 * </pre>
 */
final class FormerConformalText {
    /** First line of every payload. */
    static final String MAGIC = "stepcast-conformal v1";

    private FormerConformalText() {
    }

    /** True when {@code payload} starts with this format's first line. */
    static boolean wrote(byte[] payload) {
        byte[] magic = (MAGIC + "\n").getBytes(StandardCharsets.UTF_8);
        return payload.length >= magic.length && Arrays.equals(Arrays.copyOf(payload, magic.length), magic);
    }

    /** The predictor of a version-1 payload around the base codec's payloads; errors name the line. */
    static Predictor decode(byte[] payload, Provenance provenance, PredictorCodec base) throws IOException {
        String[] lines = new String(payload, StandardCharsets.UTF_8).split("\n", -1);
        if (!lines[0].equals(MAGIC)) {
            throw new IOException("corrupt conformal payload: line 1 is not '" + MAGIC + "'");
        }
        double coverage = number(field(lines, 1, "coverage"), 2, "coverage");
        if (!(coverage > 0 && coverage < 1)) {
            throw new IOException("corrupt conformal payload: line 2: coverage must be in (0, 1), was " + coverage);
        }
        String uncalibrated = field(lines, 2, "uncalibrated");
        Provenance inner = ConformalCodec.withoutWrapper(provenance);
        Predictor point = base.decode(base64(field(lines, 3, "point"), 4), inner);
        String properField = field(lines, 4, "proper");
        Optional<Predictor> proper = properField.equals("same") ? Optional.empty()
                : Optional.of(base.decode(base64(properField, 5), inner));
        Map<Target, CalibrationScores> scores = new EnumMap<>(Target.class);
        Map<Target, String[]> heads = new LinkedHashMap<>();
        Map<Target, Map<String, double[]>> categories = new EnumMap<>(Target.class);
        Map<Target, double[]> pooled = new EnumMap<>(Target.class);
        for (int i = 5; i < lines.length; i++) {
            if (lines[i].isEmpty()) {
                continue;
            }
            String[] f = lines[i].split(" ");
            int line = i + 1;
            if (!(f[0].equals("target") && f.length >= 5) && !(f[0].equals("category") && f.length >= 4)) {
                throw new IOException("corrupt conformal payload: line " + line
                        + " is neither 'target LABEL NORMALISATION MONDRIAN n scores...'"
                        + " nor 'category LABEL NAME n scores...'");
            }
            Target t = target(f[1], line);
            if (f[0].equals("target")) {
                if (heads.put(t, f) != null) {
                    throw new IOException("corrupt conformal payload: line " + line + ": target " + f[1] + " twice");
                }
                pooled.put(t, values(f, 4, line));
            } else if (heads.containsKey(t)) {
                String name = new String(base64(f[2], line), StandardCharsets.UTF_8);
                if (categories.computeIfAbsent(t, x -> new TreeMap<>()).put(name, values(f, 3, line)) != null) {
                    throw new IOException("corrupt conformal payload: line " + line + ": category '" + name
                            + "' twice");
                }
            } else {
                throw new IOException("corrupt conformal payload: line " + line + ": a category of target " + f[1]
                        + " before its target line");
            }
        }
        for (Map.Entry<Target, String[]> e : heads.entrySet()) {
            String[] f = e.getValue();
            SplitConformalEstimator.Normalisation mode = enumValue(SplitConformalEstimator.Normalisation.class, f[2]);
            CalibrationScores.Mondrian mondrian = enumValue(CalibrationScores.Mondrian.class, f[3]);
            if (mode == SplitConformalEstimator.Normalisation.AUTO) {
                throw new IOException("corrupt conformal payload: target " + f[1]
                        + ": normalisation AUTO is never saved");
            }
            scores.put(e.getKey(), new CalibrationScores(mode, pooled.get(e.getKey()), mondrian,
                    categories.getOrDefault(e.getKey(), Map.of())));
        }
        return new ConformalPredictor(point, proper, scores, coverage, provenance, uncalibrated);
    }

    private static String field(String[] lines, int index, String name) throws IOException {
        String prefix = name + " ";
        if (index >= lines.length || !(lines[index].startsWith(prefix) || lines[index].equals(name))) {
            throw new IOException("corrupt conformal payload: line " + (index + 1) + " is not '" + name + " ...'");
        }
        return lines[index].length() > prefix.length() ? lines[index].substring(prefix.length()) : "";
    }

    private static double number(String text, int line, String what) throws IOException {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IOException("corrupt conformal payload: line " + line + ": " + what + " '" + text
                    + "' is not a number");
        }
    }

    private static byte[] base64(String text, int line) throws IOException {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IOException("corrupt conformal payload: line " + line + ": not Base64");
        }
    }

    private static Target target(String label, int line) throws IOException {
        try {
            return Target.parse(label);
        } catch (IllegalArgumentException e) {
            throw new IOException("corrupt conformal payload: line " + line + ": unknown target '" + label + "'");
        }
    }

    /** The {@code n} ascending scores after field {@code at} (which holds n). */
    private static double[] values(String[] f, int at, int line) throws IOException {
        int n;
        try {
            n = Integer.parseInt(f[at]);
        } catch (NumberFormatException e) {
            throw new IOException("corrupt conformal payload: line " + line + ": count '" + f[at]
                    + "' is not a number");
        }
        if (f.length != at + 1 + n) {
            throw new IOException("corrupt conformal payload: line " + line + ": " + n + " scores declared, "
                    + (f.length - at - 1) + " given");
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = number(f[at + 1 + i], line, "score");
            if (!(v[i] >= 0) || (i > 0 && v[i] < v[i - 1])) {
                throw new IOException("corrupt conformal payload: line " + line
                        + ": scores must be non-negative and ascending");
            }
        }
        return v;
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String name) throws IOException {
        try {
            return Enum.valueOf(type, name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IOException("corrupt conformal payload: unknown " + type.getSimpleName().toLowerCase(Locale.ROOT)
                    + " '" + name + "'");
        }
    }
}
