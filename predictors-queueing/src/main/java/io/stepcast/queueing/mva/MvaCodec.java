package io.stepcast.queueing.mva;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.Receive;
import io.stepcast.queueing.fit.BasisLookup;

import java.io.IOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Saves and loads fitted {@code mva} predictors. The fitted state is what MVA reads of its training set, and
 * it is small: the single- and two-worker observations (configuration and step time) and, of every profile,
 * its model, batch, step time, parameter bytes and whether it has receive times. The payload is UTF-8 text,
 * one record per line, fields separated by tabs and URL-encoded; the first line is {@value #HEADER}.
 */
public final class MvaCodec implements PredictorCodec {
    static final String HEADER = "stepcast-mva 1";

    @Override
    public byte[] encode(Predictor predictor) throws IOException {
        if (!(predictor instanceof MvaPredictor m)) {
            throw new IOException("not an mva predictor: " + predictor.getClass().getName());
        }
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        for (Observation o : m.training().observations()) {
            if (o.config().workers() > 2 || o.value(Target.STEP_TIME).isEmpty()) {
                continue;
            }
            Config c = o.config();
            line(b, "obs", c.model(), c.workload().framework(), c.workload().dataset(),
                    c.workload().parameterBytes().isPresent() ? Long.toString(c.workload().parameterBytes().getAsLong()) : "-",
                    c.deployment().architecture().name(), Integer.toString(c.workers()),
                    Integer.toString(c.deployment().parameterServers()), Integer.toString(c.deployment().nodes()),
                    Integer.toString(c.deployment().devicesPerWorker()), Integer.toString(c.deployment().tenants()),
                    Boolean.toString(c.deployment().colocatedPs()),
                    c.deployment().bandwidthGbps().isPresent() ? Double.toString(c.deployment().bandwidthGbps().getAsDouble()) : "-",
                    c.deployment().hardware(), Integer.toString(c.localBatch()),
                    Double.toString(o.value(Target.STEP_TIME).getAsDouble()), o.source());
        }
        for (Profile p : m.training().profiles()) {
            line(b, "profile", p.model(), Integer.toString(p.localBatch()), Double.toString(p.stepTimeUs()),
                    Long.toString(p.parameterBytes()), Boolean.toString(!p.receives().isEmpty()), p.origin());
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        String[] lines = new String(payload, StandardCharsets.UTF_8).split("\n");
        if (lines.length == 0 || !lines[0].equals(HEADER)) {
            throw new IOException("not an mva payload: the first line must be '" + HEADER + "'");
        }
        List<Observation> observations = new ArrayList<>();
        List<Profile> profiles = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isEmpty()) {
                continue;
            }
            String[] f = lines[i].split("\t", -1);
            for (int k = 0; k < f.length; k++) {
                f[k] = URLDecoder.decode(f[k], StandardCharsets.UTF_8);
            }
            try {
                switch (f[0]) {
                    case "obs" -> observations.add(observation(f));
                    case "profile" -> profiles.add(profile(f));
                    default -> throw new IllegalArgumentException("unknown record '" + f[0] + "'");
                }
            } catch (RuntimeException e) {
                throw new IOException("mva payload line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        HyperParameters hp = MvaEstimator.DEFAULTS.with(provenance.hyperParameters());
        TrainingSet training = new TrainingSet(provenance.trainingSetId(), observations, profiles);
        return new MvaPredictor(new BasisLookup(training, hp.text("profiled-ps")), training, hp, provenance);
    }

    private static Observation observation(String[] f) {
        expect(f, 17);
        Config c = Config.builder().model(f[1]).framework(f[2]).dataset(f[3])
                .parameterBytes(f[4].equals("-") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(f[4])))
                .architecture(Architecture.valueOf(f[5])).workers(Integer.parseInt(f[6]))
                .parameterServers(Integer.parseInt(f[7])).nodes(Integer.parseInt(f[8]))
                .devicesPerWorker(Integer.parseInt(f[9])).tenants(Integer.parseInt(f[10]))
                .colocatedPs(Boolean.parseBoolean(f[11]))
                .bandwidthGbps(f[12].equals("-") ? OptionalDouble.empty() : OptionalDouble.of(Double.parseDouble(f[12])))
                .hardware(f[13]).localBatch(Integer.parseInt(f[14])).build();
        return new Observation(c, Measurements.builder().stepTimeS(Double.parseDouble(f[15])).build(), f[16]);
    }

    /** A profile reduced to what MVA reads: one tensor of all the bytes, a receive when the original had some. */
    private static Profile profile(String[] f) {
        expect(f, 7);
        List<ParameterTensor> params = List.of(new ParameterTensor("parameters", Long.parseLong(f[4])));
        List<Receive> receives = Boolean.parseBoolean(f[5]) ? List.of(new Receive("parameters", 0, 0)) : List.of();
        return new Profile(f[1], Integer.parseInt(f[2]), Double.parseDouble(f[3]), params, receives, List.of(),
                List.of(), f[6]);
    }

    private static void expect(String[] f, int n) {
        if (f.length != n) {
            throw new IllegalArgumentException("record '" + f[0] + "' needs " + n + " fields, has " + f.length);
        }
    }

    private static void line(StringBuilder b, String... fields) {
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                b.append('\t');
            }
            b.append(URLEncoder.encode(fields[i], StandardCharsets.UTF_8));
        }
        b.append('\n');
    }
}
