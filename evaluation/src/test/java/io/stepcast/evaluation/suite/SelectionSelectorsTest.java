package io.stepcast.evaluation.suite;

import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.api.selection.BatchSizeSelector;
import io.stepcast.api.selection.SelectorFactory;
import io.stepcast.api.selection.SelectorInputs;
import io.stepcast.api.selection.SelectorParameters;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.SyntheticPlugin;
import io.stepcast.models.selection.CourierSelectorFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A selection's {@code selectors} field: registered selectors by name decide as the {@code risk} field's route does
 * for the same selectors, a plugin's selector is scored under its name, and a name the registry lacks is refused
 * when the suite is read.
 */
class SelectionSelectorsTest {
    private static final String HEAD = """
            name: selectors
            datasets:
              - name: grid
                source: grid
                where: {model: alpha}
            predictors:
              - name: synthetic-exact
              - name: synthetic-mean
            selection:
              - dataset: grid
                latency: step-time
                slo: {type: midpoints}
                protocol: "kfold:3:job"
            """;

    /** A third party's selector (test fixture): Courier's rule under a name of its own. */
    private static final class RenamedCourier implements SelectorFactory {
        private final CourierSelectorFactory courier = new CourierSelectorFactory();

        @Override
        public String description() {
            return "Courier's rule, registered again by a plugin";
        }

        @Override
        public SelectorParameters defaults() {
            return courier.defaults();
        }

        @Override
        public BatchSizeSelector create(SelectorInputs inputs, SelectorParameters parameters) {
            return courier.create(inputs, parameters);
        }
    }

    private static PluginRegistry registry() {
        StepcastPlugin mine = new StepcastPlugin("third-party-selector") {
            @Override
            protected void registerAll() {
                selector("plugin-courier", new RenamedCourier());
            }
        };
        return PluginRegistry.of(List.of(new SyntheticPlugin(), new EvaluationPlugin(), mine));
    }

    private static Suite suite(String text) throws IOException {
        return Suites.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), true, "test.yaml");
    }

    private static List<SelectionEntry> selection(String yaml) throws IOException {
        PluginRegistry registry = registry();
        return new SuiteRunner(registry, registry.service(ObservationCatalog.class).orElseThrow(), Optional.empty(),
                Optional.empty(), ProgressListener.NONE, 2).run(suite(yaml), List.of()).selection();
    }

    @Test
    void namedSelectorsDecideAsTheRiskFieldDoesUnderTheSameLabels() throws IOException {
        List<SelectionEntry> byRisk = selection(HEAD + "    risk: [0.1, 0.05]\n");
        List<SelectionEntry> byName = selection(HEAD + "    selectors: [courier, risk-aware:0.1, \"risk-aware:0.05\"]\n");
        assertThat(byRisk).extracting(SelectionEntry::predictor).containsExactly("synthetic-exact",
                "synthetic-exact risk=0.1", "synthetic-exact risk=0.05", "synthetic-mean", "synthetic-mean risk=0.1",
                "synthetic-mean risk=0.05");
        assertThat(byName).isEqualTo(byRisk);
        assertThat(byRisk).allMatch(e -> e.score().decisions() > 0);
        // The risk-aware rule without a level works at its default, and a selection may leave Courier's rule out.
        List<SelectionEntry> alone = selection(HEAD + "    selectors: [risk-aware]\n");
        assertThat(alone).extracting(SelectionEntry::predictor)
                .containsExactly("synthetic-exact risk=0.05", "synthetic-mean risk=0.05");
        assertThat(alone).containsExactly(byRisk.get(2), byRisk.get(5));
    }

    @Test
    void aPluginsSelectorIsScoredUnderItsName() throws IOException {
        List<SelectionEntry> courier = selection(HEAD);
        List<SelectionEntry> plugin = selection(HEAD + "    selectors: [plugin-courier]\n");
        assertThat(plugin).extracting(SelectionEntry::predictor)
                .containsExactly("synthetic-exact plugin-courier", "synthetic-mean plugin-courier");
        for (int i = 0; i < courier.size(); i++) {
            assertThat(plugin.get(i).outcomes()).isEqualTo(courier.get(i).outcomes());
            assertThat(plugin.get(i).score()).isEqualTo(courier.get(i).score());
        }
    }

    @Test
    void anUnknownSelectorIsRefusedWhenTheSuiteIsReadNamingTheFileFieldAndClosestNames(@TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("typo.yaml");
        Files.writeString(file, HEAD + "    selectors: [courier, \"risk-awre:0.1\"]\n");
        assertThatThrownBy(() -> Suites.load(file.toString(), registry().selectors()))
                .isInstanceOf(IOException.class)
                .hasMessage(file + ": selection[0].selectors: no selector named 'risk-awre': did you mean risk-aware?"
                        + " (registered: courier, plugin-courier, risk-aware)");
        // Read without a registry, the same file parses: the names are the registry's to judge.
        assertThat(Suites.load(file.toString()).selection().get(0).selectors())
                .containsExactly("courier", "risk-awre:0.1");
    }

    @Test
    void aSelectionOfAnUndefinedDatasetAndAnUnknownTargetAreRefusedWhenTheSuiteIsRead(@TempDir Path dir)
            throws IOException {
        Path typo = dir.resolve("dataset-typo.yaml");
        Files.writeString(typo, HEAD.replace("  - dataset: grid", "  - dataset: gird"));
        assertThatThrownBy(() -> Suites.load(typo.toString(), registry().selectors()))
                .hasMessage(typo + ": selection[0].dataset: 'gird' is not a dataset of the suite (its datasets: grid)");
        Path target = dir.resolve("target-typo.yaml");
        Files.writeString(target, HEAD.replace("where: {model: alpha}", "where: {model: alpha}\n    targets: [thruput]"));
        assertThatThrownBy(() -> Suites.load(target.toString(), registry().selectors()))
                .hasMessageStartingWith(target + ": datasets[0].targets: unknown target 'thruput'");
    }

    @Test
    void aMisusedSelectorIsRefusedInOneLine(@TempDir Path dir) throws IOException {
        Path riskOnPoints = dir.resolve("risk-on-points.yaml");
        Files.writeString(riskOnPoints, HEAD + "    selectors: [\"courier:0.1\"]\n");
        assertThatThrownBy(() -> Suites.load(riskOnPoints.toString(), registry().selectors()))
                .hasMessage(riskOnPoints + ": selection[0].selectors: selector courier: a risk level applies to a"
                        + " selector that judges latency intervals; this one judges point predictions");
        Path twice = dir.resolve("twice.yaml");
        Files.writeString(twice, HEAD + "    selectors: [risk-aware, \"risk-aware:0.05\"]\n");
        assertThatThrownBy(() -> Suites.load(twice.toString(), registry().selectors()))
                .hasMessage(twice + ": selection[0].selectors: risk-aware:0.05 decides as risk-aware does;"
                        + " list each selector once");
        assertThatThrownBy(() -> suite(HEAD + "    selectors: [\"risk-aware:high\"]\n"))
                .isInstanceOf(IOException.class).hasMessageContaining("test.yaml, near line")
                .hasMessageContaining("selector 'risk-aware:high' is not NAME or NAME:RISK");
        assertThatThrownBy(() -> suite(HEAD + "    risk: [0.1]\n    selectors: [courier]\n"))
                .isInstanceOf(IOException.class).hasMessageContaining("either risk")
                .hasMessageNotContaining("\n");
    }
}
