package io.stepcast.queueing.fit;

import io.stepcast.api.profile.Profile;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Reads a {@link BasisTable} saved before the envelope (format 2 of {@code mva} and {@code simulation}): UTF-8 text, a
 * header line, {@code slope} records (model and machine key, seconds per sample), then per basis a {@code basis}
 * record (model, local batch, step time in seconds, parameter bytes or {@code -}, remote server, origin, hardware,
 * without server), its profile when it has one ({@link ProfileText}), and a {@code ready} record with the calibrated
 * state or a {@code refused} record with the reason; fields URL-encoded and tab-separated. Kept so that every model
 * file saved then loads and predicts as it did.
 */
final class FormerBasisTableText {
    private FormerBasisTableText() {
    }

    /**
     * The table of a former payload.
     *
     * @param header the payload's expected first line
     * @param state  how the calibrated state's fields are read
     * @throws IOException naming the line that is malformed
     */
    static <S> BasisTable<S> decode(byte[] payload, String header, StateFields<S> state) throws IOException {
        String[] lines = new String(payload, StandardCharsets.UTF_8).split("\n");
        if (lines.length == 0 || !lines[0].equals(header)) {
            throw new IOException("not a payload of this codec: the first line must be '" + header + "'");
        }
        List<CalibratedBasis<S>> entries = new ArrayList<>();
        Map<String, Double> slopes = new TreeMap<>();
        String[] basis = null;
        ProfileText.Parts profile = null;
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isEmpty()) {
                continue;
            }
            String[] f = lines[i].split("\t", -1);
            for (int k = 0; k < f.length; k++) {
                f[k] = URLDecoder.decode(f[k], StandardCharsets.UTF_8);
            }
            try {
                if (f[0].equals("slope")) {
                    ProfileText.expect(f, 3);
                    if (basis != null || !entries.isEmpty()) {
                        throw new IllegalArgumentException("slope record after a basis record");
                    }
                    slopes.put(f[1], Double.parseDouble(f[2]));
                } else if (f[0].equals("basis")) {
                    if (f.length != 9) {
                        ProfileText.expect(f, 7);
                    }
                    if (basis != null) {
                        throw new IllegalArgumentException("basis record before the previous basis's state");
                    }
                    basis = f;
                    profile = null;
                } else if (f[0].equals("profile")) {
                    require(basis, f);
                    profile = new ProfileText.Parts(f);
                } else if (f[0].equals("ready") || f[0].equals("refused")) {
                    SingleWorkerBasis b = basis(require(basis, f), profile == null ? null : profile.build());
                    Calibrated<S> c = f[0].equals("refused")
                            ? new Calibrated.Refused<>(one(f))
                            : new Calibrated.Ready<>(state.readFormer(Arrays.asList(f).subList(1, f.length), b));
                    entries.add(new CalibratedBasis<>(b, c));
                    basis = null;
                    profile = null;
                } else if (profile == null || !profile.add(f)) {
                    throw new IllegalArgumentException("unknown or misplaced record '" + f[0] + "'");
                }
            } catch (RuntimeException e) {
                throw new IOException("payload line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        if (basis != null) {
            throw new IOException("payload ends inside the basis of " + basis[1] + " (no ready or refused record)");
        }
        return new BasisTable<>(entries, slopes);
    }

    private static String[] require(String[] basis, String[] f) {
        if (basis == null) {
            throw new IllegalArgumentException("record '" + f[0] + "' before any basis record");
        }
        return basis;
    }

    private static String one(String[] f) {
        ProfileText.expect(f, 2);
        return f[1];
    }

    private static SingleWorkerBasis basis(String[] f, Profile profile) {
        OptionalLong bytes = f[4].equals("-") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(f[4]));
        // A basis saved before bases carried their hardware and server has seven fields.
        return new SingleWorkerBasis(f[1], Integer.parseInt(f[2]), Double.parseDouble(f[3]), bytes,
                Optional.ofNullable(profile), Boolean.parseBoolean(f[5]), f[6], f.length > 7 ? f[7] : null,
                f.length > 8 && Boolean.parseBoolean(f[8]));
    }
}
