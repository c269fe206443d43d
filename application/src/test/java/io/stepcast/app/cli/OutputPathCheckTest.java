package io.stepcast.app.cli;

import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.WritesTo;
import io.stepcast.app.ApplicationPlugin;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.SyntheticPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Output paths are checked before a command runs: what is wrong with each kind of path, and the application's built-in
 * commands refusing one as a usage error (exit 2) before any work (no progress, no output, not even the reading of
 * a missing training file).
 */
class OutputPathCheckTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.of(java.util.List.of(new SyntheticPlugin(), new EvaluationPlugin(), new ApplicationPlugin()));

    @TempDir
    Path dir;

    @Test
    void aFolderOptionRefusesAFileAndAFileInTheWayOfItsParents() throws Exception {
        Path file = Files.writeString(dir.resolve("x.csv"), "a\n");
        assertThat(OutputPathCheck.problem("--out", file, WritesTo.Kind.FOLDER))
                .contains("--out " + file + " is a file, not a directory");
        assertThat(OutputPathCheck.problem("--out", file.resolve("sub"), WritesTo.Kind.FOLDER))
                .contains("--out " + file.resolve("sub") + ": " + file + " is a file, not a directory");
        assertThat(OutputPathCheck.problem("--out", dir, WritesTo.Kind.FOLDER)).isEmpty();
        assertThat(OutputPathCheck.problem("--out", dir.resolve("new/deeper"), WritesTo.Kind.FOLDER)).isEmpty();
    }

    @Test
    void aFileOptionRefusesAFolderAndAcceptsANewOrExistingFile() throws Exception {
        assertThat(OutputPathCheck.problem("--save", dir, WritesTo.Kind.FILE))
                .contains("--save " + dir + " is a directory, not a file");
        Path file = Files.writeString(dir.resolve("m.json"), "{}");
        assertThat(OutputPathCheck.problem("--save", file, WritesTo.Kind.FILE)).isEmpty();
        assertThat(OutputPathCheck.problem("--save", dir.resolve("models/m.json"), WritesTo.Kind.FILE)).isEmpty();
        assertThat(OutputPathCheck.problem("--save", file.resolve("m.json"), WritesTo.Kind.FILE))
                .contains("--save " + file.resolve("m.json") + ": " + file + " is a file, not a directory");
    }

    @Test
    void aReadOnlyFolderIsNamed() throws Exception {
        Path locked = Files.createDirectory(dir.resolve("locked"));
        assertThat(locked.toFile().setWritable(false, false)).isTrue();
        try {
            // Root writes anywhere, so the check can only be seen when the folder really refuses writes.
            org.junit.jupiter.api.Assumptions.assumeFalse(Files.isWritable(locked), "running with write access to all");
            assertThat(OutputPathCheck.problem("--out", locked.resolve("o"), WritesTo.Kind.FOLDER))
                    .contains("--out " + locked.resolve("o") + ": cannot be created, " + locked + " is not writable");
        } finally {
            locked.toFile().setWritable(true, false);
        }
    }

    private static CliRun run(String... args) {
        return CliRun.stepcast(REGISTRY, args);
    }

    @Test
    void sweepAndEvaluateRefuseAFileAsTheirOutFolderBeforeAnyWork() throws Exception {
        Path file = Files.writeString(dir.resolve("x.csv"), "a\n");
        // The training file is missing too: the output is checked first, so the usage error is what the user sees.
        CliRun sweep = run("sweep", "--train", dir.resolve("absent.csv").toString(), "--predictor", "synthetic-mean",
                "--models", "my-net", "--workers", "1", "--out", file.toString());
        assertThat(sweep.code()).isEqualTo(StepcastCli.USAGE);
        assertThat(sweep.err().lines().findFirst()).contains("stepcast: --out " + file + " is a file, not a directory");
        assertThat(sweep.err()).doesNotContain("sweep:").doesNotContain("absent.csv");
        assertThat(sweep.out()).isEmpty();

        CliRun evaluate = run("evaluate", "--threads", "1", "--out", file.toString());
        assertThat(evaluate.code()).isEqualTo(StepcastCli.USAGE);
        assertThat(evaluate.err().lines().findFirst()).contains("stepcast: --out " + file + " is a file, not a directory");
        assertThat(evaluate.out()).isEmpty();
        assertThat(Files.readString(file)).isEqualTo("a\n");
    }

    @Test
    void fitRefusesAFolderAsTheModelFileAndHelpIsNotChecked() {
        CliRun fit = run("fit", "--predictor", "synthetic-mean", "--train", dir.resolve("absent.csv").toString(),
                "--save", dir.toString());
        assertThat(fit.code()).isEqualTo(StepcastCli.USAGE);
        assertThat(fit.err().lines().findFirst()).contains("stepcast: --save " + dir + " is a directory, not a file");
        assertThat(run("fit", "--save", dir.toString(), "--help").code()).isZero();
    }
}
