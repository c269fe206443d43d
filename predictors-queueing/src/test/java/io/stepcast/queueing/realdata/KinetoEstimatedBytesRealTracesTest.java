package io.stepcast.queueing.realdata;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.profile.CollectiveOp;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.kineto.KinetoReader;
import io.stepcast.models.collective.CatalogByteEstimator;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On the two real multi-rank traces of {@code shared/data/kineto}, which record their collectives' bytes: the
 * bytes estimated from each collective's duration ({@link CatalogByteEstimator}, as for a trace that does not record them) against the recorded
 * ones, summed per collective kind over the median step. A measured NCCL kernel also holds its wait for the other
 * ranks, which the alpha-beta cost does not see, so the estimate is an upper bound: on these traces every kind's
 * estimate is several times its recorded bytes, most for the small, wait-dominated all-reduces of 2 ranks.
 */
class KinetoEstimatedBytesRealTracesTest {

    /** Estimated / recorded bytes per collective kind of the median step. */
    private static Map<Collective, Double> ratios(String name) throws IOException {
        Profile p = new KinetoReader().readProfile(Path.of(System.getProperty("stepcast.shared.data"))
                .resolve("kineto").resolve(name + ".pt.trace.json.gz"));
        CatalogByteEstimator estimator = new CatalogByteEstimator(new DefaultHardwareCatalog());
        Map<Collective, double[]> sums = new EnumMap<>(Collective.class);
        for (CollectiveOp c : p.collectives()) {
            assertThat(c.bytesMeasured()).isTrue();
            double[] s = sums.computeIfAbsent(c.kind(), k -> new double[2]);
            s[0] += estimator.bytes(c.kind(), c.durationUs() * 1e-6, p.rank()).orElseThrow();
            s[1] += c.bytes().getAsLong();
        }
        Map<Collective, Double> out = new EnumMap<>(Collective.class);
        sums.forEach((k, s) -> out.put(k, s[0] / s[1]));
        return out;
    }

    @Test
    void estimatesFromDurationsAreUpperBoundsOfTheRecordedBytes() throws IOException {
        Map<Collective, Double> two = ratios("a100_world2_rank0");
        assertThat(two).containsOnlyKeys(Collective.ALL_REDUCE, Collective.BROADCAST);
        assertThat(two.get(Collective.ALL_REDUCE)).isBetween(20.0, 50.0);
        Map<Collective, Double> eight = ratios("a100_world8_rank3");
        assertThat(eight).containsOnlyKeys(Collective.ALL_REDUCE, Collective.ALL_TO_ALL);
        assertThat(eight.get(Collective.ALL_REDUCE)).isBetween(3.0, 8.0);
        assertThat(eight.get(Collective.ALL_TO_ALL)).isBetween(8.0, 18.0);
    }
}
