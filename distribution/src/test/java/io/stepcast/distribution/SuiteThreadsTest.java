package io.stepcast.distribution;

import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.evaluation.suite.ProgressListener;
import io.stepcast.evaluation.suite.Suite;
import io.stepcast.evaluation.suite.SuiteResult;
import io.stepcast.evaluation.suite.SuiteRunner;
import io.stepcast.evaluation.suite.Suites;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A suite with the real predictors (k-fold and leave-one-group-out on the Courier cells, profile-only on the
 * TensorFlow benchmark tables with zoo profiles, Courier batch-size selection)
 * gives the same results, every scored point, decision and reproduced figure compared with {@code equals},
 * on 1 thread and on 3.
 */
class SuiteThreadsTest {
    private static final String SUITE = """
            name: threads
            datasets:
              - name: courier-cells
                source: courier-cells
                protocols: ["kfold:5", "logo:tenants"]
                targets: [response-time]
              - name: courier-accuracy
                source: courier-batch-njobs
              - name: tf-benchmarks
                source: tf-benchmarks
                protocols: [profile-only]
                targets: [throughput, step-time]
            predictors:
              - name: courier-ols
              - name: cart
              - name: linear-sgd
              - name: simulation
              - name: mva
              - name: linear-scaling
            selection:
              - dataset: courier-cells
                latency: response-time
                scope: global
                objective: accuracy
                accuracy_table: {dataset: courier-accuracy, match: [global_batch, tenants]}
                slo: {type: normal, mean: 300, sd: 100, draws: 5, seed: 2021}
                protocol: "kfold:4:job"
            """;

    @Test
    void resultsAreIdenticalOnOneAndThreeThreads() throws IOException {
        Suite suite = Suites.parse(new ByteArrayInputStream(SUITE.getBytes(StandardCharsets.UTF_8)), true, "threads.yaml");
        AtomicLong steps = new AtomicLong();
        SuiteResult one = run(suite, 1, ProgressListener.NONE);
        SuiteResult three = run(suite, 3, new ProgressListener() {
            @Override
            public void start(long total) {
            }

            @Override
            public void step(String what) {
                steps.incrementAndGet();
            }
        });
        assertThat(one.points()).hasSizeGreaterThan(100);
        assertThat(three.points()).isEqualTo(one.points());
        assertThat(three.entries()).isEqualTo(one.entries());
        assertThat(three.perModel()).isEqualTo(one.perModel());
        assertThat(three.selection()).isEqualTo(one.selection());
        assertThat(one.selection().get(0).outcomes()).isNotEmpty();
        assertThat(three.reproduction()).isEqualTo(one.reproduction());
        assertThat(three.curves()).isEqualTo(one.curves());
        assertThat(three.notes()).isEqualTo(one.notes());
        assertThat(three.predictorNotes()).isEqualTo(one.predictorNotes());
        // 6 predictors x (5 + 3 + 1 folds) accuracy tasks, 6 x 4 selection tasks
        assertThat(steps.get()).isEqualTo(6 * (5 + 3 + 1) + 6 * 4);
    }

    private static SuiteResult run(Suite suite, int threads, ProgressListener progress) throws IOException {
        PluginRegistry registry = new CliSession().registry();
        ObservationCatalog catalog = registry.service(ObservationCatalog.class).orElseGet(DefaultObservationCatalog::new);
        Optional<ProfileSource> zoo = Optional.of(registry.service(ProfileSource.class).orElseGet(DefaultProfileSource::new));
        return new SuiteRunner(registry, catalog, zoo, Optional.of(Path.of(System.getProperty("stepcast.shared.data"))),
                progress, threads).run(suite, List.of());
    }
}
