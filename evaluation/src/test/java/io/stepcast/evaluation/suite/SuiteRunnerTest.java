package io.stepcast.evaluation.suite;

import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.evaluation.SyntheticObservations;
import io.stepcast.evaluation.SyntheticPlugin;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SuiteRunnerTest {
    private static final String YAML = """
            name: synthetic
            description: synthetic grid
            datasets:
              - name: grid
                source: grid
                where: {model: alpha}
                protocols: ["kfold:3", cross-hardware]
                targets: [step-time]
            predictors:
              - name: synthetic-exact
              - name: synthetic-mean
                label: mean-doubled
                hyper_parameters: {scale: "2"}
              - name: synthetic-broken
              - name: not-installed
            selection:
              - dataset: grid
                latency: step-time
                slo: {type: midpoints}
                protocol: "kfold:3:job"
            """;

    private static Suite suite(String text) throws IOException {
        return Suites.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), true, "test.yaml");
    }

    @Test
    void runsEveryPredictorOnEveryFoldAndCountsBrokenOnesAsNotApplicable() throws IOException {
        SyntheticPlugin plugin = new SyntheticPlugin();
        PluginRegistry registry = PluginRegistry.of(List.of(plugin, new EvaluationPlugin()));
        SuiteResult r = new SuiteRunner(registry, registry.service(ObservationCatalog.class).orElseThrow(),
                Optional.empty(), Optional.empty(), io.stepcast.evaluation.suite.ProgressListener.NONE)
                .run(suite(YAML), List.of());
        // 36 alpha rows; two protocols; four predictors
        assertThat(r.entries()).hasSize(2 * 4);
        ScoreEntry exact = find(r, "kfold:3", "synthetic-exact");
        assertThat(exact.metrics().n()).isEqualTo(36);
        assertThat(exact.metrics().mape()).isCloseTo(0, within(1e-9));
        ScoreEntry broken = find(r, "kfold:3", "synthetic-broken");
        assertThat(broken.metrics().n()).isZero();
        assertThat(broken.metrics().notApplicable()).isEqualTo(36);
        assertThat(broken.reasons()).containsOnlyKeys("fit failed: IllegalStateException: synthetic failure");
        assertThat(find(r, "cross-hardware", "not-installed").reasons().keySet().iterator().next())
                .isEqualTo("cannot fit: no predictor named 'not-installed' (known: synthetic-broken, synthetic-exact, synthetic-mean)");
        assertThat(r.predictorNotes()).containsOnlyKeys("not-installed");
        // The tuned label got its hyper-parameter: twice the mean is worse than the mean itself would be.
        assertThat(find(r, "kfold:3", "mean-doubled").metrics().mape()).isGreaterThan(50);

        // No fit ever saw an observation it was then scored on (all folds of both protocols and selection).
        Set<Observation> scoredInFold = new HashSet<>();
        for (TrainingSet t : plugin.seen) {
            String fold = t.id();
            Set<Observation> trained = new HashSet<>(t.observations());
            r.points().stream().filter(p -> p.predictor().equals("synthetic-exact"))
                    .filter(p -> fold.endsWith("/" + p.split()) || fold.endsWith(p.protocol() + "/" + p.split()))
                    .forEach(p -> {
                        assertThat(trained).doesNotContain(p.observation());
                        scoredInFold.add(p.observation());
                    });
        }
        assertThat(scoredInFold).hasSize(36);

        // Selection: the exact predictor always picks the measured oracle; the broken one decides nothing.
        SelectionEntry sel = r.selection().stream().filter(s -> s.predictor().equals("synthetic-exact")).findFirst()
                .orElseThrow();
        assertThat(sel.score().decisions()).isEqualTo(12 * 2);
        assertThat(sel.score().violationRate()).isZero();
        assertThat(sel.score().regret()).isZero();
        SelectionEntry none = r.selection().stream().filter(s -> s.predictor().equals("synthetic-broken")).findFirst()
                .orElseThrow();
        assertThat(none.score().decisions()).isZero();
        assertThat(none.note()).contains("synthetic failure");
    }

    @Test
    void aFilterThatKeepsNoRowIsRefusedNamingTheKeyOrTheValuesTheRowsHave() {
        PluginRegistry registry = PluginRegistry.of(List.of(new SyntheticPlugin(), new EvaluationPlugin()));
        SuiteRunner runner = new SuiteRunner(registry, registry.service(ObservationCatalog.class).orElseThrow(),
                Optional.empty(), Optional.empty(), io.stepcast.evaluation.suite.ProgressListener.NONE);
        assertThatThrownBy(() -> runner.run(suite(YAML.replace("where: {model: alpha}", "where: {gpu_model: V100}")),
                List.of())).hasMessageContaining("dataset 'grid': where key 'gpu_model' is an attribute of none of the");
        assertThatThrownBy(() -> runner.run(suite(YAML.replace("where: {model: alpha}", "where: {model: Alpha}")),
                List.of())).hasMessageContaining("dataset 'grid': where model = 'Alpha' keeps none of the")
                .hasMessageContaining("its rows have model alpha");
    }

    @Test
    void selectionsOnTheSameFoldsShareOneFitAndDecideAsTheyWouldAlone() throws IOException {
        String head = """
                name: shared
                datasets:
                  - name: grid
                    source: grid
                    where: {model: alpha}
                predictors:
                  - name: synthetic-exact
                  - name: synthetic-mean
                selection:
                """;
        String risky = """
                  - dataset: grid
                    latency: step-time
                    slo: {type: midpoints}
                    protocol: "kfold:3:job"
                    risk: [0.1]
                """;
        String plain = """
                  - dataset: grid
                    latency: step-time
                    scope: global
                    slo: {type: midpoints}
                    protocol: "kfold:3:job"
                """;
        SyntheticPlugin both = new SyntheticPlugin();
        List<SelectionEntry> shared = selection(both, head + risky + plain);
        SyntheticPlugin first = new SyntheticPlugin();
        List<SelectionEntry> alone = new ArrayList<>(selection(first, head + risky));
        alone.addAll(selection(new SyntheticPlugin(), head + plain));
        assertThat(shared).hasSize(2 * 2 + 2).isEqualTo(alone);
        assertThat(shared.get(0).score().decisions()).isPositive();
        // The plain selection costs no fit of its own: the conformal fits of the risky one serve it.
        assertThat(both.seen).hasSameSizeAs(first.seen).isNotEmpty();
    }

    private static List<SelectionEntry> selection(SyntheticPlugin plugin, String yaml) throws IOException {
        PluginRegistry registry = PluginRegistry.of(List.of(plugin, new EvaluationPlugin()));
        return new SuiteRunner(registry, registry.service(ObservationCatalog.class).orElseThrow(), Optional.empty(),
                Optional.empty(), ProgressListener.NONE, 2).run(suite(yaml), List.of()).selection();
    }

    @Test
    void predictorsOptionKeepsOnlyTheNamedOnes() throws IOException {
        PluginRegistry registry = PluginRegistry.of(List.of(new SyntheticPlugin(), new EvaluationPlugin()));
        SuiteResult r = new SuiteRunner(registry, registry.service(ObservationCatalog.class).orElseThrow(),
                Optional.empty(), Optional.empty(), ProgressListener.NONE).run(suite(YAML), List.of("mean-doubled"));
        assertThat(r.entries()).extracting(ScoreEntry::predictor).containsOnly("mean-doubled");
    }

    @Test
    void builtInSuitesParseAndNameOnlyKnownProtocols() throws IOException {
        for (String name : Suites.BUILT_IN) {
            Suite s = Suites.load(name);
            assertThat(s.name()).isEqualTo(name);
            s.datasets().forEach(d -> d.protocols().forEach(p ->
                    io.stepcast.evaluation.protocol.Protocols.parse(p, Optional.empty())));
            // courier comes from the regression plugin (checked end to end in distribution)
            s.reproduction().stream().filter(r -> !r.equals("courier"))
                    .forEach(r -> assertThat(Reproductions.builtIn()).containsKey(r));
        }
    }

    @Test
    void aPluginAddsAProtocolAndAReproductionByName() throws IOException {
        PluginRegistry registry = PluginRegistry.of(List.of(new SyntheticPlugin(), new EvaluationPlugin()));
        assertThat(registry.protocols()).containsKey("synthetic-halves");
        assertThat(registry.reproductions()).containsKey("synthetic-figure");
        SuiteResult r = new SuiteRunner(registry, registry.service(ObservationCatalog.class).orElseThrow(),
                Optional.empty(), Optional.empty(), ProgressListener.NONE, 2).run(suite("""
                name: plugin
                datasets:
                  - name: grid
                    source: grid
                    where: {model: alpha}
                    protocols: [synthetic-halves]
                    targets: [step-time]
                predictors:
                  - name: synthetic-exact
                reproduction: [synthetic-figure]
                """), List.of());
        assertThat(find(r, "synthetic-halves", "synthetic-exact").metrics().n()).isEqualTo(18);
        assertThat(r.reproduction()).singleElement().satisfies(row -> {
            assertThat(row.quantity()).isEqualTo("synthetic rows of grid");
            assertThat(row.reproduced().getAsDouble()).isEqualTo(SyntheticObservations.grid().size());
        });
        assertThatThrownBy(() -> new SuiteRunner(registry, registry.service(ObservationCatalog.class).orElseThrow(),
                Optional.empty(), Optional.empty(), ProgressListener.NONE).run(suite(
                "name: x\nreproduction: [nosuch]\n"), List.of()))
                .hasMessageContaining("unknown reproduction 'nosuch' (registered: kineto-profiles, synthetic-figure, tf-benchmarks");
    }

    @Test
    void aTypoInASuiteNamesTheFileLineAndKey() {
        assertThatThrownBy(() -> suite("name: x\ndatasets:\n  - name: d\n    source: grid\n    protocol: [kfold:5]\n"))
                .isInstanceOf(IOException.class).hasMessageContaining("test.yaml, near line").hasMessageContaining("unknown key 'protocol' at datasets[0].protocol");
        assertThatThrownBy(() -> suite("name: x\ndatasets:\n  - name: d\n"))
                .isInstanceOf(IOException.class).hasMessageContaining("test.yaml").hasMessageContaining("source of dataset d");
        assertThatThrownBy(() -> suite("model,workers\nResNet-50,2\n"))
                .isInstanceOf(IOException.class).hasMessageContaining("test.yaml, near line 1: expected a mapping of keys "
                        + "(name, description, datasets, predictors, selection, reproduction, memory, hardware_file) at the top of the file, found a text");
        assertThatThrownBy(() -> suite("name: x\ndatasets: grid\n"))
                .isInstanceOf(IOException.class).hasMessageContaining("test.yaml, near line 2: expected a list at datasets, found a text");
        assertThatThrownBy(() -> suite("name: x\ndatasets:\n  - name: d\n    source: grid\n    protocols: {a: 1}\n"))
                .isInstanceOf(IOException.class).hasMessageContaining("expected a list at datasets[0].protocols, found a mapping");
        assertThatThrownBy(() -> suite("name: x\ndatasets: [{name: d, source: grid}\n"))
                .isInstanceOf(IOException.class).hasMessageContaining("test.yaml, line 3: expected ',' or ']', but got <stream end> "
                        + "(while parsing a flow sequence)");
        assertThatThrownBy(() -> Suites.parse(new ByteArrayInputStream("{\"name\": \"x\", \"datasets\": [}".getBytes(StandardCharsets.UTF_8)),
                false, "test.json")).isInstanceOf(IOException.class)
                .hasMessage("test.json, line 1: Unexpected close marker '}': expected ']' (for Array starting at line 1, column 27)");
        assertThatThrownBy(() -> Suites.load("no-such-suite"))
                .hasMessageContaining("no suite named 'no-such-suite'").hasMessageContaining("paper-courier");
    }

    private static ScoreEntry find(SuiteResult r, String protocol, String predictor) {
        return r.entries().stream().filter(e -> e.protocol().equals(protocol) && e.predictor().equals(predictor))
                .findFirst().orElseThrow();
    }
}
