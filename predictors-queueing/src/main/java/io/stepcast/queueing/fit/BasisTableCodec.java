package io.stepcast.queueing.fit;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.plugin.PredictorCodec;
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
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Saves and loads a fitted queueing predictor as its {@link BasisTable}: UTF-8 text, a header line, the compute
 * slopes of one node's rows ({@code slope} records: model and machine key, seconds per sample), then per basis a
 * {@code basis} record (model, local batch, step time in seconds, parameter bytes or {@code -}, remote server, origin,
 * hardware, without server), its profile when it has one ({@link ProfileText}), and a {@code ready} record with the
 * calibrated state ({@link StateText}) or a {@code refused} record with the reason. Nothing is calibrated again on
 * load, so a reloaded predictor predicts exactly what the saved one did. One class serves the {@code mva} and
 * {@code simulation} predictors; hyper-parameters come back from the provenance.
 *
 * @param <S> the predictor's calibrated state
 */
public final class BasisTableCodec<S> implements PredictorCodec {
    private final String header;
    private final StateText<S> stateText;
    private final Function<Predictor, Optional<BasisTable<S>>> tableOf;
    private final BiFunction<BasisTable<S>, Provenance, Predictor> predictorOf;

    /**
     * @param header      first line of a payload (names the predictor and the format version)
     * @param stateText   how the calibrated state is written
     * @param tableOf     the table of a predictor of this codec, empty for any other predictor
     * @param predictorOf the predictor of a table read back (throws {@link IllegalArgumentException} on bad
     *                    hyper-parameters in the provenance)
     */
    public BasisTableCodec(String header, StateText<S> stateText, Function<Predictor, Optional<BasisTable<S>>> tableOf,
                           BiFunction<BasisTable<S>, Provenance, Predictor> predictorOf) {
        this.header = header;
        this.stateText = stateText;
        this.tableOf = tableOf;
        this.predictorOf = predictorOf;
    }

    @Override
    public byte[] encode(Predictor predictor) throws IOException {
        BasisTable<S> table = tableOf.apply(predictor).orElseThrow(() -> new IOException(
                "not a predictor of this codec (" + header + "): " + predictor.getClass().getName()));
        StringBuilder b = new StringBuilder(header).append('\n');
        table.slopes().forEach((key, slope) -> ProfileText.line(b, "slope", key, Double.toString(slope)));
        for (CalibratedBasis<S> e : table.entries()) {
            SingleWorkerBasis s = e.basis();
            ProfileText.line(b, "basis", s.model(), Integer.toString(s.localBatch()), Double.toString(s.stepTimeS()),
                    s.parameterBytes().isPresent() ? Long.toString(s.parameterBytes().getAsLong()) : "-",
                    Boolean.toString(s.remotePs()), s.origin(), s.hardware(), Boolean.toString(s.withoutServer()));
            s.profile().ifPresent(p -> ProfileText.append(b, p));
            if (e.calibration() instanceof Calibrated.Ready<S> ready) {
                List<String> fields = new ArrayList<>();
                fields.add("ready");
                fields.addAll(stateText.fields(ready.state()));
                ProfileText.line(b, fields.toArray(String[]::new));
            } else {
                ProfileText.line(b, "refused", ((Calibrated.Refused<S>) e.calibration()).reason());
            }
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
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
                            : new Calibrated.Ready<>(stateText.parse(Arrays.asList(f).subList(1, f.length), b));
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
        try {
            return predictorOf.apply(new BasisTable<>(entries, slopes), provenance);
        } catch (IllegalArgumentException e) {
            throw new IOException(header + " provenance: " + e.getMessage(), e);
        }
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
