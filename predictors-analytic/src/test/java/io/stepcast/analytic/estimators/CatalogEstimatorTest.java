package io.stepcast.analytic.estimators;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * {@link CatalogEstimator} and {@link StepTimePredictor} on a synthetic estimator whose step time is its
 * hyper-parameter {@code seconds} (mechanics only, no measured data).
 */
class CatalogEstimatorTest {

    /** Needs the hardware catalog; predicts {@code seconds} for every configuration of model "known". */
    static final class Constant extends CatalogEstimator {
        Constant(Catalogs catalogs) {
            this(catalogs, HyperParameters.of("seconds", "0.5"));
        }

        private Constant(Catalogs catalogs, HyperParameters params) {
            super("constant", "a synthetic constant step time", EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT),
                    params, catalogs);
            params.real("seconds");
        }

        @Override
        protected Estimator with(Catalogs catalogs, HyperParameters params) {
            return new Constant(catalogs, params);
        }

        @Override
        public Predictor fit(TrainingSet training) {
            catalogs().requireHardware(name());
            double s = params().real("seconds");
            return new StepTimePredictor(EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT), Provenance.of(this, training, 0)) {
                @Override
                protected String wrongTarget(Target target) {
                    return "constant does not predict " + target.label();
                }

                @Override
                protected Prediction stepTime(Config config) {
                    return config.model().equals("known") ? Prediction.of(s) : Prediction.notApplicable("unknown model");
                }
            };
        }
    }

    private static Config config(String model) {
        return Config.builder().model(model).hardware("k80").workers(2).localBatch(32).build();
    }

    @Test
    void aMissingCatalogIsACannotFitNamingIt() {
        assertThatThrownBy(() -> new Constant(CatalogEstimator.Catalogs.hardware(Optional.empty()))
                .fit(TrainingSet.of("s", List.of())))
                .isInstanceOf(CannotFitException.class)
                .hasMessage("constant needs the hardware catalog (the datasets module is not on the class path)");
        assertThatThrownBy(() -> new CatalogEstimator.Catalogs(Optional.empty(), Optional.empty()).requireZoo("x"))
                .isInstanceOf(CannotFitException.class).hasMessageContaining("x needs the model zoo");
    }

    @Test
    void aCopyWithOtherHyperParametersKeepsTheCatalogs() {
        Estimator e = new Constant(CatalogEstimator.Catalogs.hardware(Optional.of(new DefaultHardwareCatalog())))
                .withHyperParameters(Map.of("seconds", "2"));
        Predictor p = e.fit(TrainingSet.of("s", List.of()));
        assertThat(p.predict(config("known"), Target.STEP_TIME).asDouble()).hasValue(2.0);
    }

    @Test
    void throughputIsTheGlobalBatchOverTheStepTimeAndRefusalsPassThrough() {
        Predictor p = new Constant(CatalogEstimator.Catalogs.hardware(Optional.of(new DefaultHardwareCatalog())))
                .fit(TrainingSet.of("s", List.of()));
        // Global batch 2 workers x 32 = 64 samples in 0.5 s.
        assertThat(p.predict(config("known"), Target.THROUGHPUT).asDouble().getAsDouble()).isCloseTo(128, within(1e-12));
        assertThat(p.predict(config("other"), Target.THROUGHPUT)).isEqualTo(Prediction.notApplicable("unknown model"));
        assertThat(p.predict(config("known"), Target.RESPONSE_TIME))
                .isEqualTo(Prediction.notApplicable("constant does not predict " + Target.RESPONSE_TIME.label()));
        assertThat(p.targets()).containsExactly(Target.STEP_TIME, Target.THROUGHPUT);
    }
}
