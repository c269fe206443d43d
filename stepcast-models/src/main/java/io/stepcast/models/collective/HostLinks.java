package io.stepcast.models.collective;

import io.stepcast.api.Config;
import io.stepcast.api.Deployment;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.SystemSpec;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The links over which the devices of a parameter-server job reach the server inside their own node, from the
 * hardware catalog: the one cost of those copies that MVA, the simulation and {@code allreduce-analytic} share.
 * <ul>
 *   <li>A server on the host (TensorFlow's {@code parameter_server} mode with its variables on the CPU, and every
 *       host of a multi-node job) is reached over each device's host link ({@link HardwareCatalog#hostLink}: PCIe
 *       even on an NVLink system). Devices behind one link ({@link SystemSpec#devicesPerHostLink}: the two GPUs of
 *       a DGX-1 PCIe switch, the two dies of a Tesla K80 board) copy at the same moment of a synchronous step, so
 *       each gets its share of the link; devices fill the links in order, so the busiest link of a node with
 *       {@code d} devices carries {@code min(d, devicesPerHostLink)}.</li>
 *   <li>Variables spread over the devices themselves (one co-located shard per worker on one node) are reached
 *       device to device over the intra-node link, one per device.</li>
 * </ul>
 * A system without a known host link falls back to its intra-node link; a label that is no catalogued system gets
 * none, and the predictors keep their {@code host-bus-gbps} hyper-parameter. The host's memory and the PCIe root
 * complexes are not modelled (the catalog does not list them).
 */
public final class HostLinks {
    private final Optional<HardwareCatalog> catalog;

    /** @param catalog the hardware catalog, when one is bound */
    public HostLinks(Optional<HardwareCatalog> catalog) {
        this.catalog = catalog;
    }

    /**
     * Bytes per second and direction of one device of {@code hardware} copying to its host alone (a single-worker
     * row), when catalogued.
     */
    public OptionalDouble aloneBytesPerS(String hardware) {
        return system(hardware).map(s -> hostBytesPerS(s, 1)).orElse(OptionalDouble.empty());
    }

    /**
     * Bytes per second and direction of one device on the busiest node of {@code config} while every device of the
     * node copies at once: over the intra-node link when the variables are spread over the devices, else over its
     * share of its host link; empty when not catalogued.
     */
    public OptionalDouble perDeviceBytesPerS(Config config) {
        Optional<SystemSpec> system = system(config.deployment().hardware());
        if (system.isEmpty()) {
            return OptionalDouble.empty();
        }
        if (variablesOnDevices(config)) {
            return perGpu(catalog.get().intraLink(system.get()), 1);
        }
        return hostBytesPerS(system.get(), devicesOnBusiestNode(config));
    }

    /**
     * Seconds the host copies of a synchronous step ({@code bytes} pushed and pulled by each device) take on the
     * busiest node of {@code config} beyond what they took for one device alone: {@code 2 S (k - 1) / L} with
     * {@code k} devices sharing a host link of {@code L} bytes/s. Zero when the devices do not share a link, the
     * variables are on the devices, or the system is not catalogued.
     */
    public double sharedCopyS(Config config, double bytes) {
        Optional<SystemSpec> system = system(config.deployment().hardware());
        if (system.isEmpty() || variablesOnDevices(config)) {
            return 0;
        }
        OptionalDouble alone = hostBytesPerS(system.get(), 1);
        OptionalDouble shared = hostBytesPerS(system.get(), devicesOnBusiestNode(config));
        if (alone.isEmpty() || shared.isEmpty()) {
            return 0;
        }
        return 2 * bytes * (1 / shared.getAsDouble() - 1 / alone.getAsDouble());
    }

    /** Devices on the node that carries the most: the workers spread as evenly as possible over the nodes. */
    static int devicesOnBusiestNode(Config config) {
        int hosts = Math.max(1, Math.min(config.deployment().nodes(), config.workers()));
        return (config.workers() + hosts - 1) / hosts;
    }

    /** One node whose every worker holds a co-located shard: variables on the devices, reached peer to peer. */
    private static boolean variablesOnDevices(Config config) {
        Deployment d = config.deployment();
        return d.nodes() == 1 && config.workers() > 1 && d.colocatedPs() && d.parameterServers() == config.workers();
    }

    private OptionalDouble hostBytesPerS(SystemSpec system, int devices) {
        HardwareCatalog c = catalog.orElseThrow();
        Optional<LinkSpec> host = c.hostLink(system);
        if (host.isEmpty()) {
            return perGpu(c.intraLink(system), 1);
        }
        return perGpu(host, Math.min(Math.max(1, devices), system.devicesPerHostLink()));
    }

    private static OptionalDouble perGpu(Optional<LinkSpec> link, int sharing) {
        return link.map(l -> OptionalDouble.of(l.perGpuGBs() * 1e9 / sharing)).orElse(OptionalDouble.empty());
    }

    private Optional<SystemSpec> system(String hardware) {
        if (catalog.isEmpty() || hardware == null) {
            return Optional.empty();
        }
        return catalog.get().system(hardware);
    }
}
