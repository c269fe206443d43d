package io.stepcast.evaluation.scaling;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;

import java.util.List;

/**
 * The configurations of one model that differ only in their workers (and what follows from them): same hardware,
 * architecture, tenancy, workload dataset, and either the same batch per worker (data-parallel GPU training) or the
 * same batch of the whole job (BigDL, whose jobs state their global batch). A scaling chart draws one slice.
 *
 * @param model       the model
 * @param hardware    hardware label
 * @param architecture parameter servers or all-reduce
 * @param tenants     jobs sharing the resources
 * @param workloadDataset the dataset trained on ({@code synthetic}, {@code real}, ...)
 * @param globalBatch true when {@code batch} is the whole job's batch, false when it is the batch per worker
 * @param batch       the batch held fixed
 */
public record ScalingSlice(String model, String hardware, Architecture architecture, int tenants,
                           String workloadDataset, boolean globalBatch, long batch) {

    /** The two slices a configuration belongs to: by its batch per worker, and by its global batch. */
    public static List<ScalingSlice> of(Config c) {
        return List.of(slice(c, false, c.localBatch()), slice(c, true, c.globalBatch()));
    }

    private static ScalingSlice slice(Config c, boolean global, long batch) {
        return new ScalingSlice(c.model(), c.deployment().hardware(), c.deployment().architecture(),
                c.deployment().tenants(), c.workload().dataset(), global, batch);
    }

    /** True when {@code c} belongs to this slice. */
    public boolean contains(Config c) {
        return c.model().equals(model) && c.deployment().hardware().equals(hardware)
                && c.deployment().architecture() == architecture && c.deployment().tenants() == tenants
                && c.workload().dataset().equals(workloadDataset)
                && (globalBatch ? c.globalBatch() : c.localBatch()) == batch;
    }

    /** What the slice holds fixed, for a chart's title: {@code K80, SYNC_PS, local batch 64, synthetic}. */
    public String label() {
        return hardware + ", " + architecture + ", " + (globalBatch ? "global" : "local") + " batch " + batch
                + (tenants > 1 ? ", " + tenants + " jobs" : "") + ", " + workloadDataset + " data";
    }
}
