package io.stepcast.analytic.megatron;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class PlanLlmCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = new CommandLine(new PlanLlmCommand(Optional.of(new ZooCatalog()),
                Optional.of(new DefaultHardwareCatalog()), Optional.of(new DefaultObservationCatalog())));
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void ranksEveryLayoutAndMarksThoseThatDoNotFit() {
        // GPT-3 175B's shape (Brown et al. 2020, table 2.1) on 1,024 GPUs of DGX A100 nodes.
        assertThat(run("--model", "gpt", "--layers", "96", "--hidden", "12288", "--heads", "96", "--seq", "2048",
                "--global-batch", "1536", "--gpus", "1024", "--hardware", "dgx-a100", "--top", "5", "--recompute")).as(err.toString()).isZero();
        String text = out.toString();
        assertThat(text).contains("valid layouts").contains("rank");
        assertThat(text.lines().filter(l -> l.matches("\\s+\\d+ .*")).count()).isEqualTo(5);
    }

    @Test
    void thePlannerFindsOutOfMemoryLayouts() {
        LayoutPlanner planner = LayoutPlanner.of(new DefaultHardwareCatalog(), "dgx-a100", Efficiency.VTRAIN_A100, false, true);
        List<LayoutPlan> plans = planner.plan(new TransformerShape(96, 12288, 96, 2048, 50304, 4 * 12288), 1024, 1536);
        assertThat(plans).isNotEmpty();
        assertThat(plans).anyMatch(p -> !p.fits()).anyMatch(LayoutPlan::fits);
        // Without recomputation the activations of GPT-3's 96 layers (about 0.6 GB each per micro-batch at t = 8)
        // do not fit 40 GB whatever the pipeline: Narayanan et al. recompute them.
        assertThat(LayoutPlanner.of(new DefaultHardwareCatalog(), "dgx-a100", Efficiency.VTRAIN_A100, false, false)
                .plan(new TransformerShape(96, 12288, 96, 2048, 50304, 4 * 12288), 1024, 1536)).noneMatch(LayoutPlan::fits);
        // 175 B parameters at 16 bytes each cannot sit on one 40 GB GPU without model parallelism.
        assertThat(plans).filteredOn(p -> p.layout().modelParallel() == 1).allMatch(p -> !p.fits());
        assertThat(plans.stream().filter(LayoutPlan::fits).toList())
                .isSortedAccordingTo(Comparator.comparingDouble(LayoutPlan::seconds));
        int firstMiss = plans.indexOf(plans.stream().filter(p -> !p.fits()).findFirst().orElseThrow());
        assertThat(plans.subList(0, firstMiss)).allMatch(LayoutPlan::fits);
        assertThat(plans.subList(firstMiss, plans.size())).noneMatch(LayoutPlan::fits);
        assertThat(plans).allSatisfy(p -> assertThat(p.layout().gpus()).isEqualTo(1024));
        assertThat(plans).allSatisfy(p -> assertThat(p.layout().tensor()).isLessThanOrEqualTo(8));
    }

    @Test
    void plansALlamaUnderFsdpWithFlashAttention() {
        // Llama 3 8B's published shape (Meta's params.json) on 64 GPUs of DGX A100 80 GB nodes, as torchtitan ran it.
        assertThat(run("--model", "llama", "--layers", "32", "--hidden", "4096", "--heads", "32", "--kv-heads", "8",
                "--ffn", "14336", "--vocab", "128256", "--seq", "8192", "--global-batch", "64", "--gpus", "64",
                "--hardware", "dgx-a100-80gb", "--precision", "bf16", "--recompute", "full", "--fsdp",
                "--flash-attention", "--top", "3")).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("Llama L=32 H=4096 A=32 KV=8 F=14336 S=8192 V=128256, global batch 64")
                .contains("bf16, fsdp, flash attention");
        out.getBuffer().setLength(0);
        assertThat(run("--model", "llama", "--layers", "32", "--hidden", "4096", "--heads", "32", "--kv-heads", "8",
                "--ffn", "14336", "--vocab", "128256", "--seq", "8192", "--global-batch", "64", "--gpus", "64",
                "--hardware", "dgx-a100-80gb", "--precision", "bf16", "--fsdp", "--flash-attention", "--json",
                "--top", "1")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("\"style\":\"llama\"").contains("\"kv_heads\":8")
                .contains("\"ffn\":14336").contains("\"fsdp\":true").contains("\"flash_attention\":true")
                .contains("\"distributed_optimizer\":true");
    }

    @Test
    void zeroStageOneIsTheDistributedOptimizerAndStageTwoSavesGradientMemoryButScattersEveryMicroBatch() throws Exception {
        String[] job = {"--model", "gpt", "--layers", "24", "--hidden", "2048", "--heads", "16", "--seq", "2048",
            "--global-batch", "256", "--gpus", "64", "--hardware", "dgx-a100", "--recompute", "full", "--json"};
        assertThat(run(with(job, "--distributed-optimizer"))).as(err.toString()).isZero();
        String optimizer = out.toString();
        out.getBuffer().setLength(0);
        assertThat(run(with(job, "--zero-stage", "1"))).as(err.toString()).isZero();
        assertThat(out.toString()).isEqualTo(optimizer).contains("\"zero_stage\":1");
        out.getBuffer().setLength(0);
        assertThat(run(with(job, "--zero-stage", "2"))).as(err.toString()).isZero();
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var one = mapper.readTree(optimizer);
        var two = mapper.readTree(out.toString());
        assertThat(two.get("zero_stage").asInt()).isEqualTo(2);
        assertThat(two.get("distributed_optimizer").asBoolean()).isTrue();
        assertThat(two.get("fsdp").asBoolean()).isFalse();
        java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> byLayout = new java.util.HashMap<>();
        one.get("layouts").forEach(l -> byLayout.put(key(l), l));
        assertThat(two.get("layouts").size()).isEqualTo(one.get("layouts").size());
        for (var l : two.get("layouts")) {
            var same = byLayout.get(key(l));
            // Stage 2 reduce-scatters in each of the m micro-batches' backward passes, stage 1 once after the flush.
            int m = 256 / (l.get("dp").asInt() * l.get("micro_batch").asInt());
            if (m == 1 || l.get("dp").asInt() == 1) {
                assertThat(l.get("iteration_s").asDouble()).isEqualTo(same.get("iteration_s").asDouble());
            } else {
                assertThat(l.get("iteration_s").asDouble()).isGreaterThan(same.get("iteration_s").asDouble());
            }
            // FP16 keeps 2-byte gradients: stage 2 keeps 2/d of them instead of 2, d = dp.
            double parameters = same.get("state_bytes").asDouble() / (4 + 16.0 / l.get("dp").asInt());
            assertThat(same.get("state_bytes").asDouble() - l.get("state_bytes").asDouble())
                    .isCloseTo(parameters * (2 - 2.0 / l.get("dp").asInt()), within(1.0));
        }
        out.getBuffer().setLength(0);
        assertThat(run(with(job, "--zero-stage", "2", "--fsdp"))).isNotZero();
        assertThat(err.toString()).contains("--zero-stage 2 contradicts --fsdp (ZeRO stage 3)");
        err.getBuffer().setLength(0);
        assertThat(run(with(job, "--zero-stage", "4"))).isNotZero();
        assertThat(err.toString()).contains("--zero-stage must be 0, 1, 2 or 3 (DeepSpeed's ZeRO stage), was 4");
    }

    private static String[] with(String[] args, String... more) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.Arrays.stream(more))
                .toArray(String[]::new);
    }

    private static String key(com.fasterxml.jackson.databind.JsonNode l) {
        return l.get("tp") + "/" + l.get("pp") + "/" + l.get("dp") + "/" + l.get("micro_batch");
    }

    @Test
    void eagerKernelsAreStatedInTheHeaderAndTheJsonAndSlowALlamaDown() {
        String[] args = {"--model", "llama2-13b", "--global-batch", "128", "--gpus", "64", "--hardware",
            "dgx-a100-80gb", "--precision", "bf16", "--fsdp", "--flash-attention", "--json", "--top", "1"};
        assertThat(run(args)).as(err.toString()).isZero();
        String fused = out.toString();
        assertThat(fused).doesNotContain("fused_kernels");
        out.getBuffer().setLength(0);
        String[] eager = Arrays.copyOf(args, args.length + 1);
        eager[args.length] = "--eager-kernels";
        assertThat(run(eager)).as(err.toString()).isZero();
        assertThat(out.toString()).contains("\"fused_kernels\":false");
        assertThat(seconds(out.toString())).isGreaterThan(seconds(fused));
        out.getBuffer().setLength(0);
        assertThat(run("--model", "llama2-13b", "--global-batch", "128", "--gpus", "64", "--hardware", "dgx-a100-80gb",
                "--precision", "bf16", "--fsdp", "--flash-attention", "--eager-kernels", "--top", "1"))
                .as(err.toString()).isZero();
        assertThat(out.toString()).contains("flash attention, eager element-wise kernels");
    }

    @Test
    void noOverlapP2pCommIsStatedInTheHeaderAndTheJsonAndSlowsAnInterleavedPlan() {
        // GPT-3 175B's shape (Brown et al. 2020, table 2.1) interleaved in 3 virtual stages on 1,024 DGX A100 GPUs.
        String[] args = {"--model", "gpt", "--layers", "96", "--hidden", "12288", "--heads", "96", "--seq", "2048",
            "--global-batch", "1536", "--gpus", "1024", "--hardware", "dgx-a100", "--recompute", "--virtual-stages",
            "3", "--json", "--top", "1"};
        assertThat(run(args)).as(err.toString()).isZero();
        String overlapped = out.toString();
        assertThat(overlapped).doesNotContain("overlap_p2p_comm");
        out.getBuffer().setLength(0);
        String[] blocking = Arrays.copyOf(args, args.length + 1);
        blocking[args.length] = "--no-overlap-p2p-comm";
        assertThat(run(blocking)).as(err.toString()).isZero();
        assertThat(out.toString()).contains("\"overlap_p2p_comm\":false");
        assertThat(seconds(out.toString())).isGreaterThan(seconds(overlapped));
        out.getBuffer().setLength(0);
        assertThat(run(Arrays.copyOf(blocking, blocking.length - 1))).isZero();
        out.getBuffer().setLength(0);
        String[] text = Arrays.stream(blocking).filter(a -> !a.equals("--json")).toArray(String[]::new);
        assertThat(run(text)).as(err.toString()).isZero();
        assertThat(out.toString()).contains(", pipeline sends blocking");
    }

    @Test
    void eagerKernelsOnAGptSayOnStderrThatTheyChangeNoFigure() {
        String[] args = {"--model", "gpt", "--layers", "24", "--hidden", "2048", "--heads", "16", "--seq", "2048",
            "--global-batch", "512", "--gpus", "64", "--hardware", "dgx-a100-80gb", "--flash-attention", "--json",
            "--top", "1"};
        assertThat(run(args)).as(err.toString()).isZero();
        double fused = seconds(out.toString());
        assertThat(err.toString()).doesNotContain("--eager-kernels");
        out.getBuffer().setLength(0);
        String[] eager = java.util.Arrays.copyOf(args, args.length + 1);
        eager[args.length] = "--eager-kernels";
        assertThat(run(eager)).as(err.toString()).isZero();
        assertThat(seconds(out.toString())).isEqualTo(fused);
        assertThat(err.toString()).contains("note: --eager-kernels changes no figure for a GPT block");
        err.getBuffer().setLength(0);
        assertThat(run("--model", "llama2-13b", "--global-batch", "128", "--gpus", "64", "--hardware", "dgx-a100-80gb",
                "--flash-attention", "--eager-kernels", "--top", "1")).as(err.toString()).isZero();
        assertThat(err.toString()).doesNotContain("--eager-kernels");
    }

    /** The first-ranked layout's iteration seconds in plan-llm's JSON. */
    private static double seconds(String json) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"rank\":1,[^}]*?\"iteration_s\":([0-9.eE+-]+)").matcher(json);
        assertThat(m.find()).as(json).isTrue();
        return Double.parseDouble(m.group(1));
    }

    @Test
    void contextParallelismSplitsEveryLayoutsSequenceAndNeedsTheFusedAttention() {
        // NeMo's published 128K-token layout of Llama 2 7B on 128 H100s: tp 4, cp 4, dp 8 (performance_long_sequence.md).
        assertThat(run("--model", "llama2-7b-seq131072", "--global-batch", "32", "--gpus", "128", "--hardware",
                "dgx-h100", "--precision", "fp8", "--flash-attention", "--distributed-optimizer", "--sequence-parallel",
                "--context-parallel", "4", "--json")).as(err.toString()).isZero();
        String json = out.toString();
        assertThat(json).contains("\"context_parallel\":4").contains("{\"rank\":1,\"tp\":").contains("\"cp\":4,")
                .doesNotContain("\"cp\":1,");
        // Every attention product counted, as NeMo's tables do: above the model TFLOP/s that count the causal half.
        java.util.regex.Matcher first = java.util.regex.Pattern.compile(
                "\"tflops_per_gpu\":([0-9.E]+),.*?\"full_attention_tflops_per_gpu\":([0-9.E]+)").matcher(json);
        assertThat(first.find()).isTrue();
        assertThat(Double.parseDouble(first.group(2))).isGreaterThan(1.5 * Double.parseDouble(first.group(1)));
        // t x p x d share the 32 GPUs left: the published layout is among them.
        assertThat(json).containsPattern("\"tp\":4,\"cp\":4,\"pp\":1,\"dp\":8,\"micro_batch\":1,");
        out.getBuffer().setLength(0);
        assertThat(run("--model", "llama2-7b-seq131072", "--global-batch", "32", "--gpus", "128", "--hardware",
                "dgx-h100", "--flash-attention", "--context-parallel", "4", "--top", "1")).isZero();
        assertThat(out.toString()).contains(", flash attention, context parallel 4");
        assertThat(PlanReport.samplesPerS(0.0475)).isEqualTo("0.0475");
        assertThat(PlanReport.samplesPerS(4.4)).isEqualTo("4.40");
        assertThat(PlanReport.samplesPerS(1234.56)).isEqualTo("1234.6");
        err.getBuffer().setLength(0);
        assertThat(run("--model", "llama2-7b-seq131072", "--global-batch", "32", "--gpus", "128", "--hardware",
                "dgx-h100", "--context-parallel", "4")).isEqualTo(2);
        assertThat(err.toString()).contains("--context-parallel 4 needs --flash-attention");
        err.getBuffer().setLength(0);
        assertThat(run("--model", "llama2-7b-seq131072", "--global-batch", "32", "--gpus", "100", "--hardware",
                "dgx-h100", "--flash-attention", "--context-parallel", "8")).isEqualTo(2);
        assertThat(err.toString()).contains("--context-parallel 8 does not divide --gpus 100");
    }

    @Test
    void aLlamaNeedsItsFeedForwardAndVocabularyAndAZooModelItsOwnShape() {
        assertThat(run("--model", "llama", "--layers", "32", "--hidden", "4096", "--heads", "32", "--seq", "4096",
                "--global-batch", "64", "--gpus", "64", "--hardware", "dgx-a100-80gb")).isEqualTo(2);
        assertThat(err.toString()).contains("--model llama needs --ffn, --vocab");
        err.getBuffer().setLength(0);
        assertThat(run("--model", "GPT-2-XL", "--layers", "12", "--global-batch", "64", "--gpus", "8",
                "--hardware", "dgx-a100")).isEqualTo(2);
        assertThat(err.toString()).contains("--layers states the shape of --model gpt or llama; GPT-2-XL has its own");
        err.getBuffer().setLength(0);
        // GPT-2 XL (48 layers, 1600 wide, 25 heads, 1024 positions, 50257 tokens) by its zoo name.
        assertThat(run("--model", "GPT-2-XL", "--global-batch", "64", "--gpus", "8", "--hardware", "dgx-a100",
                "--top", "1")).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("GPT L=48 H=1600 A=25 S=1024 V=50257");
        assertThat(run("--model", "resnet-50", "--global-batch", "64", "--gpus", "8", "--hardware", "dgx-a100"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("is not a transformer");
    }

    @Test
    void aGptHeaderStatesKeyValueHeadsAndFeedForwardWhereTheyAreNotTheDefaultsAndOverlapDpIsNotedUnderFsdp() {
        assertThat(run("--model", "gpt", "--layers", "24", "--hidden", "2048", "--heads", "16", "--kv-heads", "4",
                "--ffn", "5000", "--seq", "2048", "--global-batch", "64", "--gpus", "8", "--hardware", "dgx-a100",
                "--fsdp", "--overlap-dp", "--top", "1")).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("GPT L=24 H=2048 A=16 KV=4 F=5000 S=2048 V=50304");
        assertThat(err.toString()).contains("note: --overlap-dp has no effect with --fsdp");
    }

    @Test
    void carryMamfScalesTheMatmulEfficiencyByTheMeasuredSharesAndSaysSo() throws Exception {
        String[] args = {"--model", "llama3-8b", "--global-batch", "128", "--gpus", "8", "--hardware", "dgx-b200",
                "--precision", "bf16", "--flash-attention", "--top", "1", "--json"};
        assertThat(run(args)).as(err.toString()).isZero();
        JsonNode none = new ObjectMapper()
                .readTree(out.toString());
        out.getBuffer().setLength(0);
        String[] carried = Arrays.copyOf(args, args.length + 2);
        carried[args.length] = "--carry";
        carried[args.length + 1] = "mamf";
        assertThat(run(carried)).as(err.toString()).isZero();
        JsonNode mamf = new ObjectMapper()
                .readTree(out.toString());
        // B200 0.7756 over A100 SXM4 0.8692 (ml-engineering's BF16 MAMF table): the products take 1/0.892 longer.
        assertThat(mamf.get("efficiency").get("source").asText())
                .contains("carry mamf: x 0.892").contains("0.7756 of B200-SXM-180GB").contains("0.8692 of A100-SXM4-80GB");
        assertThat(none.get("efficiency").get("source").asText()).doesNotContain("carry");
        double before = none.get("layouts").get(0).get("iteration_s").asDouble();
        double after = mamf.get("layouts").get(0).get("iteration_s").asDouble();
        assertThat(after).isGreaterThan(before).isLessThan(before / 0.8923);
        out.getBuffer().setLength(0);
        assertThat(run("--model", "llama3-8b", "--global-batch", "128", "--gpus", "8", "--hardware", "dgx-b200",
                "--carry", "some")).isEqualTo(2);
        assertThat(err.toString()).contains("--carry must be one of [none, mamf], was 'some'");
    }

    @Test
    void constantsFittedOnA100sAreFlaggedWhenCarriedToAnotherGpu() {
        assertThat(run("--model", "llama3-8b", "--global-batch", "64", "--gpus", "64", "--hardware", "dgx-h100",
                "--precision", "bf16", "--fsdp", "--flash-attention", "--recompute", "full", "--top", "1"))
                .as(err.toString()).isZero();
        assertThat(err.toString()).startsWith("note: the efficiency constants come from Megatron-LM runs on A100 GPUs; "
                + "on H100-SXM5-80GB they are carried without a check");
        err.getBuffer().setLength(0);
        assertThat(run("--model", "llama3-8b", "--global-batch", "64", "--gpus", "64", "--hardware", "dgx-a100-80gb",
                "--precision", "bf16", "--fsdp", "--flash-attention", "--recompute", "full", "--top", "1"))
                .isZero();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void jsonAndErrors() {
        assertThat(run("--model", "gpt", "--layers", "24", "--hidden", "1024", "--heads", "16", "--seq", "1024",
                "--global-batch", "16", "--gpus", "8", "--hardware", "vtrain-a100", "--json")).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("{\"model\":").contains("\"layouts\":[{\"rank\":1,");
        assertThat(run("--model", "bert", "--layers", "24", "--hidden", "1024", "--heads", "16", "--seq", "1024",
                "--global-batch", "16", "--gpus", "8", "--hardware", "vtrain-a100")).isEqualTo(2);
        assertThat(run("--model", "gpt", "--layers", "24", "--hidden", "1000", "--heads", "16", "--seq", "1024",
                "--global-batch", "16", "--gpus", "8", "--hardware", "vtrain-a100")).isEqualTo(2);
        assertThat(err.toString()).contains("not divisible by 16 heads");
        // Three GPUs: a tensor split of 3 divides no node of 8 GPUs, a pipeline of 3 stages exceeds the 2 layers, and
        // data parallelism 3 does not divide the global batch of 8: no layout, and the cost model's reasons, tied 4 to 4.
        CommandLine cli = new CommandLine(new PlanLlmCommand(Optional.of(new ZooCatalog()),
                Optional.of(new DefaultHardwareCatalog()), Optional.of(new DefaultObservationCatalog())));
        cli.setExecutionExceptionHandler((e, c, p) -> {
            err.append(e.getMessage());
            return 1;
        });
        cli.setErr(new PrintWriter(err));
        assertThat(cli.execute("--model", "gpt", "--layers", "2", "--hidden", "64", "--heads", "4", "--seq", "128",
                "--global-batch", "8", "--gpus", "3", "--hardware", "dgx-a100")).isEqualTo(1);
        assertThat(err.toString()).contains("no valid layout of 3 GPUs for global batch 8 on dgx-a100: the most "
                + "frequent reason (4 of 8 layouts): pipeline_parallel 3 exceeds the 2 layers");
    }

    @Test
    void aNegativeTopIsAUsageErrorNamingTheOption() {
        String[] job = {"--model", "gpt", "--layers", "24", "--hidden", "1024", "--heads", "16", "--seq", "1024",
            "--global-batch", "16", "--gpus", "8", "--hardware", "dgx-a100"};
        for (String[] top : List.of(new String[] {"--top", "-1"}, new String[] {"--top=-1"},
                new String[] {"--top", "-3", "--json"})) {
            err.getBuffer().setLength(0);
            String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(job), java.util.Arrays.stream(top))
                    .toArray(String[]::new);
            assertThat(run(args)).as(String.join(" ", top)).isEqualTo(2);
            assertThat(err.toString().lines().findFirst().orElseThrow())
                    .matches("--top must be 0 \\(every layout\\) or a positive number of layouts, was -\\d");
            assertThat(out.toString()).isEmpty();
        }
        // 0 keeps its meaning: every layout (this job has 20 valid ones).
        String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(job), java.util.stream.Stream.of("--top", "0"))
                .toArray(String[]::new);
        assertThat(run(all)).as(err.toString()).isZero();
        assertThat(out.toString().lines().filter(l -> l.matches("\\s+\\d+ .*")).count()).isGreaterThan(5);
    }

    @Test
    void aSystemWithoutNicsIsToldThatNoLayoutCanSpanItsNodes() {
        // vTrain's node has no NIC in the catalog: every layout of 16 GPUs spans two nodes of 8, though every
        // divisibility rule holds (t in 1, 2, 4, 8 divides the 24 heads, every p divides the GPUs left, d the batch).
        CommandLine cli = new CommandLine(new PlanLlmCommand(Optional.of(new ZooCatalog()),
                Optional.of(new DefaultHardwareCatalog()), Optional.of(new DefaultObservationCatalog())));
        cli.setExecutionExceptionHandler((e, c, p) -> {
            err.append(e.getMessage());
            return 1;
        });
        assertThat(cli.execute("--model", "gpt", "--layers", "24", "--hidden", "2304", "--heads", "24", "--seq", "2048",
                "--global-batch", "64", "--gpus", "16", "--hardware", "vtrain-a100")).isEqualTo(1);
        assertThat(err.toString()).startsWith("no valid layout of 16 GPUs for global batch 64 on vtrain-a100: the most "
                + "frequent reason (").endsWith(" layouts): the catalog has no NIC figures for vtrain-a100, so a layout "
                + "over several nodes cannot be costed (a stated bandwidth alone lacks the NIC's latency: name the "
                + "network as catalogued parts, e.g. vtrain-a100+nic=ib-hdr+nics=8; stepcast hardware list shows the "
                + "NICs)").doesNotContain("dividing");
        String counts = err.toString().replaceAll(".*reason \\((\\d+) of (\\d+) layouts\\).*", "$1 $2");
        assertThat(counts.split(" ")[0]).isEqualTo(counts.split(" ")[1]);
        assertThat(Integer.parseInt(counts.split(" ")[0])).isGreaterThan(10);
    }

    @Test
    void statedBandwidthsReplaceTheCatalogsAndAreReported() throws Exception {
        // GPT-3's shape on 64 DGX A100 nodes; the same nodes with a 100 Gbit/s ring inside and 100 Gbit/s outside.
        String[] job = {"--model", "gpt", "--layers", "96", "--hidden", "12288", "--heads", "96", "--seq", "2048",
            "--global-batch", "1536", "--gpus", "512", "--hardware", "dgx-a100", "--top", "1", "--recompute", "--json"};
        assertThat(run(job)).as(err.toString()).isZero();
        double catalogued = fastest(out.toString());
        out.getBuffer().setLength(0);
        String[] slower = java.util.stream.Stream.concat(java.util.Arrays.stream(job),
                java.util.stream.Stream.of("--intra-node-gbps", "100", "--bandwidth", "100")).toArray(String[]::new);
        assertThat(run(slower)).as(err.toString()).isZero();
        assertThat(out.toString()).contains("\"intra_node_gbps\":100.0,\"bandwidth_gbps\":100.0,");
        assertThat(fastest(out.toString())).isGreaterThan(catalogued);
        assertThat(run("--model", "gpt", "--layers", "24", "--hidden", "1024", "--heads", "16", "--seq", "1024",
                "--global-batch", "16", "--gpus", "8", "--hardware", "dgx-a100", "--intra-node-gbps", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--intra-node-gbps must be a positive number");
    }

    private static final String[] GPT3 = {"--model", "gpt", "--layers", "96", "--hidden", "12288", "--heads", "96",
        "--seq", "2048", "--global-batch", "1536", "--hardware", "dgx-a100"};

    private int runGpt3(String... more) {
        return run(java.util.stream.Stream.concat(java.util.Arrays.stream(GPT3), java.util.Arrays.stream(more))
                .toArray(String[]::new));
    }

    /** GPT-3's shape with {@code more}, the failure's message alone on {@code err} (no stack trace). */
    private int runGpt3Failing(String... more) {
        return runFailing(java.util.stream.Stream.concat(java.util.Arrays.stream(GPT3), java.util.Arrays.stream(more))
                .toArray(String[]::new));
    }

    /** plan-llm with {@code args}, the failure's message alone on {@code err} (no stack trace). */
    private int runFailing(String... args) {
        CommandLine cli = new CommandLine(new PlanLlmCommand(Optional.of(new ZooCatalog()),
                Optional.of(new DefaultHardwareCatalog()), Optional.of(new DefaultObservationCatalog())));
        cli.setExecutionExceptionHandler((e, c, p) -> {
            err.append(e.getMessage());
            return 1;
        });
        cli.setOut(new PrintWriter(out));
        return cli.execute(args);
    }

    @Test
    void bloomsPublishedLayoutFitsWithTheDistributedOptimizer() {
        // BLOOM 176B as BigScience trained it (bigscience-workshop/bigscience@e726b15, train/tr11-176B-ml/README.md):
        // 384 A100 80GB, TP 4, PP 12, DP 8, micro-batch 2, BF16, full recomputation, ZeRO stage 1.
        String[] bloom = {"--model", "gpt", "--layers", "70", "--hidden", "14336", "--heads", "112", "--seq", "2048",
            "--vocab", "250880", "--global-batch", "2048", "--gpus", "384", "--hardware", "dgx-a100-80gb", "--recompute",
            "full", "--precision", "bf16"};
        assertThat(run(java.util.stream.Stream.concat(java.util.Arrays.stream(bloom), java.util.stream.Stream.of(
                "--distributed-optimizer")).toArray(String[]::new))).as(err.toString()).isZero();
        String published = out.toString().lines().filter(l -> l.matches("\\s*\\d+\\s+4\\s+12\\s+8\\s+2\\s.*"))
                .findFirst().orElseThrow();
        assertThat(published).endsWith("yes");
        assertThat(out.toString()).contains("distributed optimizer");
    }

    @Test
    void zeroVirtualStagesIsBadInputWordedAsTheSweepWordsIt() {
        // Found by the QA: plan-llm exited 2 ("must be at least 1, was 0") where sweep exits 1 with this wording.
        assertThat(runGpt3Failing("--gpus", "1024", "--virtual-stages", "0")).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("--virtual-stages: 0 is not at least 1");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void whenNothingFitsItFailsSayingWhatWouldHelp() {
        assertThat(runGpt3Failing("--gpus", "1024")).isEqualTo(1);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).startsWith("no layout of 1024 GPUs fits the 40.0 GiB of a A100-SXM4-40GB GPU (dgx-a100)")
                .contains("try --recompute selective or full, --sequence-parallel, --distributed-optimizer (the optimizer "
                        + "state over the 4 data-parallel replicas) or --fsdp (the weights and gradients too), "
                        + "--flash-attention (no stored attention scores), more GPUs than 1024, a GPU with more "
                        + "than 40.0 GiB")
                .doesNotContain("\n");
    }

    @Test
    void contextParallelAutoSearchesTheRanksAsOneMoreDimensionOfTheLayout() {
        String[] llama128k = {"--model", "llama3-8b-seq131072", "--gpus", "64", "--global-batch", "16", "--hardware",
                "dgx-h100", "--precision", "bf16", "--flash-attention", "--distributed-optimizer", "--sequence-parallel"};
        assertThat(run(concat(llama128k, "--context-parallel", "auto", "--json"))).as(err.toString()).isZero();
        java.util.Set<String> ranks = new java.util.TreeSet<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"cp\":(\\d+),").matcher(out.toString());
        while (m.find()) {
            ranks.add(m.group(1));
        }
        // Every power of two up to the 64 GPUs splits 131,072 tokens into 2c chunks; a 128K sequence does not fit
        // one H100 without it, so the ranking's best layouts have c > 1.
        assertThat(ranks).contains("1", "2", "4", "8", "16", "32", "64");
        assertThat(out.toString()).doesNotContain("{\"rank\":1,\"tp\":1,\"cp\":1,");
        out.getBuffer().setLength(0);
        assertThat(run(concat(llama128k, "--context-parallel", "auto", "--top", "3"))).isZero();
        assertThat(out.toString()).contains("context parallel searched").contains(" rank  tp  cp  pp ");
        err.getBuffer().setLength(0);
        assertThat(run("--model", "llama3-8b", "--gpus", "8", "--global-batch", "8", "--hardware", "dgx-h100",
                "--context-parallel", "auto")).isEqualTo(2);
        assertThat(err.toString()).contains("--context-parallel auto needs --flash-attention");
        err.getBuffer().setLength(0);
        assertThat(run("--model", "llama3-8b", "--gpus", "8", "--global-batch", "8", "--hardware", "dgx-h100",
                "--flash-attention", "--context-parallel", "many")).isEqualTo(2);
        assertThat(err.toString()).contains("--context-parallel must be a positive whole number or auto, was 'many'");
    }

    private static String[] concat(String[] first, String... more) {
        String[] all = Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    @Test
    void aSequenceWhoseFlopsTheZooCannotCountIsRefusedAsInAFile() {
        // Llama 3.1 405B at 2^20 tokens: refused as its -seq1048576 name and its parametric name are.
        assertThat(run("--model", "llama3.1-405b", "--seq", "1048576", "--global-batch", "8", "--gpus", "8192",
                "--hardware", "dgx-h100", "--flash-attention", "--context-parallel", "64")).isEqualTo(2);
        assertThat(err.toString()).contains("one sample of 1048576 tokens has more forward FLOPs than a 64-bit count");
    }

    @Test
    void whenNothingFitsTheStateShardedOverTheContextRanksIsOffered() {
        // d = 1 and c = 16: the distributed optimizer and FSDP split the state over the 16 context-parallel ranks.
        assertThat(run("--model", "llama3-8b", "--seq", "32768", "--global-batch", "16", "--gpus", "16", "--hardware",
                "dgx-h100", "--precision", "bf16", "--flash-attention", "--context-parallel", "16")).isEqualTo(1);
        assertThat(err.toString()).contains("--distributed-optimizer (the optimizer state over the 16 data- and "
                + "context-parallel ranks) or --fsdp");
        err.getBuffer().setLength(0);
        assertThat(run("--model", "llama3-8b", "--seq", "32768", "--global-batch", "16", "--gpus", "16", "--hardware",
                "dgx-h100", "--precision", "bf16", "--flash-attention", "--context-parallel", "16",
                "--distributed-optimizer")).as(err.toString()).isZero();
    }

    @Test
    void whenTheModelStateAloneOverflowsOnlyMoreGpusOrMemoryAreOffered() {
        assertThat(runGpt3Failing("--gpus", "8")).isEqualTo(1);
        // 175 B parameters at 20 bytes each (FP16 weights and gradients, their FP32 copies and Adam's two moments, as
        // Megatron-LM keeps them) are about 3.5 TB: no recomputation helps, and 40 GB GPUs need about 88 of them.
        assertThat(err.toString()).startsWith("no layout of 8 GPUs fits")
                .contains("try more GPUs: the weights, gradients and optimizer state are ")
                .contains("tensor x pipeline parallelism over at least ")
                .doesNotContain("--recompute", "--sequence-parallel", "\n");
        long atLeast = Long.parseLong(err.toString().replaceAll(".*over at least (\\d+) GPUs.*", "$1"));
        assertThat(atLeast).isBetween(80L, 95L);
    }

    @Test
    void theGpusTheStateNeedsAreCountedWholeUnderEveryZeroStage() {
        // A synthetic GPT of 4 layers, h 65536 and 4 heads: t <= 4 and p <= 4, so 32 GPUs keep d = 2 replicas. BF16's
        // 18 bytes per parameter are about 3.6 TiB in all; stages 1 and 2 split part of them over the 2 replicas, but
        // 2 replicas of what they keep whole need more GPUs than one copy of it all, so every stage needs the same.
        String[] job = {"--model", "gpt", "--layers", "4", "--hidden", "65536", "--heads", "4", "--seq", "2048",
            "--global-batch", "64", "--gpus", "32", "--hardware", "dgx-a100-80gb", "--precision", "bf16",
            "--recompute", "full"};
        long[] atLeast = new long[3];
        for (int stage = 0; stage < 3; stage++) {
            err.getBuffer().setLength(0);
            assertThat(runFailing(with(job, "--zero-stage", String.valueOf(stage)))).isEqualTo(1);
            assertThat(err.toString()).contains("tp 4 pp 4 dp 2 micro-batch 1")
                    .contains("the weights, gradients and optimizer state are 3714.9 GiB in all");
            atLeast[stage] = Long.parseLong(err.toString().replaceAll(".*over at least (\\d+) GPUs.*", "$1"));
        }
        // ceil(3714.9 / 80) = 47 under each; stage 2 counted its per-GPU state times t x p alone before: 26, fewer
        // than the 32 GPUs the job already has.
        assertThat(atLeast).containsExactly(47, 47, 47);
    }

    @Test
    void aStatedLinkIsCheckedAgainstTheHardwareAndItsErrorsNameTheOption() {
        String pcie = "A100-PCIE-40GB+gpus=8+intra=pcie-4-x16+nic=eth-200g+nics=1";
        assertThat(run("--model", "llama2-7b", "--global-batch", "256", "--gpus", "16", "--hardware", pcie,
                "--precision", "bf16", "--flash-attention", "--distributed-optimizer", "--top", "1",
                "--intra-node-gbps", "5000")).as(err.toString()).isZero();
        assertThat(err.toString()).contains("note: --intra-node-gbps 5000 is above what a GPU of " + pcie + " can send "
                + "over its pcie-4-x16 links (252 Gbit/s per direction); it is used as stated");
        err.getBuffer().setLength(0);
        assertThat(run("--model", "llama2-7b", "--global-batch", "256", "--gpus", "16", "--hardware", pcie,
                "--bandwidth", "0")).isNotZero();
        assertThat(err.toString()).contains("--bandwidth must be a positive number, was 0.0")
                .doesNotContain("bandwidth_gbps");
    }

    @Test
    void aGpusLabelIsToldTheSystemsBuiltWithIt() {
        assertThat(run("--model", "gpt", "--layers", "24", "--hidden", "2048", "--heads", "16", "--seq", "2048",
                "--global-batch", "64", "--gpus", "8", "--hardware", "H100-SXM5-80GB")).isNotZero();
        assertThat(err.toString()).contains("hardware 'H100-SXM5-80GB' is a GPU, not a system")
                .contains("systems built with it: ").contains("dgx-h100");
    }

    @Test
    void theHeaderAndTheJsonNameTheResolvedSystem() throws Exception {
        String[] job = {"--model", "gpt", "--layers", "24", "--hidden", "1024", "--heads", "16", "--seq", "1024",
            "--global-batch", "16", "--gpus", "8", "--hardware", "NVIDIA DGX H100", "--top", "1"};
        assertThat(run(job)).as(err.toString()).isZero();
        assertThat(out.toString().lines().findFirst().orElseThrow()).contains("on 8 GPUs of dgx-h100:")
                .doesNotContain("NVIDIA");
        out.getBuffer().setLength(0);
        assertThat(run(java.util.stream.Stream.concat(java.util.Arrays.stream(job), java.util.stream.Stream.of("--json"))
                .toArray(String[]::new))).as(err.toString()).isZero();
        assertThat(new ObjectMapper().readTree(out.toString()).get("hardware").asText())
                .isEqualTo("dgx-h100");
    }

    @Test
    void aLabelThatIsNoSystemIsToldOnlySystems() {
        String[] job = {"--model", "gpt", "--layers", "24", "--hidden", "1024", "--heads", "16", "--seq", "1024",
            "--global-batch", "16", "--gpus", "8", "--hardware"};
        // A GPU count and a GPU, as a CSV row may head its hardware: the system of that GPU and memory first.
        assertThat(run(java.util.stream.Stream.concat(java.util.Arrays.stream(job), java.util.stream.Stream.of(
                "8x A100 80GB")).toArray(String[]::new))).isNotZero();
        assertThat(err.toString()).contains("hardware '8x A100 80GB' is not a system of the catalog: did you mean "
                + "dgx-a100-80gb");
        String suggested = err.toString().replaceAll("(?s).*did you mean (.*)\\?.*", "$1");
        var catalog = new DefaultHardwareCatalog();
        assertThat(suggested.split(" or ")).allSatisfy(name -> assertThat(catalog.system(name)).as(name).isPresent());
        // Spelled like dgx-a100-80gb, but its GPUs are H100s: the systems of the GPU, not of the spelling.
        err.getBuffer().setLength(0);
        assertThat(run(java.util.stream.Stream.concat(java.util.Arrays.stream(job), java.util.stream.Stream.of(
                "8x H100 80GB")).toArray(String[]::new))).isNotZero();
        assertThat(err.toString()).contains("did you mean ").contains("dgx-h100").doesNotContain("a100");
        // Selene (a DGX A100 SuperPOD) is spelled like no catalogued system: no GPU, worker or NIC is offered instead.
        err.getBuffer().setLength(0);
        assertThat(run(java.util.stream.Stream.concat(java.util.Arrays.stream(job), java.util.stream.Stream.of(
                "selene")).toArray(String[]::new))).isNotZero();
        assertThat(err.toString()).contains("hardware 'selene' is not a system of the catalog (no system is named "
                + "like it; stepcast hardware list shows the systems)").doesNotContain("T4", "eth-100g");

        // A count after the GPU, as DLPerf writes it, is told the GPU's systems as a count before it is (it was told
        // of a GPU 'V100X' the catalog does not have); one after a system's name how to write it.
        err.getBuffer().setLength(0);
        assertThat(run(java.util.stream.Stream.concat(java.util.Arrays.stream(job), java.util.stream.Stream.of(
                "A100 80GB x 8")).toArray(String[]::new))).isNotZero();
        assertThat(err.toString()).contains("hardware 'A100 80GB x 8' is not a system of the catalog: did you mean "
                + "dgx-a100-80gb");
        err.getBuffer().setLength(0);
        assertThat(run(java.util.stream.Stream.concat(java.util.Arrays.stream(job), java.util.stream.Stream.of(
                "V100 x 8")).toArray(String[]::new))).isNotZero();
        assertThat(err.toString()).contains("hardware 'V100 x 8' is not a system of the catalog: did you mean "
                + "aws-p3.16xlarge").doesNotContain("V100X");
        err.getBuffer().setLength(0);
        assertThat(run(java.util.stream.Stream.concat(java.util.Arrays.stream(job), java.util.stream.Stream.of(
                "DGX-1 x 4")).toArray(String[]::new))).isNotZero();
        assertThat(err.toString()).contains("hardware 'DGX-1 x 4' is not in the hardware catalog: its x 4 after a"
                + " system's name may count nodes or the run's GPUs, and stepcast does not guess; write dgx-1-v100");
    }

    @Test
    void selectiveRecomputationWithSequenceParallelismFitsWhatNoRecomputationCannot() throws Exception {
        assertThat(runGpt3("--gpus", "1024", "--recompute", "selective", "--sequence-parallel", "--json", "--top", "3"))
                .as(err.toString()).isZero();
        var doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.get("recompute").asText()).isEqualTo("selective");
        assertThat(doc.get("sequence_parallel").asBoolean()).isTrue();
        assertThat(doc.get("layouts").get(0).get("fits").asBoolean()).isTrue();
        assertThat(doc.get("layouts").get(0).get("peak_memory_bytes").asDouble()).isLessThanOrEqualTo(40e9);
    }

    @Test
    void recomputeAloneMeansFullAndEveryLayoutCarriesTflopsAndMfu() throws Exception {
        assertThat(runGpt3("--gpus", "1024", "--recompute", "--json", "--top", "5")).as(err.toString()).isZero();
        var doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.get("recompute").asText()).isEqualTo("full");
        assertThat(doc.get("peak_tflops").asDouble()).isEqualTo(312.0);
        assertThat(doc.get("peak_source").asText()).startsWith("A100-SXM4-40GB: NVIDIA A100");
        for (var l : doc.get("layouts")) {
            double mfu = l.get("mfu").asDouble();
            assertThat(mfu).isBetween(0.05, 1.0);
            assertThat(l.get("tflops_per_gpu").asDouble()).isCloseTo(mfu * 312, org.assertj.core.api.Assertions.within(1e-6));
            // model FLOPs over time and GPUs: F = 72 B s l h^2 (1 + s / 6h) + 6 B s h V, without the recomputation
            double f = 72.0 * 1536 * 2048 * 96 * 12288.0 * 12288 * (1 + 2048 / (6.0 * 12288)) + 6.0 * 1536 * 2048 * 12288 * 50304;
            assertThat(l.get("tflops_per_gpu").asDouble() * 1e12)
                    .isCloseTo(f / l.get("iteration_s").asDouble() / 1024, org.assertj.core.api.Assertions.withinPercentage(1e-6));
        }
        out.getBuffer().setLength(0);
        assertThat(runGpt3("--gpus", "1024", "--recompute", "--top", "3", "--virtual-stages", "2")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("TFLOP/s").contains("MFU").contains("peak_GiB")
                .contains("fp16 peak of 312.0 TFLOP/s per A100-SXM4-40GB (hardware catalog: NVIDIA A100")
                .contains("recompute full, sequence parallel off, virtual stages 2, fp16");
        assertThat(out.toString().lines().filter(l -> l.matches("\\s+\\d+ .*")).findFirst().orElseThrow())
                .matches(".*\\d+\\.\\d%.*");
        // How many of the layouts shown the interleaved schedule applies to, counted from their v column.
        List<String> rows = out.toString().lines().filter(l -> l.matches("\\s+\\d+ .*")).toList();
        long interleaved = rows.stream().filter(l -> l.trim().split("\\s+")[6].equals("2")).count();
        assertThat(out.toString()).contains("virtual stages 2 apply to " + interleaved + " of the 3 layouts below");
    }

    @Test
    void hardwareTflopsCountTheRecomputedForwardAsPapersDo() throws Exception {
        double b = 1536;
        double s = 2048;
        double l = 96;
        double h = 12288;
        double v = 50304;
        // Narayanan et al., SC'21, eq. 3: full recomputation executes F = 96 B s l h^2 (1 + s / 6h + V / 16 l h).
        double full = 96 * b * s * l * h * h * (1 + s / (6 * h) + v / (16 * l * h));
        // Selective recomputation runs the attention core's forward again: the model FLOPs and 4 B s^2 h per layer.
        double model = 72 * b * s * l * h * h * (1 + s / (6 * h)) + 6 * b * s * h * v;
        double selective = model + 4 * b * s * s * h * l;
        // (Without recomputation GPT-3 fits no 40 GB GPU here; executed and model FLOPs are then the same.)
        Map<String, Double> executed = Map.of("full", full, "selective", selective);
        for (var e : executed.entrySet()) {
            out.getBuffer().setLength(0);
            assertThat(runGpt3("--gpus", "1024", "--recompute", e.getKey(), "--sequence-parallel", "--json", "--top", "3"))
                    .as(err.toString()).isZero();
            for (var layout : new ObjectMapper().readTree(out.toString()).get("layouts")) {
                double seconds = layout.get("iteration_s").asDouble();
                assertThat(layout.get("hardware_tflops_per_gpu").asDouble() * 1e12).as(e.getKey())
                        .isCloseTo(e.getValue() / seconds / 1024, org.assertj.core.api.Assertions.withinPercentage(1e-6));
                assertThat(layout.get("tflops_per_gpu").asDouble() * 1e12).as(e.getKey())
                        .isCloseTo(model / seconds / 1024, org.assertj.core.api.Assertions.withinPercentage(1e-6));
            }
        }
        // The table names both: model_TFLOP/s and hw_TFLOP/s, a third higher under full recomputation (4 / 3 of the
        // layers' FLOPs; the logits are not recomputed).
        out.getBuffer().setLength(0);
        assertThat(runGpt3("--gpus", "1024", "--recompute", "full", "--top", "1")).as(err.toString()).isZero();
        List<String> lines = out.toString().lines().toList();
        String header = lines.stream().filter(x -> x.trim().startsWith("rank")).findFirst().orElseThrow();
        List<String> columns = List.of(header.trim().split("\\s+"));
        assertThat(columns).contains("model_TFLOP/s", "hw_TFLOP/s").doesNotContain("TFLOP/s");
        List<String> row = List.of(lines.get(lines.indexOf(header) + 1).trim().split("\\s+"));
        double ratio = Double.parseDouble(row.get(columns.indexOf("hw_TFLOP/s")))
                / Double.parseDouble(row.get(columns.indexOf("model_TFLOP/s")));
        assertThat(ratio).isCloseTo(full / model, org.assertj.core.api.Assertions.within(0.01)).isBetween(1.3, 1.34);
        assertThat(out.toString()).contains("hw_TFLOP/s = FLOPs executed per second per GPU, the recomputed forward "
                + "included");
    }

    @Test
    void aPrecisionWithoutACataloguedPeakIsRefused() {
        CommandLine cli = new CommandLine(new PlanLlmCommand(Optional.of(new ZooCatalog()),
                Optional.of(new DefaultHardwareCatalog()), Optional.of(new DefaultObservationCatalog())));
        cli.setExecutionExceptionHandler((e, c, p) -> {
            err.append(e.getMessage());
            return 1;
        });
        String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(GPT3), java.util.stream.Stream.of(
                "--gpus", "1024", "--precision", "fp8")).toArray(String[]::new);
        assertThat(cli.execute(args)).isEqualTo(1);
        assertThat(err.toString()).contains("the catalog has no fp8 peak FLOPs for A100-SXM4-40GB");
        assertThat(runGpt3("--gpus", "1024", "--recompute", "partial")).isEqualTo(2);
        assertThat(err.toString()).contains("--recompute must be none, selective or full, was 'partial'");
    }

    private static double fastest(String json) throws Exception {
        return new ObjectMapper().readTree(json).get("layouts").get(0)
                .get("iteration_s").asDouble();
    }
}
