package io.stepcast.queueing;

import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class QueueingPluginTest {

    @Test
    void registersBothEstimatorsAndTheSimulateCommandWithoutAProfileSource() {
        PluginRegistry r = PluginRegistry.of(List.of(new QueueingPlugin()));
        assertThat(r.estimators()).containsKeys("simulation", "mva");
        assertThat(r.moduleOf("simulation")).isEqualTo("predictors-queueing");
        assertThat(r.moduleOf("mva")).isEqualTo("predictors-queueing");
        assertThat(r.commands()).extracting(CommandExtension::name).contains("simulate");
        assertThat(r.service(ProfileSource.class)).isEmpty();
        assertThat(r.codecs()).containsOnlyKeys("mva", "simulation");
    }

    @Test
    void isFoundByServiceLoaderBesideTheDatasetsPlugin() {
        PluginRegistry r = PluginRegistry.discover();
        assertThat(r.estimators()).containsKeys("simulation", "mva");
        assertThat(r.service(ProfileSource.class)).isPresent();
        assertThat(r.commands()).extracting(CommandExtension::name).contains("simulate");
        // End to end through the registry: the command gets the datasets module's zoo.
        CommandExtension simulate = r.commands().stream().filter(c -> c.name().equals("simulate")).findFirst()
                .orElseThrow();
        StringWriter out = new StringWriter();
        picocli.CommandLine cl = new picocli.CommandLine(simulate.command(null));
        cl.setOut(new PrintWriter(out));
        int code = cl.execute("--model", "ResNet-50", "--step-time", "1.2214", "--local-batch", "64",
                "--workers", "1,8", "--ps", "2", "--colocated", "--workers-per-host", "8", "--mode", "sync",
                "--steps", "3", "--warmup", "1", "--json");
        assertThat(code).isEqualTo(0);
        assertThat(out.toString()).startsWith("{\"points\":[{\"workers\":1,");
    }
}
