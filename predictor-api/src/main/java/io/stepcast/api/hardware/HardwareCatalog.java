package io.stepcast.api.hardware;

import io.stepcast.api.EditDistance;
import io.stepcast.api.LabelledCatalog;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Knowledge of the world's hardware: devices, intra-node links, NICs and systems, each figure with its public
 * source. Labels resolve by name or alias, ignoring case, spaces, hyphens, underscores, dots and a vendor prefix
 * ({@code NVIDIA}, {@code Tesla}), so the labels the importers and traces write ({@code T4}, {@code k80},
 * {@code Tesla V100-SXM2-32GB}, {@code NVIDIA A100-SXM4-80GB}) find their entry. Bound by the
 * datasets module; predictors inject it as an optional service, like {@code ProfileSource}.
 */
public interface HardwareCatalog extends LabelledCatalog<HardwareEntry> {

    /** Every entry, devices first, then links, NICs and systems, each in catalog order. */
    List<HardwareEntry> entries();

    /**
     * The entry a label resolves to.
     *
     * @throws NoSuchElementException naming the label and the closest known names
     */
    default HardwareEntry resolve(String label) {
        return find(label).orElseThrow(() -> new NoSuchElementException("unknown hardware '" + label + "' "
                + closestThree(label)));
    }

    /** The device a label names: a device itself, or a system's device. */
    default Optional<DeviceSpec> device(String label) {
        Optional<HardwareEntry> e = find(label);
        if (e.isPresent() && e.get() instanceof SystemSpec s) {
            e = find(s.device());
        }
        return e.filter(DeviceSpec.class::isInstance).map(DeviceSpec.class::cast);
    }

    /**
     * The memory of one device of {@code label}, bytes ({@link DeviceSpec#memoryBytes}: the datasheet's GB are GiB),
     * when the catalog knows the device and its memory: what a peak-memory estimate is compared with to say whether a
     * job fits.
     */
    default OptionalDouble deviceMemoryBytes(String label) {
        if (label == null || label.isBlank()) {
            return OptionalDouble.empty();
        }
        return device(label).map(DeviceSpec::memoryBytes).orElse(OptionalDouble.empty());
    }

    /** The system a label names (only a system entry; a device label has no single system). */
    default Optional<SystemSpec> system(String label) {
        return find(label).filter(SystemSpec.class::isInstance).map(SystemSpec.class::cast);
    }

    /** The catalogued systems whose GPUs are one of the devices named, in catalog order. */
    default List<SystemSpec> systemsBuiltWith(Collection<String> deviceNames) {
        return entries().stream().filter(SystemSpec.class::isInstance).map(SystemSpec.class::cast)
                .filter(s -> deviceNames.contains(s.device())).toList();
    }

    /**
     * The catalogued systems a label that names no system may mean, best first: what a command that needs a system (a
     * Megatron layout needs the links between GPUs) suggests, never a GPU, a link or a NIC. By default up to three
     * systems named like it (by a name or an alias, within {@link EditDistance#closest}'s reach); empty when none is
     * close, since the nearest names of a far label are noise. A catalog that reads labels naming GPUs ({@code 8x A100
     * 80GB}) suggests the systems built with them instead, which names spelled alike need not be ({@code 8x H100
     * 80GB} is spelled like {@code dgx-a100-80gb}).
     */
    default List<String> suggestedSystems(String label) {
        Map<String, String> systemByName = new LinkedHashMap<>();
        for (HardwareEntry e : entries()) {
            if (e instanceof SystemSpec s) {
                systemByName.putIfAbsent(s.name(), s.name());
                s.aliases().forEach(a -> systemByName.putIfAbsent(a, s.name()));
            }
        }
        return EditDistance.closest(label.trim(), systemByName.keySet(), systemByName.size()).stream()
                .map(systemByName::get).distinct().limit(3).toList();
    }

    /**
     * Why {@code label} resolves to no entry, when the catalog can say more than the closest names (a composed label's
     * unknown part, a GPU the catalog does not have), ending with how to state the hardware; empty by default, and for
     * a label that resolves.
     */
    default Optional<String> whyUnknown(String label) {
        return Optional.empty();
    }

    /** The intra-node link of a system, when the catalog knows it. */
    default Optional<LinkSpec> intraLink(SystemSpec system) {
        return system.intraLink().flatMap(this::find).filter(LinkSpec.class::isInstance).map(LinkSpec.class::cast);
    }

    /**
     * The link a device of the system crosses to reach its host's CPU and memory: the system's stated host link, else
     * its intra-node link when that is PCIe; empty when neither is known (an NVLink system without a stated host link
     * reaches its host over a PCIe the catalog does not name).
     */
    default Optional<LinkSpec> hostLink(SystemSpec system) {
        if (system.hostLink().isPresent()) {
            return system.hostLink().flatMap(this::find).filter(LinkSpec.class::isInstance).map(LinkSpec.class::cast);
        }
        return intraLink(system).filter(l -> l.kind() == LinkKind.PCIE);
    }

    /**
     * The point-to-point NVLink matrix of a system whose GPUs are linked pairwise (the NVLink hybrid
     * cube-mesh), when the catalog has it; empty for NVSwitch and PCIe systems, whose every pair of GPUs is
     * equally connected.
     */
    Optional<GpuLinkGraph> linkGraph(SystemSpec system);

    /** The NIC of a system, when the catalog knows it. */
    default Optional<NicSpec> nic(SystemSpec system) {
        return system.nic().flatMap(this::find).filter(NicSpec.class::isInstance).map(NicSpec.class::cast);
    }
}
