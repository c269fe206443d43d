package io.stepcast.analytic.megatron;

import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.SystemSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which catalogued figures of a system the Megatron cost model lacks, named by the hardware file's fields, so that a
 * user who states a system of their own is told what to add (before, one sentence listed the link, the peak FLOPs and
 * the memory bandwidth as possible causes of any of them).
 */
final class MissingFigures {
    private MissingFigures() {
    }

    /** The message for {@code system}, whose cost model could not be built. */
    static String message(HardwareCatalog catalog, SystemSpec system) {
        List<String> missing = new ArrayList<>();
        Optional<DeviceSpec> device = catalog.device(system.name());
        if (device.isEmpty()) {
            missing.add("its device " + system.device() + " is not catalogued");
        } else {
            DeviceSpec d = device.get();
            if (d.memoryBandwidthGBs().isEmpty()) {
                missing.add("device " + d.name() + " states no memory_bandwidth_gbs");
            }
            if (d.fp16Tflops().isEmpty() && d.bf16Tflops().isEmpty() && d.fp32Tflops().isEmpty()) {
                missing.add("device " + d.name() + " states none of fp16_tflops, bf16_tflops, fp32_tflops");
            }
        }
        if (system.devicesPerNode() > 1 && LinkCosts.of(catalog, system).isEmpty()) {
            Optional<LinkSpec> link = catalog.intraLink(system);
            missing.add(link.isEmpty() ? "it names no intra_link between its GPUs"
                    : link.get().latencyUs().isEmpty() ? "its intra_link " + link.get().name() + " states no latency_us"
                    : "its GPUs' ring is not priced (topology " + system.topology() + ")");
        }
        return "the catalog lacks figures the Megatron cost model needs for " + system.name() + ": "
                + (missing.isEmpty() ? "the link, peak FLOPs or memory bandwidth" : String.join("; ", missing));
    }
}
