package io.stepcast.queueing.simulation;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.testing.PinSample;
import io.stepcast.api.testing.PinnedLines;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Pins the collective times {@link AllReduceLinks} gives (the simulation's, MVA's and {@code simulate}'s all-reduce
 * costs) for a spread of synthetic cases: catalogued A100, V100, T4 and K80 systems and device labels, an unknown
 * label and no catalog at all, one node and several, uneven placements, stated and fallback bandwidths, ring and
 * tree, a NIC efficiency, small and large messages. The expected lines are the numbers it gave before the callers
 * shared one cost model; a refusal is pinned with its reason. The test computes the whole grid and pins a
 * deterministic sample of it ({@link PinSample}): every combination of catalog, label and options, every answer
 * (numbers, a refusal's wording, an error) each label gives, every placement shape under each options, with all the
 * message sizes of each kept case, and every spread and per-node line. Rewritten with
 * {@code -Dstepcast.pins.write=FILE} (which writes the sample) only when a change is intended and explained.
 */
class AllReduceLinksPinTest {
    private static final String PINS = "all-reduce-links.tsv";
    private static final List<String> LABELS = List.of("dgx-a100", "dgx-1-v100", "aws-p3.16xlarge",
            "aws-g4dn.12xlarge", "T4", "V100", "A100", "K80", "V100-SXM2-32GB", "vtrain-v100", "gavel-k80",
            "no-such-gpu", "A100-PCIE-40GB+gpus=4+intra=pcie-4-x16+nic=eth-25g");
    private static final int[][] SPREADS = {{1, 1}, {2, 1}, {4, 1}, {8, 1}, {2, 2}, {4, 2}, {16, 2}, {10, 3},
            {7, 3}, {32, 4}, {128, 16}, {16, 16}, {4, 8}};
    private static final Collective[] OPS = {Collective.ALL_REDUCE, Collective.ALL_GATHER, Collective.BROADCAST,
            Collective.ALL_TO_ALL, Collective.SEND_RECV};
    private static final double[] BYTES = {4096, 1 << 28};
    /** Stated network bandwidth, stated ring bandwidth inside a node (0: none), tree, NIC efficiency. */
    private static final Object[][] OPTIONS = {{OptionalDouble.empty(), 0.0, false, 1.0},
            {OptionalDouble.of(40), 0.0, false, 1.0}, {OptionalDouble.empty(), 100.0, false, 1.0},
            {OptionalDouble.of(40), 100.0, true, 1.0}, {OptionalDouble.empty(), 0.0, false, 0.7},
            {OptionalDouble.empty(), 0.0, true, 1.0}};

    private final List<String> lines = new ArrayList<>();

    @Test
    void theLinksGiveThePinnedNumbers() throws IOException {
        HardwareCatalog catalog = new DefaultHardwareCatalog();
        AllReduceLinks withCatalog = new AllReduceLinks(Optional.of(catalog));
        AllReduceLinks without = new AllReduceLinks(Optional.empty());
        for (String label : LABELS) {
            cases("catalog", withCatalog, label);
        }
        cases("no-catalog", without, "dgx-a100");
        for (int[] s : SPREADS) {
            lines.add("spread\t" + s[0] + "/" + s[1] + "\t" + Placement.spread(s[0], s[1]).gpusPerNode());
        }
        for (String label : LABELS) {
            lines.add("per-node\t" + label + "\t" + withCatalog.devicesPerNode(label) + "\t"
                    + withCatalog.devicesPerNodeOfSystems(label));
        }
        PinnedLines.assertPinned(getClass(), PINS, PinSample.of(lines, AllReduceLinksPinTest::sampled));
    }

    /**
     * What a line is a case of: its catalog, label and options; the answer it gives, per catalog and label; the
     * shape of its placement, per catalog and per options. A spread or per-node line is a case of its own.
     */
    private static PinSample.Case sampled(String line) {
        List<String> c = List.of(line.split("\t"));
        if (c.size() < 8) {
            return new PinSample.Case(line, List.of());
        }
        String options = String.join("\t", c.subList(3, 7));
        String shape = PinSample.placement(c.get(2));
        return new PinSample.Case(c.get(0) + "\t" + c.get(1) + "\t" + options, List.of(
                c.get(0) + "\t" + c.get(1) + "\t" + PinSample.outcome(c.subList(7, c.size())),
                c.get(0) + "\t" + shape, c.get(0) + "\t" + options + "\t" + shape));
    }

    private void cases(String name, AllReduceLinks links, String label) {
        for (int[] s : SPREADS) {
            Placement p = Placement.spread(s[0], s[1]);
            for (Object[] o : OPTIONS) {
                OptionalDouble config = (OptionalDouble) o[0];
                double intra = (double) o[1];
                boolean tree = (boolean) o[2];
                double efficiency = (double) o[3];
                StringBuilder line = new StringBuilder(name + "\t" + label + "\t" + p.gpusPerNode() + "\t" + config
                        + "\t" + intra + "\t" + (tree ? "tree" : "ring") + "\t" + efficiency);
                AllReduceLinks.Resolved r = links.query(label, p).configGbps(config).fallbackGbps(25)
                        .fallbackLatencyS(30e-6).intraGbps(intra).tree(tree).intraHint("synthetic hint")
                        .nicEfficiency(efficiency).resolve();
                if (r.times().isEmpty()) {
                    lines.add(line + "\trefused: " + r.reason() + "\t" + r.cost().isPresent());
                    continue;
                }
                for (Collective op : OPS) {
                    for (double b : BYTES) {
                        try {
                            line.append('\t').append(r.times().get().seconds(op, b));
                        } catch (RuntimeException e) {
                            line.append("\terror: ").append(e.getMessage());
                        }
                    }
                }
                lines.add(line + "\t" + r.cost().orElseThrow().allReduceSeconds(1 << 20));
            }
        }
    }
}
