package io.stepcast.queueing.fit;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.ModelNames;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.models.compute.OneNodeComputation;
import io.stepcast.queueing.simulation.AllReduceLinks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Single-worker bases for models whose rows all run several GPUs, as published multi-node tables that start at one
 * full node: each all-reduce row of one node gives a single-worker row whose step is the node's computation
 * ({@link OneNodeComputation}): its step less the gradient all-reduce the catalog's links cost over its placement
 * ({@link AllReduceLinks}, the datasheet's bandwidths, nothing hidden behind the computation). Whatever the node loses beyond that all-reduce is counted as
 * computation, which every larger run pays too. Only a (model, hardware, precision) with no single-worker row and no
 * profile of the model on that hardware gets such bases; the one-node rows stay in the training set for the link calibrations, which, with the
 * computation read from them this way, find the datasheet's intra-node link. The gradient bytes are the row's
 * {@code parameter_bytes}, else the model zoo's; without either, or where the all-reduce alone exceeds the step,
 * the row gives no basis.
 */
public final class OneNodeBases {
    /** The tag a derived single-worker row carries, naming where its step comes from. */
    public static final String TAG = "derived";

    private OneNodeBases() {
    }

    /**
     * {@code training} with a derived single-worker row for each one-node all-reduce row of a model, hardware and
     * precision that has no single-worker row and no profile; the same training set when there is none.
     *
     * @param fallbackGbps the NIC bandwidth when nothing states one (never used on one node, where only the
     *                     intra-node link carries the all-reduce, but the cost model asks for it)
     */
    public static TrainingSet augment(TrainingSet training, Optional<HardwareCatalog> catalog,
                                      Optional<ModelCatalog> zoo, double fallbackGbps) {
        Set<String> based = new HashSet<>();
        // A recorded trace stands for its model on any hardware; a profile synthesised from a single-worker row, for
        // its model on that row's hardware only.
        Set<String> profiled = new HashSet<>();
        training.profiles().forEach(p -> profiled.add(BasisLookup.profileKey(p)));
        for (Observation o : training.observations()) {
            if (o.config().workers() == 1 && o.value(Target.STEP_TIME).isPresent()) {
                based.add(group(o.config()));
            }
        }
        AllReduceLinks links = new AllReduceLinks(catalog);
        List<Observation> derived = new ArrayList<>();
        for (Observation o : training.observations()) {
            Config c = o.config();
            String model = ModelNames.key(c.model());
            if (based.contains(group(c)) || profiled.contains(model)
                    || profiled.contains(model + "@" + c.deployment().hardware().toLowerCase(Locale.ROOT))
                    || !oneNode(o)) {
                continue;
            }
            OptionalLong bytes = c.workload().parameterBytes().isPresent() ? c.workload().parameterBytes()
                    : zoo.flatMap(z -> z.find(c.model())).map(m -> OptionalLong.of(m.parameterBytes()))
                    .orElse(OptionalLong.empty());
            if (bytes.isEmpty()) {
                continue;
            }
            AllReduceLinks.Resolved cost = links.query(c.deployment().hardware(), c.deployment().workerPlacement())
                    .configGbps(c.deployment().bandwidthGbps()).fallbackGbps(fallbackGbps)
                    .intraGbps(c.deployment().intraNodeGbps().orElse(0)).resolve();
            if (cost.cost().isEmpty()) {
                continue;
            }
            // Nothing hidden behind the computation: the whole all-reduce, as mva charges it.
            OneNodeComputation.seconds(o.value(Target.STEP_TIME).getAsDouble(),
                    cost.cost().get().allReduceSeconds(bytes.getAsLong()), 0)
                    .ifPresent(compute -> derived.add(singleWorker(o, compute, bytes.getAsLong())));
        }
        if (derived.isEmpty()) {
            return training;
        }
        List<Observation> all = new ArrayList<>(training.observations());
        all.addAll(derived);
        return new TrainingSet(training.id(), all, training.profiles());
    }

    private static boolean oneNode(Observation o) {
        return OneNodeComputation.shows(o) && o.config().deployment().architecture() == Architecture.ALLREDUCE
                && o.config().deployment().tenants() == 1;
    }

    /** The row as one worker of it: one GPU, one node, its precision kept, the computation its step. */
    private static Observation singleWorker(Observation o, double computeS, long bytes) {
        Config c = o.config();
        Config.Builder b = c.toBuilder().workers(1).nodes(1).placement(null).parameterBytes(bytes);
        c.deployment().parallel().ifPresent(p -> b.parallel(ParallelLayout.builder(1, 1, 1, c.localBatch(), 1)
                .virtualStages(p.virtualStages()).sequenceParallel(p.sequenceParallel()).recompute(p.recompute())
                .precision(p.precision()).flashAttention(p.flashAttention()).build()));
        Map<String, String> tags = new HashMap<>(o.tags());
        tags.put(TAG, "one node of " + c.workers() + " GPUs less the catalog's all-reduce");
        return new Observation(b.build(), Measurements.builder().stepTimeS(computeS).build(), o.source(),
                o.replication(), tags);
    }

    /** Model, hardware and precision: what a single-worker basis stands for. */
    private static String group(Config c) {
        return ModelNames.key(c.model()) + "@" + c.deployment().hardware().toLowerCase(Locale.ROOT) + "%"
                + c.precisionTag();
    }
}
