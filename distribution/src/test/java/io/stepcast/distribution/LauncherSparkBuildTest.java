package io.stepcast.distribution;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code stepcast} launcher script builds runner-spark on first use when {@code --engine spark} is among its
 * arguments, and only then. The script runs from a copy in a temporary checkout whose {@code mvn} and {@code java}
 * are stand-ins on the PATH: the stand-in Maven writes the class-path files a real build leaves and logs the modules
 * it was asked for, the stand-in Java logs its class path, so nothing is built and no JVM starts.
 */
class LauncherSparkBuildTest {
    private static final Path SCRIPT = Path.of("..", "stepcast").toAbsolutePath().normalize();
    private static final String FAKE_MVN = """
            #!/usr/bin/env bash
            modules=""
            while [[ $# -gt 0 ]]; do [[ "$1" == "-pl" ]] && modules="$2"; shift; done
            echo "mvn $modules" >> "$LAUNCHER_LOG"
            root="$(pwd)"
            mkdir -p "$root/distribution/target"
            echo "/fake/assembly.jar" > "$root/distribution/target/classpath.txt"
            if [[ "$modules" == *runner-spark* ]]; then
              mkdir -p "$root/runner-spark/target"
              echo "/fake/spark-core.jar" > "$root/runner-spark/target/classpath.txt"
              touch "$root/runner-spark/target/runner-spark.jar"
            fi
            """;
    private static final String FAKE_JAVA = """
            #!/usr/bin/env bash
            while [[ $# -gt 0 ]]; do [[ "$1" == "-cp" ]] && echo "java $2" >> "$LAUNCHER_LOG"; shift; done
            """;

    @TempDir
    Path dir;

    private Path checkout;
    private Path log;

    private List<String> launch(String... args) throws IOException, InterruptedException {
        if (checkout == null) {
            checkout = Files.createDirectories(dir.resolve("checkout"));
            Files.copy(SCRIPT, checkout.resolve("stepcast"));
            Path bin = Files.createDirectories(dir.resolve("bin"));
            executable(bin.resolve("mvn"), FAKE_MVN);
            executable(bin.resolve("java"), FAKE_JAVA);
            log = dir.resolve("launcher.log");
        }
        Files.deleteIfExists(log);
        List<String> command = new ArrayList<>(List.of("bash", checkout.resolve("stepcast").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("output.txt").toFile());
        pb.environment().put("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
        pb.environment().put("LAUNCHER_LOG", log.toString());
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("output.txt"))).isZero();
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void aFirstRunWithoutSparkBuildsTheAssemblyAlone() throws Exception {
        assertThat(launch("evaluate")).containsExactly("mvn distribution", "java /fake/assembly.jar");
        // Built and unchanged: no build at all.
        assertThat(launch("evaluate", "--suite", "default")).containsExactly("java /fake/assembly.jar");
    }

    @Test
    void engineSparkBuildsRunnerSparkOnceThenItStaysOnTheClassPath() throws Exception {
        assertThat(launch("evaluate")).first().isEqualTo("mvn distribution");
        List<String> spark = launch("sweep", "--grid", "g.yaml", "--engine", "spark", "--out", "o");
        assertThat(spark).first().isEqualTo("mvn distribution,runner-spark");
        assertThat(spark.get(1)).startsWith("java /fake/assembly.jar:").contains("runner-spark.jar")
                .endsWith(":/fake/spark-core.jar");
        assertThat(launch("evaluate", "--engine=spark")).singleElement().asString().startsWith("java ")
                .contains("runner-spark.jar");
        // Once built, runner-spark stays on the class path of every run, as before.
        assertThat(launch("evaluate")).singleElement().asString().contains("runner-spark.jar");
    }

    @Test
    void theEqualsFormAlsoSelectsSparkAndAnotherEngineDoesNot() throws Exception {
        assertThat(launch("evaluate", "--engine", "local", "--suite", "spark")).first().isEqualTo("mvn distribution");
        assertThat(launch("evaluate", "--engine=spark")).first().isEqualTo("mvn distribution,runner-spark");
    }
}
