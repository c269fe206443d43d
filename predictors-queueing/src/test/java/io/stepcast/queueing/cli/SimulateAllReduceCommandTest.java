package io.stepcast.queueing.cli;

import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.queueing.SyntheticProfileSource;
import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** {@code stepcast simulate --architecture allreduce} on the synthetic chain model and the real hardware catalog. */
class SimulateAllReduceCommandTest {
    private final SimulateCli cli = new SimulateCli(() -> new SimulateCommand(Optional.of(new SyntheticProfileSource()),
            Optional.of(new DefaultHardwareCatalog())));
    private final StringWriter out = cli.out();
    private final StringWriter err = cli.err();

    private int run(String... args) {
        return cli.run(args);
    }

    private static List<String> base(String... more) {
        List<String> a = new ArrayList<>(List.of("--model", "chain", "--step-time", "0.3", "--local-batch", "32",
                "--architecture", "allreduce"));
        a.addAll(List.of(more));
        return a;
    }

    @Test
    void oneWorkerReproducesTheStepTimeAndMoreWorkersShareTheSystemsLinks() {
        int code = run(base("--workers", "1,2,8,16", "--hardware", "aws-p2.8xlarge").toArray(String[]::new));
        assertThat(code).isEqualTo(0);
        String[] lines = out.toString().strip().split("\n");
        assertThat(lines[0]).contains("allreduce", "buckets of 25 MB", "aws-p2.8xlarge");
        assertThat(lines[1]).contains("workers", "nodes", "worker-steps/s", "samples/s");
        double[] samples = new double[4];
        int[] nodes = new int[4];
        for (int i = 0; i < 4; i++) {
            String[] f = lines[2 + i].trim().split("\\s+");
            nodes[i] = Integer.parseInt(f[1]);
            samples[i] = Double.parseDouble(f[3]);
        }
        assertThat(samples[0]).isCloseTo(32 / 0.3, within(0.005)); // printed to two decimals
        // 8 GPUs per p2.8xlarge: 16 workers need two nodes and cross the 10 Gbit/s network.
        assertThat(nodes).containsExactly(1, 1, 1, 2);
        assertThat(samples[2]).isLessThan(8 * samples[0]).isGreaterThan(0.9 * 8 * samples[0]);
        assertThat(samples[3] / 16).isLessThan(samples[2] / 8);
    }

    @Test
    void explicitPlacementAndBucketSizeAreUsed() {
        assertThat(run(base("--workers", "8", "--nodes", "2", "--gpus-per-node", "4", "--hardware", "aws-p2.8xlarge",
                "--bucket-mb", "0", "--json").toArray(String[]::new))).isEqualTo(0);
        assertThat(out.toString()).contains("\"workers\":8", "\"nodes\":2");
    }

    @Test
    void badValuesNameTheOptionAndTheValue() {
        assertThat(run("--model", "chain", "--step-time", "0.3", "--local-batch", "32", "--workers", "2",
                "--architecture", "mesh")).isEqualTo(2);
        assertThat(err.toString()).contains("--architecture mesh: must be ps or allreduce");
        assertThat(run(base("--workers", "2", "--hardware", "p2.8xlarg").toArray(String[]::new))).isEqualTo(2);
        assertThat(err.toString()).contains("--hardware p2.8xlarg: unknown hardware (closest: ");
        assertThat(run(base("--workers", "2", "--ps", "2").toArray(String[]::new))).isEqualTo(2);
        assertThat(err.toString()).contains("--ps 2: applies to --architecture ps only");
        assertThat(run(base("--workers", "1", "--nodes", "2").toArray(String[]::new))).isEqualTo(2);
        assertThat(err.toString()).contains("--workers 1: must be at least --nodes 2");
        assertThat(run(base("--workers", "2", "--bucket-mb", "-1").toArray(String[]::new))).isEqualTo(2);
        assertThat(err.toString()).contains("--bucket-mb -1.0: must not be negative");
        assertThat(run("--model", "chain", "--step-time", "0.3", "--local-batch", "32", "--workers", "2",
                "--gpus-per-node", "4")).isEqualTo(2);
        assertThat(err.toString()).contains("--gpus-per-node 4: applies to --architecture allreduce only");
    }

    @Test
    void anUnknownIntraNodeLinkIsRefusedNamingTheFigure() {
        assertThat(run(base("--workers", "2", "--gpus-per-node", "2").toArray(String[]::new))).isEqualTo(2);
        assertThat(err.toString()).contains("--hardware not given", "intra-node link bandwidth", "--intra-node-gbps");
        // A device of a system whose topology the source does not give (the Gavel servers) has no such figure
        // either; the option supplies it.
        out.getBuffer().setLength(0);
        assertThat(run(base("--workers", "2", "--gpus-per-node", "2", "--hardware", "gavel-k80",
                "--intra-node-gbps", "50").toArray(String[]::new))).isEqualTo(0);
    }

    /**
     * A model the zoo does not know, stated by its gradient bytes: Transformer-XL large for PyTorch under mixed
     * precision on one GPU of a DGX-1 (NVIDIA DeepLearningExamples 0f6e1865, 17.99 sequences/s at batch 2, 257 M
     * parameters as 514 MB of FP16 gradients; the embedded source dle-transformerxl-pytorch cites the table).
     */
    @Test
    void aModelOutsideTheZooIsSimulatedFromItsParameterBytes() {
        assertThat(run("--model", "Transformer-XL-large", "--parameter-bytes", "514000000", "--step-time", "0.1112",
                "--local-batch", "2", "--workers", "1,8", "--architecture", "allreduce", "--hardware", "dgx-1-v100",
                "--json")).as(err.toString()).isEqualTo(0);
        assertThat(out.toString()).contains("\"workers\":1", "\"samples_per_s\":17.98", "\"workers\":8");
        assertThat(run("--model", "chain", "--parameter-bytes", "0", "--step-time", "0.3", "--local-batch", "32",
                "--workers", "1")).isEqualTo(2);
        assertThat(err.toString()).contains("--parameter-bytes 0: a positive number of bytes");
    }

    @Test
    void parameterBytesMayBeWrittenAsSizesAreQuotedAndAnUnknownModelIsToldTheOption() {
        out.getBuffer().setLength(0);
        assertThat(run("--model", "Transformer-XL-large", "--parameter-bytes", "5.14e8", "--step-time", "0.1112",
                "--local-batch", "2", "--workers", "1,8", "--architecture", "allreduce", "--hardware", "dgx-1-v100",
                "--json")).as(err.toString()).isEqualTo(0);
        assertThat(out.toString()).contains("\"workers\":1", "\"samples_per_s\":17.98");
        assertThat(run("--model", "chain", "--parameter-bytes", "1.5", "--step-time", "0.3", "--local-batch", "32",
                "--workers", "1")).isEqualTo(2);
        assertThat(err.toString()).contains("'1.5' is not a whole number of bytes");
        assertThat(run("--model", "Transformer-XL-large", "--step-time", "0.1112", "--local-batch", "2",
                "--workers", "1")).isNotZero();
        assertThat(err.toString()).contains("is not in the synthetic zoo").contains("or give --parameter-bytes");
    }
}
