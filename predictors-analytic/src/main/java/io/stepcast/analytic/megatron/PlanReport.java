package io.stepcast.analytic.megatron;

import io.stepcast.api.Gibibytes;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Sharding;
import io.stepcast.api.zoo.Experts;
import io.stepcast.api.zoo.TransformerShape;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The text table and the JSON object of {@code plan-llm}. Each layout's achieved TFLOP/s per GPU is given twice: the
 * model FLOPs ({@code model_TFLOP/s}, {@code tflops_per_gpu}: what the MFU counts) and the FLOPs executed with the
 * recomputation ({@code hw_TFLOP/s}, {@code hardware_tflops_per_gpu}: what papers and Megatron-LM's logs report).
 */
final class PlanReport {
    private static final double GIB = Gibibytes.BYTES;
    /** The longest plain-schedule reason a row shows itself ("m micro-batches not a multiple of the p stages"). */
    private static final int SHORT_REASON = 60;

    private PlanReport() {
    }

    /**
     * What every report states besides its layouts.
     *
     * @param shape      the model
     * @param gpus       GPUs of the cluster
     * @param batch      global batch
     * @param efficiency the constants the times come from
     * @param source     where they come from
     * @param valid      how many layouts are valid
     * @param planner    the planner (device, its memory and peak, the options every layout runs with)
     */
    record Context(TransformerShape shape, int gpus, long batch, Efficiency efficiency, String source, int valid,
                   LayoutPlanner planner) {
        /** One line saying what the MFU is measured against and where the figure comes from. */
        String peakLine() {
            PlanOptions o = planner.options();
            // A MoE model's FLOPs are not eq. 3's dense count: its layers run the router and the top-k experts.
            return String.format(Locale.ROOT, "MFU = model FLOPs (%s, without recomputation%s) "
                            + "per second over the %s peak of %.1f TFLOP/s per %s (hardware catalog: %s)",
                    shape.moe() ? "Megatron-Bridge's count for mixture-of-experts layers: attention, the router and "
                            + "the top-k routed and shared experts, logits" : "Narayanan et al., SC'21, eq. 3",
                    o.flashAttention() ? "; the attention products FlashAttention runs under the causal mask, half" : "",
                    o.precision().label(), planner.peakFlops() / 1e12, planner.device().name(),
                    planner.device().source());
        }

        /**
         * One line saying what {@code hw_TFLOP/s} counts: the FLOPs executed, recomputation included, the figure
         * papers and Megatron-LM's logs report, which the model figure (and the MFU) leave out.
         */
        String hardwareFlopsLine() {
            return "hw_TFLOP/s = FLOPs executed per second per GPU, the recomputed forward included (full: 4 forward "
                    + "passes' worth instead of 3; selective: the attention core's again), as Megatron-LM logs them "
                    + "and Narayanan et al., SC'21, Table 1 reports them; model_TFLOP/s leaves the recomputation out"
                    + (planner.options().flashAttention() ? "; FlashAttention's products as it runs them (half under "
                    + "the causal mask, its backward recomputing the scores)" : "");
        }

        /**
         * Achieved hardware TFLOP/s per GPU of a plan: its model TFLOP/s scaled by the FLOPs executed under its
         * recomputation over the model FLOPs ({@link ModelFlops#executed}), both over the same time and GPUs.
         */
        double hardwareTflops(LayoutPlan p) {
            boolean flash = p.layout().flashAttention();
            return p.tflopsPerGpu() * ModelFlops.executed(shape, batch, p.layout().recompute(), flash)
                    / ModelFlops.perIteration(shape, batch, flash);
        }

        /**
         * Model TFLOP/s per GPU of a plan with every attention product counted, as NVIDIA NeMo's and Megatron-LM's
         * performance tables count them whatever the kernel (Narayanan et al.'s eq. 3): under FlashAttention's causal
         * mask above {@link LayoutPlan#tflopsPerGpu()}, which counts the half the kernel runs; the same without it.
         */
        double fullAttentionTflops(LayoutPlan p) {
            boolean flash = p.layout().flashAttention();
            return p.tflopsPerGpu() * ModelFlops.perIteration(shape, batch, false)
                    / ModelFlops.perIteration(shape, batch, flash);
        }

        String optionsText() {
            PlanOptions o = planner.options();
            return "recompute " + o.recompute().label() + ", sequence parallel " + (o.sequenceParallel() ? "on" : "off")
                    + ", virtual stages " + o.virtualStages() + ", " + o.precision().label()
                    + (o.sharding() == Sharding.OPTIMIZER ? ", distributed optimizer" : "")
                    + (o.sharding() == Sharding.GRADIENTS ? ", zero stage 2" : "")
                    + (o.sharding() == Sharding.FULL ? ", fsdp" : "") + (o.flashAttention() ? ", flash attention" : "")
                    + (o.contextSearch() ? ", context parallel searched" : o.context() > 1 ? ", context parallel "
                    + o.context() : "")
                    + (o.expertSearch() ? ", expert parallel searched" : o.expert() > 1 ? ", expert parallel "
                    + o.expert() : "")
                    + (o.expertOverlap() ? ", expert all-to-alls overlapped" : "")
                    + (o.expertCapacityFactor().isPresent() ? ", expert capacity factor "
                    + num(o.expertCapacityFactor().getAsDouble()) : "")
                    + (o.fusedKernels() ? "" : ", eager element-wise kernels")
                    + (o.overlapP2pComm() ? "" : ", pipeline sends blocking");
        }
    }

    static String text(Context c, String hardware, List<LayoutPlan> plans) {
        TransformerShape s = c.shape();
        Efficiency e = c.efficiency();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%s, global batch %d on %d GPUs of %s: %d valid layouts (%s)%n",
                shapeText(s), c.batch(), c.gpus(), hardware, c.valid(), c.optionsText()));
        b.append(String.format(Locale.ROOT, "efficiency: %.3f of peak FLOPs, %.3f of memory bandwidth (%s); memory %.0f GiB per GPU%n",
                e.flops(), e.memory(), c.source(), c.planner().memoryCapacityBytes() / GIB));
        b.append(c.peakLine()).append(System.lineSeparator());
        b.append(c.hardwareFlopsLine()).append(System.lineSeparator());
        int v = c.planner().options().virtualStages();
        if (v > 1) {
            // A layout the interleaved schedule cannot apply to runs the plain one (PlanOptions#layout), so the
            // option in the header above may hold for few of the rows below, or none: each such row says why.
            long interleaved = plans.stream().filter(p -> p.layout().virtualStages() > 1).count();
            b.append(String.format(Locale.ROOT, "virtual stages %d apply to %d of the %d layouts below; the others run"
                    + " the plain schedule, each saying why after its fits column (a long reason as a numbered note"
                    + " below the table)%n", v, interleaved, plans.size()));
            // The layouts whose chunks Megatron-LM splits only with the embedding and the loss counted as layers.
            List<Integer> counted = plans.stream().map(LayoutPlan::layout).filter(l -> l.virtualStages() > 1)
                    .filter(l -> ChunkSplit.of(s.layers(), l.pipeline(), l.virtualStages()).orElseThrow().endsCounted())
                    .map(ParallelLayout::pipeline).distinct().sorted().toList();
            if (!counted.isEmpty()) {
                b.append(ChunkSplit.countedNote(s.layers(), v, counted)).append(System.lineSeparator());
            }
        }
        // The context-parallel ranks get a column only where some layout has them, so that other tables keep theirs.
        boolean cp = plans.stream().anyMatch(p -> p.layout().context() > 1);
        boolean ep = plans.stream().anyMatch(p -> p.layout().expert() > 1);
        b.append(String.format(Locale.ROOT, "%5s %3s", "rank", "tp")).append(cp ? String.format(" %3s", "cp") : "")
                .append(ep ? String.format(" %3s", "ep") : "");
        b.append(String.format(Locale.ROOT, " %3s %5s %4s %5s %2s %10s %10s %13s %10s %6s %9s %9s %9s %9s %9s  %s%n",
                "pp", "dp", "mb", "m", "v", "iter_s", "samples/s", "model_TFLOP/s", "hw_TFLOP/s", "MFU",
                "bubble_s", c.planner().options().sharding() == Sharding.FULL ? "fsdp_s" : "dp_ar_s", "state_GiB",
                "act_GiB", "peak_GiB", "fits"));
        int rank = 1;
        // A refused chunk split names the flags and the virtual stages that would split: too long to repeat on every
        // row it applies to, so such a reason is printed once, as a note, and the rows name the note.
        List<String> notes = new ArrayList<>();
        for (LayoutPlan p : plans) {
            ParallelLayout l = p.layout();
            double bubble = p.pipelineS() * bubbleShare(l);
            b.append(String.format(Locale.ROOT, "%5d %3d", rank++, l.tensor()))
                    .append(cp ? String.format(Locale.ROOT, " %3d", l.context()) : "")
                    .append(ep ? String.format(Locale.ROOT, " %3d", l.expert()) : "");
            b.append(String.format(Locale.ROOT, " %3d %5d %4d %5d %2d %10.4f %10s %13.1f %10.1f %5.1f%% %9.4f %9.4f %9.2f %9.2f %9.2f  %s%n",
                    l.pipeline(), l.data(), l.microBatch(), l.microBatches(), l.virtualStages(),
                    p.seconds(), samplesPerS(c.batch() / p.seconds()), p.tflopsPerGpu(), c.hardwareTflops(p), 100 * p.mfu(), bubble,
                    p.dataS(),
                    p.stateBytes() / GIB, p.activationBytes() / GIB, p.memoryBytes() / GIB,
                    p.fits() ? "yes" : "NO (out of memory)"));
            plainBecause(c, l).ifPresent(why -> b.insert(b.length() - System.lineSeparator().length(),
                    "  (plain schedule: " + noted(why, notes) + ")"));
        }
        for (int i = 0; i < notes.size(); i++) {
            b.append(String.format(Locale.ROOT, "note %d: %s%n", i + 1, notes.get(i)));
        }
        return b.toString();
    }

    /**
     * Samples per second with one decimal, or three significant digits below 10, so that a long-sequence job's few
     * samples a minute do not print as 0.0.
     */
    static String samplesPerS(double rate) {
        return String.format(Locale.ROOT, rate >= 10 ? "%.1f" : "%.3g", rate);
    }

    /** The model's shape as the header states it: GPT's five figures, a Llama's seven. */
    private static String shapeText(TransformerShape s) {
        if (s.moe()) {
            Experts e = s.experts().orElseThrow();
            return String.format(Locale.ROOT, "MoE L=%d H=%d A=%d KV=%d D=%d E=%d top-%d FE=%d%s S=%d V=%d", s.layers(),
                    s.hidden(), s.heads(), s.kvHeads(), s.headSize(), e.count(), e.topK(), e.ffn(),
                    e.sharedFfn() > 0 ? " shared=" + e.sharedFfn() : "", s.sequence(), s.vocabulary());
        }
        if (s.style() == TransformerShape.Style.LLAMA) {
            return String.format(Locale.ROOT, "Llama L=%d H=%d A=%d KV=%d F=%d S=%d V=%d", s.layers(), s.hidden(),
                    s.heads(), s.kvHeads(), s.ffn(), s.sequence(), s.vocabulary());
        }
        // A GPT states its key-value heads and feed-forward size only where they are not multi-head attention's and 4h.
        return String.format(Locale.ROOT, "GPT L=%d H=%d A=%d%s%s S=%d V=%d", s.layers(), s.hidden(), s.heads(),
                s.kvHeads() == s.heads() ? "" : " KV=" + s.kvHeads(), s.ffn() == 4 * s.hidden() ? "" : " F=" + s.ffn(),
                s.sequence(), s.vocabulary());
    }

    /**
     * A plain-schedule reason as a row shows it: a short one as it is, a long one as {@code note N}, its text added to
     * {@code notes} the first time.
     */
    private static String noted(String why, List<String> notes) {
        if (why.length() <= SHORT_REASON) {
            return why;
        }
        int at = notes.indexOf(why);
        if (at < 0) {
            notes.add(why);
            at = notes.size() - 1;
        }
        return "note " + (at + 1);
    }

    /** Why a layout runs the plain schedule although the options ask for virtual stages, or empty. */
    private static java.util.Optional<String> plainBecause(Context c, ParallelLayout l) {
        return l.virtualStages() > 1 ? java.util.Optional.empty()
                : c.planner().options().plainBecause(l.pipeline(), l.microBatches(), c.shape().layers());
    }

    /** The bubble's share of the schedule's slots: ((p - 1) / v) / (m + (p - 1) / v). */
    private static double bubbleShare(ParallelLayout l) {
        double bubble = (l.pipeline() - 1.0) / l.virtualStages();
        return bubble / (l.microBatches() + bubble);
    }

    static String json(Context c, String hardware, StatedLinks stated, List<LayoutPlan> plans) {
        TransformerShape s = c.shape();
        Efficiency e = c.efficiency();
        PlanOptions o = c.planner().options();
        StringBuilder b = new StringBuilder("{");
        b.append(String.format(Locale.ROOT, "\"model\":{\"style\":%s,\"layers\":%d,\"hidden\":%d,\"heads\":%d,"
                        + "\"kv_heads\":%d,\"ffn\":%d,\"sequence\":%d,\"vocabulary\":%d%s},",
                quote(s.style().name().toLowerCase(Locale.ROOT)), s.layers(), s.hidden(), s.heads(), s.kvHeads(),
                s.ffn(), s.sequence(), s.vocabulary(), s.experts().map(x -> String.format(Locale.ROOT,
                        ",\"head_dim\":%d,\"experts\":{\"count\":%d,\"top_k\":%d,\"ffn\":%d,\"shared_ffn\":%d}",
                        s.headSize(), x.count(), x.topK(), x.ffn(), x.sharedFfn())).orElse("")));
        b.append(String.format(Locale.ROOT, "\"gpus\":%d,\"global_batch\":%d,\"hardware\":%s,\"valid_layouts\":%d,", c.gpus(),
                c.batch(), quote(hardware), c.valid()));
        b.append(String.format(Locale.ROOT, "\"recompute\":%s,\"sequence_parallel\":%b,\"virtual_stages\":%d,\"precision\":%s,"
                        + "\"distributed_optimizer\":%b,\"fsdp\":%b,\"zero_stage\":%d,\"flash_attention\":%b,"
                        + "\"context_parallel\":%d,",
                quote(o.recompute().label()), o.sequenceParallel(), o.virtualStages(), quote(o.precision().label()),
                o.distributedOptimizer(), o.sharding() == Sharding.FULL, o.sharding().zeroStage(), o.flashAttention(),
                o.context()));
        if (s.moe()) {
            // Only a MoE model has these options; a dense model's JSON keeps its fields as they were.
            b.append(String.format(Locale.ROOT, "\"expert_parallel\":%s,\"expert_overlap\":%b,"
                            + "\"expert_capacity_factor\":%s,",
                    o.expertSearch() ? quote("auto") : Integer.toString(o.expert()), o.expertOverlap(),
                    o.expertCapacityFactor().isPresent() ? num(o.expertCapacityFactor().getAsDouble()) : "null"));
        }
        if (!o.fusedKernels()) {
            // Only eager plans state it; a fused plan's JSON keeps its fields as they were.
            b.append("\"fused_kernels\":false,");
        }
        if (!o.overlapP2pComm()) {
            // As fused_kernels: only plans that turn the overlap off state it.
            b.append("\"overlap_p2p_comm\":false,");
        }
        b.append(String.format(Locale.ROOT, "\"memory_capacity_bytes\":%s,\"peak_tflops\":%s,\"peak_source\":%s,",
                num(c.planner().memoryCapacityBytes()), num(c.planner().peakFlops() / 1e12),
                quote(c.planner().device().name() + ": " + c.planner().device().source())));
        stated.intraGbps().ifPresent(v -> b.append("\"intra_node_gbps\":").append(num(v)).append(','));
        stated.nicGbps().ifPresent(v -> b.append("\"bandwidth_gbps\":").append(num(v)).append(','));
        b.append(String.format(Locale.ROOT, "\"efficiency\":{\"flops\":%s,\"memory\":%s,\"tensor_link\":%s,\"host_s\":%s,"
                        + "\"iteration_s\":%s,\"overlap\":%s,\"source\":%s},", num(e.flops()), num(e.memory()),
                num(e.tensorLink()), num(e.hostS()), num(e.iterationS()), num(e.overlap()), quote(c.source())));
        b.append("\"layouts\":[");
        for (int i = 0; i < plans.size(); i++) {
            LayoutPlan p = plans.get(i);
            ParallelLayout l = p.layout();
            b.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT,
                    "{\"rank\":%d,\"tp\":%d,\"cp\":%d,\"pp\":%d,\"dp\":%d,\"micro_batch\":%d,\"micro_batches\":%d,"
                            + "\"virtual_stages\":%d,\"ep\":%d,%s\"iteration_s\":%s,"
                            + "\"pipeline_s\":%s,\"p2p_s\":%s,\"data_parallel_s\":%s,\"optimizer_s\":%s,"
                            + "\"state_bytes\":%s,\"activation_bytes\":%s,\"peak_memory_bytes\":%s,\"fits\":%b,"
                            + "\"tflops_per_gpu\":%s,\"hardware_tflops_per_gpu\":%s,"
                            + "\"full_attention_tflops_per_gpu\":%s,\"mfu\":%s}",
                    i + 1, l.tensor(), l.context(), l.pipeline(), l.data(), l.microBatch(), l.microBatches(),
                    l.virtualStages(), l.expert(),
                    plainBecause(c, l).map(why -> "\"plain_schedule_because\":" + quote(why) + ",").orElse(""),
                    num(p.seconds()), num(p.pipelineS()), num(p.p2pS()), num(p.dataS()), num(p.optimizerS()),
                    num(p.stateBytes()), num(p.activationBytes()), num(p.memoryBytes()), p.fits(),
                    num(p.tflopsPerGpu()), num(c.hardwareTflops(p)), num(c.fullAttentionTflops(p)), num(p.mfu())));
        }
        return b.append("]}").append(System.lineSeparator()).toString();
    }

    private static String num(double d) {
        return Double.isFinite(d) ? Double.toString(d) : "null";
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
