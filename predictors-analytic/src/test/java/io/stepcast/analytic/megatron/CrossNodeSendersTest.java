package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Recompute;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The point-to-point exchanges across nodes share a node's NICs by the same rule as the collectives
 * ({@link CrossNodeSenders}, {@link SharedGroup#pair}): the senders each exchange has on a node at once, counted by
 * walking Megatron-LM's rank order rank by rank, against the closed forms; the link costs of a shared pair and of a
 * shared all-to-all; the cost model's boundary, tied-embedding and context-ring terms over them. Synthetic layouts and
 * messages on the catalog's DGX A100 (8 GPUs, 8 compute NICs); no measured rows.
 */
class CrossNodeSendersTest {
    private static final double BYTES = 1 << 26;
    /** A GPT of 24 layers, h 2048 (synthetic use: only its message sizes matter here). */
    private static final TransformerShape GPT = new TransformerShape(24, 2048, 16, 2048, 50304, 4 * 2048);
    private final HardwareCatalog catalog = new DefaultHardwareCatalog();
    private final SystemSpec dgx = catalog.system("dgx-a100").orElseThrow();

    @Test
    void aStageBoundaryIsSentByAllOfANodesRanksOrOnlyByTheStageThatLeavesIt() {
        int[][] cases = {{2, 8, 8}, {3, 8, 8}, {8, 2, 8}, {16, 4, 8}, {12, 2, 8}, {4, 6, 8}, {24, 3, 8}, {2, 9, 4}};
        for (int[] k : cases) {
            int stageRanks = k[0];
            int p = k[1];
            int g = k[2];
            int job = stageRanks * p;
            // Every stage but the last sends to the same rank of the next; the interleaved schedule's wrap adds the
            // last stage's sends to the first.
            int plain = CrossNodeSenders.busiest(job, g, r -> r + stageRanks < job ? r + stageRanks : r);
            int wrapped = CrossNodeSenders.busiest(job, g, r -> (r + stageRanks) % job);
            assertThat(plain).as("stage ranks %d, p %d, g %d", stageRanks, p, g)
                    .isEqualTo(CrossNodeSenders.stageBoundary(stageRanks, g));
            assertThat(wrapped).isEqualTo(plain);
        }
        // Two ranks per stage, four stages per node: only the boundary leaving the node uses its NICs.
        assertThat(CrossNodeSenders.stageBoundary(2, 8)).isEqualTo(2);
        assertThat(CrossNodeSenders.stageBoundary(16, 8)).isEqualTo(8);
    }

    @Test
    void theTiedEmbeddingIsAllReducedByEveryFirstStageRankOfANode() {
        int[][] cases = {{2, 8, 8}, {8, 2, 8}, {16, 4, 8}, {12, 2, 8}, {3, 8, 8}};
        for (int[] k : cases) {
            int stageRanks = k[0];
            int last = (k[1] - 1) * stageRanks;
            int counted = CrossNodeSenders.busiest(stageRanks * k[1], k[2], r -> r < stageRanks ? r + last : r);
            assertThat(counted).isEqualTo(CrossNodeSenders.tiedEmbedding(stageRanks, k[2]));
        }
    }

    @Test
    void aContextRingLeavesEachNodeOnceForEveryTensorRank() {
        // t = 8, c = 2: one rank of each of 8 rings per node, every one sending across.
        assertThat(CrossNodeSenders.contextRing(8, 2, 8, 16)).isEqualTo(8);
        // t = 4, c = 4: each of 4 rings has 2 ranks per node, one hop of each leaves it.
        assertThat(CrossNodeSenders.contextRing(4, 4, 8, 64)).isEqualTo(4);
        assertThat(CrossNodeSenders.contextRing(2, 8, 8, 32)).isEqualTo(2);
        // t x c divides the node: no ring leaves it.
        assertThat(CrossNodeSenders.contextRing(2, 2, 8, 64)).isZero();
        // t = 1, c = 3 over nodes of 8: the ring of ranks 6-8 leaves node 0 once; node 1 holds that ring's rank 8
        // and the ring of ranks 15-17 at its two ends, so two of its ranks send across.
        assertThat(CrossNodeSenders.contextRing(1, 3, 8, 24)).isEqualTo(2);
        // ... and a job of one node has none.
        assertThat(CrossNodeSenders.contextRing(1, 3, 8, 6)).isZero();
    }

    @Test
    void aSenderGetsItsShareOfTheNodesNicsButNoMoreThanItsOwnRail() {
        // Eight GPUs and eight NICs (DGX): one NIC per sender however few send.
        assertThat(CrossNodeSenders.sharing(8, 8, 8)).isEqualTo(8);
        assertThat(CrossNodeSenders.sharing(2, 8, 8)).isEqualTo(8);
        assertThat(CrossNodeSenders.sharing(0, 8, 8)).isEqualTo(8);
        // Eight GPUs on four NICs: two senders get a NIC each, eight share them two to a NIC.
        assertThat(CrossNodeSenders.sharing(2, 8, 4)).isEqualTo(4);
        assertThat(CrossNodeSenders.sharing(8, 8, 4)).isEqualTo(8);
        // Two NICs per GPU: a sender has its two.
        assertThat(CrossNodeSenders.sharing(1, 8, 16)).isEqualTo(8);
        // A node without catalogued NICs divides by its senders alone.
        assertThat(CrossNodeSenders.sharing(3, 8, 0)).isEqualTo(3);
    }

    @Test
    void aPairSharingItsNodesNicsWithSevenOthersSendsAsOverAnEighthOfThem() {
        LinkCosts all = LinkCosts.of(catalog, dgx).orElseThrow();
        LinkCosts eighth = stated(8);
        assertThat(all.sendRecv(BYTES, SharedGroup.pair(true, 8)))
                .isCloseTo(eighth.sendRecv(BYTES, SharedGroup.pair(true, 1)), within(1e-12));
        assertThat(all.sendRecv(BYTES, SharedGroup.pair(true, 8)) / all.sendRecv(BYTES, SharedGroup.pair(true, 1)))
                .isGreaterThan(4);
        // On one node the pair uses NVLink, whatever else crosses the NICs.
        assertThat(all.sendRecv(BYTES, SharedGroup.pair(false, 8)))
                .isEqualTo(all.sendRecv(BYTES, SharedGroup.pair(false, 1)));
        assertThat(SharedGroup.pair(false, 8).concurrent()).isEqualTo(1);
        assertThat(SharedGroup.pair(true, 0).concurrent()).isEqualTo(1);
    }

    @Test
    void anAllToAllSharingItsNodesWithAnotherGroupPoolsHalfTheirNics() {
        LinkCosts all = LinkCosts.of(catalog, dgx).orElseThrow();
        LinkCosts half = stated(2);
        Placement group = Placement.uniform(2, 4);
        assertThat(all.allToAll(BYTES, new SharedGroup(group, 2)))
                .isCloseTo(half.allToAll(BYTES, new SharedGroup(group, 1)), within(1e-12));
        assertThat(all.allToAll(BYTES, new SharedGroup(group, 2)) / all.allToAll(BYTES, new SharedGroup(group, 1)))
                .isGreaterThan(1.5);
        // A group of whole nodes (expert parallelism over nodes) shares them with none: all their NICs, as before.
        assertThat(SharedGroup.of(Placement.uniform(2, 8), 8, 16).concurrent()).isEqualTo(1);
        // Four ranks per node, eight in the job's nodes: two such groups at once.
        assertThat(SharedGroup.of(group, 8, 16).concurrent()).isEqualTo(2);
    }

    @Test
    void theModelChargesEachCrossNodeExchangeAtItsSendersShare() {
        LinkCosts links = LinkCosts.of(catalog, dgx).orElseThrow();
        MegatronCostModel model = MegatronCostModel.of(links, catalog.device("dgx-a100").orElseThrow()).orElseThrow();
        // t = 8, p = 2, d = 2: each stage fills two nodes, all 8 ranks of a node send at the boundary and all-reduce
        // the tied embedding with their last-stage peers at once.
        ParallelLayout full = ParallelLayout.builder(8, 2, 2, 1, 4).recompute(Recompute.FULL).build();
        TransformerCosts c = TransformerCosts.of(GPT, full);
        double gather = links.allGather(c.activationBytes(), Placement.singleNode(8));
        JobTerms terms = model.terms(GPT, full);
        assertThat(terms.pipelineS()).isCloseTo(2 * (links.sendRecv(c.activationBytes() / 8,
                SharedGroup.pair(true, 8)) + gather), within(1e-15));
        assertThat(terms.embeddingS()).isCloseTo(links.allReduce(TransformerCosts.HALF * c.embeddingParameters(),
                SharedGroup.pair(true, 8)), within(1e-15));
        // t = 2, p = 8, d = 1: four stages per node; only the boundary leaving the node crosses its NICs, sent by its
        // two ranks: the three boundaries inside the node do not slow it, but each of the two keeps to its own rail's
        // NIC, so it sends as fast as one of eight senders does, not at 4 NICs.
        ParallelLayout few = ParallelLayout.builder(2, 8, 1, 1, 8).recompute(Recompute.FULL).build();
        TransformerCosts f = TransformerCosts.of(GPT, few);
        double fewGather = links.allGather(f.activationBytes(), Placement.singleNode(2));
        double ownNic = links.sendRecv(f.activationBytes() / 2, SharedGroup.pair(true, 8));
        assertThat(CrossNodeSenders.stageBoundary(2, 8)).isEqualTo(2);
        assertThat(model.terms(GPT, few).pipelineS()).isCloseTo(2 * (ownNic + fewGather), within(1e-15));
        assertThat(ownNic).isGreaterThan(links.sendRecv(f.activationBytes() / 2, SharedGroup.pair(true, 2)));
        // t = 8, c = 2: every ring step crosses a NIC, 8 rings' hops leaving each node at once.
        ParallelLayout ring = ParallelLayout.builder(8, 1, 1, 1, 1).context(2).flashAttention(true)
                .recompute(Recompute.FULL).build();
        TransformerCosts r = TransformerCosts.of(GPT, ring);
        double perLayer = r.contextRingSteps() * links.sendRecv(r.contextChunkBytes(), SharedGroup.pair(true, 8));
        StageTerms first = model.terms(GPT, ring).first();
        assertThat(first.contextS()).isCloseTo(first.layers() * perLayer, within(1e-15));
    }

    /** The DGX A100's link costs with its nodes' NIC bandwidth stated as 1/{@code share} of the catalog's. */
    private LinkCosts stated(int share) {
        double nodeGbps = dgx.nicsPerNode() * catalog.nic(dgx).orElseThrow().gbps();
        return LinkCosts.of(catalog, dgx, new StatedLinks(OptionalDouble.empty(),
                OptionalDouble.of(nodeGbps / share))).orElseThrow();
    }
}
