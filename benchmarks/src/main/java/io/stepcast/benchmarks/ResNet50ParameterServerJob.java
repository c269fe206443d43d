package io.stepcast.benchmarks;

import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.queueing.simulation.Calibration;
import io.stepcast.queueing.simulation.CompiledProfile;
import io.stepcast.queueing.simulation.OrderPolicy;
import io.stepcast.queueing.simulation.ParameterServerPlan;
import io.stepcast.queueing.simulation.SimulationSetup;

/**
 * The simulation benchmarks' job: a ResNet-50 profile synthesised from the zoo (local batch 64, single-worker
 * step 1.22 s), calibrated and planned as the {@code simulation} estimator does ({@link ParameterServerPlan}), on
 * a cluster of one worker per host and one parameter server on its own host, 10 Gbit/s NICs, a 64 Gbit/s bus, asynchronous, random transfer order, no
 * jitter, 10 warm-up steps.
 *
 * @param compiled the compiled profile
 * @param setup    the cluster and run
 */
record ResNet50ParameterServerJob(CompiledProfile compiled, SimulationSetup setup) {
    private static final double GBPS = 1e9 / 8;
    private static final double BUS_GBPS = 64;

    /** The job on {@code workers} workers, {@code steps} measured steps each. */
    static ResNet50ParameterServerJob of(int workers, int steps) {
        Profile profile = new DefaultProfileSource().synthesise("ResNet-50", 64, 1.22);
        CompiledProfile compiled = CompiledProfile.of(profile);
        double bus = BUS_GBPS * GBPS;
        ParameterServerPlan plan = ParameterServerPlan.create().policy(OrderPolicy.RANDOM).steps(10, steps);
        Calibration cal = plan.calibrate(compiled, true, 10 * GBPS, 0, bus);
        SimulationSetup setup = plan.job(workers, 1, workers, false).nominalBytesPerS(10 * GBPS).setup(cal);
        return new ResNet50ParameterServerJob(compiled, setup);
    }
}
