package io.stepcast.queueing.mva;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.queueing.fit.Aggregation;
import io.stepcast.queueing.fit.BasisLookup;
import io.stepcast.queueing.fit.SingleWorkerBasis;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A fitted MVA model. Compute scales linearly with the local batch from the basis batch (our choice).
 * Immutable and thread-safe; every prediction solves the network afresh (microseconds).
 */
final class MvaPredictor implements Predictor {
    private static final double GBPS = 1e9 / 8;
    /** Z never drops below this fraction of the single-worker step, whatever the transfers subtract. */
    private static final double MIN_COMPUTE_FRACTION = 0.05;

    private final BasisLookup lookup;
    private final TrainingSet training;
    private final HyperParameters hp;
    private final Provenance provenance;

    MvaPredictor(BasisLookup lookup, TrainingSet training, HyperParameters hp, Provenance provenance) {
        this.lookup = lookup;
        this.training = training;
        this.hp = hp;
        this.provenance = provenance;
    }

    @Override
    public Prediction predict(Config config, Target target) {
        if (target != Target.STEP_TIME && target != Target.THROUGHPUT) {
            return Prediction.notApplicable("MVA predicts step time and throughput, not " + target.label());
        }
        if (!config.deployment().architecture().usesParameterServers()) {
            return Prediction.notApplicable("the parameter-server queueing model does not model "
                    + config.deployment().architecture());
        }
        Optional<SingleWorkerBasis> found = lookup.find(config);
        if (found.isEmpty()) {
            return Prediction.notApplicable("no profile and no single-worker observation of model " + config.model());
        }
        SingleWorkerBasis basis = found.get();
        if (basis.parameterBytes().isEmpty()) {
            return Prediction.notApplicable("parameter bytes of model " + config.model() + " are unknown");
        }
        double efficiency = hp.flag("two-worker-fit") ? twoWorkerEfficiency(basis, config) : 1.0;
        PsQueueingModel m = model(config, basis, efficiency);
        double stepsPerS = m.stepsPerS();
        return target == Target.THROUGHPUT
                ? Prediction.of(stepsPerS * config.localBatch())
                : Prediction.of(config.workers() / stepsPerS);
    }

    /** The queueing model of a configuration. */
    PsQueueingModel model(Config config, SingleWorkerBasis basis, double efficiency) {
        double bytes = basis.parameterBytes().getAsLong();
        double nominal = config.deployment().bandwidthGbps().orElse(hp.real("bandwidth-gbps")) * GBPS;
        double nic = nominal * efficiency;
        double profiledNic = hp.real("bandwidth-gbps") * GBPS * efficiency;
        double update = bytes / (hp.real("ps-update-gbps") * GBPS);
        double busGbps = hp.real("host-bus-gbps");
        double busCopy = busGbps > 0 ? bytes / (busGbps * GBPS) : 0;
        double single = basis.stepTimeS();
        double compute = single - update - 2 * busCopy - (basis.remotePs() ? 2 * bytes / profiledNic : 0);
        compute = Math.max(compute, MIN_COMPUTE_FRACTION * single);
        compute *= (double) config.localBatch() / basis.localBatch();

        boolean perHost = Aggregation.perHost(hp, config);
        int workers = config.workers();
        int hosts = Math.min(config.deployment().nodes(), workers);
        int shards = config.deployment().parameterServers();
        int customers = perHost ? hosts : workers;
        double devices = (double) workers / customers;
        double think = compute + 2 * devices * busCopy;
        double f = crossFraction(workers, hosts, shards, config.deployment().colocatedPs(), perHost);
        boolean sync = config.deployment().architecture() == Architecture.SYNC_PS;
        return new PsQueueingModel(think, bytes, nic, shards, update, f, customers, devices, sync);
    }

    /** Fraction of (client, shard) pairs on different hosts, with the simulation's placement rule. */
    static double crossFraction(int workers, int hosts, int shards, boolean colocated, boolean perHost) {
        if (!colocated) {
            return 1.0;
        }
        int clients = perHost ? hosts : workers;
        long local = 0;
        for (int c = 0; c < clients; c++) {
            int h = perHost ? c : (int) ((long) c * hosts / workers);
            for (int s = 0; s < shards; s++) {
                if (s % hosts == h) {
                    local++;
                }
            }
        }
        return 1.0 - (double) local / ((long) clients * shards);
    }

    /**
     * The bandwidth factor that makes the model reproduce a measured two-worker step time of the model at the
     * basis batch (bisection on [0.01, 10]), or 1 when there is no such observation or no factor fits.
     */
    private double twoWorkerEfficiency(SingleWorkerBasis basis, Config config) {
        String key = ModelNames.key(basis.model());
        Optional<Observation> two = training.observations().stream()
                .filter(o -> o.config().workers() == 2 && o.config().localBatch() == basis.localBatch())
                .filter(o -> ModelNames.key(o.config().model()).equals(key))
                .filter(o -> o.config().deployment().architecture() == config.deployment().architecture())
                .filter(o -> o.value(Target.STEP_TIME).isPresent())
                .findFirst();
        if (two.isEmpty()) {
            return 1.0;
        }
        Config c2 = two.get().config();
        OptionalDouble measured = two.get().value(Target.STEP_TIME);
        double target = measured.getAsDouble();
        double lo = 0.01;
        double hi = 10;
        double fLo = model(c2, basis, lo).stepTimeS();
        double fHi = model(c2, basis, hi).stepTimeS();
        // Step time falls as the factor grows; no crossing means the transfers cannot explain the measurement.
        if (!(fLo >= target && fHi <= target)) {
            return 1.0;
        }
        for (int i = 0; i < 60; i++) {
            double mid = Math.sqrt(lo * hi);
            double f = model(c2, basis, mid).stepTimeS();
            if (f > target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return Math.sqrt(lo * hi);
    }

    /** The training set it reads its bases from (for {@link MvaCodec}). */
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
