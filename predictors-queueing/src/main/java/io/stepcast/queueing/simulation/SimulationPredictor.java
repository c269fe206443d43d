package io.stepcast.queueing.simulation;

import io.stepcast.api.Architecture;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.profile.Profile;
import io.stepcast.queueing.fit.Aggregation;
import io.stepcast.queueing.fit.BasisLookup;
import io.stepcast.queueing.fit.CoarseProfiles;
import io.stepcast.queueing.fit.SingleWorkerBasis;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A fitted simulation: predicts step time and throughput of parameter-server configurations by simulating
 * them from the calibrated single-worker basis of their model. Compute scales linearly with the local batch
 * from the profiled batch (our choice; it ignores fixed per-step overheads, which makes small batches
 * optimistic). Thread-safe: calibrations and results are memoised in concurrent maps, each simulation run
 * has its own engine, and the same configuration always gives the same answer (fixed seeds).
 */
final class SimulationPredictor implements Predictor {
    private static final double GBPS = 1e9 / 8;

    private final BasisLookup lookup;
    private final TrainingSet training;
    private final HyperParameters hp;
    private final Provenance provenance;
    private final ConcurrentMap<String, Object> calibrations = new ConcurrentHashMap<>();
    private final ConcurrentMap<Config, Object> results = new ConcurrentHashMap<>();

    SimulationPredictor(BasisLookup lookup, TrainingSet training, HyperParameters hp, Provenance provenance) {
        this.lookup = lookup;
        this.training = training;
        this.hp = hp;
        this.provenance = provenance;
    }

    /** A basis compiled and calibrated. */
    record Calibrated(SingleWorkerBasis basis, CompiledProfile profile, Calibration calibration) {
    }

    @Override
    public Prediction predict(Config config, Target target) {
        if (target != Target.STEP_TIME && target != Target.THROUGHPUT) {
            return Prediction.notApplicable("the simulation predicts step time and throughput, not " + target.label());
        }
        Architecture arch = config.deployment().architecture();
        if (!arch.usesParameterServers()) {
            return Prediction.notApplicable("the parameter-server simulation does not model " + arch);
        }
        Object r = results.computeIfAbsent(config, this::simulate);
        if (r instanceof String reason) {
            return Prediction.notApplicable(reason);
        }
        ThroughputEstimate e = (ThroughputEstimate) r;
        int w = config.workers();
        int b = config.localBatch();
        if (target == Target.THROUGHPUT) {
            return Prediction.of(e.stepsPerS() * b, e.minStepsPerS() * b, e.maxStepsPerS() * b);
        }
        return Prediction.of(w / e.stepsPerS(), w / e.maxStepsPerS(), w / e.minStepsPerS());
    }

    private Object simulate(Config config) {
        Optional<SingleWorkerBasis> basis = lookup.find(config);
        if (basis.isEmpty()) {
            return "no profile and no single-worker observation of model " + config.model();
        }
        SingleWorkerBasis sb = basis.get();
        Object c = calibrations.computeIfAbsent(sb.origin() + "|" + sb.model() + "|" + sb.localBatch(),
                k -> calibrate(sb));
        if (c instanceof String reason) {
            return reason;
        }
        Calibrated cal = (Calibrated) c;
        SimulationSetup setup = setup(config, cal);
        return SimulationRunner.run(cal.profile(), setup, hp.integer("seeds"), hp.longValue("seed"), null);
    }

    private Object calibrate(SingleWorkerBasis sb) {
        Profile p;
        if (sb.profile().isPresent()) {
            p = sb.profile().get();
        } else if (sb.parameterBytes().isPresent()) {
            p = CoarseProfiles.of(sb.model(), sb.localBatch(), sb.stepTimeS(), sb.parameterBytes().getAsLong());
        } else {
            return "model " + sb.model() + " has no profile and its parameter bytes are unknown";
        }
        CompiledProfile cp = CompiledProfile.of(p);
        try {
            Calibration cal = Calibration.fit(cp, sb.remotePs(), hp.real("bandwidth-gbps") * GBPS,
                    hp.real("latency-us") * 1e-6, bus());
            return new Calibrated(sb, cp, cal);
        } catch (CannotFitException e) {
            return e.getMessage();
        }
    }

    private double bus() {
        double g = hp.real("host-bus-gbps");
        return g > 0 ? g * GBPS : Double.POSITIVE_INFINITY;
    }

    SimulationSetup setup(Config config, Calibrated cal) {
        double nominal = config.deployment().bandwidthGbps().orElse(hp.real("bandwidth-gbps")) * GBPS;
        Mode mode = config.deployment().architecture() == Architecture.SYNC_PS ? Mode.SYNC : Mode.ASYNC;
        double scale = cal.calibration().computeScale() * config.localBatch() / cal.basis().localBatch();
        return new SimulationSetup(config.workers(), config.deployment().parameterServers(),
                config.deployment().nodes(), config.deployment().colocatedPs(),
                nominal * cal.calibration().bandwidthEfficiency(), cal.calibration().latencyS(),
                cal.calibration().busBytesPerS(), mode,
                OrderPolicy.parse(hp.text("policy")), Sharding.parse(hp.text("sharding")),
                Aggregation.perHost(hp, config), scale, hp.integer("warmup"), hp.integer("steps"),
                hp.real("compute-jitter"), hp.real("transfer-jitter"));
    }

    /** The training set it reads its bases from (for {@link SimulationCodec}). */
    TrainingSet training() {
        return training;
    }

    @Override
    public Set<Target> targets() {
        return Set.of(Target.STEP_TIME, Target.THROUGHPUT);
    }

    @Override
    public Provenance provenance() {
        return provenance;
    }
}
