package io.stepcast.queueing.simulation;

import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

class ParameterServerPlanTest {
    private static final double GBPS = 1e9 / 8;
    /** Synthetic calibration: compute scale 2, half the nominal bandwidth, 10 us, a 64 Gbit/s bus. */
    private static final Calibration CAL = new Calibration(2, 0.5, 10e-6, 1, 1, false, 64 * GBPS);

    @Test
    void appliesTheCalibrationToTheJob() {
        SimulationSetup s = ParameterServerPlan.create().mode(Mode.SYNC).policy(OrderPolicy.TIC).steps(2, 7)
                .job(8, 2, 4, false).nominalBytesPerS(10 * GBPS).batchRatio(1.5).setup(CAL);
        assertThat(s.nicBytesPerS()).isEqualTo(5 * GBPS);
        assertThat(s.latencyS()).isEqualTo(10e-6);
        assertThat(s.busBytesPerS()).isEqualTo(64 * GBPS);
        assertThat(s.computeScale()).isEqualTo(3);
        assertThat(s.hostAggregation()).as("sync, two workers per host").isTrue();
        assertThat(s.policy()).isEqualTo(OrderPolicy.TIC);
        assertThat(s.steps()).isEqualTo(7);
    }

    @Test
    void aCataloguedDeviceLinkIsTheBusAndOneShardPerDeviceMakesEachDeviceAHost() {
        ParameterServerPlan plan = ParameterServerPlan.create().nominalBytesPerS(10 * GBPS)
                .deviceLinkBytesPerS(OptionalDouble.of(100 * GBPS));
        SimulationSetup shared = plan.job(4, 1, 1, true).setup(CAL);
        assertThat(shared.busBytesPerS()).isEqualTo(400 * GBPS);
        assertThat(shared.nodes()).isEqualTo(1);
        SimulationSetup devices = plan.job(4, 4, 1, true).setup(CAL);
        assertThat(devices.nodes()).isEqualTo(4);
        assertThat(devices.nicBytesPerS()).isEqualTo(100 * GBPS);
        assertThat(devices.busBytesPerS()).isInfinite();
    }
}
