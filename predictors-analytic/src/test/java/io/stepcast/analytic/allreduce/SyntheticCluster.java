package io.stepcast.analytic.allreduce;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.hardware.DeviceKind;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.IntraNodeTopology;
import io.stepcast.api.hardware.LinkKind;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.NicKind;
import io.stepcast.api.hardware.NicSpec;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A synthetic catalog (nothing measured): one system of 4 synthetic GPUs on a 10 GB/s PCIe-like link
 * (latency 5 us) with one 8 Gbit/s NIC (1 GB/s, latency 10 us), and rows generated from known formulas.
 */
final class SyntheticCluster {
    static final String SYSTEM = "synthetic-node";
    static final String SOURCE = "synthetic test figures, not a real device";

    private SyntheticCluster() {
    }

    static HardwareCatalog catalog() {
        return new DefaultHardwareCatalog(List.of(
                new DeviceSpec("synthetic-gpu", List.of(), DeviceKind.GPU, OptionalDouble.of(10), OptionalDouble.empty(),
                        OptionalDouble.empty(), OptionalDouble.of(16), OptionalDouble.of(500), SOURCE),
                new DeviceSpec("synthetic-gpu-2x", List.of(), DeviceKind.GPU, OptionalDouble.of(20), OptionalDouble.empty(),
                        OptionalDouble.empty(), OptionalDouble.of(16), OptionalDouble.of(1000), SOURCE),
                new LinkSpec("synthetic-link", List.of(), LinkKind.PCIE, 10, 1, OptionalDouble.of(5), SOURCE),
                new NicSpec("synthetic-nic", List.of(), NicKind.ETHERNET, 8, OptionalDouble.of(10), SOURCE),
                new SystemSpec(SYSTEM, List.of(), "synthetic-gpu", 4, IntraNodeTopology.PCIE_TREE,
                        Optional.of("synthetic-link"), Optional.of("synthetic-nic"), 1, SOURCE)));
    }

    static Config config(String model, long bytes, int workers, int nodes, int batch) {
        return Config.builder().model(model).framework("pytorch").parameterBytes(bytes).workers(workers).nodes(nodes)
                .hardware(SYSTEM).localBatch(batch).build();
    }

    static Observation row(Config c, double seconds) {
        return new Observation(c, Measurements.builder().stepTimeS(seconds).build(), "synthetic");
    }
}
