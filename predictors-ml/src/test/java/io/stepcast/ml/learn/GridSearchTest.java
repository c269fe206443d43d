package io.stepcast.ml.learn;

import io.stepcast.api.HyperParameters;
import io.stepcast.api.Target;
import io.stepcast.ml.SyntheticObservations;
import io.stepcast.ml.features.FeatureSet;
import io.stepcast.ml.features.TargetTransform;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class GridSearchTest {
    private static final TrainingRows ROWS = TrainingRows.of(Target.RESPONSE_TIME,
            SyntheticObservations.courierFactorial(9).observations());
    private static final RegressionTrainer TRAINER = new RegressionTrainer(
            FeatureSet.parse("cpu-x-njobs,cpu,njobs,batch,network"), TargetTransform.LOG);

    @Test
    void gridIsTheCartesianProductInDeclarationOrder() {
        var grid = GridSearch.grid(HyperParameters.of("depth", "1,6", "impurity", "mse,mae"));
        assertThat(grid).extracting(HyperParameters::values).containsExactly(
                Map.of("depth", "1", "impurity", "mse"), Map.of("depth", "1", "impurity", "mae"),
                Map.of("depth", "6", "impurity", "mse"), Map.of("depth", "6", "impurity", "mae"));
    }

    @Test
    void choosesTheDeeperTreeOnANonlinearLawAndIsSeeded() {
        HyperParameters h = LearnerKind.CART.defaults().with(Map.of("depth", "1,6"));
        GridSearch.Result a = new GridSearch(LearnerKind.CART, 5, 11).search(h, ROWS, TRAINER);
        GridSearch.Result b = new GridSearch(LearnerKind.CART, 5, 11).search(h, ROWS, TRAINER);
        assertThat(a.chosen().text("depth")).isEqualTo("6");
        assertThat(a.points()).isEqualTo(2);
        assertThat(a.cvMse()).isEqualTo(b.cvMse()).isPositive();
    }

    @Test
    void singlePointIsNotScored() {
        GridSearch.Result r = new GridSearch(LearnerKind.CART, 5, 1)
                .search(LearnerKind.CART.defaults().with(Map.of("depth", "4")), ROWS, TRAINER);
        assertThat(r.cvMse()).isNaN();
        assertThat(r.chosen().integer("depth")).isEqualTo(4);
    }
}
