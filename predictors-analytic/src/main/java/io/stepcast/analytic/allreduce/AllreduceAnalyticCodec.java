package io.stepcast.analytic.allreduce;

import com.google.inject.Inject;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.analytic.allreduce.AllreduceAnalyticEstimator.Group;
import io.stepcast.analytic.codec.TextPayload;
import io.stepcast.analytic.estimators.Coefficients;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Saves and loads fitted {@code allreduce-analytic} predictors: per model and hardware the compute line
 * {@code a, b}, the overlap share, whether it was fitted (1) or the default (0), and the link efficiencies inside a
 * node and across nodes, as {@link Coefficients} (a plain-text payload of the former five, with one efficiency for
 * the whole all-reduce, is read as both links at that share, which predicts the same). The gradient all-reduce is not
 * part of the fit: a reload computes it again from the injected model zoo and hardware catalog, so it predicts bit for
 * bit the same with the same catalogs; so are the lines carried to a machine without one ({@link CarriedCompute}),
 * from the saved lines, the catalog and the provenance's {@code overlap}.
 */
public final class AllreduceAnalyticCodec implements PredictorCodec {
    private static final int ARITY = 6;
    /** Payloads written before the two links were fitted apart: one efficiency for the whole all-reduce. */
    private static final int FORMER_ARITY = 5;

    private final Optional<HardwareCatalog> hardware;
    private final Optional<ModelCatalog> zoo;

    /** Loaded predictors price the all-reduce with the datasets module's catalogs, when they are bound. */
    @Inject
    public AllreduceAnalyticCodec(Optional<HardwareCatalog> hardware, Optional<ModelCatalog> zoo) {
        this.hardware = hardware;
        this.zoo = zoo;
    }

    @Override
    public byte[] encode(Predictor predictor) throws IOException {
        if (!(predictor instanceof AllreduceAnalyticEstimator.Fitted fitted)) {
            throw TextPayload.cannotSave(AllreduceAnalyticEstimator.NAME, predictor);
        }
        Map<String, double[]> groups = new LinkedHashMap<>();
        fitted.groups().forEach((key, g) -> groups.put(key,
                new double[] {g.a(), g.b(), g.overlap(), g.overlapFitted() ? 1 : 0, g.intraEfficiency(),
                        g.interEfficiency()}));
        return new Coefficients(AllreduceAnalyticEstimator.NAME, ARITY, groups).encode();
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        String name = AllreduceAnalyticEstimator.NAME;
        boolean former = Coefficients.declaredArity(payload) == FORMER_ARITY;
        Coefficients c = Coefficients.decode(payload, name, former ? FORMER_ARITY : ARITY);
        Map<String, Group> groups = new LinkedHashMap<>();
        for (Map.Entry<String, double[]> e : c.groups().entrySet()) {
            double[] v = former ? Arrays.copyOf(e.getValue(), ARITY) : e.getValue();
            if (former) {
                // One efficiency scaled the whole exchange, which is both links at that share.
                v[5] = v[4];
            }
            if (v[3] != 0 && v[3] != 1) {
                throw new IOException("corrupt " + name + " payload: group " + e.getKey()
                        + ": the overlap-fitted flag must be 0 or 1, was " + v[3]);
            }
            if (!(v[2] >= 0 && v[2] <= 1) || !(v[4] > 0 && v[4] <= 1) || !(v[5] > 0 && v[5] <= 1)) {
                throw new IOException("corrupt " + name + " payload: group " + e.getKey()
                        + ": overlap must be in [0, 1] and the efficiencies in (0, 1], were " + v[2] + ", " + v[4]
                        + " and " + v[5]);
            }
            groups.put(e.getKey(), new Group(v[0], v[1], v[2], v[3] == 1, v[4], v[5]));
        }
        return new AllreduceAnalyticEstimator.Fitted(new GradientSync(hardware, zoo), hardware, groups, provenance);
    }
}
