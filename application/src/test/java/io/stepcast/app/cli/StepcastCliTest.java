package io.stepcast.app.cli;

import io.stepcast.api.plugin.NamedCommandExtension;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.app.ApplicationPlugin;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.suite.Suites;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.FileNotFoundException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.Callable;

import static org.assertj.core.api.Assertions.assertThat;

/** Exit codes and error output of the root CLI. */
class StepcastCliTest {

    /** A plugin command that fails, to observe the CLI's error handling (test fixture). */
    @Command(name = "explode")
    public static final class Explode implements Callable<Integer> {
        @Option(names = "--with-cause")
        boolean withCause;

        @Override
        public Integer call() {
            if (withCause) {
                throw new IllegalStateException(null, new FileNotFoundException("trace.json (No such file)"));
            }
            throw new IllegalArgumentException("trace.json line 3: field 'dur' is negative");
        }
    }

    /** Registers {@link Explode} as an extension (test fixture). */
    public static final class ExplodeExtension extends NamedCommandExtension {
        public ExplodeExtension() {
            super("explode", registry -> new Explode());
        }
    }

    private static final class FixturePlugin extends StepcastPlugin {
        FixturePlugin() {
            super("fixture");
        }

        @Override
        protected void registerAll() {
            command(ExplodeExtension.class);
        }
    }

    /** Registers a second {@code evaluate} (test fixture): a clash the CLI must refuse. */
    private static final class SecondEvaluatePlugin extends StepcastPlugin {
        SecondEvaluatePlugin() {
            super("second-evaluate");
        }

        @Override
        protected void registerAll() {
            command(new NamedCommandExtension("evaluate", registry -> new Explode()));
        }
    }

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return StepcastCli.run(PluginRegistry.of(List.of(new FixturePlugin(), new EvaluationPlugin(), new ApplicationPlugin())), args, new PrintWriter(out, true),
                new PrintWriter(err, true));
    }

    @Test
    void versionAndHelpSucceed() {
        assertThat(run("--version")).isZero();
        assertThat(out.toString()).startsWith("stepcast ");
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("predictors").contains("explode");
    }

    @Test
    void evaluateHelpListsEveryBuiltInSuite() {
        assertThat(run("evaluate", "--help")).isZero();
        String help = out.toString().replaceAll("\\s+", " ");
        for (String suite : Suites.BUILT_IN) {
            assertThat(help).containsAnyOf(suite + ",", suite + ")");
        }
    }

    @Test
    void usageErrorsExitTwoWithAHint() {
        assertThat(run("no-such-command")).isEqualTo(2);
        assertThat(err.toString()).contains("no-such-command").contains("--help");
        assertThat(run()).isEqualTo(2);
    }

    @Test
    void selectBatchWithoutAnSloRefusesNamingTheOption() {
        // Without an SLO no candidate is "feasible": the command refuses before fitting anything.
        assertThat(run("select-batch", "--cpu", "4", "--njobs", "2", "--network", "lenet5")).isEqualTo(2);
        assertThat(err.toString().lines().findFirst().orElseThrow()).startsWith("stepcast: ").contains("--slo");
        assertThat(out.toString()).doesNotContain("feasible");
    }

    @Test
    void selectBatchRefusesANonPositiveSlo() {
        assertThat(run("select-batch", "--slo", "0", "--cpu", "4", "--njobs", "2", "--network", "lenet5"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--slo must be a positive number of seconds, was 0.0");
    }

    @Test
    void selectBatchRefusesAnUnknownSelectorBeforeFittingNamingTheKnownOnes() {
        // Handled like an unknown --predictor: one line naming the registered ones, exit 1.
        assertThat(run("select-batch", "--slo", "300", "--cpu", "4", "--njobs", "2", "--network", "lenet5",
                "--selector", "no-such")).isEqualTo(1);
        assertThat(err.toString().strip()).isEqualTo("stepcast: error: no selector named 'no-such' (known: courier,"
                + " risk-aware)");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void selectBatchRefusesARiskForASelectorThatJudgesPointPredictions() {
        assertThat(run("select-batch", "--slo", "300", "--cpu", "4", "--njobs", "2", "--network", "lenet5",
                "--selector", "courier", "--risk", "0.1")).isEqualTo(1);
        assertThat(err.toString().strip()).startsWith("stepcast: error: selector courier: a risk level applies")
                .doesNotContain("\n");
    }

    @Test
    void failuresExitOneWithOneLineAndNoStackTrace() {
        assertThat(run("explode")).isEqualTo(1);
        assertThat(err.toString().strip()).isEqualTo("stepcast: error: trace.json line 3: field 'dur' is negative");
    }

    @Test
    void aMessagelessFailureReportsItsCause() {
        assertThat(run("explode", "--with-cause")).isEqualTo(1);
        assertThat(err.toString().strip()).isEqualTo("stepcast: error: trace.json (No such file)");
    }

    @Test
    void verbosePrintsTheStackTrace() {
        assertThat(run("explode", "--verbose")).isEqualTo(1);
        assertThat(err.toString()).contains("at io.stepcast.app.cli.StepcastCliTest$Explode.call");
    }

    @Test
    void predictorsListSaysSoWhenNothingIsRegistered() {
        assertThat(run("predictors", "list")).isZero();
        assertThat(out.toString()).contains("No predictors found");
    }

    @Test
    void theBuiltInCommandsComeFromTheRegistry() {
        assertThat(StepcastCli.commandLine(PluginRegistry.of(List.of(new FixturePlugin()))).getSubcommands())
                .containsOnlyKeys("explode");
        assertThat(StepcastCli.commandLine(PluginRegistry.of(List.of(new EvaluationPlugin(), new ApplicationPlugin()))).getSubcommands())
                .containsOnlyKeys("evaluate", "fit", "hardware", "predict", "predictors", "report", "select-batch", "sweep");
    }

    @Test
    void aSecondCommandOfTheSameNameFailsNamingBoth() {
        int code = StepcastCli.run(PluginRegistry.of(List.of(new EvaluationPlugin(), new ApplicationPlugin(), new SecondEvaluatePlugin())),
                new String[] {"--help"}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).isEqualTo(1);
        assertThat(err.toString().strip()).startsWith("stepcast: error: two plugins register the command 'evaluate': ")
                .contains(EvaluateCommand.class.getName()).contains(Explode.class.getName());
    }
}
