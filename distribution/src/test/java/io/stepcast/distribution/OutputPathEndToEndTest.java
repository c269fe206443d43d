package io.stepcast.distribution;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command that writes, with every module on the class path, refuses an output path it cannot write as a usage
 * error (exit 2) naming the option, before it does any work: nothing on stdout and the file in the way unchanged.
 */
class OutputPathEndToEndTest {
    @TempDir
    Path dir;

    private void refused(String expected, String... args) throws Exception {
        CliSession cli = new CliSession();
        assertThat(cli.run(args)).as(cli.err()).isEqualTo(2);
        assertThat(cli.err().lines().findFirst()).contains("stepcast: " + expected);
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void aFileWhereAFolderIsWrittenIsAUsageErrorOfEachCommand() throws Exception {
        Path file = Files.writeString(dir.resolve("x.csv"), "in the way\n");
        String wrong = " " + file + " is a file, not a directory";
        refused("--out" + wrong, "evaluate", "--out", file.toString());
        refused("--out" + wrong, "sweep", "--models", "resnet50", "--workers", "1,2", "--out", file.toString());
        refused("--out" + wrong, "profile", "tensorflow", "--model", "lenet5", "--local-batch", "32", "--out",
                file.toString());
        refused("--cache" + wrong, "datasets", "fetch", "courier", "--cache", file.toString());
        assertThat(Files.readString(file)).isEqualTo("in the way\n");
    }

    @Test
    void aFolderWhereAFileIsWrittenIsAUsageErrorOfEachCommand() throws Exception {
        Path input = Files.writeString(dir.resolve("in.csv"), "model,workers\n");
        String wrong = " " + dir + " is a directory, not a file";
        refused("--save" + wrong, "fit", "--predictor", "linear-scaling", "--train", input.toString(), "--save",
                dir.toString());
        refused("--trace-out" + wrong, "simulate", "--model", "resnet50", "--step-time", "0.5", "--local-batch", "32",
                "--workers", "1,2", "--trace-out", dir.toString());
        refused("--out" + wrong, "datasets", "import", "courier", "--input", input.toString(), "--out", dir.toString());
    }

    @Test
    void aFileInTheWayOfTheFoldersToCreateIsNamed() throws Exception {
        Path file = Files.writeString(dir.resolve("x.csv"), "in the way\n");
        refused("--save " + file.resolve("models/m.json") + ": " + file + " is a file, not a directory",
                "fit", "--predictor", "linear-scaling", "--train", file.toString(), "--save",
                file.resolve("models/m.json").toString());
    }
}
