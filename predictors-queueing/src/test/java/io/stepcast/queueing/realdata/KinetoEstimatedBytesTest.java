package io.stepcast.queueing.realdata;

import io.stepcast.models.collective.CatalogCollectiveModel;
import io.stepcast.api.collective.Collective;
import io.stepcast.api.profile.CollectiveByteEstimator;
import io.stepcast.api.profile.CollectiveOp;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.testing.SyntheticKinetoTraces;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.kineto.KinetoReader;
import io.stepcast.models.collective.CatalogByteEstimator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A collective whose bytes the trace does not record is read without bytes, and the estimating step
 * ({@link CatalogByteEstimator}) gives it bytes from its duration and the catalog's links, marked estimated, on a
 * synthetic two-rank A100 trace (one step, one kernel, one all-reduce of 2 ms).
 */
class KinetoEstimatedBytesTest {
    private static final String DEVICE = "NVIDIA A100-PG509-200";

    @TempDir
    Path dir;

    /** A synthetic trace: one ProfilerStep, a gemm, then an NCCL all-reduce kernel without byte arguments. */
    private Path syntheticTrace() throws IOException {
        return SyntheticKinetoTraces.allReduceWithoutBytes(dir, DEVICE);
    }

    @Test
    void unrecordedBytesAreEstimatedFromTheDurationAndMarked() throws IOException {
        Path file = syntheticTrace();
        CatalogCollectiveModel model = CatalogCollectiveModel.of(new DefaultHardwareCatalog(), DEVICE, 2).orElseThrow();
        long expected = model.bytes(Collective.ALL_REDUCE, 2000e-6).orElseThrow();
        // The model takes the measured 2 ms on the estimated bytes, and an all-reduce of 2 ms on NVLink is megabytes.
        assertThat(model.seconds(Collective.ALL_REDUCE, expected)).isCloseTo(2000e-6, within(1e-9));
        assertThat(expected).isGreaterThan(1_000_000);

        Profile read = new KinetoReader().readProfile(file);
        assertThat(read.collectives().get(0).bytes()).isEmpty();
        Profile p = new CatalogByteEstimator(new DefaultHardwareCatalog()).withEstimatedBytes(read);
        assertThat(p.collectives()).hasSize(1);
        CollectiveOp c = p.collectives().get(0);
        assertThat(c.bytes()).hasValue(expected);
        assertThat(c.bytesMeasured()).isFalse();
        assertThat(p.ops()).isEqualTo(read.ops());
    }

    @Test
    void withoutAnEstimateTheBytesStayUnknown() throws IOException {
        Profile read = new KinetoReader().readProfile(syntheticTrace());
        assertThat(CollectiveByteEstimator.none().withEstimatedBytes(read).collectives().get(0).bytes()).isEmpty();
        Profile unknownDevice = new Profile(read.model(), read.localBatch(), read.stepTimeUs(), read.parameters(),
                read.receives(), read.ops(), read.sends(), read.origin(), read.collectives(),
                new io.stepcast.api.profile.ProfiledRank(0, 2, "unknown"));
        assertThat(new CatalogByteEstimator(new DefaultHardwareCatalog()).withEstimatedBytes(unknownDevice)
                .collectives().get(0).bytes()).isEmpty();
    }
}
