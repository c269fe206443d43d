package io.stepcast.queueing.mva;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Prediction;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.queueing.fit.BasisTable;
import io.stepcast.queueing.fit.BasisTablePredictor;
import io.stepcast.queueing.fit.Calibrated;
import io.stepcast.models.collective.HostLinks;
import io.stepcast.models.compute.ParameterPasses;
import io.stepcast.queueing.fit.SingleWorkerBasis;
import io.stepcast.queueing.simulation.AllReduceLinks;

import java.util.Locale;
import java.util.Optional;

/**
 * A fitted MVA model: the calibrated single-worker bases of its training set ({@link MvaCalibration}), nothing
 * else of it. Immutable and thread-safe; every prediction solves the network afresh (microseconds).
 *
 * <p>An all-reduce job has no server to queue at: every worker computes, then the gradient all-reduce runs over the
 * job's placement with the hardware catalog's links ({@link MvaAllReduce}, each at the share of its bandwidth the
 * training rows show, {@link MvaCalibration}), and the step is the sum of the two (our choice: no overlap of the all-reduce with the backward pass,
 * so an upper bound of the step), so that a file mixing parameter-server and all-reduce rows gets an answer for each.
 */
final class MvaPredictor extends BasisTablePredictor<MvaCalibration> {
    private final HyperParameters hp;
    private final MvaNetworks networks;
    private final ParameterPasses passes;
    private final MvaAllReduce allReduce;

    MvaPredictor(BasisTable<MvaCalibration> bases, HyperParameters hp, Provenance provenance,
                 Optional<HardwareCatalog> catalog) {
        super(bases, provenance);
        this.hp = hp;
        this.networks = new MvaNetworks(hp, new HostLinks(catalog), new AllReduceLinks(catalog));
        this.passes = new ParameterPasses(catalog);
        this.allReduce = new MvaAllReduce(catalog, hp);
    }

    @Override
    public Prediction predict(Config config, Target target) {
        if (target != Target.STEP_TIME && target != Target.THROUGHPUT) {
            return Prediction.notApplicable("MVA predicts step time and throughput, not " + target.label());
        }
        Calibrated<ReadyBasis<MvaCalibration>> found = basisOf(config);
        if (found instanceof Calibrated.Refused<ReadyBasis<MvaCalibration>> refused) {
            return Prediction.notApplicable(refused.reason());
        }
        ReadyBasis<MvaCalibration> basis = ((Calibrated.Ready<ReadyBasis<MvaCalibration>>) found).state();
        String hardware = config.deployment().hardware().toLowerCase(Locale.ROOT);
        if (basis.basis().statesHardware() && !hardware.equals(SingleWorkerBasis.UNKNOWN)
                && !basis.basis().hardware().equals(hardware)) {
            return Prediction.notApplicable("the single-worker rows of model " + config.model() + " were measured on "
                    + String.join(", ", machinesOf(config.model())) + ", not on " + hardware
                    + ": MVA does not scale compute from one GPU type to another");
        }
        double ratio = bases().batchRatio(basis.basis(), config.localBatch(), passes);
        double stepS;
        if (config.deployment().architecture() == Architecture.ALLREDUCE) {
            AllReduceLinks.Resolved r = allReduce.resolve(config, basis.state().allReduceIntra(),
                    basis.state().allReduceInter());
            if (r.cost().isEmpty()) {
                return Prediction.notApplicable(r.reason());
            }
            stepS = networks.computeS(basis.basis(), 1) * ratio
                    + r.cost().get().allReduceSeconds(basis.basis().parameterBytes().getAsLong());
        } else {
            PsQueueingModel m = networks.of(config, basis.basis(),
                    basis.state().efficiency(config.deployment().architecture()), ratio);
            stepS = config.workers() / m.stepsPerS();
        }
        return target == Target.THROUGHPUT
                ? Prediction.of(config.workers() * config.localBatch() / stepS)
                : Prediction.of(stepS);
    }

    /**
     * For a job on several nodes (all-reduce or parameter servers) whose network the default bandwidth stood for (no
     * stated bandwidth, no single catalogued network for its hardware), which network that was: no figure of the
     * machine.
     */
    @Override
    public Optional<String> basis(Config config, Target target) {
        return allReduce.defaultNetwork(config);
    }
}
