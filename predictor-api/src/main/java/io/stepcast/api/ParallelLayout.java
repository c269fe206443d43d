package io.stepcast.api;

/**
 * The 3D-parallel layout of a Megatron-style training job (Shoeybi et al., "Megatron-LM: Training
 * Multi-Billion Parameter Language Models Using Model Parallelism", 2019, for tensor parallelism; Narayanan
 * et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", SC'21, section 2,
 * for the pipeline with micro-batches and the composition p x t x d = n). Absent from the {@link Deployment}
 * of a plain data-parallel job.
 *
 * @param tensor       tensor-parallel ranks t (each layer's matrices split over t GPUs)
 * @param pipeline     pipeline stages p (the layers split into p consecutive stages)
 * @param data         data-parallel replicas d (each replica holds t x p GPUs)
 * @param microBatch   samples per micro-batch b
 * @param microBatches micro-batches m each replica runs per iteration: global batch = b x m x d
 */
public record ParallelLayout(int tensor, int pipeline, int data, int microBatch, int microBatches) {
    public ParallelLayout {
        Validate.positive(tensor, "tensor_parallel");
        Validate.positive(pipeline, "pipeline_parallel");
        Validate.positive(data, "data_parallel");
        Validate.positive(microBatch, "micro_batch");
        Validate.positive(microBatches, "micro_batches");
    }

    /**
     * The layout of a job stated as its global batch (how Megatron-LM's {@code --global-batch-size} and
     * {@code --micro-batch-size} state it).
     *
     * @throws IllegalArgumentException when micro-batch x data does not divide the global batch
     */
    public static ParallelLayout ofGlobalBatch(int tensor, int pipeline, int data, int microBatch, long globalBatch) {
        Validate.positive(data, "data_parallel");
        Validate.positive(microBatch, "micro_batch");
        long per = (long) microBatch * data;
        if (globalBatch < 1 || globalBatch % per != 0) {
            throw new IllegalArgumentException("global batch " + globalBatch + " is not a positive multiple of micro-batch x data = "
                    + microBatch + " x " + data + " = " + per);
        }
        return new ParallelLayout(tensor, pipeline, data, microBatch, Math.toIntExact(globalBatch / per));
    }

    /** GPUs the job uses: t x p x d. */
    public int gpus() {
        return tensor * pipeline * data;
    }

    /** GPUs of one data-parallel replica (model-parallel group): t x p. */
    public int modelParallel() {
        return tensor * pipeline;
    }

    /** Samples per replica per iteration: b x m. */
    public int replicaBatch() {
        return microBatch * microBatches;
    }

    /** Samples per iteration over all replicas: b x m x d. */
    public long globalBatch() {
        return (long) replicaBatch() * data;
    }
}
