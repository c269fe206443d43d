package io.stepcast.queueing.cli;

import io.stepcast.queueing.SyntheticProfileSource;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code simulate --threads}, on the synthetic chain profile. */
class SimulateThreadsTest {
    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new SimulateCommand(Optional.of(new SyntheticProfileSource())));
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    private static String[] sweep(String... extra) {
        List<String> args = new ArrayList<>(List.of("--model", "chain", "--step-time", "0.5", "--local-batch", "32",
                "--workers", "1,2,4,8,3", "--steps", "8", "--warmup", "2", "--seeds", "3", "--json"));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    @Test
    void theOutputIsTheSameForAnyNumberOfThreads() {
        Result one = run(sweep("--threads", "1"));
        assertThat(one.code()).as(one.err()).isEqualTo(0);
        assertThat(one.out()).contains("\"workers\":8", "\"workers\":3");
        for (String threads : new String[] {"2", "3", "7"}) {
            Result many = run(sweep("--threads", threads));
            assertThat(many.code()).isEqualTo(0);
            assertThat(many.out()).as("--threads %s", threads).isEqualTo(one.out());
        }
        // The default (all cores) too, and with the transfer jitter's draws.
        assertThat(run(sweep()).out()).isEqualTo(one.out());
        assertThat(run(sweep("--threads", "4", "--transfer-jitter", "0.3")).out())
                .isEqualTo(run(sweep("--threads", "1", "--transfer-jitter", "0.3")).out());
    }

}
