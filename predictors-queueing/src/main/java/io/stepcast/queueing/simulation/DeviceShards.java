package io.stepcast.queueing.simulation;

/**
 * A parameter-server job inside one host whose variables are spread over its devices, one shard on each
 * (TensorFlow's single-machine {@code parameter_server} mode with {@code local_parameter_device=gpu}:
 * {@code VariableMgrLocalFetchFromPS} gives every GPU a {@code ParamServerDeviceSetter} over all the GPUs,
 * tensorflow/benchmarks {@code scripts/tf_cnn_benchmarks/variable_mgr.py}). Each device then reads the
 * variables of the other devices' shards and sends them its gradients over its own link into the host's PCIe
 * fabric, and a device's own shard costs no transfer; the host's memory bus is not on the path. It is simulated
 * as one host per device whose link runs at the host-bus rate, the workers as their own clients (there is no
 * per-host aggregation: every tower's gradient goes to the variable's device).
 */
final class DeviceShards {
    private DeviceShards() {
    }

    /**
     * True for one host with several workers, one co-located shard per worker and a modelled bus.
     *
     * @param busBytesPerS the calibrated host bus (positive infinity: not modelled)
     */
    static boolean applies(int workers, int parameterServers, int nodes, boolean colocatedPs, double busBytesPerS) {
        return nodes == 1 && workers > 1 && colocatedPs && parameterServers == workers && Double.isFinite(busBytesPerS);
    }

    /** {@code setup} with each device as a host whose link is the bus, without per-host aggregation. */
    static SimulationSetup asHosts(SimulationSetup setup) {
        return setup.toBuilder().nodes(setup.workers()).colocatedPs(true).nicBytesPerS(setup.busBytesPerS())
                .busBytesPerS(Double.POSITIVE_INFINITY).hostAggregation(false).build();
    }
}
