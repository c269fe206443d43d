package io.stepcast.regression.allreduce;

import io.stepcast.api.Config;
import io.stepcast.api.collective.CatalogLinks;
import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.HierarchicalAlgorithm;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.collective.RingAlgorithm;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.api.zoo.ModelCatalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The physics of one data-parallel step's gradient all-reduce, from the catalogs: the gradient bytes (the
 * configuration's parameter bytes, else the model zoo's), the configuration's placement (its workers spread
 * as evenly as possible over its nodes) and the links of its system (the hardware catalog's intra-node link
 * and NICs, {@link CatalogLinks}); the NIC bandwidth is the configuration's {@code bandwidth_gbps} when given,
 * the intra-node ring bandwidth its {@code intra_node_gbps} (latencies stay the catalogued links').
 * One node runs a ring over the intra-node link, several nodes the two-level
 * {@link HierarchicalAlgorithm} (ring inside, ring across), the alpha-beta costs of Thakur, Rabenseifner and
 * Gropp (2005). What is missing is refused with the reason and the column that would supply it.
 */
public final class GradientSync {
    private final Optional<HardwareCatalog> hardware;
    private final Optional<ModelCatalog> zoo;
    private final Optional<CatalogLinks> links;

    /** @param hardware the hardware catalog, @param zoo the model zoo, either possibly absent */
    public GradientSync(Optional<HardwareCatalog> hardware, Optional<ModelCatalog> zoo) {
        this.hardware = hardware;
        this.zoo = zoo;
        this.links = hardware.map(CatalogLinks::new);
    }

    /** A cost or the reason there is none. */
    public record Cost(Optional<Double> seconds, String reason) {
        static Cost no(String reason) {
            return new Cost(Optional.empty(), reason);
        }

        static Cost of(double s) {
            return new Cost(Optional.of(s), "");
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
        int k = config.deployment().nodes();
        return (config.workers() + k - 1) / k;
    }

    /** The workers spread as evenly as possible over the nodes ({@code 7} over {@code 3}: {@code [3, 2, 2]}). */
    public static Placement placement(Config config) {
        int k = Math.min(config.deployment().nodes(), config.workers());
        int r = config.workers();
        List<Integer> per = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            per.add(r / k + (i < r % k ? 1 : 0));
        }
        return new Placement(per);
    }

    /**
     * The catalogued system of a hardware label: the system it names, or the only system whose devices it
     * names (the Pollux rows say {@code T4}, and one catalogued system has T4s).
     */
    public Optional<SystemSpec> system(String label) {
        if (hardware.isEmpty()) {
            return Optional.empty();
        }
        HardwareCatalog c = hardware.get();
        Optional<SystemSpec> s = c.system(label);
        if (s.isPresent()) {
            return s;
        }
        Optional<String> device = c.device(label).map(d -> d.name());
        if (device.isEmpty()) {
            return Optional.empty();
        }
        List<SystemSpec> with = c.entries().stream().filter(SystemSpec.class::isInstance).map(SystemSpec.class::cast)
                .filter(x -> x.device().equals(device.get())).toList();
        return with.size() == 1 ? Optional.of(with.get(0)) : Optional.empty();
    }

    /** The intra-node ring hop over {@code ranks} GPUs of the configuration's system, or the reason there is none. */
    public Optional<LinkCost> intra(Config config, int ranks, List<String> why) {
        Optional<SystemSpec> s = systemOrWhy(config, why);
        if (s.isEmpty()) {
            return Optional.empty();
        }
        OptionalDouble stated = config.deployment().intraNodeGbps();
        Optional<LinkCost> l = links.get().intraNode(s.get(), Math.max(2, ranks), stated);
        if (l.isEmpty()) {
            why.add(stated.isPresent()
                    ? "intra_node_gbps is given, but the latency of " + s.get().name() + "'s intra-node link is not"
                            + " catalogued (column hardware: compose the system with its link, e.g. "
                            + s.get().name() + "+intra=pcie-3-x16)"
                    : "the catalog has no intra-node link figures for " + s.get().name()
                            + " (column hardware: a system with a catalogued intra-node link, or this one composed"
                            + " with its link, e.g. " + s.get().name() + "+intra=pcie-3-x16; intra_node_gbps then"
                            + " sets its bandwidth)");
        }
        return l;
    }

    /** The inter-node hop of the configuration's system (NIC bandwidth from {@code bandwidth_gbps} when given). */
    public Optional<LinkCost> inter(Config config, List<String> why) {
        Optional<SystemSpec> s = systemOrWhy(config, why);
        if (s.isEmpty()) {
            return Optional.empty();
        }
        Optional<LinkCost> l = links.get().interNode(s.get(), config.deployment().bandwidthGbps());
        if (l.isEmpty()) {
            why.add("the catalog has no NIC figures for " + s.get().name() + " (column hardware: compose the system"
                    + " with its NIC, e.g. " + s.get().name() + "+nic=eth-25g; bandwidth_gbps then sets its"
                    + " bandwidth)");
        }
        return l;
    }

    private Optional<SystemSpec> systemOrWhy(Config config, List<String> why) {
        String label = config.deployment().hardware();
        if (hardware.isEmpty()) {
            why.add("the hardware catalog is not available (the datasets module is not on the class path)");
            return Optional.empty();
        }
        Optional<SystemSpec> s = system(label);
        if (s.isEmpty()) {
            why.add("hardware '" + label + "' names no single catalogued system, so its links are unknown"
                    + " (column hardware: a system such as aws-g4dn.12xlarge; see stepcast hardware list)");
        }
        return s;
    }

    /** Seconds of one all-reduce of the gradients over the configuration's placement, or why not. */
    public Cost allReduce(Config config) {
        if (config.workers() == 1) {
            return Cost.of(0);
        }
        Optional<Long> bytes = gradientBytes(config);
        if (bytes.isEmpty()) {
            return Cost.no("the gradient bytes of model '" + config.model() + "' are unknown (not in the model zoo;"
                    + " column parameter_bytes would give them)");
        }
        List<String> why = new ArrayList<>();
        Placement p = placement(config);
        Optional<LinkCost> in = intra(config, p.maxPerNode(), why);
        if (in.isEmpty()) {
            return Cost.no(why.get(0));
        }
        RingAlgorithm inside = new RingAlgorithm(in.get());
        if (p.nodes() == 1) {
            return Cost.of(inside.seconds(Collective.ALL_REDUCE, bytes.get(), p));
        }
        Optional<LinkCost> out = inter(config, why);
        if (out.isEmpty()) {
            return Cost.no(why.get(0));
        }
        return Cost.of(new HierarchicalAlgorithm(inside, new RingAlgorithm(out.get()))
                .seconds(Collective.ALL_REDUCE, bytes.get(), p));
    }

    /**
     * Seconds a synchronous parameter-server step adds over the network to what its single-GPU rows already hold:
     * each host pushes its gradients to the shards and pulls the parameters back, one after the other. Inside one
     * node every GPU copies over its own link whatever the number of GPUs, as the single-GPU row measured, so
     * nothing is added. Across {@code N} nodes with the shards spread over the workers' hosts
     * ({@code colocated_ps}), a host's NIC carries the {@code (N - 1) / N} of the bytes that belong to other
     * hosts' shards in each direction: {@code 2 S (N - 1) / (N B)}; with servers on hosts of their own, each worker
     * host sends and receives all {@code S} and each of the {@code P} server hosts serves {@code N / P} hosts:
     * {@code 2 S max(1, N / P) / B}. The latency of each direction is the NIC's.
     */
    public Cost parameterServer(Config config) {
        Placement p = placement(config);
        if (p.nodes() == 1) {
            return Cost.of(0);
        }
        Optional<Long> bytes = gradientBytes(config);
        if (bytes.isEmpty()) {
            return Cost.no("the gradient bytes of model '" + config.model() + "' are unknown (not in the model zoo;"
                    + " column parameter_bytes would give them)");
        }
        List<String> why = new ArrayList<>();
        Optional<LinkCost> nic = inter(config, why);
        if (nic.isEmpty()) {
            return Cost.no(why.get(0));
        }
        double n = p.nodes();
        double share = config.deployment().colocatedPs() ? (n - 1) / n
                : Math.max(1.0, n / config.deployment().parameterServers());
        return Cost.of(2 * (nic.get().alphaS() + share * bytes.get() / nic.get().bytesPerS()));
    }

    /** The gradient exchange of the configuration's architecture: {@link #allReduce} or {@link #parameterServer}. */
    public Cost exchange(Config config) {
        return config.deployment().architecture().usesParameterServers() ? parameterServer(config) : allReduce(config);
    }
}
