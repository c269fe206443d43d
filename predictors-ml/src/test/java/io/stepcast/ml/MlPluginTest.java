package io.stepcast.ml;

import io.stepcast.api.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class MlPluginTest {
    private static final List<String> NAMES = List.of("cart", "random-forest", "xgboost", "linear-sgd",
            "courier-forest", "courier-forest-compact", "hybrid");

    @Test
    void serviceLoaderFindsEveryEstimatorWithItsCodec() {
        PluginRegistry r = PluginRegistry.discover();
        assertThat(r.estimators().keySet()).containsAll(NAMES);
        assertThat(r.codecs().keySet()).containsAll(NAMES);
        NAMES.forEach(n -> assertThat(r.moduleOf(n)).isEqualTo("predictors-ml"));
        NAMES.forEach(n -> assertThat(r.estimator(n).name()).isEqualTo(n));
        assertThat(r.estimator("courier-forest").hyperParameters())
                .containsEntry("time-trees", "2000").containsEntry("time-depth", "6")
                .containsEntry("time-impurity", "mae").containsEntry("accuracy-trees", "150")
                .containsEntry("accuracy-depth", "9");
    }
}
