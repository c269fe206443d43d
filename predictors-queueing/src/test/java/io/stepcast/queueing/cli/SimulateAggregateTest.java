package io.stepcast.queueing.cli;

import io.stepcast.queueing.SyntheticProfileSource;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code simulate --aggregate}, on the synthetic chain profile. */
class SimulateAggregateTest {
    private record Result(int code, String out, String err) {
    }

    private static Result run(String... extra) {
        List<String> args = new ArrayList<>(List.of("--model", "chain", "--step-time", "0.5", "--local-batch", "32",
                "--steps", "8", "--warmup", "2", "--json"));
        if (!List.of(extra).contains("--workers")) {
            args.addAll(List.of("--workers", "1,2,4,8"));
        }
        args.addAll(List.of(extra));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new SimulateCommand(Optional.of(new SyntheticProfileSource())));
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args.toArray(String[]::new));
        return new Result(code, out.toString(), err.toString());
    }

    /**
     * At 1, 4 and 8 workers; at 2 the full simulation breaks the workers' symmetry by the order of simultaneous
     * events and gives 1.2% less (predictors-queueing/README.md, "Aggregation of identical workers").
     */
    @Test
    void aSymmetricSweepGivesTheFullSimulationsFigures() {
        String[] sync = {"--mode", "sync", "--policy", "fifo", "--transfer-jitter", "0", "--workers", "1,4,8"};
        Result full = run(sync);
        List<String> agg = new ArrayList<>(List.of(sync));
        agg.add("--aggregate");
        Result one = run(agg.toArray(String[]::new));
        assertThat(one.code()).as(one.err()).isEqualTo(0);
        assertThat(full.code()).as(full.err()).isEqualTo(0);
        assertThat(numbers(one.out())).hasSameSizeAs(numbers(full.out()));
        List<Double> a = numbers(one.out());
        List<Double> b = numbers(full.out());
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i)).isCloseTo(b.get(i), org.assertj.core.api.Assertions.within(1e-9 * Math.abs(b.get(i))));
        }
    }

    @Test
    void anAsymmetricSetupIsRefusedInOneLineWithTheReason() {
        Result async = run("--aggregate");
        assertThat(async.code()).isEqualTo(2);
        assertThat(async.err().lines().findFirst().orElseThrow())
                .isEqualTo("--aggregate: asynchronous workers start at staggered random times, so no two are identical "
                        + "(synchronous mode is)");
        Result random = run("--aggregate", "--mode", "sync");
        assertThat(random.code()).isEqualTo(2);
        assertThat(random.err().lines().findFirst().orElseThrow())
                .startsWith("--aggregate: the random transfer order is drawn per worker");
        Result uneven = run("--aggregate", "--mode", "sync", "--policy", "fifo", "--transfer-jitter", "0",
                "--workers-per-host", "3");
        assertThat(uneven.code()).isEqualTo(2);
        assertThat(uneven.err().lines().findFirst().orElseThrow())
                .startsWith("--aggregate: 8 workers on 3 hosts is an uneven placement");
    }

    private static List<Double> numbers(String json) {
        List<Double> out = new ArrayList<>();
        Matcher m = Pattern.compile("-?\\d+(\\.\\d+)?([eE]-?\\d+)?").matcher(json);
        while (m.find()) {
            out.add(Double.parseDouble(m.group()));
        }
        return out;
    }
}
