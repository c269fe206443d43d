package io.stepcast.queueing.fit;

import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.Receive;
import io.stepcast.api.profile.Send;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a profile saved in the former text layout of {@link FormerBasisTableText}: a {@code profile} record followed
 * by its {@code param}, {@code recv}, {@code op} and {@code send} records, one per line, tab-separated URL-encoded
 * fields (an op's required tensors comma-separated, each URL-encoded).
 */
final class ProfileText {
    private ProfileText() {
    }

    /** Checks a record's field count. */
    static void expect(String[] f, int n) {
        if (f.length != n) {
            throw new IllegalArgumentException("record '" + f[0] + "' needs " + n + " fields, has " + f.length);
        }
    }

    /** A profile being read, record by record. */
    static final class Parts {
        private final String model;
        private final int batch;
        private final double stepUs;
        private final String origin;
        private final List<ParameterTensor> params = new ArrayList<>();
        private final List<Receive> receives = new ArrayList<>();
        private final List<ComputeOp> ops = new ArrayList<>();
        private final List<Send> sends = new ArrayList<>();

        /** From a {@code profile} record. */
        Parts(String[] f) {
            expect(f, 5);
            this.model = f[1];
            this.batch = Integer.parseInt(f[2]);
            this.stepUs = Double.parseDouble(f[3]);
            this.origin = f[4];
        }

        /** Adds a {@code param}, {@code recv}, {@code op} or {@code send} record; false for any other record. */
        boolean add(String[] f) {
            switch (f[0]) {
                case "param" -> {
                    expect(f, 3);
                    params.add(new ParameterTensor(f[1], Long.parseLong(f[2])));
                }
                case "recv" -> {
                    expect(f, 4);
                    receives.add(new Receive(f[1], Double.parseDouble(f[2]), Double.parseDouble(f[3])));
                }
                case "op" -> {
                    expect(f, 7);
                    Set<String> req = new LinkedHashSet<>();
                    if (!f[6].isEmpty()) {
                        for (String t : f[6].split(",", -1)) {
                            req.add(URLDecoder.decode(t, StandardCharsets.UTF_8));
                        }
                    }
                    ops.add(new ComputeOp(f[1], f[2], Integer.parseInt(f[3]), Double.parseDouble(f[4]),
                            Double.parseDouble(f[5]), req));
                }
                case "send" -> {
                    expect(f, 6);
                    sends.add(new Send(f[1], Long.parseLong(f[2]), f[3], Double.parseDouble(f[4]),
                            Double.parseDouble(f[5])));
                }
                default -> {
                    return false;
                }
            }
            return true;
        }

        Profile build() {
            return new Profile(model, batch, stepUs, params, receives, ops, sends, origin);
        }
    }
}
