package io.stepcast.regression.megatron;

import com.google.inject.Inject;
import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * {@code megatron-analytic}: the iteration time of a GPT trained with Megatron-LM's tensor, pipeline and data
 * parallelism from {@link MegatronCostModel}'s closed form (Shoeybi et al. 2019; Narayanan et al., SC'21), with
 * its six {@link Efficiency} constants fitted on the training rows ({@link EfficiencyFit}). The collectives
 * and point-to-point transfers come from the hardware catalog's link and NIC figures and are not fitted, so a
 * fit on one node predicts layouts whose data and pipeline parallelism cross nodes (the system must have NIC
 * figures, e.g. {@code dgx-a100}).
 *
 * <p>Hyper-parameters: {@code overlap-dp} ({@code false}: the data-parallel all-reduce follows the pipeline
 * flush, as in Narayanan et al.'s schedule; {@code true}: it overlaps the last backward pass),
 * {@code efficiency} ({@code fit}, default: fit on the training rows with a layout and a step time;
 * {@code vtrain-a100}: {@link Efficiency#VTRAIN_A100}, nothing fitted). The zoo and the hardware catalog are
 * injected; without them fitting fails with that reason.
 */
public final class MegatronAnalyticEstimator extends AbstractEstimator {
    /** Registered name. */
    public static final String NAME = "megatron-analytic";
    private static final String[] EFFICIENCIES = {"fit", "vtrain-a100"};
    /** Fewer rows than fitted constants would not determine them. */
    private static final int MIN_ROWS = 8;

    private final Optional<ModelCatalog> zoo;
    private final Optional<HardwareCatalog> hardware;

    /** With the zoo and the hardware catalog bound by the datasets module, when there are. */
    @Inject
    public MegatronAnalyticEstimator(Optional<ModelCatalog> zoo, Optional<HardwareCatalog> hardware) {
        this(zoo, hardware, HyperParameters.of("overlap-dp", "false", "efficiency", "fit"));
    }

    private MegatronAnalyticEstimator(Optional<ModelCatalog> zoo, Optional<HardwareCatalog> hardware,
                                      HyperParameters params) {
        super(NAME, "Megatron-LM 3D parallelism in closed form: TP-split transformer FLOPs over fitted efficiencies, "
                + "TP/DP all-reduces and 1F1B pipeline from the hardware catalog (Shoeybi et al. 2019; Narayanan et al., "
                + "SC'21)", EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT), params);
        this.zoo = zoo;
        this.hardware = hardware;
        params.flag("overlap-dp");
        params.choice("efficiency", EFFICIENCIES);
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new MegatronAnalyticEstimator(zoo, hardware, params);
    }

    @Override
    public Predictor fit(TrainingSet training) {
        ModelCatalog z = zoo.orElseThrow(() -> new CannotFitException(NAME
                + " needs the model zoo (the datasets module is not on the class path)"));
        HardwareCatalog h = hardware.orElseThrow(() -> new CannotFitException(NAME
                + " needs the hardware catalog (the datasets module is not on the class path)"));
        MegatronJobs jobs = new MegatronJobs(z, h);
        boolean overlap = params().flag("overlap-dp");
        Efficiency e = Efficiency.VTRAIN_A100;
        if (params().choice("efficiency", EFFICIENCIES).equals("fit")) {
            List<EfficiencyFit.Row> rows = new ArrayList<>();
            for (Observation o : training.observations()) {
                OptionalDouble y = o.value(Target.STEP_TIME);
                MegatronJobs.Either t = jobs.terms(o.config());
                if (y.isPresent() && t.terms().isPresent()) {
                    rows.add(new EfficiencyFit.Row(t.terms().get(), y.getAsDouble()));
                }
            }
            if (rows.size() < MIN_ROWS) {
                throw new CannotFitException(NAME + " needs at least " + MIN_ROWS + " transformer rows with a step time on a"
                        + " catalogued system, found " + rows.size());
            }
            e = EfficiencyFit.fit(rows, overlap, Efficiency.VTRAIN_A100);
        }
        return new MegatronPredictor(jobs, e, overlap, Provenance.of(this, training, 0));
    }

    /** The fitted closed form: the efficiency constants, the catalogs to resolve configurations. */
    static final class MegatronPredictor implements Predictor {
        private final MegatronJobs jobs;
        private final Efficiency efficiency;
        private final boolean overlap;
        private final Provenance provenance;

        MegatronPredictor(MegatronJobs jobs, Efficiency efficiency, boolean overlap, Provenance provenance) {
            this.jobs = jobs;
            this.efficiency = efficiency;
            this.overlap = overlap;
            this.provenance = provenance;
        }

        /** The fitted constants. */
        Efficiency efficiency() {
            return efficiency;
        }

        @Override
        public Prediction predict(Config config, Target target) {
            if (target != Target.STEP_TIME && target != Target.THROUGHPUT) {
                return new Prediction.NotApplicable(NAME + " predicts the iteration time and throughput only");
            }
            MegatronJobs.Either t = jobs.terms(config);
            if (t.terms().isEmpty()) {
                return new Prediction.NotApplicable(t.reason());
            }
            double s = t.terms().get().seconds(efficiency, overlap);
            return Prediction.of(target == Target.STEP_TIME ? s : config.globalBatch() / s);
        }

        @Override
        public Set<Target> targets() {
            return EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT);
        }

        @Override
        public Provenance provenance() {
            return provenance;
        }
    }
}
