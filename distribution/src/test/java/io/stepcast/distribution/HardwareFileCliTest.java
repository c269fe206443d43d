package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.app.cli.StepcastCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

/**
 * A user's hardware file through the command line, as the launcher runs it: {@code plan-llm} and {@code hardware
 * show} on the docs' MI300X node ({@code --hardware-file} or {@code STEPCAST_HARDWARE_FILE}), a file with a mistake
 * (one line, exit 1), and what a label naming hardware the catalog lacks is told without the file.
 */
class HardwareFileCliTest {
    private static final Path EXAMPLE = Path.of("..", "docs", "examples", "mi300x-cluster.yaml");
    /** AMD's dense matrix BF16/FP16 peak of the MI300X, TFLOP/s, as the example file states it. */
    private static final double MI300X_PEAK = 1307.4;

    /** What one command line printed and returned. */
    private record Run(int code, String out, String err) {
    }

    private static Run run(Map<String, String> environment, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(args, environment, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    private static Run run(String... args) {
        return run(Map.of(), args);
    }

    @Test
    void planLlmPlansLlama2OnTheFilesMi300xNodeWithItsPeak() throws Exception {
        Run r = run("plan-llm", "--hardware-file", EXAMPLE.toString(), "--model", "llama2-7b", "--global-batch", "512",
                "--gpus", "8", "--hardware", "mi300x-node", "--top", "3", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode plan = new ObjectMapper().readTree(r.out());
        assertThat(plan.get("hardware").asText()).isEqualTo("mi300x-node");
        assertThat(plan.get("peak_tflops").asDouble()).isEqualTo(MI300X_PEAK);
        assertThat(plan.get("peak_source").asText()).startsWith("MI300X: AMD ROCm documentation");
        assertThat(plan.get("memory_capacity_bytes").asDouble()).isGreaterThanOrEqualTo(192e9);
        JsonNode best = plan.get("layouts").get(0);
        assertThat(best.get("fits").asBoolean()).isTrue();
        // The MFU is the model's achieved TFLOP/s per GPU over the MI300X's peak, not an NVIDIA GPU's.
        double tflops = best.get("tflops_per_gpu").asDouble();
        assertThat(tflops).isPositive();
        assertThat(best.get("mfu").asDouble()).isCloseTo(tflops / MI300X_PEAK, offset(1e-9));
        assertThat(best.get("mfu").asDouble()).isBetween(0.05, 0.9);
        // The efficiency constants were fitted on A100s: said so for this GPU.
        assertThat(r.err()).contains("on MI300X they are carried without a check");
    }

    @Test
    void hardwareShowReadsTheFileFromTheOptionOrTheEnvironment() {
        Run option = run("hardware", "show", "ND MI300X v5", "--hardware-file", EXAMPLE.toString());
        assertThat(option.code()).as(option.err()).isZero();
        assertThat(option.out()).contains("mi300x-node").contains("MI300X").contains("amd-infinity-fabric-mi300x");
        Run env = run(Map.of("STEPCAST_HARDWARE_FILE", EXAMPLE.toString()), "hardware", "show", "AMD Instinct MI300X");
        assertThat(env.code()).as(env.err()).isZero();
        assertThat(env.out()).contains("1307.4").contains("304").contains("achievable_matmul_fraction").contains("0.5142");
        // A composed system of the file's device and catalogued parts.
        Run composed = run(Map.of("STEPCAST_HARDWARE_FILE", EXAMPLE.toString()), "hardware", "show",
                "MI300X+gpus=4+intra=amd-infinity-fabric-mi300x+nic=eth-200g+nics=2");
        assertThat(composed.code()).as(composed.err()).isZero();
        assertThat(composed.out()).contains("eth-200g");
    }

    @Test
    void aFileWithAMistakeIsOneLineNamingFileLineAndFieldAndExit1(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("lab.yaml"), "devices:\n  - name: X1\n    bf16_tflops: lots\n"
                + "    source: our lab\n");
        Run r = run("plan-llm", "--hardware-file", bad.toString(), "--model", "llama2-7b", "--global-batch", "8",
                "--gpus", "8", "--hardware", "dgx-h100");
        assertThat(r.code()).isEqualTo(StepcastCli.FAILURE);
        assertThat(r.err().strip()).isEqualTo("stepcast: error: " + bad.toAbsolutePath().normalize()
                + ":3: devices[0] 'X1': field bf16_tflops: 'lots' is not a number");
        Run missing = run(Map.of("STEPCAST_HARDWARE_FILE", dir.resolve("none.yaml").toString()), "hardware", "list");
        assertThat(missing.code()).isEqualTo(StepcastCli.FAILURE);
        assertThat(missing.err()).contains("none.yaml: no such file").hasLineCount(1);
        // The option without its FILE is a usage error, as any option missing its value.
        Run noValue = run("hardware", "list", "--hardware-file");
        assertThat(noValue.code()).isEqualTo(StepcastCli.USAGE);
        assertThat(noValue.err().strip()).isEqualTo("stepcast: error: --hardware-file needs a FILE");
        Run directory = run("hardware", "list", "--hardware-file", dir.toString());
        assertThat(directory.code()).isEqualTo(StepcastCli.FAILURE);
        assertThat(directory.err().strip()).endsWith(": is a directory, not a file");
    }

    @Test
    void withoutTheFileALabelOfAnUncataloguedGpuSaysSo() {
        Run composed = run("plan-llm", "--model", "llama3-8b", "--global-batch", "256", "--gpus", "8", "--hardware",
                "MI300X+gpus=8");
        assertThat(composed.code()).isEqualTo(StepcastCli.FAILURE);
        assertThat(composed.err()).contains("base 'MI300X' is not in the catalog")
                .contains("a hardware file can state it (--hardware-file FILE or STEPCAST_HARDWARE_FILE");
        Run counted = run("plan-llm", "--model", "llama3-8b", "--global-batch", "256", "--gpus", "8", "--hardware",
                "8x MI300X");
        assertThat(counted.err()).contains("names a GPU the catalog does not have (MI300X")
                .doesNotContain("did you mean");
        Run nvl = run("plan-llm", "--model", "llama3-8b", "--global-batch", "256", "--gpus", "8", "--hardware",
                "8x H100 NVL");
        assertThat(nvl.err()).contains("names a GPU the catalog does not have (H100 NVL")
                .doesNotContain("aws-p5.48xlarge");
        Run pcie = run("plan-llm", "--model", "llama3-8b", "--global-batch", "256", "--gpus", "8", "--hardware",
                "H100 PCIe");
        assertThat(pcie.err()).contains("'H100 PCIe' is a GPU, not a system").contains("H100-PCIE-80GB+gpus=8")
                .doesNotContain("aws-p5.48xlarge");
        Run device = run("hardware", "show", "H100-SXM5-80GB+device=MI300X");
        assertThat(device.code()).isEqualTo(StepcastCli.USAGE);
        assertThat(device.err()).contains("device 'MI300X' is not in the catalog").doesNotContain("needs gpus=N");
    }

    @Test
    void aRegistryBuiltWithoutTheFileRefusesAnArgumentNamingIt() {
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(new CliSession().registry(),
                new String[] {"hardware", "list", "--hardware-file", EXAMPLE.toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(err, true));
        assertThat(code).isEqualTo(StepcastCli.FAILURE);
        assertThat(err.toString()).contains("was given to a command line built without a hardware file");
    }
}
