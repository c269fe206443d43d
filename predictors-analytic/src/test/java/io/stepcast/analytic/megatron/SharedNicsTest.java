package io.stepcast.analytic.megatron;

import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.NicSpec;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.models.collective.CatalogLinks;
import io.stepcast.models.collective.CollectiveCost;
import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Concurrent data-parallel groups on a node share its NICs ({@link SharedGroup}, {@link CollectiveCost.Builder#sharedNics}):
 * synthetic placements on the catalog's DGX A100 (8 GPUs, 8 compute NICs), no measured rows.
 */
class SharedNicsTest {
    private static final double BYTES = 1 << 30;
    private final HardwareCatalog catalog = new DefaultHardwareCatalog();
    private final SystemSpec dgx = catalog.system("dgx-a100").orElseThrow();

    @Test
    void withoutSharingAOneRankPerNodeGroupIsGivenAllOfItsNodesNics() {
        NicSpec nic = catalog.nic(dgx).orElseThrow();
        CatalogLinks links = new CatalogLinks(catalog);
        double alone = CollectiveCost.over(Placement.uniform(4, 1)).system(links, dgx).resolve().cost().orElseThrow()
                .interNode().orElseThrow().bytesPerS();
        double shared = CollectiveCost.over(Placement.uniform(4, 1)).system(links, dgx).sharedNics(8).resolve().cost()
                .orElseThrow().interNode().orElseThrow().bytesPerS();
        assertThat(dgx.nicsPerNode()).isEqualTo(8);
        assertThat(alone).isCloseTo(8 * nic.gbps() * 1e9 / 8, within(1.0));
        assertThat(shared).isCloseTo(nic.gbps() * 1e9 / 8, within(1.0));
    }

    @Test
    void theNodesRanksInTheJobOverTheGroupsRanksPerNodeShareTheNics() {
        // t = 8, d = 4: one rank of each group per node, 8 groups on every node.
        assertThat(SharedGroup.of(Placement.uniform(4, 1), 8, 32).concurrent()).isEqualTo(8);
        // t = 4, d = 4: two ranks of a group per node, one group per tensor rank: 4 groups.
        assertThat(SharedGroup.of(Placement.uniform(2, 2), 8, 16).concurrent()).isEqualTo(4);
        // a whole node per group: no other group shares its NICs.
        assertThat(SharedGroup.of(Placement.uniform(2, 8), 8, 16).concurrent()).isEqualTo(1);
        // one node: the NICs are not used.
        assertThat(SharedGroup.of(Placement.singleNode(4), 8, 8).concurrent()).isEqualTo(1);
        // a job of 2 ranks on nodes of 8 GPUs holds 1 rank per node: capped by the job.
        assertThat(SharedGroup.of(Placement.uniform(2, 1), 8, 2).concurrent()).isEqualTo(2);
        assertThatThrownBy(() -> new SharedGroup(Placement.uniform(2, 1), 0))
                .hasMessageContaining("concurrent groups must be at least 1");
    }

    @Test
    void eightConcurrentGroupsAllReduceAsOneGroupOnOneEighthOfTheNics() {
        LinkCosts all = LinkCosts.of(catalog, dgx).orElseThrow();
        double nodeGbps = dgx.nicsPerNode() * catalog.nic(dgx).orElseThrow().gbps();
        LinkCosts eighth = LinkCosts.of(catalog, dgx, new StatedLinks(OptionalDouble.empty(),
                OptionalDouble.of(nodeGbps / 8))).orElseThrow();
        Placement group = Placement.uniform(4, 1);
        double shared = all.allReduce(BYTES, new SharedGroup(group, 8));
        assertThat(shared).isCloseTo(eighth.allReduce(BYTES, group), within(1e-12));
        assertThat(all.reduceScatter(BYTES, new SharedGroup(group, 8)))
                .isCloseTo(eighth.reduceScatter(BYTES, group), within(1e-12));
        assertThat(all.allGather(BYTES, new SharedGroup(group, 8)))
                .isCloseTo(eighth.allGather(BYTES, group), within(1e-12));
        // a large message's exchange is bandwidth-bound: several times slower than over all eight NICs.
        assertThat(shared / all.allReduce(BYTES, group)).isGreaterThan(4);
        assertThat(all.allReduce(BYTES, new SharedGroup(group, 1))).isEqualTo(all.allReduce(BYTES, group));
    }
}
