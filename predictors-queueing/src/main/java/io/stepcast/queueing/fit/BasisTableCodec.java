package io.stepcast.queueing.fit;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.models.persist.EnvelopeHeader;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Saves and loads a fitted queueing predictor as its {@link BasisTable}, an envelope: the compute slopes of one
 * node's rows by model and machine key (seconds per sample), then per basis its model, local batch, step time,
 * parameter bytes (absent when unknown), remote server, origin, hardware and without-server flag, its profile when it
 * has one ({@link ProfileFields}), and either the calibrated {@code state} ({@link StateFields}) or the reason it was
 * {@code refused}. Nothing is calibrated again on load, so a reloaded predictor predicts exactly what the saved one
 * did. The {@code mva} and {@code simulation} codecs extend it, each giving its format, its state's fields and how a
 * table becomes its predictor; hyper-parameters come back from the provenance. Payloads of the former text layout ({@code FormerBasisTableText}, format 2) still read.
 * <pre>
 * {"format":"stepcast-simulation","version":3,"slopes":{"resnet-50@k80":0.0031},
 *  "bases":[{"model":"ResNet-50","local_batch":64,"step_time_s":0.41,"parameter_bytes":102228128,"remote_ps":false,
 *            "origin":"zoo","hardware":"k80","without_server":false,"profile":{...},"state":{...}}]}
 * </pre>
 *
 * @param <S> the predictor's calibrated state
 */
public abstract class BasisTableCodec<S> implements PredictorCodec {
    /** The first envelope version; versions 1 and 2 were text (only 2 is read). */
    private static final int VERSION = 3;
    private static final int FORMER_VERSION = 2;

    private final String format;
    private final StateFields<S> state;
    private final Function<Predictor, Optional<BasisTable<S>>> tableOf;
    private final BiFunction<BasisTable<S>, Provenance, Predictor> predictorOf;

    /**
     * @param format      the envelope's format tag, e.g. {@code stepcast-mva}; the former text's first line was the
     *                    tag and {@code 2}
     * @param state       how the calibrated state is written and read
     * @param tableOf     the table of a predictor of this codec, empty for any other predictor
     * @param predictorOf the predictor of a table read back (throws {@link IllegalArgumentException} on bad
     *                    hyper-parameters in the provenance)
     */
    protected BasisTableCodec(String format, StateFields<S> state, Function<Predictor, Optional<BasisTable<S>>> tableOf,
                           BiFunction<BasisTable<S>, Provenance, Predictor> predictorOf) {
        this.format = format;
        this.state = state;
        this.tableOf = tableOf;
        this.predictorOf = predictorOf;
    }

    @Override
    public final byte[] encode(Predictor predictor) throws IOException {
        BasisTable<S> table = tableOf.apply(predictor).orElseThrow(() -> new IOException(
                "not a predictor of this codec (" + format + "): " + predictor.getClass().getName()));
        PayloadWriter w = PayloadWriter.envelope(format, VERSION);
        PayloadWriter slopes = w.object("slopes");
        new TreeMap<>(table.slopes()).forEach(slopes::number);
        w.emptyList("bases");
        for (CalibratedBasis<S> e : table.entries()) {
            SingleWorkerBasis s = e.basis();
            PayloadWriter b = w.element("bases").text("model", s.model()).integer("local_batch", s.localBatch())
                    .number("step_time_s", s.stepTimeS());
            if (s.parameterBytes().isPresent()) {
                b.integer("parameter_bytes", s.parameterBytes().getAsLong());
            }
            b.flag("remote_ps", s.remotePs()).text("origin", s.origin()).text("hardware", s.hardware())
                    .flag("without_server", s.withoutServer());
            if (!s.precision().isEmpty()) {
                b.text("precision", s.precision());
            }
            if (s.bandwidthGbps().isPresent()) {
                b.number("bandwidth_gbps", s.bandwidthGbps().getAsDouble());
            }
            if (s.profile().isPresent()) {
                ProfileFields.write(s.profile().get(), b.object("profile"));
            }
            if (e.calibration() instanceof Calibrated.Ready<S> ready) {
                state.write(ready.state(), b.object("state"));
            } else {
                b.text("refused", ((Calibrated.Refused<S>) e.calibration()).reason());
            }
        }
        return w.bytes();
    }

    @Override
    public final Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        BasisTable<S> table = EnvelopeHeader.of(payload).isEmpty()
                ? FormerBasisTableText.decode(payload, format + " " + FORMER_VERSION, state) : table(payload);
        try {
            return predictorOf.apply(table, provenance);
        } catch (IllegalArgumentException e) {
            throw new IOException(format + " provenance: " + e.getMessage(), e);
        }
    }

    private BasisTable<S> table(byte[] payload) throws IOException {
        PayloadReader r = PayloadReader.open(payload, "corrupt " + format + " payload", format, VERSION, VERSION);
        Map<String, Double> slopes = new TreeMap<>();
        PayloadReader s = r.object("slopes");
        for (String key : s.names()) {
            slopes.put(key, s.number(key));
        }
        List<CalibratedBasis<S>> entries = new ArrayList<>();
        for (PayloadReader b : r.elements("bases")) {
            SingleWorkerBasis basis;
            try {
                basis = new SingleWorkerBasis(b.text("model"), b.integer("local_batch"), b.number("step_time_s"),
                        b.has("parameter_bytes") ? OptionalLong.of(b.longInteger("parameter_bytes")) : OptionalLong.empty(),
                        b.has("profile") ? Optional.of(ProfileFields.read(b.object("profile"))) : Optional.empty(),
                        b.flag("remote_ps"), b.text("origin"), b.text("hardware"), b.flag("without_server"),
                        b.has("precision") ? b.text("precision") : "",
                        b.has("bandwidth_gbps") ? OptionalDouble.of(b.number("bandwidth_gbps")) : OptionalDouble.empty());
            } catch (IllegalArgumentException e) {
                throw b.corrupt(e.getMessage());
            }
            Calibrated<S> c;
            if (b.has("refused")) {
                c = new Calibrated.Refused<>(b.text("refused"));
            } else {
                try {
                    c = new Calibrated.Ready<>(state.read(b.object("state"), basis));
                } catch (IllegalArgumentException e) {
                    throw b.corrupt("state", e.getMessage());
                }
            }
            entries.add(new CalibratedBasis<>(basis, c));
        }
        try {
            return new BasisTable<>(entries, slopes);
        } catch (IllegalArgumentException e) {
            throw r.corrupt(e.getMessage());
        }
    }
}
