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
 * @param hostLink       the {@link LinkSpec} name of a device's path to its host's CPU and memory (a PCIe x16 slot
 *                       or a PCIe switch's uplink), when it is not the intra-node link: on an NVLink or NVSwitch
 *                       system the GPUs reach each other over NVLink but the host over PCIe. Absent: the intra-node
 *                       link when it is PCIe, else unknown
 * @param devicesPerHostLink devices whose host traffic crosses one such link: 2 where two GPUs sit behind one PCIe
 *                       switch's uplink (DGX-1) or are the two dies of one board (Tesla K80); 1 when each device has
 *                       its own, or the source does not say
 */
public record SystemSpec(String name, List<String> aliases, String device, int devicesPerNode,
                         IntraNodeTopology topology, Optional<String> intraLink, Optional<String> nic, int nicsPerNode,
                         String source, Optional<String> hostLink, int devicesPerHostLink) implements HardwareEntry {
    /** A system whose source states no host link of its own and no devices sharing one. */
    public SystemSpec(String name, List<String> aliases, String device, int devicesPerNode,
                      IntraNodeTopology topology, Optional<String> intraLink, Optional<String> nic, int nicsPerNode,
                      String source) {
        this(name, aliases, device, devicesPerNode, topology, intraLink, nic, nicsPerNode, source, Optional.empty(),
                1);
    }

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
        Objects.requireNonNull(hostLink, "hostLink");
        if (devicesPerHostLink < 1 || devicesPerHostLink > devicesPerNode) {
            throw new IllegalArgumentException(name + ": devices_per_host_link must be between 1 and devices_per_node ("
                    + devicesPerNode + "), was " + devicesPerHostLink);
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
