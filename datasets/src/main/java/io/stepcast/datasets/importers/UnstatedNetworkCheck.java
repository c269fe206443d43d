package io.stepcast.datasets.importers;

import io.stepcast.api.Deployment;
import io.stepcast.api.hardware.CataloguedNetwork;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;

import java.util.Comparator;
import java.util.Optional;

/**
 * Notes the first row of a file that runs on several nodes with no {@code bandwidth_gbps} on hardware whose network
 * the catalog does not give ({@link CataloguedNetwork}): a bare GPU such as {@code V100-SXM2-16GB}, whose catalogued
 * systems have different NICs. The predictors that cost the network across nodes then take their default bandwidth,
 * no figure of the machine, and before this note nothing said so. One note per file, naming the line, the label and
 * what would give the network: the {@code bandwidth_gbps} column, or a system label (composed with its NICs when the
 * machine has other ones, {@code dgx-1-v100+nics=1}). Labels the catalog does not know have their own note.
 */
final class UnstatedNetworkCheck {
    private final HardwareCatalog catalog;
    private Optional<String> note = Optional.empty();

    UnstatedNetworkCheck(HardwareCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * Looks at one row.
     *
     * @param line    its line in the file
     * @param written its hardware label as the file writes it
     * @param d       its deployment, the label in the catalog's words
     */
    void row(long line, String written, Deployment d) {
        if (note.isPresent() || d.nodes() < 2 || d.bandwidthGbps().isPresent()
                || catalog.find(d.hardware().trim()).isEmpty()) {
            return;
        }
        note = CataloguedNetwork.missing(catalog, d.hardware()).map(why -> "line " + line + ": hardware '"
                + written.trim() + "' on " + d.nodes() + " nodes states no network across nodes: it " + why
                + ", so the predictors that cost that network (mva, simulation) take their default bandwidth"
                + " (hyper-parameter bandwidth-gbps); give column bandwidth_gbps (Gbit/s per node), or a system as"
                + " the hardware label" + example(d.hardware()));
    }

    /** The note, when a row called for one. */
    Optional<String> note() {
        return note;
    }

    /**
     * {@code , e.g. dgx-1-v100 (dgx-1-v100+nics=1 for a node with one of its 4 NICs)}: of a GPU's systems, the one
     * with the most NICs per node, whose count a composed label can lower to what the measured machine had.
     */
    private String example(String label) {
        Optional<SystemSpec> system = catalog.find(label.trim()).filter(DeviceSpec.class::isInstance)
                .flatMap(e -> catalog.entries().stream().filter(SystemSpec.class::isInstance)
                        .map(SystemSpec.class::cast)
                        .filter(s -> catalog.device(s.device()).map(DeviceSpec::name)
                                .equals(Optional.of(e.name())))
                        .max(Comparator.comparingInt(SystemSpec::nicsPerNode)));
        return system.filter(s -> s.nicsPerNode() > 1).map(s -> ", e.g. " + s.name() + " (" + s.name()
                        + "+nics=1 for a node with one of its " + s.nicsPerNode() + " NICs)")
                .or(() -> system.map(s -> ", e.g. " + s.name()))
                .orElse(" (BASE+nics=N for a node with other NICs)");
    }
}
