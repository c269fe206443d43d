package io.stepcast.analytic.megatron;

import io.stepcast.api.BoundedCache;
import io.stepcast.api.Config;
import io.stepcast.api.InvalidField;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Prediction;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.api.zoo.ModelInfo;
import io.stepcast.api.zoo.TransformerShape;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Resolves a {@link Config} to the {@link JobTerms} or {@link PipelineTerms} of {@link MegatronCostModel}: the model's
 * {@link TransformerShape} from the zoo, the system from the hardware catalog, the layout from the deployment
 * (a plain data-parallel job of one GPU per worker is t = p = 1, d = workers, one micro-batch of the local
 * batch). Caches the cost model per hardware label and stated bandwidths; thread-safe.
 */
final class MegatronJobs {
    /** Cost models kept at most; beyond, a configuration's model is built on each call. */
    static final int MAX_CACHED = 1_024;

    private final ModelCatalog zoo;
    private final HardwareCatalog hardware;
    private final double launchS;
    private final MatmulCarry carry;
    private final BoundedCache<String, Optional<MegatronCostModel>> models = new BoundedCache<>(MAX_CACHED);

    /** Resolves configurations with the measured host cost per MoE kernel launch ({@link KernelLaunch#HOST_S}). */
    MegatronJobs(ModelCatalog zoo, HardwareCatalog hardware) {
        this(zoo, hardware, KernelLaunch.HOST_S);
    }

    /** Resolves configurations with {@code launchS} host seconds per MoE kernel launch (hyper-parameter launch-us). */
    MegatronJobs(ModelCatalog zoo, HardwareCatalog hardware, double launchS) {
        this(zoo, hardware, launchS, MatmulCarry.NONE);
    }

    /** As {@link #MegatronJobs(ModelCatalog, HardwareCatalog, double)}, the efficiency carried by {@code carry}. */
    MegatronJobs(ModelCatalog zoo, HardwareCatalog hardware, double launchS, MatmulCarry carry) {
        this.zoo = zoo;
        this.hardware = hardware;
        this.launchS = launchS;
        this.carry = carry;
    }

    /** How the fitted efficiency carries between GPUs. */
    MatmulCarry carry() {
        return carry;
    }

    /** These jobs with the fitted efficiency carried by {@code to}. */
    MegatronJobs carried(MatmulCarry to) {
        return new MegatronJobs(zoo, hardware, launchS, to);
    }

    /** The catalogued device of a configuration's hardware label, when there is one. */
    Optional<DeviceSpec> device(Config config) {
        return hardware.device(config.deployment().hardware());
    }

    /** True when the zoo knows the configuration's model as a transformer, the only models costed here. */
    boolean transformer(Config config) {
        return zoo.find(config.model()).flatMap(ModelInfo::transformer).isPresent();
    }

    /** The closed-form terms of a configuration, or the reason it cannot be costed. */
    Either terms(Config config) {
        return terms(config, Method.ANALYTIC);
    }

    /** The terms of a configuration for {@code method}, or the reason it cannot be costed. */
    Either terms(Config config, Method method) {
        Optional<ModelInfo> model = zoo.find(config.model());
        if (model.isEmpty() || model.get().transformer().isEmpty()) {
            return Either.no(model.isEmpty() ? zoo.notInTheZoo(config.model())
                    : "model '" + config.model() + "' is not a transformer");
        }
        if (config.deployment().architecture().usesParameterServers()) {
            // Megatron-LM and FSDP reduce gradients with collectives; a parameter-server job is another method's.
            return new Either(Optional.empty(), (Prediction.NotApplicable) Prediction.notApplicable(new InvalidField(
                    "architecture", ": the Megatron models time all-reduce jobs, not "
                    + config.deployment().architecture())));
        }
        ParallelLayout layout;
        if (config.parallel().isPresent()) {
            layout = config.parallel().get();
        } else if (config.deployment().devicesPerWorker() == 1) {
            layout = ParallelLayout.builder(1, 1, config.workers(), config.localBatch(), 1).build();
        } else {
            return Either.no("a data-parallel worker of several GPUs has no tensor/pipeline layout");
        }
        String label = config.deployment().hardware();
        OptionalInt perNode = statedPerNode(config, layout);
        if (perNode.isPresent() && layout.tensor() > perNode.getAsInt()) {
            return Either.no("the row places " + perNode.getAsInt() + " GPU(s) per node, fewer than its tensor "
                    + "parallelism " + layout.tensor() + ": Megatron-LM keeps a tensor-parallel group inside one node "
                    + "(columns nodes, gpus_per_node, placement)");
        }
        // Spread thinner than the system's nodes, the job is costed on the system composed with that many GPUs per
        // node, so that its pipeline and data-parallel transfers cross the NICs where the row's nodes put them.
        Optional<MegatronCostModel> cost = costModel(config,
                perNode.isPresent() ? label + "+gpus=" + perNode.getAsInt() : label);
        if (cost.isEmpty()) {
            return Either.no(hardware.system(label).map(s -> MissingFigures.message(hardware, s))
                    .orElseGet(() -> NotASystem.message(hardware, label)));
        }
        TransformerShape shape = model.get().transformer().get();
        Optional<Prediction.NotApplicable> why = cost.get().refusal(shape, layout);
        if (why.isPresent()) {
            return new Either(Optional.empty(), why.get());
        }
        IterationModel m = method == Method.ANALYTIC ? cost.get().terms(shape, layout)
                : cost.get().pipeline(shape, layout);
        return new Either(Optional.of(m), null);
    }

    /**
     * The cost model of the catalogued system {@code label} names (the configuration's, or it composed with the GPUs
     * per node the row places), with the configuration's stated bandwidths ({@code intra_node_gbps},
     * {@code bandwidth_gbps}) in place of the catalog's, or empty when a figure it needs is missing.
     */
    private Optional<MegatronCostModel> costModel(Config config, String label) {
        StatedLinks stated = new StatedLinks(config.deployment().intraNodeGbps(), config.deployment().bandwidthGbps());
        // Most configurations state nothing: their key is the label alone, built without formatting the record.
        String key = stated.equals(StatedLinks.NONE) ? label : label + '|' + stated;
        return models.get(key, k -> build(label, stated));
    }

    /**
     * The GPUs per node a row states when it spreads its job over more nodes than the catalogued system needs (8 GPUs
     * on 8 nodes of a DGX A100: one per node), else empty: the job then fills the system's nodes, as Megatron-LM's
     * launcher places ranks. A row that states nothing has one node in the generic CSV, which a job of more GPUs than
     * a node holds cannot mean, so fewer nodes than packing needs are read as packed too.
     */
    private OptionalInt statedPerNode(Config config, ParallelLayout layout) {
        Optional<SystemSpec> system = hardware.system(config.deployment().hardware());
        if (system.isEmpty()) {
            return OptionalInt.empty();
        }
        int g = system.get().devicesPerNode();
        int gpus = layout.gpus();
        int perNode = config.deployment().placement().map(p -> p.maxPerNode())
                .orElse((gpus + config.deployment().nodes() - 1) / config.deployment().nodes());
        return perNode < Math.min(g, gpus) ? OptionalInt.of(perNode) : OptionalInt.empty();
    }

    private Optional<MegatronCostModel> build(String label, StatedLinks stated) {
        Optional<SystemSpec> system = hardware.system(label);
        Optional<DeviceSpec> device = hardware.device(label);
        if (system.isEmpty() || device.isEmpty()) {
            return Optional.empty();
        }
        return LinkCosts.of(hardware, system.get(), stated)
                .flatMap(links -> MegatronCostModel.of(links, device.get(), launchS, carry));
    }

    /**
     * Peak bytes per GPU of a configuration the cost model answers ({@link MegatronCostModel#memory}), or empty when
     * it cannot be costed.
     */
    OptionalDouble peakMemoryBytes(Config config) {
        if (terms(config).terms().isEmpty()) {
            return OptionalDouble.empty();
        }
        TransformerShape shape = shape(config.model()).orElseThrow();
        ParallelLayout layout = config.parallel()
                .orElseGet(() -> ParallelLayout.builder(1, 1, config.workers(), config.localBatch(), 1).build());
        return OptionalDouble.of(MegatronCostModel.memory(shape, layout).total());
    }

    /** The model shape of a zoo name, when it is a transformer. */
    Optional<TransformerShape> shape(String model) {
        return zoo.find(model).flatMap(ModelInfo::transformer);
    }

    /**
     * Terms, or the refusal that says why there are none.
     *
     * @param terms   the job's terms, or empty
     * @param refusal why there are none (with the refused field of the layout, where it is one); null with terms
     */
    record Either(Optional<IterationModel> terms, Prediction.NotApplicable refusal) {
        static Either no(String reason) {
            return new Either(Optional.empty(), new Prediction.NotApplicable(reason));
        }

        /** Why there are no terms, in the fields' keys; empty with terms. */
        String reason() {
            return refusal == null ? "" : refusal.reason();
        }
    }
}
