package io.stepcast.analytic;

import io.stepcast.analytic.cli.AnovaCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class AnovaCommandTest {

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new AnovaCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        cli.setExecutionExceptionHandler((ex, c, p) -> {
            c.getErr().println(ex.getMessage());
            return 1;
        });
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    private static String cells() {
        return CourierCellsData.cellsFile().toString();
    }

    @Test
    void reproducesThePublishedTableFromTheRealCells() {
        Run r = run("--input", cells(), "--response", "mean_time_s", "--factors", "cpu,batch,njobs",
                "--runs", "runs", "--sd", "sd_time_s");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("(48 rows, 288 runs)")
                .contains("cpu:batch:njobs")
                .containsPattern("Intercept\\s+423\\.5586")
                .contains("R^2 0.7081  adjusted R^2 0.7008  F(7, 280) = 97.04")
                .containsPattern("batch\\s+6469289\\.4\\s+1\\s+551\\.36")
                .containsPattern("Residual\\s+3285316\\.5\\s+280")
                .doesNotContain("Mann-Whitney");
    }

    @Test
    void jsonHasTheSameNumbers() {
        Run r = run("--input", cells(), "--response", "mean_time_s", "--factors", "cpu,batch,njobs",
                "--runs", "runs", "--sd", "sd_time_s", "--json");
        assertThat(r.code()).isZero();
        assertThat(r.out().strip()).startsWith("{").endsWith("}")
                .contains("\"formula\":\"mean_time_s ~ cpu + batch + njobs + cpu:batch + cpu:njobs + batch:njobs + cpu:batch:njobs\"")
                .contains("\"df_resid\":280").contains("\"term\":\"Residual\"").contains("\"pairwise\":[]");
    }

    @Test
    void rawRunsGetMannWhitneyTests(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("synthetic_raw.csv");
        Files.writeString(f, "x,y\n1,1\n1,2\n1,3\n2,4\n2,5\n2,6\n");
        Run r = run("--input", f.toString(), "--response", "y", "--factors", "x");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Pairwise Mann-Whitney U tests").containsPattern("x\\s+1\\s+2\\s+3\\s+3\\s+9\\.0");
    }

    @Test
    void badInputIsOneClearLine(@TempDir Path dir) throws IOException {
        Run r = run("--input", cells(), "--response", "mean_time_s", "--factors", "cpu,gpus");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("response_time_cells.csv").contains("'gpus'");
        r = run("--input", cells(), "--response", "mean_time_s", "--factors", "cpu", "--runs", "runs");
        assertThat(r.err()).contains("--runs and --sd");
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "x,y\n1,2\n2,oops\n3,4\n");
        r = run("--input", bad.toString(), "--response", "y", "--factors", "x");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("bad.csv:3").contains("'y'").contains("oops");
        r = run("--input", dir.resolve("missing.csv").toString(), "--response", "y", "--factors", "x");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("missing.csv");
        assertThat(run("--response", "y").code()).isEqualTo(2);
    }
}
