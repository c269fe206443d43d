package io.stepcast.queueing.realdata;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.queueing.cli.SimulateCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code stepcast simulate --profile} on the real PyTorch profiler traces of {@code shared/data/kineto}: at the
 * trace's world size the replay gives the measured median step (target: within 10%), and other worker counts are
 * predictions from the cost model.
 */
class KinetoReplayTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = new CommandLine(new SimulateCommand(Optional.of(new DefaultProfileSource()),
                Optional.of(new DefaultHardwareCatalog())));
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        System.err.print(err);
        return code;
    }

    private static String trace(String name) {
        return Path.of(System.getProperty("stepcast.shared.data")).resolve("kineto").resolve(name + ".pt.trace.json.gz")
                .toString();
    }

    /** Step time (s) per worker count of the JSON output, in order. */
    private List<double[]> points() throws Exception {
        List<double[]> p = new ArrayList<>();
        try (JsonParser j = new JsonFactory().createParser(out.toString())) {
            double w = 0;
            while (j.nextToken() != null) {
                if (j.currentToken() == JsonToken.FIELD_NAME && j.currentName().equals("workers")) {
                    j.nextToken();
                    w = j.getDoubleValue();
                } else if (j.currentToken() == JsonToken.FIELD_NAME && j.currentName().equals("steps_per_s")) {
                    j.nextToken();
                    p.add(new double[] {w, w / j.getDoubleValue()});
                }
            }
        }
        return p;
    }

    @ParameterizedTest
    @CsvSource({"a100_world2_rank0,2,0.222442", "a100_world8_rank3,8,0.0768335"})
    void theTracesWorldSizeReproducesItsMedianStepAndOtherScalesArePredicted(String name, int world,
                                                                              double medianS) throws Exception {
        // No --architecture: a trace of a rank of a larger job defaults to the all-reduce replay.
        int code = run("--profile", trace(name), "--workers", "1," + world + ",16,64", "--json");
        assertThat(code).isEqualTo(0);
        List<double[]> p = points();
        assertThat(p).hasSize(4);
        assertThat(p.get(1)[1]).isBetween(medianS * 0.9, medianS * 1.1);
        // One worker does no collective: never slower than the trace's step.
        assertThat(p.get(0)[1]).isLessThanOrEqualTo(p.get(1)[1] + 1e-9);
        // 64 GPUs over 8 nodes pay the inter-node links: a longer step than on the trace's one node.
        assertThat(p.get(3)[1]).isGreaterThan(p.get(1)[1]);
    }

    @Test
    void theTableNamesTheReplayAndTheHardware() {
        int code = run("--profile", trace("a100_world2_rank0"), "--architecture", "allreduce", "--workers", "2,8",
                "--hardware", "dgx-a100");
        assertThat(code).isEqualTo(0);
        assertThat(out.toString()).contains("replay of a rank of 2", "hardware dgx-a100", "step (s)");
    }

    @Test
    void theSimulationEstimatorFittedOnTheTraceReplaysItAtItsWorldSize() throws Exception {
        io.stepcast.api.profile.Profile profile = new DefaultProfileSource().read(Path.of(trace("a100_world8_rank3")));
        io.stepcast.api.Predictor p = new io.stepcast.queueing.simulation.SimulationEstimator(
                Optional.of(new DefaultHardwareCatalog())).withHyperParameters(java.util.Map.of("steps", "4",
                "warmup", "1", "seeds", "1")).fit(new io.stepcast.api.TrainingSet("kineto", List.of(), List.of(profile)));
        io.stepcast.api.Config eight = io.stepcast.api.Config.builder().model(profile.model())
                .architecture(io.stepcast.api.Architecture.ALLREDUCE).parameterServers(0).workers(8).nodes(1)
                .localBatch(profile.localBatch()).build();
        double step = p.predict(eight, io.stepcast.api.Target.STEP_TIME).asDouble().orElseThrow();
        assertThat(step).isBetween(0.0768335 * 0.9, 0.0768335 * 1.1);
        double sixteen = p.predict(eight.toBuilder().workers(16).nodes(2).build(), io.stepcast.api.Target.STEP_TIME)
                .asDouble().orElseThrow();
        assertThat(sixteen).isGreaterThan(step);
    }
}
