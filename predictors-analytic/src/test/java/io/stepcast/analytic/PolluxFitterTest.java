package io.stepcast.analytic;

import io.stepcast.analytic.estimators.PolluxForm;
import io.stepcast.analytic.fit.PolluxFitter;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

/** The Levenberg-Marquardt fit of the Pollux form, on SYNTHETIC noise-free step times. */
class PolluxFitterTest {

    @Test
    void formLimits() {
        double[] c = {0.1, 0.001, 0.05, 0.01, 0.2, 0.02, 1};
        assertThat(PolluxForm.stepTime(c, 1, 1, 100, 0)).isCloseTo(0.2, within(1e-12));
        // g = 1: no overlap, times add.
        assertThat(PolluxForm.stepTime(c, 2, 6, 100, 0)).isCloseTo(0.2 + 0.2 + 0.02 * 4, within(1e-12));
        // large g: the maximum.
        c[6] = 10;
        assertThat(PolluxForm.stepTime(c, 1, 4, 100, 0)).isCloseTo(0.2, within(0.002));
        // accumulation adds s compute steps.
        assertThat(PolluxForm.stepTime(c, 1, 1, 100, 2)).isCloseTo(0.6, within(1e-12));
    }

    @Test
    void recoversTheGeneratingCoefficients() {
        List<PolluxFitter.Point> pts = SyntheticPollux.points();
        PolluxFitter.Result r = new PolluxFitter(8).fit(pts).orElseThrow();
        assertThat(r.rmsLogError()).isLessThan(1e-4);
        assertThat(r.withinNode()).isTrue();
        assertThat(r.acrossNodes()).isTrue();
        for (int i = 0; i < PolluxForm.SIZE; i++) {
            assertThat(r.coefficients()[i]).as("coefficient " + i).isCloseTo(SyntheticPollux.TRUTH[i], withinPercentage(2));
        }
    }

    @Test
    void singleReplicaDataLeaveSyncUnfitted() {
        List<PolluxFitter.Point> single = SyntheticPollux.points().stream().filter(p -> p.replicas() == 1).toList();
        PolluxFitter.Result r = new PolluxFitter(2).fit(single).orElseThrow();
        assertThat(r.withinNode()).isFalse();
        assertThat(r.acrossNodes()).isFalse();
        assertThat(r.coefficients()[0]).isCloseTo(0.02, withinPercentage(0.5));
        assertThat(r.coefficients()[1]).isCloseTo(4e-4, withinPercentage(0.5));
        assertThat(r.coefficients()[6]).isEqualTo(1.0);
    }
}
