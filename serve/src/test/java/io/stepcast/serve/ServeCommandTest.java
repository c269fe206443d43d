package io.stepcast.serve;

import io.stepcast.app.cli.StepcastCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code stepcast serve} is a plugin command of the CLI, with its usage errors and start-up refusals. */
class ServeCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return StepcastCli.run(ServeFixture.REGISTRY, args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void theCliHasTheServeCommandFromThePlugin() {
        assertThat(run("serve", "--help")).isZero();
        assertThat(out.toString()).contains("--port").contains("--host").contains("--models").contains("127.0.0.1");
    }

    @Test
    void aPortIsRequired() {
        assertThat(run("serve")).isEqualTo(StepcastCli.USAGE);
        assertThat(err.toString()).contains("--port");
        assertThat(run("serve", "--port", "70000")).isEqualTo(StepcastCli.USAGE);
    }

    @Test
    void aMissingModelsFolderOrABrokenModelFailsAtStartNamingTheFile(@TempDir Path dir) throws Exception {
        assertThat(run("serve", "--port", "0", "--models", dir.resolve("none").toString())).isEqualTo(StepcastCli.FAILURE);
        assertThat(err.toString()).contains("none").contains("no such folder");
        Files.writeString(dir.resolve("broken.model.json"), "not json");
        assertThat(ServedPredictorsLoad.refusal(dir)).contains("broken.model.json");
    }

    /** Loads only the saved models (no built-in fit) to see how a bad file is refused. */
    private static final class ServedPredictorsLoad {
        static String refusal(Path models) {
            try {
                ServedPredictors.load(ServeFixture.REGISTRY, name -> false, Optional.of(models));
                return "loaded";
            } catch (IOException e) {
                return e.getMessage();
            }
        }
    }
}
