package io.stepcast.api.hardware;

import java.util.List;

/** One entry of the {@link HardwareCatalog}: a device, a link, a NIC or a system. */
public sealed interface HardwareEntry permits DeviceSpec, LinkSpec, NicSpec, SystemSpec {

    /** The catalog name. */
    String name();

    /** Other labels that resolve to this entry. */
    List<String> aliases();

    /** The public documents (title and URL) the entry's figures come from. */
    String source();

    /** {@code device}, {@code link}, {@code nic} or {@code system}. */
    String category();
}
