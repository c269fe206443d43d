package io.stepcast.app.cli;

import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.ApplicationPlugin;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.SyntheticPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fit --save} of a predictor its plugin declares not persistable fails before any fit, with the plugin's
 * reason, and writes nothing.
 */
class NotPersistableFitTest {

    @Test
    void fitSaveGivesThePluginsReasonBeforeReadingTheTrainingFile(@TempDir Path dir) {
        PluginRegistry registry = PluginRegistry.of(List.of(new SyntheticPlugin(), new EvaluationPlugin(), new ApplicationPlugin()));
        assertThat(registry.notPersistable()).containsKey("synthetic-mean");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path model = dir.resolve("m.json");
        int code = StepcastCli.run(registry, new String[] {"fit", "--predictor", "synthetic-mean", "--train",
                dir.resolve("absent.csv").toString(), "--save", model.toString()}, new PrintWriter(out, true),
                new PrintWriter(err, true));
        assertThat(code).isEqualTo(StepcastCli.FAILURE);
        assertThat(err.toString()).contains("predictor 'synthetic-mean' cannot be saved: a test fixture, refitted by"
                + " every test (plugin synthetic-test)").doesNotContain("absent.csv");
        assertThat(Files.exists(model)).isFalse();
    }
}
