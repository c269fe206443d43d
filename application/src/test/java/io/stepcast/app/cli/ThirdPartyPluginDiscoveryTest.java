package io.stepcast.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.testing.PluginJars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A plugin that is not a compile-time dependency of anything in stepcast shows up in the CLI: the test
 * writes the plugin's source, compiles it into a jar at test time and puts only that jar on a fresh class
 * loader, exactly like a user dropping a third-party jar on the class path.
 */
class ThirdPartyPluginDiscoveryTest {

    private static final String PLUGIN_SOURCE = """
            package thirdparty.example;

            import io.stepcast.api.*;
            import io.stepcast.api.plugin.StepcastPlugin;
            import java.util.Map;
            import java.util.Set;

            public final class ConstantPlugin extends StepcastPlugin {
                public ConstantPlugin() { super("third-party-fixture"); }

                @Override
                protected void registerAll() {
                    estimator(new ConstantEstimator());
                    notPersistable("third-party-constant", "a constant has nothing to save");
                }

                static final class ConstantEstimator implements Estimator {
                    public String name() { return "third-party-constant"; }
                    public String description() { return "Predicts one second per step (test fixture)."; }
                    public Set<Target> targets() { return Set.of(Target.STEP_TIME); }
                    public Map<String, String> hyperParameters() { return Map.of(); }
                    public Estimator withHyperParameters(Map<String, String> o) { return this; }
                    public Predictor fit(TrainingSet t) { throw new CannotFitException("fixture"); }
                }
            }
            """;

    @Test
    void aJarWithAGuiceModuleServiceEntryAddsItsPredictors(@TempDir Path dir) throws Exception {
        Path jar = compilePluginJar(dir);
        assertThatThrownBy(() -> Class.forName("thirdparty.example.ConstantPlugin"))
                .as("the fixture must not be on the test class path")
                .isInstanceOf(ClassNotFoundException.class);

        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            PluginRegistry registry = PluginRegistry.discover(loader);
            StringWriter out = new StringWriter();
            int code = StepcastCli.run(registry, new String[] {"predictors", "list", "--json"},
                    new PrintWriter(out), new PrintWriter(new StringWriter()));

            assertThat(code).isZero();
            JsonNode rows = new ObjectMapper().readTree(out.toString());
            JsonNode fixture = null;
            for (JsonNode row : rows) {
                if (row.get("name").asText().equals("third-party-constant")) {
                    fixture = row;
                }
            }
            assertThat(fixture).as("third-party predictor listed in " + out).isNotNull();
            assertThat(fixture.get("module").asText()).isEqualTo("third-party-fixture");
            assertThat(fixture.get("targets").get(0).asText()).isEqualTo("step-time");
        }
    }

    @Test
    void withoutTheJarThePredictorIsAbsent() {
        assertThat(PluginRegistry.discover(getClass().getClassLoader()).estimators())
                .doesNotContainKey("third-party-constant");
    }

    private static Path compilePluginJar(Path dir) throws IOException {
        return PluginJars.build(dir, "third-party-plugin.jar", "thirdparty.example.ConstantPlugin", PLUGIN_SOURCE);
    }
}
