package io.stepcast.api.hardware;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A node type (a rented instance, a vendor system, or the machines of a dataset): its devices, how they are
 * connected, and its network interfaces. References name other catalog entries.
 *
 * @param name           catalog name, e.g. {@code aws-p3.16xlarge}
 * @param aliases        other labels
 * @param device         the {@link DeviceSpec} name of its devices
 * @param devicesPerNode devices (GPU dies, or cores) per node
 * @param topology       the intra-node topology
 * @param intraLink      the {@link LinkSpec} name between devices (absent when the source does not say)
 * @param nic            the {@link NicSpec} name (absent when the source does not say)
 * @param nicsPerNode    network interfaces per node (0 when the nic is absent)
 * @param source         the public documents the figures come from
 */
public record SystemSpec(String name, List<String> aliases, String device, int devicesPerNode,
                         IntraNodeTopology topology, Optional<String> intraLink, Optional<String> nic, int nicsPerNode,
                         String source) implements HardwareEntry {
    public SystemSpec {
        Entries.checkName(name, source);
        aliases = List.copyOf(aliases);
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(intraLink, "intraLink");
        Objects.requireNonNull(nic, "nic");
        if (devicesPerNode < 1) {
            throw new IllegalArgumentException(name + ": devices_per_node must be at least 1, was " + devicesPerNode);
        }
        if (nicsPerNode < 0 || (nic.isPresent() && nicsPerNode == 0)) {
            throw new IllegalArgumentException(name + ": nics_per_node must be positive when a nic is given, was "
                    + nicsPerNode);
        }
    }

    @Override
    public String category() {
        return "system";
    }
}
