package io.stepcast.analytic.megatron;

import io.stepcast.api.collective.Placement;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The embedded NCCL all-reduce table: its sampling of vTrain's measured tables and how {@link LinkCosts} uses it. */
class MeasuredAllReduceTest {
    private static final double MIB = 1 << 20;
    private final MeasuredAllReduce table = MeasuredAllReduce.EMBEDDED;

    @Test
    void theSampledCurveFollowsEveryMeasuredSize() throws IOException {
        Path dir = MegatronAnalyticRealDataTest.DATA.resolve("vtrain/nccl-tests");
        for (String[] gpu : new String[][] {{"a100", "vtrain-a100"}, {"v100", "vtrain-v100"}}) {
            for (int n = 2; n <= 8; n++) {
                List<String> lines = Files.readAllLines(dir.resolve(gpu[0] + "/allreduce_" + n + "gpus.csv"));
                double sum = 0;
                double worst = 0;
                for (String line : lines.subList(1, lines.size())) {
                    String[] f = line.split(",");
                    double measured = Double.parseDouble(f[5]) * 1e-9;
                    double sampled = table.seconds(gpu[1], n, Double.parseDouble(f[0])).orElseThrow();
                    double deviation = Math.abs(sampled / measured - 1);
                    sum += deviation;
                    worst = Math.max(worst, deviation);
                }
                // Interpolated between 20 sampled sizes, the curve stays on the 1,024 measured ones: the
                // measurements themselves scatter by several percent from one MiB to the next.
                assertThat(sum / (lines.size() - 1)).as(gpu[0] + " n=" + n + " mean deviation").isLessThan(0.03);
                assertThat(worst).as(gpu[0] + " n=" + n + " worst deviation").isLessThan(0.25);
            }
        }
    }

    @Test
    void belowTheSmallestSizeTheTimeHoldsAndAboveTheLargestTheBandwidthHolds() {
        double first = table.seconds("vtrain-a100", 8, MIB).orElseThrow();
        assertThat(table.seconds("vtrain-a100", 8, 1024).orElseThrow()).isEqualTo(first);
        double last = table.seconds("vtrain-a100", 8, 1024 * MIB).orElseThrow();
        assertThat(table.seconds("vtrain-a100", 8, 2048 * MIB).orElseThrow()).isCloseTo(2 * last, within(1e-12));
        double a = table.seconds("vtrain-a100", 8, 64 * MIB).orElseThrow();
        double b = table.seconds("vtrain-a100", 8, 96 * MIB).orElseThrow();
        assertThat(table.seconds("vtrain-a100", 8, 80 * MIB).orElseThrow()).isCloseTo((a + b) / 2, within(1e-12));
        assertThat(table.seconds("dgx-h100", 8, MIB)).isEmpty();
        assertThat(table.seconds("vtrain-a100", 9, MIB)).isEmpty();
    }

    @Test
    void linkCostsUseTheMeasurementInsideOneNodeOnlyAndNotWhenABandwidthIsStated() {
        DefaultHardwareCatalog hw = new DefaultHardwareCatalog();
        LinkCosts dgx = LinkCosts.of(hw, hw.system("dgx-a100").orElseThrow()).orElseThrow();
        Placement node = Placement.singleNode(8);
        assertThat(dgx.measured(node)).isTrue();
        // A DGX A100 has the measured node's NVSwitch gen2: the measured times as they are.
        assertThat(dgx.allReduce(16 * MIB, node)).isEqualTo(table.seconds("vtrain-a100", 8, 16 * MIB).orElseThrow());
        assertThat(dgx.measured(Placement.uniform(2, 8))).isFalse();
        assertThat(dgx.measured(Placement.singleNode(1))).isFalse();
        LinkCosts stated = LinkCosts.of(hw, hw.system("dgx-a100").orElseThrow(),
                new StatedLinks(java.util.OptionalDouble.of(1000), java.util.OptionalDouble.empty())).orElseThrow();
        assertThat(stated.measured(node)).isFalse();
    }

    @Test
    void aMeasurementCarriesToAnotherGenerationOfTheSameLinkAndTopologyScaledByItsBandwidth() {
        DefaultHardwareCatalog hw = new DefaultHardwareCatalog();
        Placement node = Placement.singleNode(8);
        // NVSwitch gen3 (18 links per GPU) against the measured gen2 (12): 1.5 times the bytes in the same time.
        LinkCosts h100 = LinkCosts.of(hw, hw.system("dgx-h100").orElseThrow()).orElseThrow();
        assertThat(h100.measured(node)).isTrue();
        assertThat(h100.allReduce(96 * MIB, node))
                .isCloseTo(table.seconds("vtrain-a100", 8, 64 * MIB).orElseThrow(), within(1e-12));
        // NVLink 1.0 of a DGX-1 with P100 (4 links of 20 GB/s) against the measured V100 cube-mesh (6 of 25).
        LinkCosts p100 = LinkCosts.of(hw, hw.system("dgx-1-p100").orElseThrow()).orElseThrow();
        assertThat(p100.allReduce(80 * MIB, Placement.singleNode(4)))
                .isCloseTo(table.seconds("vtrain-v100", 4, 150 * MIB).orElseThrow(), within(1e-12));
        // Nothing measured carries to PCIe, nor to 16 GPUs of a DGX-2.
        LinkCosts t4 = LinkCosts.of(hw, hw.system("aws-g4dn.12xlarge").orElseThrow()).orElseThrow();
        assertThat(t4.measured(Placement.singleNode(4))).isFalse();
        LinkCosts dgx2 = LinkCosts.of(hw, hw.system("dgx-2").orElseThrow()).orElseThrow();
        assertThat(dgx2.measured(Placement.singleNode(16))).isFalse();
        assertThat(dgx2.measured(Placement.singleNode(8))).isTrue();
    }
}
