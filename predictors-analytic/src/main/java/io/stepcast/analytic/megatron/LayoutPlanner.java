package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Recompute;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.api.zoo.Experts;
import io.stepcast.api.zoo.TransformerShape;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * Every valid Megatron-LM layout of a GPT on a cluster, ranked by the iteration time {@link MegatronCostModel}
 * predicts with given {@link Efficiency} constants: tensor parallelism t dividing a node's GPUs and the heads,
 * pipeline stages p dividing the remaining GPUs (at most the layers), data parallelism d = GPUs / (t p)
 * dividing the global batch, and every micro-batch b dividing the global batch per replica, each run with the
 * {@link PlanOptions}. Each plan carries its peak memory per GPU ({@link MegatronCostModel#memory}), its achieved
 * model TFLOP/s per GPU and its model FLOPs utilisation ({@link ModelFlops} over {@link PeakFlops}); a plan that
 * does not fit the device memory is kept, marked and ranked after every plan that fits. Immutable and thread-safe.
 */
public final class LayoutPlanner {
    private final MegatronCostModel model;
    private final DeviceSpec device;
    private final Efficiency efficiency;
    private final boolean overlapData;
    private final PlanOptions options;

    private LayoutPlanner(MegatronCostModel model, DeviceSpec device, Efficiency efficiency, boolean overlapData,
                          PlanOptions options) {
        this.options = options;
        this.model = model;
        this.device = device;
        this.efficiency = efficiency;
        this.overlapData = overlapData;
    }

    /**
     * A planner for a catalogued system.
     *
     * @param recompute full activation recomputation (less memory, a fourth forward pass)
     * @throws NoSuchElementException   naming the closest systems when the label is not a system
     * @throws IllegalArgumentException when the catalog lacks a figure the model needs
     */
    public static LayoutPlanner of(HardwareCatalog catalog, String system, Efficiency efficiency, boolean overlapData,
                                   boolean recompute) {
        return of(catalog, system, efficiency, overlapData,
                PlanOptions.builder().recompute(recompute ? Recompute.FULL : Recompute.NONE).build(), StatedLinks.NONE);
    }

    /**
     * A planner for a catalogued system whose link bandwidths are, where {@code stated} gives them, the user's rather
     * than the catalog's (the latencies stay the catalogued links').
     */
    static LayoutPlanner of(HardwareCatalog catalog, String system, Efficiency efficiency, boolean overlapData,
                            PlanOptions options, StatedLinks stated) {
        return of(catalog, system, efficiency, overlapData, options, stated, MatmulCarry.NONE);
    }

    /** As {@link #of(HardwareCatalog, String, Efficiency, boolean, PlanOptions, StatedLinks)}, carried by {@code carry}. */
    static LayoutPlanner of(HardwareCatalog catalog, String system, Efficiency efficiency, boolean overlapData,
                            PlanOptions options, StatedLinks stated, MatmulCarry carry) {
        SystemSpec s = catalog.system(system).orElseThrow(() -> new NoSuchElementException(
                NotASystem.message(catalog, system)));
        DeviceSpec d = catalog.device(system).orElseThrow(() -> new IllegalArgumentException("the catalog has no device "
                + s.device() + " for " + s.name()));
        MegatronCostModel m = LinkCosts.of(catalog, s, stated)
                .flatMap(l -> MegatronCostModel.of(l, d, KernelLaunch.HOST_S, carry))
                .orElseThrow(() -> new IllegalArgumentException(MissingFigures.message(catalog, s)));
        if (m.peakFlops(options.precision()).isEmpty()) {
            throw new IllegalArgumentException("the catalog has no " + options.precision().label() + " peak FLOPs for "
                    + d.name() + " (it states " + PeakFlops.stated(d) + ")");
        }
        return new LayoutPlanner(m, d, efficiency, overlapData, options);
    }

    /**
     * Every valid layout of {@code shape} on {@code gpus} GPUs with {@code globalBatch} (over the context-parallel
     * ranks {@link PlanOptions#contexts} gives): those that fit the device
     * memory fastest first, then those that do not, fastest first.
     */
    public List<LayoutPlan> plan(TransformerShape shape, int gpus, long globalBatch) {
        return planned(shape, gpus, globalBatch).layouts();
    }

    /**
     * The valid layouts, ranked as {@link #plan} ranks them, and why the cost model refused every other candidate
     * that the divisibility rules let through.
     */
    Planned planned(TransformerShape shape, int gpus, long globalBatch) {
        if (gpus < 1 || globalBatch < 1) {
            throw new IllegalArgumentException("GPUs and global batch must be positive, were " + gpus + " and " + globalBatch);
        }
        double capacity = memoryCapacityBytes();
        double modelFlops = ModelFlops.perIteration(shape, globalBatch, options.flashAttention());
        double peak = model.peakFlops(options.precision()).orElseThrow();
        List<LayoutPlan> out = new ArrayList<>();
        Map<String, Integer> refused = new HashMap<>();
        for (int c : options.contexts(gpus, shape.sequence())) {
            plan(shape, gpus, globalBatch, c, out, refused, capacity, modelFlops, peak);
        }
        out.sort(Comparator.comparing((LayoutPlan p) -> !p.fits()).thenComparingDouble(LayoutPlan::seconds));
        return new Planned(out, new Refusals(refused));
    }

    /** Adds the valid layouts with {@code c} context-parallel ranks to {@code out}, the reasons of the others. */
    private void plan(TransformerShape shape, int gpus, long globalBatch, int c, List<LayoutPlan> out,
                      Map<String, Integer> refused, double capacity, double modelFlops, double peak) {
        // The GPUs left once the context-parallel ranks are set aside: t x p x d of them.
        int left = gpus / c;
        for (int t = 1; t <= Math.min(left, model.gpusPerNode()); t++) {
            if (left % t != 0) {
                continue;
            }
            for (int p = 1; p <= left / t; p++) {
                int d = left / (t * p);
                if ((left / t) % p != 0 || globalBatch % d != 0) {
                    continue;
                }
                long perReplica = globalBatch / d;
                for (int b = 1; b <= perReplica; b++) {
                    if (perReplica % b != 0) {
                        continue;
                    }
                    int experts = shape.experts().map(Experts::count).orElse(0);
                    List<Integer> eps = options.experts(t * c * d, experts);
                    if (eps.isEmpty()) {
                        refused.merge("expert_parallel " + options.expert() + " does not divide the tensor x context x "
                                + "data ranks of a stage", 1, Integer::sum);
                    }
                    for (int e : eps) {
                        ParallelLayout layout = options.layout(t, c, p, d, b, Math.toIntExact(perReplica / b),
                                shape.layers(), e);
                        Optional<String> why = model.unsupported(shape, layout);
                        if (why.isPresent()) {
                            refused.merge(why.get(), 1, Integer::sum);
                            continue;
                        }
                        JobTerms.Breakdown br = model.terms(shape, layout).breakdown(efficiency, overlapData);
                        MegatronCostModel.Memory mem = MegatronCostModel.memory(shape, layout);
                        double state = mem.weights() + mem.gradients() + mem.optimizer();
                        double tflops = modelFlops / br.total() / gpus;
                        out.add(new LayoutPlan(layout, br.total(), br.pipelineS(), br.p2pS(), br.dataS(),
                                br.optimizerS(), state, mem.activations(), state + mem.activations() <= capacity,
                                tflops / 1e12, tflops / peak));
                    }
                }
            }
        }
    }

    /**
     * What {@link #planned} returns.
     *
     * @param layouts the valid layouts, those that fit first, each part fastest first
     * @param refused why the other candidates were refused
     */
    record Planned(List<LayoutPlan> layouts, Refusals refused) {
        Planned {
            layouts = List.copyOf(layouts);
        }
    }

    /** The options every layout runs with. */
    public PlanOptions options() {
        return options;
    }

    /** The device the plans run on (its memory, its peak FLOPs and their source). */
    public DeviceSpec device() {
        return device;
    }

    /** The peak FLOP/s the MFU is measured against: the device's for the options' precision ({@link PeakFlops}). */
    public double peakFlops() {
        return model.peakFlops(options.precision()).orElseThrow();
    }

    /**
     * The device memory the plans are checked against, bytes ({@link DeviceSpec#memoryBytes}: the datasheet's GB are
     * GiB; infinite when the catalog does not state it).
     */
    public double memoryCapacityBytes() {
        return device.memoryBytes().orElse(Double.POSITIVE_INFINITY);
    }
}
