package io.stepcast.analytic.allreduce;

import io.stepcast.api.Config;
import io.stepcast.models.collective.CatalogLinks;
import io.stepcast.models.collective.CatalogSystems;
import io.stepcast.models.collective.CollectiveCost;
import io.stepcast.models.collective.HostLinks;
import io.stepcast.models.collective.UnknownSystem;
import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.api.zoo.ModelCatalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The physics of one data-parallel step's gradient all-reduce, from the catalogs: the gradient bytes (the
 * configuration's parameter bytes, else the model zoo's), the configuration's placement (its workers spread
 * as evenly as possible over its nodes) and the links of its system (the hardware catalog's intra-node link
 * and NICs, {@link CatalogLinks}); the NIC bandwidth is the configuration's {@code bandwidth_gbps} when given,
 * the intra-node ring bandwidth its {@code intra_node_gbps} (latencies stay the catalogued links').
 * One node runs a ring over the intra-node link, several nodes the two-level schedule (ring inside, ring across),
 * the plain alpha-beta costs of Thakur, Rabenseifner and Gropp (2005), as {@link CollectiveCost} sets them up.
 * What is missing is refused with the reason and the column that would supply it.
 */
public final class GradientSync {
    private final Optional<HardwareCatalog> hardware;
    private final Optional<ModelCatalog> zoo;
    private final Optional<CatalogLinks> links;
    private final HostLinks hostLinks;

    /** @param hardware the hardware catalog, @param zoo the model zoo, either possibly absent */
    public GradientSync(Optional<HardwareCatalog> hardware, Optional<ModelCatalog> zoo) {
        this.hardware = hardware;
        this.zoo = zoo;
        this.links = hardware.map(CatalogLinks::new);
        this.hostLinks = new HostLinks(hardware);
    }

    /**
     * A cost or the reason there is none.
     *
     * @param seconds  the whole exchange, when there is a cost
     * @param reason   why there is none (empty when there is)
     * @param interS   the part of {@code seconds} that crosses the NICs (0 on one node): the rest runs over the
     *                 intra-node links, so that each part can be scaled by the efficiency of its own link
     */
    public record Cost(Optional<Double> seconds, String reason, double interS) {
        static Cost no(String reason) {
            return new Cost(Optional.empty(), reason, 0);
        }

        static Cost of(double s) {
            return new Cost(Optional.of(s), "", 0);
        }

        static Cost of(double s, double interS) {
            return new Cost(Optional.of(s), "", interS);
        }

        /** The part over the intra-node links: the whole exchange but its inter-node part. */
        public double intraS() {
            return seconds.orElse(0.0) - interS;
        }
    }

    /** Bytes all-reduced per step: the configuration's parameter bytes, else the zoo's gradient bytes. */
    public Optional<Long> gradientBytes(Config config) {
        if (config.workload().parameterBytes().isPresent()) {
            return Optional.of(config.workload().parameterBytes().getAsLong());
        }
        return zoo.flatMap(z -> z.find(config.model())).map(m -> m.parameterBytes());
    }

    /** The most GPUs on one node when the workers are spread as evenly as possible. */
    public static int gpusPerNode(Config config) {
        return placement(config).maxPerNode();
    }

    /** The workers over the nodes ({@link io.stepcast.api.Deployment#workerPlacement()}). */
    public static Placement placement(Config config) {
        return config.deployment().workerPlacement();
    }

    /**
     * The catalogued system of a hardware label: the system it names, or the only system whose devices it
     * names (the Pollux rows say {@code T4}, and one catalogued system has T4s).
     */
    public Optional<SystemSpec> system(String label) {
        return hardware.flatMap(c -> CatalogSystems.single(c, label));
    }

    /** The intra-node ring hop over {@code ranks} GPUs of the configuration's system, or the reason there is none. */
    public Optional<LinkCost> intra(Config config, int ranks, List<String> why) {
        return cost(config, Placement.singleNode(Math.max(2, ranks)), why, true).flatMap(CollectiveCost::intraNode);
    }

    /** The inter-node hop of the configuration's system (NIC bandwidth from {@code bandwidth_gbps} when given). */
    public Optional<LinkCost> inter(Config config, List<String> why) {
        return cost(config, Placement.uniform(2, 1), why, false).flatMap(CollectiveCost::interNode);
    }

    /**
     * The plain alpha-beta ring over {@code placement} on the links of the configuration's system, the stated
     * bandwidths replacing the catalog's, or the reason there is none. {@code intraAlways}: the intra-node link
     * is needed whatever the placement (the all-reduce's refusal does not depend on it), else only where a node
     * holds two ranks.
     */
    private Optional<CollectiveCost> cost(Config config, Placement placement, List<String> why, boolean intraAlways) {
        Optional<SystemSpec> s = systemOrWhy(config, why);
        if (s.isEmpty()) {
            return Optional.empty();
        }
        CollectiveCost.Builder b = CollectiveCost.over(placement).system(links.orElseThrow(), s.get())
                .statedIntraNodeGbps(config.deployment().intraNodeGbps())
                .statedInterNodeGbps(config.deployment().bandwidthGbps()).plainAlphaBeta();
        CollectiveCost.Resolution r = (intraAlways ? b.requireIntraNode() : b).resolve();
        r.missing().ifPresent(m -> why.add(m == CollectiveCost.Missing.GPUS_PER_NODE
                ? CollectiveCost.Missing.tooManyPerNode(s.get(), placement.maxPerNode())
                : refusal(m, s.get().name(), config)));
        return r.cost();
    }

    private static String refusal(CollectiveCost.Missing missing, String name, Config config) {
        if (missing == CollectiveCost.Missing.INTER_NODE) {
            return "the catalog has no NIC figures for " + name + " (column hardware: compose the system"
                    + " with its NIC, e.g. " + name + "+nic=eth-25g; bandwidth_gbps then sets its bandwidth)";
        }
        return config.deployment().intraNodeGbps().isPresent()
                ? "intra_node_gbps is given, but the latency of " + name + "'s intra-node link is not"
                        + " catalogued (column hardware: compose the system with its link, e.g. "
                        + name + "+intra=pcie-3-x16)"
                : "the catalog has no intra-node link figures for " + name
                        + " (column hardware: a system with a catalogued intra-node link, or this one composed"
                        + " with its link, e.g. " + name + "+intra=pcie-3-x16; intra_node_gbps then"
                        + " sets its bandwidth)";
    }

    private Optional<SystemSpec> systemOrWhy(Config config, List<String> why) {
        String label = config.deployment().hardware();
        if (hardware.isEmpty()) {
            why.add("the hardware catalog is not available (the datasets module is not on the class path)");
            return Optional.empty();
        }
        Optional<SystemSpec> s = system(label);
        if (s.isEmpty()) {
            why.add("hardware '" + label + "' names no single catalogued system, so its links are unknown ("
                    + UnknownSystem.hint(hardware.get(), label) + ")");
        }
        return s;
    }

    /**
     * Seconds of one all-reduce of the gradients over the configuration's placement, or why not: the plain
     * alpha-beta ring, not the fastest NCCL protocol the other callers of {@link CollectiveCost} take. The
     * efficiency {@code e} of {@code allreduce-analytic} is defined against this datasheet figure (the share of the
     * link speed a job achieves), and the suites' {@code allreduce-analytic} results were fitted on it; NCCL's
     * bandwidth shares and per-call latencies would move both. Across nodes, the inter-node part
     * ({@link Cost#interS()}) is what the placement costs beyond one all-reduce inside its fullest node: the
     * two-level schedule's reduce and broadcast inside a node take about as long as that node's own ring.
     */
    public Cost allReduce(Config config) {
        if (config.workers() == 1) {
            return Cost.of(0);
        }
        Optional<Long> bytes = gradientBytes(config);
        if (bytes.isEmpty()) {
            return unknownGradientBytes(config);
        }
        Placement placement = placement(config);
        List<String> why = new ArrayList<>();
        Optional<CollectiveCost> cost = cost(config, placement, why, true);
        if (cost.isEmpty()) {
            return Cost.no(why.get(0));
        }
        double total = cost.get().seconds(Collective.ALL_REDUCE, bytes.get());
        if (placement.nodes() == 1) {
            return Cost.of(total);
        }
        double node = placement.maxPerNode() == 1 ? 0 : cost(config, Placement.singleNode(placement.maxPerNode()),
                why, true).map(c -> c.seconds(Collective.ALL_REDUCE, bytes.get())).orElse(0.0);
        return Cost.of(total, Math.max(0, total - node));
    }

    /**
     * The refusal of a configuration whose model's gradient bytes neither the zoo nor the row gives, with the zoo's
     * closest models ({@link ModelCatalog#notInTheZoo}), one of which the user may mean under another name.
     */
    private Cost unknownGradientBytes(Config config) {
        String unknown = "the gradient bytes of model '" + config.model() + "' are unknown";
        return Cost.no(zoo.map(z -> unknown + " (column parameter_bytes would give them): "
                + z.notInTheZoo(config.model()))
                .orElse(unknown + " (not in the model zoo; column parameter_bytes would give them)"));
    }

    /**
     * Seconds a synchronous parameter-server step adds over the network to what its single-GPU rows already hold:
     * each host pushes its gradients to the shards and pulls the parameters back, one after the other. Inside a
     * node every GPU copies to its host over its own link, as the single-GPU row measured, except where several
     * GPUs share one host link (two GPUs behind one PCIe switch, the two dies of a K80 board): their copies then
     * add {@code 2 S (k - 1) / L} ({@link HostLinks#sharedCopyS}). Across {@code N} nodes with the shards spread
     * over the workers' hosts ({@code colocated_ps}), a host's NIC carries the {@code (N - 1) / N} of the bytes
     * that belong to other hosts' shards in each direction: {@code 2 S (N - 1) / (N B)}; with servers on hosts of their own, each worker
     * host sends and receives all {@code S} and each of the {@code P} server hosts serves {@code N / P} hosts:
     * {@code 2 S max(1, N / P) / B}. The latency of each direction is the NIC's.
     */
    public Cost parameterServer(Config config) {
        Placement p = placement(config);
        Optional<Long> bytes = gradientBytes(config);
        boolean sharesHostLinks = hostLinks.sharedCopyS(config, 1) > 0;
        if (bytes.isEmpty() && (p.nodes() > 1 || sharesHostLinks)) {
            return unknownGradientBytes(config);
        }
        double shared = bytes.map(b -> hostLinks.sharedCopyS(config, b)).orElse(0.0);
        if (p.nodes() == 1) {
            return Cost.of(shared);
        }
        List<String> why = new ArrayList<>();
        Optional<LinkCost> nic = inter(config, why);
        if (nic.isEmpty()) {
            return Cost.no(why.get(0));
        }
        double n = p.nodes();
        double share = config.deployment().colocatedPs() ? (n - 1) / n
                : Math.max(1.0, n / config.deployment().parameterServers());
        double s = 2 * (nic.get().alphaS() + share * bytes.get() / nic.get().bytesPerS());
        return Cost.of(s + shared, s);
    }

    /** The gradient exchange of the configuration's architecture: {@link #allReduce} or {@link #parameterServer}. */
    public Cost exchange(Config config) {
        return config.deployment().architecture().usesParameterServers() ? parameterServer(config) : allReduce(config);
    }
}
