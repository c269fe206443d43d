package io.stepcast.queueing.fit;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.Receive;
import io.stepcast.api.profile.Send;

import java.io.IOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The part of a training set the queueing predictors read, as UTF-8 text for their codecs: the observations
 * with at most a given number of workers that have a step time, and every profile in full. One record per
 * line, tab-separated URL-encoded fields: {@code obs} (a configuration and its step time), {@code profile}
 * followed by its {@code param}, {@code recv}, {@code op} and {@code send} records.
 */
public final class TrainingSetText {
    private TrainingSetText() {
    }

    /** Writes the records of {@code training} after a header line. */
    public static byte[] encode(String header, TrainingSet training, int maxWorkers) {
        StringBuilder b = new StringBuilder(header).append('\n');
        for (Observation o : training.observations()) {
            if (o.config().workers() > maxWorkers || o.value(Target.STEP_TIME).isEmpty()) {
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
        for (Profile p : training.profiles()) {
            line(b, "profile", p.model(), Integer.toString(p.localBatch()), Double.toString(p.stepTimeUs()), p.origin());
            for (ParameterTensor t : p.parameters()) {
                line(b, "param", t.name(), Long.toString(t.bytes()));
            }
            for (Receive r : p.receives()) {
                line(b, "recv", r.tensor(), Double.toString(r.startUs()), Double.toString(r.endUs()));
            }
            for (ComputeOp op : p.ops()) {
                StringBuilder req = new StringBuilder();
                for (String t : op.requires()) {
                    req.append(req.length() == 0 ? "" : ",").append(URLEncoder.encode(t, StandardCharsets.UTF_8));
                }
                line(b, "op", op.name(), op.type(), Integer.toString(op.stream()), Double.toString(op.startUs()),
                        Double.toString(op.durationUs()), req.toString());
            }
            for (Send s : p.sends()) {
                line(b, "send", s.tensor(), Long.toString(s.bytes()), s.producer(), Double.toString(s.startUs()),
                        Double.toString(s.endUs()));
            }
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Reads what {@link #encode} wrote.
     *
     * @throws IOException when the header differs or a record is malformed, naming the line
     */
    public static TrainingSet decode(byte[] payload, String header, String id) throws IOException {
        String[] lines = new String(payload, StandardCharsets.UTF_8).split("\n");
        if (lines.length == 0 || !lines[0].equals(header)) {
            throw new IOException("not a payload of this codec: the first line must be '" + header + "'");
        }
        List<Observation> observations = new ArrayList<>();
        List<Profile> profiles = new ArrayList<>();
        ProfileParts open = null;
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
                    case "profile" -> {
                        if (open != null) {
                            profiles.add(open.build());
                        }
                        expect(f, 5);
                        open = new ProfileParts(f[1], Integer.parseInt(f[2]), Double.parseDouble(f[3]), f[4]);
                    }
                    case "param" -> {
                        expect(f, 3);
                        parts(open).params.add(new ParameterTensor(f[1], Long.parseLong(f[2])));
                    }
                    case "recv" -> {
                        expect(f, 4);
                        parts(open).receives.add(new Receive(f[1], Double.parseDouble(f[2]), Double.parseDouble(f[3])));
                    }
                    case "op" -> {
                        expect(f, 7);
                        Set<String> req = new LinkedHashSet<>();
                        if (!f[6].isEmpty()) {
                            for (String t : f[6].split(",", -1)) {
                                req.add(URLDecoder.decode(t, StandardCharsets.UTF_8));
                            }
                        }
                        parts(open).ops.add(new ComputeOp(f[1], f[2], Integer.parseInt(f[3]), Double.parseDouble(f[4]),
                                Double.parseDouble(f[5]), req));
                    }
                    case "send" -> {
                        expect(f, 6);
                        parts(open).sends.add(new Send(f[1], Long.parseLong(f[2]), f[3], Double.parseDouble(f[4]),
                                Double.parseDouble(f[5])));
                    }
                    default -> throw new IllegalArgumentException("unknown record '" + f[0] + "'");
                }
            } catch (RuntimeException e) {
                throw new IOException("payload line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        try {
            if (open != null) {
                profiles.add(open.build());
            }
        } catch (RuntimeException e) {
            throw new IOException("payload, last profile: " + e.getMessage(), e);
        }
        return new TrainingSet(id, observations, profiles);
    }

    private static ProfileParts parts(ProfileParts open) {
        if (open == null) {
            throw new IllegalArgumentException("a profile part before any profile record");
        }
        return open;
    }

    private static final class ProfileParts {
        final String model;
        final int batch;
        final double stepUs;
        final String origin;
        final List<ParameterTensor> params = new ArrayList<>();
        final List<Receive> receives = new ArrayList<>();
        final List<ComputeOp> ops = new ArrayList<>();
        final List<Send> sends = new ArrayList<>();

        ProfileParts(String model, int batch, double stepUs, String origin) {
            this.model = model;
            this.batch = batch;
            this.stepUs = stepUs;
            this.origin = origin;
        }

        Profile build() {
            return new Profile(model, batch, stepUs, params, receives, ops, sends, origin);
        }
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
