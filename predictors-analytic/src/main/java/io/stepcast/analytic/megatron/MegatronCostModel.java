package io.stepcast.analytic.megatron;

import io.stepcast.api.InvalidField;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Prediction;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.zoo.TransformerShape;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The closed form of a Megatron-LM iteration with tensor (t), pipeline (p) and data (d) parallelism on a
 * catalogued system, apart from the eight fitted {@link Efficiency} constants:
 * <ul>
 *   <li><b>Compute</b>: each stage holds its layers ({@link StagePartition}: L / p, or one more on the middle stages
 *       first when p does not divide L; under the interleaved schedule the same per stage, over its v chunks as
 *       {@link ChunkSplit} places them, which with Megatron-LM's {@code --account-for-embedding-in-pipeline-split}
 *       and {@code --account-for-loss-in-pipeline-split} leaves the first and last stage one layer fewer); per
 *       micro-batch its GPUs run the TP-split
 *       matrices and element-wise kernels of {@link TransformerCosts} (Shoeybi et al. 2019, section 3), at the
 *       device's catalogued peak FLOPs for the layout's precision (under FP8 the linear layers only, the attention
 *       core and the output layer at the BF16 peak, as Transformer Engine runs them) and memory bandwidth times the
 *       fitted efficiencies, each linear
 *       layer's shard with the tile and wave quantization of its shape on the catalogued multiprocessors
 *       ({@link GemmWaves}); the host's
 *       kernel launches overlap them ({@link StageTerms#seconds}). The first stage adds the embedding, the
 *       last the output layer (Narayanan et al., SC'21, section 2.2 and appendix), each with its own host
 *       launches; a layer whose attention softmax cannot use Megatron-LM's fused kernel
 *       ({@link TransformerCosts#fusedSoftmax()}) launches the unfused kernels instead.</li>
 *   <li><b>Tensor parallelism</b>: 4 all-reduces per layer and micro-batch of {@code b s h} half-precision
 *       elements over the t GPUs of one node (Shoeybi et al. 2019, figure 4; 6 under full recomputation), at
 *       NCCL's measured time where the node's link was measured ({@link MeasuredAllReduce}), else from the
 *       catalog's intra-node link ({@link LinkCosts}); t never spans nodes (Narayanan et al., SC'21, section 3.3,
 *       takeaway 1).</li>
 *   <li><b>Pipeline</b>: the 1F1B schedule takes (m + p - 1) time slots of the slowest stage, i.e. the ideal
 *       m slots plus the bubble fraction (p - 1) / m (Narayanan et al., SC'21, section 2.2.1); each slot sends
 *       one activation forward and one gradient backward, {@code b s h} half-precision elements each, over
 *       NVLink or, when the job spans nodes, the NICs (section 2.2 and 4.1), scattered over the t ranks of a
 *       stage: each sends 1/t of it over its own link and the receivers all-gather it inside their node (the
 *       scatter/gather optimization of section 4.1; the stage's replicas send in the same slot, so across nodes each
 *       sender gets its share of the node's NICs, {@link CrossNodeSenders#stageBoundary}), which sequence parallelism needs not (its activations at a
 *       boundary are already split along the sequence: Korthikanti et al., MLSys 2023, section 4.2.2). The
 *       interleaved schedule with v virtual stages divides the bubble by v and multiplies the messages by v
 *       (section 2.2.2).</li>
 *   <li><b>Data parallelism</b>: after the pipeline flush every GPU all-reduces its stage's gradients (2 bytes
 *       per parameter) with the d replicas of its stage (Narayanan et al., SC'21, section 2.1 and 3.3); with
 *       Megatron-LM's rank order (t fastest, then d, then p) the d ranks are spread over
 *       ceil(t d / gpus per node) nodes, so the hierarchical all-reduce crosses the NICs when t d exceeds a
 *       node; the node's other groups all-reduce at the same time over the same NICs, so each gets its share of
 *       them ({@link SharedGroup}: with one rank per node, one GPU's NIC on a rail-optimized node). Optionally overlapped with the last backward pass. With p > 1 the tied word embedding's
 *       gradients are also all-reduced between the first and last stage (Shoeybi et al. 2019, section 3;
 *       Narayanan et al., SC'21, section 2.2), every first-stage rank of a node at once
 *       ({@link CrossNodeSenders#tiedEmbedding}).</li>
 *   <li><b>Optimizer</b>: mixed-precision Adam reads and writes the FP32 master weights and both moments and
 *       reads the half-precision gradient, writing the half-precision weight: 28 bytes per parameter of the
 *       largest stage at the device's memory bandwidth (Rajbhandari et al., "ZeRO", SC'20, section 3.1). The state
 *       it keeps is Megatron-LM's per precision ({@link StateBytes}). Under the distributed optimizer
 *       ({@link ParallelLayout#distributedOptimizer()}) each of the d replicas holds and updates 1/d of the FP32
 *       state, and its gradients are reduce-scattered and the weights all-gathered
 *       instead of all-reduced: the same bytes over the same links, so the data-parallel term is unchanged.
 *       ZeRO stage 2 ({@link io.stepcast.api.Sharding#GRADIENTS}) splits the kept gradients over the d replicas
 *       too (Rajbhandari et al., SC'20, section 5.2), and, since each rank keeps only its partition of them,
 *       reduce-scatters them in the backward pass of every one of the m micro-batches, not once after the flush as
 *       stage 1 does: m reduce-scatters and one all-gather, m - 1 reduce-scatters more than stage 1
 *       ({@link MicroStepScatters}, DeepSpeed's {@code stage2.py}). The memory's parts are split in
 *       {@link StateBytes#split}, the exchange after the flush chosen in {@link #gradientS}, the micro-steps' in
 *       {@link #microStepScatters}.</li>
 *   <li><b>FSDP</b> ({@link ParallelLayout#fullySharded()}): weights, gradients and optimizer state over the d
 *       replicas; every micro-batch all-gathers the stage's weights (in the products' precision) before the forward
 *       and again before the backward pass and reduce-scatters its gradients in FP32, overlapped layer by layer with
 *       the compute
 *       ({@link FsdpTerms}), in place of the all-reduce after the flush. The memory adds a gathered layer, its
 *       prefetched successor and one layer's unsharded gradients (Zhao et al., "PyTorch FSDP", VLDB 2023).</li>
 * </ul>
 * <b>Mixture of experts</b> ({@link ExpertCosts}; expert parallelism e, {@link ParallelLayout#expert()}): a MoE
 * layer's attention (and shared expert) are costed as a dense layer's under t; its router and its E / e local experts'
 * grouped GEMMs on the tokens routed to them, balanced, at the linear layers' peak with their wave quantization; the
 * permutation, SwiGLU and expert-weight traffic at the memory efficiency; four exposed all-to-alls per layer and
 * micro-batch from the collective cost model over the expert-parallel group ({@link #expertGroup}: NVLink inside a
 * node, the NICs beyond, at the group's share of them, {@link SharedGroup}); the host launches of the MoE layer's own kernels (dispatcher, router, one GEMM per local
 * expert and pass, {@link ExpertCosts#extraLaunches()}) at the measured {@link KernelLaunch#HOST_S} each, beside the
 * fitted dense layer's. The experts' gradients are all-reduced over the expert-data-parallel group
 * ({@code t c d / e} ranks) beside the dense gradients over the d x c ranks, and their optimizer state split over it.
 * <b>Context parallelism</b> ({@link ParallelLayout#context()}, c ranks): each GPU computes {@code s / c} of every
 * sequence ({@link TransformerCosts}) and stores as much of its activations; the ring's key-value transfers go over
 * NVLink while the t x c ranks fit a node, else over the NICs (Megatron-LM's rank order puts c next to t; at the share
 * of them the node's other rings leave, {@link CrossNodeSenders#contextRing}), and hide
 * behind the attention products ({@link StageTerms}); the d x c ranks of a stage all-reduce (or reduce-scatter and
 * gather) its gradients and split the distributed optimizer's or FSDP's state, as Megatron-LM's data-parallel group
 * with context parallelism does.
 * Every exchange across nodes (the data-parallel, expert-data-parallel, ZeRO and FSDP collectives, the stage
 * boundaries' sends, the tied embedding's all-reduce, the context-parallel ring and the expert all-to-all) is costed
 * by one rule: the exchange's group or pair with the number of its kind a node runs at once, which divide the node's
 * NICs ({@link SharedGroup}, {@link io.stepcast.models.collective.CollectiveCost.Builder#sharedNics}).
 * Under FlashAttention the attention products run at the fused kernel's published share of the device's peak
 * ({@link FlashAttentionRate}), not at the efficiency fitted on Megatron-LM's matrix multiplications.
 * A Llama block and FlashAttention change the per-layer work and memory ({@link TransformerCosts},
 * {@link ActivationMemory}); a Llama's untied output layer sits on the last stage with its own weights, and no
 * embedding all-reduce joins the first and last stages.
 * Immutable.
 */
final class MegatronCostModel {
    /** Optimizer-step memory traffic per parameter (see the class comment). */
    static final int OPTIMIZER_BYTES_PER_PARAMETER = 28;
    /**
     * Bytes per gradient element of FSDP's reduce-scatter: FP32, as torchtitan configures PyTorch FSDP2's mixed
     * precision ({@code mixed_precision_reduce = "float32"}), so that the sum over many replicas keeps its precision.
     */
    static final int FSDP_GRADIENT_BYTES = 4;

    private final LinkCosts links;
    private final DeviceSpec device;
    private final double memoryBytesPerS;
    private final GemmWaves waves;
    /** Host seconds per kernel a MoE layer launches beyond a dense layer's ({@link ExpertCosts#extraLaunches()}). */
    private final double launchS;
    /** The factor on the peak that the fitted efficiency divides ({@link MatmulCarry#scale}); 1 as fitted. */
    private final double matmulScale;

    private MegatronCostModel(LinkCosts links, DeviceSpec device, double memoryBytesPerS, GemmWaves waves,
                              double launchS, double matmulScale) {
        this.links = links;
        this.device = device;
        this.memoryBytesPerS = memoryBytesPerS;
        this.waves = waves;
        this.launchS = launchS;
        this.matmulScale = matmulScale;
    }

    /**
     * The model of a system whose device has a peak FLOPs figure and a memory bandwidth in the catalog; the
     * device's multiprocessors, when catalogued, give the matrix multiplications' wave quantization
     * ({@link GemmWaves}), else every one runs at the fitted efficiency. A layout in a precision whose peak the
     * catalog does not give is refused by {@link #unsupported}.
     */
    static Optional<MegatronCostModel> of(LinkCosts links, DeviceSpec device) {
        return of(links, device, KernelLaunch.HOST_S);
    }

    /**
     * As {@link #of(LinkCosts, DeviceSpec)}, with {@code launchS} host seconds per kernel a MoE layer launches beyond a
     * dense layer's instead of the measured {@link KernelLaunch#HOST_S} (hyper-parameter {@code launch-us}).
     */
    static Optional<MegatronCostModel> of(LinkCosts links, DeviceSpec device, double launchS) {
        return of(links, device, launchS, MatmulCarry.NONE);
    }

    /**
     * As {@link #of(LinkCosts, DeviceSpec, double)}, the fitted matrix-multiplication efficiency carried to the device
     * by {@code carry} ({@link MatmulCarry}).
     */
    static Optional<MegatronCostModel> of(LinkCosts links, DeviceSpec device, double launchS, MatmulCarry carry) {
        double gbs = device.memoryBandwidthGBs().orElse(Double.NaN);
        boolean anyPeak = device.fp16Tflops().isPresent() || device.bf16Tflops().isPresent()
                || device.fp32Tflops().isPresent();
        if (!anyPeak || !(gbs > 0)) {
            return Optional.empty();
        }
        GemmWaves waves = device.multiprocessors().isPresent() ? new GemmWaves(device.multiprocessors().getAsInt())
                : GemmWaves.NONE;
        return Optional.of(new MegatronCostModel(links, device, gbs * 1e9, waves, launchS, carry.scale(device)));
    }

    /** The device's catalogued peak, FLOP/s, for a precision ({@link PeakFlops}), or empty. */
    OptionalDouble peakFlops(Precision precision) {
        return PeakFlops.of(device, precision);
    }

    /** The peak the fitted efficiency divides: the catalog's, times the carry's factor ({@link MatmulCarry}). */
    private double peak(ParallelLayout layout) {
        return peakFlops(layout.precision()).orElseThrow() * matmulScale;
    }

    /**
     * The peak of the products outside the transformer layers' four linear layers (the attention core and the output
     * layer): the layout's, except under FP8, where Transformer Engine runs only the linear layers' GEMMs in FP8 and
     * the attention core and the output layer in BF16 (NVIDIA Transformer Engine documentation, "Using FP8 with
     * Transformer Engine"; Micikevicius et al., "FP8 Formats for Deep Learning", 2022, section 4).
     */
    private double corePeak(ParallelLayout layout) {
        return layout.precision() == Precision.FP8 ? peakFlops(Precision.BF16).orElseThrow() * matmulScale
                : peak(layout);
    }

    /**
     * Seconds at peak of one layer's products, forward plus backward, per GPU, that the fitted efficiency divides: the
     * attention's too unless FlashAttention's published rate times them ({@link #fusedAttentionS}).
     */
    private double layerFlopsS(TransformerCosts c, ParallelLayout layout) {
        ExpertCosts x = new ExpertCosts(c.shape(), layout);
        return (c.linearFlops(waves) + x.expertFlops(waves)) / peak(layout) + x.routerFlops() / corePeak(layout)
                + (fusedRate(layout).isPresent() ? 0 : attentionS(c, layout));
    }

    /**
     * Seconds of one MoE layer's all-to-alls per micro-batch ({@link ExpertCosts#allToAlls}) over the expert-parallel
     * group ({@link #expertGroup}), across nodes at its share of their NICs: every expert-parallel group of the stage
     * exchanges at once ({@link #shared}); 0 for a dense model or one expert-parallel rank.
     */
    private double allToAllS(ExpertCosts x, ParallelLayout layout) {
        return x.allToAlls() * links.allToAll(x.allToAllBytes(), shared(expertGroup(layout.expert(), gpusPerNode()),
                layout));
    }

    /**
     * The e ranks of an expert-parallel group over nodes of {@code g} GPUs: consecutive ranks of a stage
     * (Megatron-Core's expert rank order with expert tensor parallelism 1), inside one node while e fits it, else whole
     * nodes.
     */
    static Placement expertGroup(int e, int g) {
        int perNode = Math.min(e, g);
        return Placement.uniform((e + perNode - 1) / perNode, perNode);
    }

    /**
     * FlashAttention-2's share of the attention's peak on this device ({@link FlashAttentionRate}) when the layout runs
     * the fused kernel, else empty. Under FP8 the attention runs in BF16 (see {@link #corePeak}).
     */
    private OptionalDouble fusedRate(ParallelLayout layout) {
        if (!layout.flashAttention()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(FlashAttentionRate.ofPeak(device, layout.precision() == Precision.FP8
                ? Precision.BF16 : layout.precision()));
    }

    /** Seconds of one layer's fused attention at the kernel's published rate, or 0 when none applies. */
    private double fusedAttentionS(TransformerCosts c, ParallelLayout layout) {
        OptionalDouble rate = fusedRate(layout);
        return rate.isPresent() ? attentionS(c, layout) / rate.getAsDouble() : 0;
    }

    /** Seconds at peak of one layer's attention products, forward plus backward, per GPU. */
    private double attentionS(TransformerCosts c, ParallelLayout layout) {
        return c.attentionFlops() / corePeak(layout);
    }

    /**
     * Seconds of one layer's context-parallel ring transfers, forward plus backward: each step a send and receive of one
     * key-value chunk, over the NICs when the t x c ranks of a ring span nodes, or when t x c does not divide a node's
     * GPUs so that some rings straddle two (the step waits for its slowest hop, and the iteration for its slowest ring),
     * at the share of the node's NICs its other rings' hops across leave it ({@link CrossNodeSenders#contextRing}).
     * 0 without context parallelism.
     */
    private double contextRingS(TransformerCosts c, ParallelLayout layout) {
        if (layout.context() == 1) {
            return 0;
        }
        int senders = CrossNodeSenders.contextRing(layout.tensor(), layout.context(), gpusPerNode(), layout.gpus());
        return c.contextRingSteps() * links.sendRecv(c.contextChunkBytes(), pair(senders > 0, senders));
    }

    /** GPUs per node of the system. */
    int gpusPerNode() {
        return links.system().devicesPerNode();
    }

    /**
     * Why the layout cannot run on the system, or empty ({@link #refusal}, in the fields' keys).
     */
    Optional<String> unsupported(TransformerShape shape, ParallelLayout layout) {
        return refusal(shape, layout).map(Prediction.NotApplicable::reason);
    }

    /**
     * Why the layout cannot run on the system, or empty: t must divide a node's GPUs (TP stays inside a
     * node), the model must split over the layout ({@link TransformerShape#splitRefusal}: heads and key-value heads
     * over t, at least a layer per stage, experts over e), a layout over several nodes needs the
     * catalog's NIC figures, and v virtual stages need a split of the layers into p x v chunks that Megatron-LM
     * makes ({@link ChunkSplit}: even, or with the embedding and the loss counted as layers). A refusal of one of
     * the layout's values carries its field ({@link Prediction#notApplicable(InvalidField)}), so that each front end
     * names it as its own.
     */
    Optional<Prediction.NotApplicable> refusal(TransformerShape shape, ParallelLayout layout) {
        int g = gpusPerNode();
        if (layout.tensor() > g || g % layout.tensor() != 0) {
            return field(new InvalidField("tensor_parallel", layout.tensor() + " must divide the " + g
                    + " GPUs of a " + links.system().name() + " node"));
        }
        Optional<InvalidField> split = shape.splitRefusal(layout);
        if (split.isPresent()) {
            return field(split.get());
        }
        if (layout.gpus() > g && !links.hasInterNode()) {
            return plain("the catalog has no NIC figures for " + links.system().name()
                    + ", so a layout over several nodes cannot be costed (a stated bandwidth alone lacks the NIC's "
                    + "latency: name the network as catalogued parts, e.g. " + links.system().name()
                    + "+nic=ib-hdr+nics=8; stepcast hardware list shows the NICs)");
        }
        if (layout.context() > 1 && shape.sequence() % (2 * layout.context()) != 0) {
            return field(new InvalidField("context_parallel", names -> ": the sequence of " + shape.sequence()
                    + " tokens does not split into 2 x " + names.mention("context_parallel") + " = "
                    + 2 * layout.context() + " chunks (Megatron-LM's load-balanced causal split)"));
        }
        if (layout.precision() == Precision.FP8 && peakFlops(Precision.BF16).isEmpty()) {
            return plain("fp8 runs the attention core and the output layer in bf16, and the catalog has no bf16 "
                    + "peak FLOPs for " + device.name());
        }
        if (peakFlops(layout.precision()).isEmpty()) {
            return plain("the catalog has no " + layout.precision().label() + " peak FLOPs for " + device.name()
                    + " (it states " + PeakFlops.stated(device) + ")");
        }
        Optional<Prediction.NotApplicable> experts = expertRefusal(shape, layout);
        if (experts.isPresent()) {
            return experts;
        }
        // Megatron-LM's split of the layers into p x v chunks: even, or with the embedding and the loss counted as
        // layers (ChunkSplit); it refuses any other.
        if (ChunkSplit.of(shape.layers(), layout.pipeline(), layout.virtualStages()).isEmpty()) {
            return field(ChunkSplit.refusal(shape.layers(), layout.pipeline(), layout.virtualStages()));
        }
        return Optional.empty();
    }

    private static Optional<Prediction.NotApplicable> field(InvalidField f) {
        return Optional.of((Prediction.NotApplicable) Prediction.notApplicable(f));
    }

    private static Optional<Prediction.NotApplicable> plain(String reason) {
        return Optional.of(new Prediction.NotApplicable(reason));
    }

    /**
     * Why a layout's expert parallelism cannot be costed once the experts split over the e ranks
     * ({@link TransformerShape#splitRefusal}), or empty: leading dense layers (their stages' different work) and FSDP
     * of the experts are not modelled. An
     * overlap of the expert all-to-alls or a capacity factor stated for a dense model is refused as {@code plan-llm}
     * refuses it: a row that says so describes another run than the one it would be answered as.
     */
    private static Optional<Prediction.NotApplicable> expertRefusal(TransformerShape shape, ParallelLayout layout) {
        if (!shape.moe()) {
            // More than one expert rank on a dense model is refused with the split (TransformerShape.splitRefusal).
            if (layout.expertCapacityFactor().isPresent()) {
                return field(new InvalidField("expert_capacity_factor", layout.expertCapacityFactor()
                        .getAsDouble() + " needs a mixture-of-experts model, and this one is dense: it has no experts "
                        + "to drop tokens at"));
            }
            return layout.expertOverlap() ? field(new InvalidField("expert_overlap", "true needs a "
                    + "mixture-of-experts model, and this one is dense: it has no expert all-to-all to overlap"))
                    : Optional.empty();
        }
        if (shape.experts().orElseThrow().firstDenseLayers() > 0) {
            return plain("leading dense layers of a mixture-of-experts model are not costed stage by stage");
        }
        if (layout.fullySharded()) {
            return field(new InvalidField("fsdp", ": FSDP of a mixture-of-experts model is not modelled (the "
                    + "distributed optimizer is)"));
        }
        return Optional.empty();
    }

    /**
     * The efficiency-independent terms of the job (check {@link #unsupported} first), with the layout's
     * recomputation ({@link TransformerCosts}), virtual stages and precision.
     */
    JobTerms terms(TransformerShape shape, ParallelLayout layout) {
        int t = layout.tensor();
        int p = layout.pipeline();
        int v = layout.virtualStages();
        int g = gpusPerNode();
        double logitPeak = corePeak(layout);
        TransformerCosts c = TransformerCosts.of(shape, layout);
        double act = c.activationBytes();
        Placement tpGroup = Placement.singleNode(t);
        double perLayerTp = c.tensorCollectivesPerLayer() * links.allReduce(act, tpGroup);
        double layerFlops = layerFlopsS(c, layout);
        ExpertCosts x = new ExpertCosts(shape, layout);
        double layerBytes = (c.layerBytes() + c.layerGemmBytes() + x.bytes()) / memoryBytesPerS;
        double a2a = allToAllS(x, layout);
        double synced = x.syncedShare();
        double launches = x.extraLaunches() * launchS;
        int unfused = c.fusedSoftmax() ? 0 : 1;
        boolean tpMeasured = links.measured(tpGroup);
        double ring = contextRingS(c, layout);
        double attention = attentionS(c, layout);
        double fused = fusedAttentionS(c, layout);
        int firstLayers = StagePartition.layers(shape.layers(), p, 0);
        StageTerms first = new StageTerms(firstLayers, firstLayers * layerFlops,
                firstLayers * layerBytes + c.embeddingBytes() / memoryBytesPerS,
                firstLayers * perLayerTp + links.allReduce(act, tpGroup), tpMeasured, 1, unfused * firstLayers,
                firstLayers * ring, firstLayers * attention, firstLayers * fused, firstLayers * a2a, synced,
                layout.expertOverlap(), firstLayers * launches);
        int lastLayers = StagePartition.layers(shape.layers(), p, p - 1);
        StageTerms last = p == 1
                ? new StageTerms(lastLayers, first.flopsS() + c.logitFlops(waves) / logitPeak, first.bytesS(),
                        first.tensorS(), tpMeasured, 2, first.unfusedLayers(), first.contextS(), first.attentionS(),
                        first.fusedS(), first.expertS(), synced, layout.expertOverlap(), first.expertHostS())
                : new StageTerms(lastLayers, lastLayers * layerFlops + c.logitFlops(waves) / logitPeak,
                        lastLayers * layerBytes, lastLayers * perLayerTp, tpMeasured, 1, unfused * lastLayers,
                        lastLayers * ring, lastLayers * attention, lastLayers * fused, lastLayers * a2a, synced,
                        layout.expertOverlap(), lastLayers * launches);
        // A middle stage, which holds ceil(L / p) layers when p does not divide L (StagePartition); when p divides L
        // it holds the first stage's layers without the embedding, so it is never the slowest and is not costed.
        boolean unevenMiddle = p > 2 && shape.layers() % p != 0;
        int middleLayers = unevenMiddle ? StagePartition.most(shape.layers(), p) : 0;
        StageTerms middle = unevenMiddle ? new StageTerms(middleLayers, middleLayers * layerFlops, middleLayers * layerBytes,
                middleLayers * perLayerTp, tpMeasured, 0, unfused * middleLayers, middleLayers * ring,
                middleLayers * attention, middleLayers * fused, middleLayers * a2a, synced, layout.expertOverlap(),
                middleLayers * launches)
                : first;
        boolean multiNode = layout.gpus() > g;
        double p2p = p == 1 ? 0 : 2 * boundary(c, layout, multiNode);
        // The most parameters a stage all-reduces and updates: the first's, a middle stage's or the last's.
        double stageParameters = Math.max(Math.max(stageParameters(c, firstLayers, 0, p),
                stageParameters(c, lastLayers, p - 1, p)), middleLayers * c.layerParameters());
        SharedGroup dataGroup = shared(dataGroup(t, layout.gradientGroup(), g), layout);
        int m = layout.microBatches();
        FsdpTerms fsdp = layout.fullySharded() ? fsdp(c, stageParameters, Math.max(firstLayers, middleLayers),
                dataGroup, layout) : FsdpTerms.NONE;
        double expertParameters = Math.max(Math.max(firstLayers, lastLayers), middleLayers) * x.parameters();
        double data = gradientS(stageParameters, dataGroup, layout) + expertGradientS(expertParameters, layout);
        MicroStepScatters scatters = microStepScatters(stageParameters, expertParameters, dataGroup, layout);
        double embedding = tiedEmbeddingAllReduce(c, layout);
        double optimizer = OPTIMIZER_BYTES_PER_PARAMETER * (stageParameters / optimizerShards(layout)
                + expertParameters / expertOptimizerShards(layout)) / memoryBytesPerS;
        double slots = v == 1 ? m + p - 1 : m + (p - 1) / (double) v;
        return new JobTerms(slots, (double) v * m + p - 1, first, middle, last, p2p, data, embedding, optimizer, fsdp,
                scatters, P2pOverlap.of(layout, forwardFraction(layout)));
    }

    /**
     * A fully sharded stage's gathers and reduce-scatters ({@link FsdpTerms}): the stage's weights gathered in the
     * precision of the products, its gradients reduce-scattered in FP32 ({@link #FSDP_GRADIENT_BYTES}).
     */
    private FsdpTerms fsdp(TransformerCosts c, double stageParameters, int layers, SharedGroup dataGroup,
                           ParallelLayout layout) {
        double gather = links.allGather(gatheredBytes(layout) * stageParameters, dataGroup);
        double scatter = links.reduceScatter(FSDP_GRADIENT_BYTES * stageParameters, dataGroup);
        double forwardFraction = forwardFraction(layout);
        return new FsdpTerms(gather, scatter, Math.max(1, layers), forwardFraction, layout.microBatches());
    }

    /**
     * Bytes per gathered FSDP weight: the precision the products run in, half precision except in FP32 and TF32, whose
     * weights stay FP32.
     */
    private static int gatheredBytes(ParallelLayout layout) {
        return layout.precision().storedBytes();
    }

    /**
     * Parameters stage {@code i} of {@code p} holds on one GPU: its layers; the first stage the word (and position)
     * embedding; the last stage the output layer's own weights (a Llama's), or, when it is not the first, its copy of
     * the tied word embedding (Megatron-LM keeps one there).
     */
    static double stageParameters(TransformerCosts c, int layers, int i, int p) {
        double parameters = layers * c.layerParameters();
        if (i == 0) {
            parameters += c.embeddingParameters() + c.positionParameters();
        }
        if (i == p - 1 && (c.untiedOutput() || p > 1)) {
            parameters += c.embeddingParameters();
        }
        return parameters;
    }

    /**
     * The all-reduce of the tied word embedding's gradients between the first and the last stage, when they differ:
     * across nodes when the job spans several, every rank of the first stage on a node with its peer at once
     * ({@link CrossNodeSenders#tiedEmbedding}), each at that share of the node's NICs.
     */
    private double tiedEmbeddingAllReduce(TransformerCosts c, ParallelLayout layout) {
        int p = layout.pipeline();
        if (p == 1 || c.untiedOutput()) {
            return 0;
        }
        int g = gpusPerNode();
        int senders = CrossNodeSenders.tiedEmbedding(layout.tensor() * layout.context() * layout.data(), g);
        return links.allReduce(TransformerCosts.HALF * c.embeddingParameters(), pair(layout.gpus() > g, senders));
    }

    /**
     * The terms stage by stage for {@link PipelineSimulation} (check {@link #unsupported} first): stage i holds
     * its layers as {@link StagePartition} splits them; the first stage adds the embedding (and its
     * tensor-parallel all-reduce), the last the output layer; each stage all-reduces its own parameters over
     * its data-parallel group (the first the word and position embeddings, the last the output layer's weights,
     * its own or the tied embedding's copy), or, under FSDP, gathers and reduce-scatters them every micro-batch
     * ({@link FsdpTerms}); a boundary's messages cross a NIC when Megatron-LM's rank order (t fastest, then
     * d, then p) puts its two stages on different nodes. Under the interleaved schedule the terms are per model
     * chunk as Megatron-LM splits the layers ({@link ChunkSplit}), in the order of the virtual stages: chunk c of
     * stage i is virtual stage c p + i, the embedding on the first, the output layer on the last, and the boundary
     * from the last stage's chunk c to the first stage's chunk c + 1 crosses a NIC when those stages' nodes differ;
     * each stage all-reduces and updates the parameters of all its chunks.
     */
    PipelineTerms pipeline(TransformerShape shape, ParallelLayout layout) {
        int t = layout.tensor();
        int p = layout.pipeline();
        int d = layout.data();
        int g = gpusPerNode();
        double logitPeak = corePeak(layout);
        Recompute recompute = layout.recompute();
        TransformerCosts c = TransformerCosts.of(shape, layout);
        double layerFlops = layerFlopsS(c, layout);
        ExpertCosts x = new ExpertCosts(shape, layout);
        double a2a = allToAllS(x, layout);
        double synced = x.syncedShare();
        double launches = x.extraLaunches() * launchS;
        double act = c.activationBytes();
        Placement tpGroup = Placement.singleNode(t);
        double perLayerTp = c.tensorCollectivesPerLayer() * links.allReduce(act, tpGroup);
        boolean tpMeasured = links.measured(tpGroup);
        double ring = contextRingS(c, layout);
        double attention = attentionS(c, layout);
        double fused = fusedAttentionS(c, layout);
        SharedGroup dataGroup = shared(dataGroup(t, layout.gradientGroup(), g), layout);
        int v = layout.virtualStages();
        int n = p * v;
        ChunkSplit split = ChunkSplit.of(shape.layers(), p, v).orElseThrow(() -> new IllegalArgumentException(
                ChunkSplit.refusal(shape.layers(), p, v)));
        List<StageTerms> stages = new ArrayList<>(n);
        double[] data = new double[p];
        double[] optimizer = new double[p];
        List<MicroStepScatters> scatters = new ArrayList<>(p);
        List<FsdpTerms> fsdp = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            int i = j % p;
            int layers = split.layers(i, j / p);
            double flops = layers * layerFlops;
            double bytes = layers * (c.layerBytes() + c.layerGemmBytes() + x.bytes()) / memoryBytesPerS;
            double tensor = layers * perLayerTp;
            // The chunk's own parameters: the embedding on the first virtual stage, the output layer on the last.
            double parameters = layers * c.layerParameters();
            if (j == 0) {
                bytes += c.embeddingBytes() / memoryBytesPerS;
                tensor += links.allReduce(act, tpGroup);
                parameters += c.embeddingParameters() + c.positionParameters();
            }
            if (j == n - 1) {
                flops += c.logitFlops(waves) / logitPeak;
                if (c.untiedOutput() || p > 1) {
                    parameters += c.embeddingParameters();
                }
            }
            int ends = (j == 0 ? 1 : 0) + (j == n - 1 ? 1 : 0);
            stages.add(new StageTerms(layers, flops, bytes, tensor, tpMeasured, ends, c.fusedSoftmax() ? 0 : layers,
                    layers * ring, layers * attention, layers * fused, layers * a2a, synced, layout.expertOverlap(),
                    layers * launches));
            fsdp.add(layout.fullySharded() ? fsdp(c, parameters, layers, dataGroup, layout) : FsdpTerms.NONE);
        }
        for (int i = 0; i < p; i++) {
            double parameters = stageParameters(c, split.stageLayers(i), i, p);
            double expertParameters = split.stageLayers(i) * x.parameters();
            data[i] = gradientS(parameters, dataGroup, layout) + expertGradientS(expertParameters, layout);
            scatters.add(microStepScatters(parameters, expertParameters, dataGroup, layout));
            optimizer[i] = OPTIMIZER_BYTES_PER_PARAMETER * (parameters / optimizerShards(layout)
                    + expertParameters / expertOptimizerShards(layout)) / memoryBytesPerS;
        }
        double[] send = new double[n - 1];
        int stageRanks = t * layout.context() * d;
        for (int j = 0; j + 1 < n; j++) {
            // Stage i's ranks on node i x stageRanks / g; the wrap from the last stage to the first crosses back.
            long from = (long) (j % p) * stageRanks / g;
            long to = (long) ((j + 1) % p) * stageRanks / g;
            send[j] = boundary(c, layout, from != to);
        }
        double embedding = tiedEmbeddingAllReduce(c, layout);
        return new PipelineTerms(stages, forwardFraction(layout), send, data, embedding, optimizer,
                layout.microBatches(), fsdp, v, scatters, P2pOverlap.overlapped(layout));
    }

    /**
     * The forward pass's share of a stage's work: 1/3 (the backward pass has twice the forward's FLOPs; Narayanan et al.,
     * SC'21, appendix), 1/4 with full recomputation, which runs the forward pass again in the backward.
     */
    private static double forwardFraction(ParallelLayout layout) {
        return layout.recompute() == Recompute.FULL ? 0.25 : 1.0 / 3;
    }

    /**
     * One activation (or its gradient) across a stage boundary: 1/t of it sent by each of the t ranks, over a NIC when
     * {@code crossNode}, at the share of the node's NICs its other senders at once leave it (the stage's replicas
     * send in the same slot; {@link CrossNodeSenders#stageBoundary}), then all-gathered over the t ranks of the
     * receiving node unless sequence parallelism keeps it split (see the class comment).
     */
    private double boundary(TransformerCosts c, ParallelLayout layout, boolean crossNode) {
        int t = layout.tensor();
        double act = c.activationBytes();
        double gather = layout.sequenceParallel() ? 0 : links.allGather(act, Placement.singleNode(t));
        int senders = CrossNodeSenders.stageBoundary(t * layout.context() * layout.data(), gpusPerNode());
        return links.sendRecv(act / t, pair(crossNode, senders)) + gather;
    }

    /**
     * A point-to-point pair over NVLink or, {@code crossNode}, one of {@code senders} of a node's ranks sending across at
     * once, each on its own share of the node's NICs ({@link CrossNodeSenders#sharing}).
     */
    private SharedGroup pair(boolean crossNode, int senders) {
        return SharedGroup.pair(crossNode, CrossNodeSenders.sharing(senders, gpusPerNode(),
                links.system().nicsPerNode()));
    }

    /**
     * The d ranks of one stage's data-parallel group (d x c with context parallelism) over nodes of {@code g} GPUs,
     * Megatron-LM's rank order: every t-th rank.
     */
    static Placement dataGroup(int t, int d, int g) {
        int perNode = Math.max(1, Math.min(d, g / t));
        return Placement.uniform((d + perNode - 1) / perNode, perNode);
    }

    /**
     * Bytes per GPU of the busiest stage (usually the first, which holds the embedding and the most micro-batches in
     * flight; the layers as {@link StagePartition} splits them, the last stage with its copy of the word embedding): model
     * state at Megatron-LM's bytes per parameter of the precision ({@link StateBytes}: the optimizer's part over d
     * under the distributed optimizer, all of it under FSDP), and the activations of its layers
     * ({@link ActivationMemory}) for min(p, m) micro-batches in flight under 1F1B (Narayanan et al., SC'21, section
     * 2.2.1), times {@code 1 + (p - 1) / (p v)} under the interleaved schedule with v virtual stages (Korthikanti et
     * al., "Reducing Activation Recomputation in Large Transformer Models", MLSys 2023, section 4.3).
     */
    static Memory memory(TransformerShape shape, ParallelLayout layout) {
        int p = layout.pipeline();
        TransformerCosts c = TransformerCosts.of(shape, layout);
        double perLayer = ActivationMemory.perLayer(shape, layout);
        double interleaving = layout.virtualStages() == 1 ? 1 : 1 + (p - 1.0) / (p * layout.virtualStages());
        StateBytes state = StateBytes.of(layout);
        // Each part of the state split as the sharding splits it: the dense parameters' over the d x c ranks that
        // average their gradients, the experts' over the expert-data-parallel group (FSDP of experts is refused).
        StateBytes dense = state.split(layout.sharding(), layout.gradientGroup());
        StateBytes expert = state.split(layout.sharding(), layout.expertDataGroup());
        // FSDP holds one unit gathered, the next prefetched, and one unit's unsharded gradients before its
        // reduce-scatter (Zhao et al., VLDB 2023, section 3.3); the largest unit is a layer or the embedding.
        double unit = Math.max(c.layerParameters(), c.embeddingParameters());
        double gathered = layout.fullySharded() ? 2 * gatheredBytes(layout) * unit : 0;
        double unsharded = layout.fullySharded() ? FSDP_GRADIENT_BYTES * unit : 0;
        ExpertCosts x = new ExpertCosts(shape, layout);
        Memory busiest = null;
        for (int i = 0; i < p; i++) {
            int layers = StagePartition.layers(shape.layers(), p, i);
            double denseParameters = stageParameters(c, layers, i, p);
            double experts = layers * x.parameters();
            double parameters = denseParameters + experts;
            // Under 1F1B stage i holds p - i micro-batches in flight (Narayanan et al., SC'21, section 2.2.1).
            double activations = layers * perLayer * Math.min(p - i, layout.microBatches()) * interleaving;
            Memory stage = new Memory(parameters,
                    denseParameters * dense.weights() + experts * expert.weights() + gathered,
                    denseParameters * dense.gradients() + experts * expert.gradients() + unsharded,
                    denseParameters * dense.optimizer() + experts * expert.optimizer(), activations);
            if (busiest == null || stage.total() > busiest.total()) {
                busiest = stage;
            }
        }
        return busiest;
    }

    /**
     * The data-parallel exchange of a stage's gradients after the pipeline flush, 2 bytes per parameter over its
     * data-parallel group, per sharding: an all-reduce without sharding; under ZeRO stages 1 and 2 a reduce-scatter of
     * the gradients and an all-gather of the updated weights, the all-reduce's bytes over the same links (Rajbhandari
     * et al., "ZeRO", SC'20, section 7.2.1), so costed as one; none under FSDP, whose gathers and reduce-scatters run
     * every micro-batch ({@link FsdpTerms}). Under ZeRO stage 2 this is the last micro-batch's reduce-scatter and the
     * all-gather after the step; the other micro-batches' reduce-scatters are {@link #microStepScatters}.
     */
    private double gradientS(double parameters, SharedGroup dataGroup, ParallelLayout layout) {
        return layout.sharding().splitsWeights() ? 0 : links.allReduce(TransformerCosts.HALF * parameters, dataGroup);
    }

    /**
     * ZeRO stage 2's reduce-scatters in the backward pass of every micro-batch ({@link MicroStepScatters}): a stage's
     * half-precision gradients over its data-parallel group, its experts' over the expert-data-parallel group; none
     * under the other shardings (stage 1 and Megatron-LM's distributed optimizer reduce once, after the flush).
     */
    private MicroStepScatters microStepScatters(double parameters, double expertParameters, SharedGroup dataGroup,
                                                ParallelLayout layout) {
        if (layout.sharding() != Sharding.GRADIENTS || layout.microBatches() == 1) {
            return MicroStepScatters.NONE;
        }
        double experts = expertParameters == 0 ? 0 : links.reduceScatter(TransformerCosts.HALF * expertParameters,
                shared(dataGroup(layout.expert(), layout.expertDataGroup(), gpusPerNode()), layout));
        return new MicroStepScatters(links.reduceScatter(TransformerCosts.HALF * parameters, dataGroup) + experts,
                layout.microBatches());
    }

    /**
     * Over how many ranks a stage's optimizer state and step are split: the d replicas (d x c with context
     * parallelism) under the distributed optimizer, ZeRO stage 2 and FSDP (each updates its share of the FP32 state;
     * Rajbhandari et al., SC'20, section 5.1), else 1.
     */
    private static int optimizerShards(ParallelLayout layout) {
        return layout.sharding().splitsOptimizer() ? layout.gradientGroup() : 1;
    }

    /**
     * Over how many ranks the experts' optimizer state is split: the expert-data-parallel group (the stage's
     * {@code t c d / e} ranks holding the same experts; Megatron-Core's distributed optimizer shards expert parameters
     * over it) under the distributed optimizer, else 1.
     */
    private static int expertOptimizerShards(ParallelLayout layout) {
        return layout.distributedOptimizer() ? layout.expertDataGroup() : 1;
    }

    /**
     * The all-reduce (or reduce-scatter and all-gather, the same bytes) of a stage's expert gradients, 2 bytes per
     * parameter, over the expert-data-parallel group: its ranks e apart in the stage's rank order, so spread over nodes
     * as a data-parallel group of stride e is ({@link #dataGroup}); 0 when each expert has one rank.
     */
    private double expertGradientS(double expertParameters, ParallelLayout layout) {
        if (expertParameters == 0) {
            return 0;
        }
        return links.allReduce(TransformerCosts.HALF * expertParameters,
                shared(dataGroup(layout.expert(), layout.expertDataGroup(), gpusPerNode()), layout));
    }

    /**
     * A data-parallel (or expert-data-parallel) group with the groups of its kind that share its nodes' NICs at the
     * same time ({@link SharedGroup}): every rank of the job runs one, so a node's ranks in the job over the group's
     * ranks per node.
     */
    private SharedGroup shared(Placement group, ParallelLayout layout) {
        return SharedGroup.of(group, gpusPerNode(), layout.gpus());
    }

    /**
     * Memory of one GPU, bytes.
     *
     * @param parameters  parameters held (a count, not bytes)
     * @param weights     half-precision weights
     * @param gradients   half-precision gradients
     * @param optimizer   FP32 master weights, momentum and variance
     * @param activations stored activations
     */
    record Memory(double parameters, double weights, double gradients, double optimizer, double activations) {
        /** All bytes. */
        double total() {
            return weights + gradients + optimizer + activations;
        }
    }
}
