package io.stepcast.queueing.mva;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.HyperParameters;
import io.stepcast.queueing.fit.Aggregation;
import io.stepcast.queueing.fit.SingleWorkerBasis;

/**
 * Builds the closed queueing network ({@link PsQueueingModel}) of a configuration from its single-worker basis
 * under the {@code mva} hyper-parameters: compute time Z is the single-worker step minus its transfers, update
 * and bus copies, scaled linearly with the local batch from the basis batch (our choice).
 */
final class MvaNetworks {
    private static final double GBPS = 1e9 / 8;
    /** Z never drops below this fraction of the single-worker step, whatever the transfers subtract. */
    private static final double MIN_COMPUTE_FRACTION = 0.05;

    private final HyperParameters hp;

    MvaNetworks(HyperParameters hp) {
        this.hp = hp;
    }

    /**
     * The network of {@code config} from {@code basis}, whose parameter bytes must be known.
     *
     * @param efficiency effective over nominal NIC bandwidth
     */
    PsQueueingModel of(Config config, SingleWorkerBasis basis, double efficiency) {
        double bytes = basis.parameterBytes().getAsLong();
        double nominal = config.deployment().bandwidthGbps().orElse(hp.real("bandwidth-gbps")) * GBPS;
        double nic = nominal * efficiency;
        double profiledNic = hp.real("bandwidth-gbps") * GBPS * efficiency;
        double update = bytes / (hp.real("ps-update-gbps") * GBPS);
        double busGbps = hp.real("host-bus-gbps");
        double busCopy = busGbps > 0 ? bytes / (busGbps * GBPS) : 0;
        double single = basis.stepTimeS();
        double compute = single - update - 2 * busCopy - (basis.remotePs() ? 2 * bytes / profiledNic : 0);
        compute = Math.max(compute, MIN_COMPUTE_FRACTION * single);
        compute *= (double) config.localBatch() / basis.localBatch();

        boolean perHost = Aggregation.perHost(hp, config);
        int workers = config.workers();
        int hosts = Math.min(config.deployment().nodes(), workers);
        int shards = config.deployment().parameterServers();
        int customers = perHost ? hosts : workers;
        double devices = (double) workers / customers;
        double think = compute + 2 * devices * busCopy;
        double f = crossFraction(workers, hosts, shards, config.deployment().colocatedPs(), perHost);
        boolean sync = config.deployment().architecture() == Architecture.SYNC_PS;
        return new PsQueueingModel(think, bytes, nic, shards, update, f, customers, devices, sync);
    }

    /** Fraction of (client, shard) pairs on different hosts, with the simulation's placement rule. */
    static double crossFraction(int workers, int hosts, int shards, boolean colocated, boolean perHost) {
        if (!colocated) {
            return 1.0;
        }
        int clients = perHost ? hosts : workers;
        long local = 0;
        for (int c = 0; c < clients; c++) {
            int h = perHost ? c : (int) ((long) c * hosts / workers);
            for (int s = 0; s < shards; s++) {
                if (s % hosts == h) {
                    local++;
                }
            }
        }
        return 1.0 - (double) local / ((long) clients * shards);
    }
}
