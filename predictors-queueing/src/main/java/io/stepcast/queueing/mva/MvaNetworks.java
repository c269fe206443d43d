package io.stepcast.queueing.mva;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.HyperParameters;
import io.stepcast.models.collective.HostLinks;
import io.stepcast.queueing.fit.Aggregation;
import io.stepcast.queueing.fit.SingleWorkerBasis;
import io.stepcast.queueing.simulation.AllReduceLinks;

import java.util.OptionalDouble;

/**
 * Builds the closed queueing network ({@link PsQueueingModel}) of a configuration from its single-worker basis
 * under the {@code mva} hyper-parameters: compute time Z is the single-worker step minus its transfers, update
 * and bus copies (all of it for a worker of an all-reduce job, which had no server), scaled to the configuration's
 * local batch from the basis batch (affine where the single-worker steps of several batches show the fixed part,
 * {@link io.stepcast.queueing.fit.BatchCompute}). Bus copies cross one shared host bus ({@code host-bus-gbps}), or,
 * on a system the hardware catalog knows, each device's share of its host link ({@link HostLinks}). Transfers between
 * hosts cross the network the all-reduce cost reads ({@link AllReduceLinks#networkBytesPerS}): the stated
 * {@code bandwidth_gbps}, else the catalogued system's NICs, else {@code bandwidth-gbps}; the configuration's for
 * its own job, the single-worker row's for the transfers its measured step holds.
 */
final class MvaNetworks {
    private static final double GBPS = 1e9 / 8;
    /** Z never drops below this fraction of the single-worker step, whatever the transfers subtract. */
    private static final double MIN_COMPUTE_FRACTION = 0.05;

    private final HyperParameters hp;
    private final HostLinks hostLinks;
    private final AllReduceLinks links;

    MvaNetworks(HyperParameters hp, HostLinks hostLinks, AllReduceLinks links) {
        this.hp = hp;
        this.hostLinks = hostLinks;
        this.links = links;
    }

    /**
     * The network of {@code config} from {@code basis}, whose parameter bytes must be known.
     *
     * @param efficiency effective over nominal NIC bandwidth
     * @param batchRatio compute at the configuration's batch over compute at the basis's ({@link
     *                   io.stepcast.queueing.fit.BasisTable#batchRatio})
     */
    PsQueueingModel of(Config config, SingleWorkerBasis basis, double efficiency, double batchRatio) {
        double bytes = basis.parameterBytes().getAsLong();
        double nominal = links.networkBytesPerS(config.deployment().hardware(), config.deployment().bandwidthGbps(),
                hp.real("bandwidth-gbps"));
        double nic = nominal * efficiency;
        double update = updateS(bytes);
        double busCopy = busCopyS(bytes);
        double compute = computeS(basis, efficiency) * batchRatio;

        boolean perHost = Aggregation.perHost(hp, config);
        int workers = config.workers();
        int hosts = Math.min(config.deployment().nodes(), workers);
        int shards = config.deployment().parameterServers();
        int customers = perHost ? hosts : workers;
        double devices = (double) workers / customers;
        OptionalDouble deviceLink = hostLinks.perDeviceBytesPerS(config);
        // On a catalogued system each device copies over its share of its own link, side by side; else over one
        // shared bus.
        double think = deviceLink.isPresent() ? compute + 2 * bytes / deviceLink.getAsDouble()
                : compute + 2 * devices * busCopy;
        double f = crossFraction(workers, hosts, shards, config.deployment().colocatedPs(), perHost);
        boolean sync = config.deployment().architecture() == Architecture.SYNC_PS;
        return new PsQueueingModel(think, bytes, nic, shards, update, f, customers, devices, sync);
    }

    /**
     * Seconds of compute per step at the basis's batch: its single-worker step less what its setting added (the
     * update, the parameter copies to a server on its host or over the network of its row); all of it for a worker of
     * an all-reduce job, which had no server.
     */
    double computeS(SingleWorkerBasis basis, double efficiency) {
        double single = basis.stepTimeS();
        if (basis.withoutServer()) {
            return single;
        }
        double bytes = basis.parameterBytes().getAsLong();
        double profiledNic = links.networkBytesPerS(basis.hardware(), basis.bandwidthGbps(), hp.real("bandwidth-gbps"))
                * efficiency;
        double basisCopy = hostLinks.aloneBytesPerS(basis.hardware()).stream().map(b -> bytes / b).findFirst()
                .orElse(busCopyS(bytes));
        double compute = single - updateS(bytes) - 2 * basisCopy - (basis.remotePs() ? 2 * bytes / profiledNic : 0);
        return Math.max(compute, MIN_COMPUTE_FRACTION * single);
    }

    private double updateS(double bytes) {
        return bytes / (hp.real("ps-update-gbps") * GBPS);
    }

    private double busCopyS(double bytes) {
        double busGbps = hp.real("host-bus-gbps");
        return busGbps > 0 ? bytes / (busGbps * GBPS) : 0;
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
