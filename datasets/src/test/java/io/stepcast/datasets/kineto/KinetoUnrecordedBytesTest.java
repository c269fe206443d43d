package io.stepcast.datasets.kineto;

import io.stepcast.api.profile.CollectiveOp;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.testing.SyntheticKinetoTraces;
import io.stepcast.datasets.inspect.ProfileSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reader records only what a trace says: a collective whose bytes the trace does not record keeps its kind and
 * duration and has no bytes, in the profile and in the summary, on a synthetic two-rank A100 trace (one step, one
 * kernel, one all-reduce of 2 ms). Estimating them is the replay's step, not the reader's.
 */
class KinetoUnrecordedBytesTest {
    @TempDir
    Path dir;

    /** A synthetic trace: one ProfilerStep, a gemm, then an NCCL all-reduce kernel without byte arguments. */
    private Path syntheticTrace() throws IOException {
        return SyntheticKinetoTraces.allReduceWithoutBytes(dir, "NVIDIA A100-PG509-200");
    }

    @Test
    void unrecordedBytesStayUnknown() throws IOException {
        Path file = syntheticTrace();
        Profile p = new KinetoReader().readProfile(file);
        assertThat(p.collectives()).hasSize(1);
        CollectiveOp c = p.collectives().get(0);
        assertThat(c.durationUs()).isEqualTo(2000.0);
        assertThat(c.bytes()).isEmpty();
        assertThat(c.bytesMeasured()).isFalse();

        ProfileSummary s = new KinetoReader().summarise(file);
        assertThat(s.collectives()).hasSize(1);
        assertThat(s.collectives().get(0).bytes()).isEmpty();
        assertThat(s.toJson()).contains("\"bytes\": null");
        assertThat(String.join("\n", s.toLines())).contains("all-reduce: 1.00 per step, bytes not recorded");
    }
}
