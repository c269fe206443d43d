package io.stepcast.ml.learn;

import io.stepcast.api.Config;
import io.stepcast.api.Target;
import io.stepcast.ml.SyntheticObservations;
import io.stepcast.ml.features.FeatureSet;
import io.stepcast.ml.features.TargetTransform;
import org.junit.jupiter.api.Test;
import org.tribuo.impl.ArrayExample;
import org.tribuo.regression.RegressionFactory;
import org.tribuo.regression.Regressor;

import static org.assertj.core.api.Assertions.assertThat;

class CompiledTreesTest {
    @Test
    void flatForestPredictsWhatTribuoPredicts() {
        TrainingRows rows = TrainingRows.of(Target.RESPONSE_TIME, SyntheticObservations.courierFactorial(3).observations());
        RegressionTrainer trainer = new RegressionTrainer(FeatureSet.parse("cpu-x-njobs,cpu,njobs,batch,network"),
                TargetTransform.IDENTITY);
        var tree = new org.tribuo.regression.rtree.CARTRegressionTrainer(4, 1f, 0f, 1f,
                LearnerKind.impurity("mae"), 7L);
        FittedRegression r = trainer.fit(rows, LearnerKind.forest(20, tree, 1f, 7L));
        CompiledTrees compiled = CompiledTrees.of(r.model(), r.features().columns()).orElseThrow();
        String[] names = r.features().columns().toArray(String[]::new);
        for (Config c : rows.configs()) {
            double[] x = r.features().encode(c);
            double tribuo = r.model().predict(new ArrayExample<>(RegressionFactory.UNKNOWN_REGRESSOR, names, x))
                    .getOutput().getValues()[0];
            assertThat(compiled.predict(x)).isCloseTo(tribuo, org.assertj.core.data.Offset.offset(1e-9));
        }
        assertThat(r.compiledTrees()).contains(20);
    }
}
