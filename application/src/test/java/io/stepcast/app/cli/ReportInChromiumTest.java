package io.stepcast.app.cli;

import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.ApplicationPlugin;
import io.stepcast.app.cli.StepcastCli;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.SyntheticPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The HTML report of a synthetic suite opened in headless Chromium: the page renders (a screenshot of the expected
 * size that is not blank), the browser logs no console message (the page has no script, so any is an error), and
 * every image it shows is a PNG beside it. Skipped where {@code /usr/bin/chromium} is missing ({@code .ci/run}
 * installs it).
 */
class ReportInChromiumTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final String SUITE = """
            name: synthetic-browser
            datasets:
              - name: grid
                source: grid
                protocols: ["extrapolation:workers<=2"]
                targets: [step-time, throughput]
            predictors:
              - name: synthetic-exact
              - name: synthetic-mean
            selection:
              - dataset: grid
                latency: step-time
                slo: {type: midpoints}
            """;

    @Test
    void theReportRendersWithoutConsoleErrorsAndShowsItsCharts(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "/usr/bin/chromium is not installed: the browser check is skipped "
                + "(apt-get install chromium; .ci/run installs it)");
        Path suite = dir.resolve("suite.yaml");
        Files.writeString(suite, SUITE);
        Path out = dir.resolve("out");
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(PluginRegistry.of(List.of(new SyntheticPlugin(), new EvaluationPlugin(), new ApplicationPlugin())),
                new String[] {"evaluate", "--suite", suite.toString(), "--out", out.toString(), "--threads", "2"},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        Path html = out.resolve("report.html");

        Path shot = dir.resolve("screenshot.png");
        Path profile = Files.createDirectory(dir.resolve("chromium-profile"));
        Process p = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
                "--screenshot=" + shot, "--window-size=1280,2000", html.toUri().toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(dir.resolve("chromium.log").toFile())
                .start();
        // A bound so that a hung browser fails the test instead of the build; not a measurement.
        boolean exited = p.waitFor(3, TimeUnit.MINUTES);
        if (!exited) {
            p.destroyForcibly();
        }
        String log = Files.readString(dir.resolve("chromium.log"), StandardCharsets.UTF_8);
        assertThat(exited).as(log).isTrue();
        assertThat(p.exitValue()).as(log).isZero();

        assertThat(log.lines().filter(l -> l.contains(":CONSOLE"))).as(log).isEmpty();
        BufferedImage image = ImageIO.read(shot.toFile());
        assertThat(image.getWidth()).isEqualTo(1280);
        assertThat(image.getHeight()).isEqualTo(2000);
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 7) {
            for (int x = 0; x < image.getWidth(); x += 7) {
                colours.add(image.getRGB(x, y));
            }
        }
        // Text, tables and charts: far more than the handful of colours of an empty or error page.
        assertThat(colours).hasSizeGreaterThan(50);

        String page = Files.readString(html);
        Matcher m = Pattern.compile("<img alt=\"[^\"]*\" src=\"([^\"]+)\"").matcher(page);
        int images = 0;
        while (m.find()) {
            Path png = out.resolve(m.group(1));
            assertThat(png).isRegularFile();
            assertThat(new String(Files.readAllBytes(png), 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
            images++;
        }
        assertThat(images).isGreaterThan(3);
    }
}
