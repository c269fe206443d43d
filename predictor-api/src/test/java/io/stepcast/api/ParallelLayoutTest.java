package io.stepcast.api;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParallelLayoutTest {

    @Test
    void aLayoutDescribesTheWholeJob() {
        ParallelLayout p = ParallelLayout.builderForGlobalBatch(2, 2, 2, 4, 32).build();
        assertThat(p.microBatches()).isEqualTo(4);
        assertThat(p.gpus()).isEqualTo(8);
        Config c = Config.builder().model("gpt-l24-h1024-a16-s1024-v50304").parallel(p).build();
        assertThat(c.workers()).isEqualTo(2);
        assertThat(c.deployment().devicesPerWorker()).isEqualTo(4);
        assertThat(c.deployment().gpus()).isEqualTo(8);
        assertThat(c.localBatch()).isEqualTo(16);
        assertThat(c.globalBatch()).isEqualTo(32);
        assertThat(c.parallel()).contains(p);
        assertThat(c.toBuilder().build()).isEqualTo(c);
    }

    @Test
    void aPlainDataParallelJobHasNoLayout() {
        Config c = Config.builder().model("ResNet-50").workers(4).localBatch(32).build();
        assertThat(c.parallel()).isEmpty();
    }

    @Test
    void theGlobalBatchMustDivideByMicroBatchTimesData() {
        assertThatThrownBy(() -> ParallelLayout.builderForGlobalBatch(1, 1, 4, 8, 48).build())
                .hasMessage("global batch 48 is not a positive multiple of micro-batch x data = 8 x 4 = 32");
    }

    @Test
    void theLayoutMustCoverTheDeploymentsGpus() {
        ParallelLayout p = ParallelLayout.builder(2, 2, 2, 1, 4).build();
        assertThatThrownBy(() -> new Deployment(Architecture.ALLREDUCE, 2, 0, 1, 2, 1, false,
                OptionalDouble.empty(), "vtrain-a100", Optional.of(p)))
                .hasMessage("tensor x pipeline x data = 2 x 2 x 2 = 8 must equal the GPUs (workers x devices_per_worker"
                        + " = 2 x 2 = 4)");
        assertThatThrownBy(() -> new Deployment(Architecture.SYNC_PS, 2, 1, 1, 4, 1, false,
                OptionalDouble.empty(), "x", Optional.of(p)))
                .hasMessageContaining("needs the ALLREDUCE architecture");
        Deployment d = new Deployment(Architecture.ALLREDUCE, 2, 0, 1, 4, 1, false, OptionalDouble.empty(),
                "x", Optional.of(p));
        assertThatThrownBy(() -> new Config(Workload.of("gpt"), d, 8))
                .hasMessage("global batch 16 must equal micro-batch x micro-batches x data = 1 x 4 x 2 = 8");
        assertThatThrownBy(() -> ParallelLayout.builder(0, 1, 1, 1, 1).build()).hasMessageContaining("tensor_parallel");
    }

    @Test
    void aTableOfParallelismAloneRunsThePlainScheduleInHalfPrecision() {
        ParallelLayout p = ParallelLayout.builder(2, 2, 1, 1, 8).build();
        assertThat(p.virtualStages()).isEqualTo(1);
        assertThat(p.sequenceParallel()).isFalse();
        assertThat(p.recompute()).isEqualTo(Recompute.NONE);
        assertThat(p.precision()).isEqualTo(Precision.FP16);
    }

    @Test
    void theInterleavedScheduleNeedsAPipelineAndMicroBatchesThatDivideOverIt() {
        assertThat(ParallelLayout.builder(1, 4, 1, 1, 8).virtualStages(2).precision(Precision.BF16).build()
                .virtualStages())
                .isEqualTo(2);
        assertThatThrownBy(() -> ParallelLayout.builder(2, 1, 1, 1, 8).virtualStages(2).precision(Precision.BF16)
                .build())
                .hasMessageContaining("virtual_stages is 2 but needs pipeline_parallel of at least 2");
        assertThatThrownBy(() -> ParallelLayout.builder(1, 4, 1, 1, 6).virtualStages(2).precision(Precision.BF16)
                .build())
                .hasMessageContaining("micro-batches per replica (6) divisible by pipeline_parallel 4");
        assertThatThrownBy(() -> ParallelLayout.builder(1, 4, 1, 1, 8).virtualStages(0).precision(Precision.BF16)
                .build())
                .hasMessageContaining("virtual_stages");
    }

    @Test
    void sequenceParallelismSplitsOnlyOverSeveralTensorRanks() {
        assertThat(ParallelLayout.builder(1, 1, 1, 1, 1).sequenceParallel(true).precision(Precision.BF16)
                .build().splitsSequence())
                .isFalse();
        assertThat(ParallelLayout.builder(2, 1, 1, 1, 1).sequenceParallel(true).precision(Precision.BF16)
                .build().splitsSequence())
                .isTrue();
    }

    @Test
    void recomputeAndPrecisionAreParsedNamingTheColumn() {
        assertThat(Recompute.parse("Selective", "recompute")).isEqualTo(Recompute.SELECTIVE);
        assertThat(Precision.parse("bf16", "precision")).isEqualTo(Precision.BF16);
        // As published tables name automatic mixed precision.
        assertThat(Precision.parse("AMP", "precision")).isEqualTo(Precision.FP16);
        assertThat(Precision.parse("mixed", "precision")).isEqualTo(Precision.FP16);
        assertThat(Precision.parse(" Mixed precision ", "precision")).isEqualTo(Precision.FP16);
        assertThat(Precision.parse("mixed-precision", "precision")).isEqualTo(Precision.FP16);
        assertThat(Precision.parse("Tf32", "precision")).isEqualTo(Precision.TF32);
        // As PyTorch names its dtypes and MosaicML's llm-foundry tables name their precisions.
        assertThat(Precision.parse("bfloat16", "precision")).isEqualTo(Precision.BF16);
        assertThat(Precision.parse("float32", "precision")).isEqualTo(Precision.FP32);
        assertThat(Precision.parse("amp_bf16", "precision")).isEqualTo(Precision.BF16);
        assertThat(Precision.parse("AMP_FP8", "precision")).isEqualTo(Precision.FP8);
        assertThat(Precision.parse("amp_fp16", "precision")).isEqualTo(Precision.FP16);
        assertThatThrownBy(() -> Recompute.parse("partial", "column 'recompute'"))
                .hasMessage("column 'recompute' must be none, selective or full, was 'partial'");
        assertThatThrownBy(() -> Precision.parse("int8", "column 'precision'"))
                .hasMessage("column 'precision' must be fp32, tf32, fp16 (or amp, mixed, mixed precision), bf16 or fp8,"
                        + " was 'int8'");
    }

    @Test
    void thePrecisionTagIsEmptyForTheDefaultAndForARowThatStatesNone() {
        Config.Builder b = Config.builder().model("ResNet-50").workers(8).nodes(1).hardware("dgx-1-v100")
                .localBatch(256);
        assertThat(b.build().precisionTag()).isEmpty();
        ParallelLayout layout = ParallelLayout.builder(1, 1, 8, 256, 1).build();
        assertThat(b.parallel(layout).build().precisionTag()).isEmpty();
        assertThat(b.parallel(layout.toBuilder().precision(Precision.TF32).build()).build().precisionTag())
                .isEqualTo("tf32");
    }

    @Test
    void theSendsOverlapByDefaultExactlyUnderTheInterleavedScheduleAndTrueIsRefusedOnThePlainOne() {
        ParallelLayout plain = ParallelLayout.builder(2, 4, 8, 1, 16).build();
        ParallelLayout interleaved = plain.toBuilder().virtualStages(2).build();
        assertThat(plain.overlapP2pComm()).isFalse();
        assertThat(interleaved.overlapP2pComm()).isTrue();
        assertThat(interleaved.toBuilder().overlapP2pComm(true).build()).isEqualTo(interleaved);
        ParallelLayout off = interleaved.toBuilder().overlapP2pComm(false).build();
        assertThat(off.overlapP2pComm()).isFalse();
        assertThat(off.toBuilder().build()).isEqualTo(off);
        // The default follows the schedule through toBuilder; a stated false stays false.
        assertThat(plain.toBuilder().virtualStages(4).build().overlapP2pComm()).isTrue();
        assertThat(interleaved.toBuilder().virtualStages(1).build().overlapP2pComm()).isFalse();
        assertThat(off.toBuilder().virtualStages(1).build().overlapP2pComm()).isFalse();
        assertThat(plain.toBuilder().overlapP2pComm(false).build()).isEqualTo(plain);
        assertThatThrownBy(() -> plain.toBuilder().overlapP2pComm(true).build()).isInstanceOf(InvalidField.class)
                .hasMessageContaining("overlap_p2p_comm").hasMessageContaining("interleaved schedule")
                .hasMessageContaining("forces it off");
    }

    @Test
    void theBuilderStartsAtMegatronsDefaultsAndToBuilderKeepsEveryField() {
        ParallelLayout plain = ParallelLayout.builder(2, 4, 8, 1, 16).build();
        assertThat(plain).isEqualTo(new ParallelLayout(2, 4, 8, 1, 16, 1, false, Recompute.NONE,
                ParallelLayout.DEFAULT_PRECISION, Sharding.NONE, false, 1, 1, false, OptionalDouble.empty(), true,
                false));
        ParallelLayout every = ParallelLayout.builder(2, 4, 8, 1, 16).virtualStages(2).sequenceParallel(true)
                .recompute(Recompute.SELECTIVE).precision(Precision.BF16).sharding(Sharding.FULL).flashAttention(true)
                .context(2).expert(4).expertOverlap(true).expertCapacityFactor(OptionalDouble.of(1.25))
                .fusedKernels(false).build();
        assertThat(every.toBuilder().build()).isEqualTo(every);
        assertThat(every.toBuilder().context(1).build().gpus()).isEqualTo(every.gpus() / 2);
        // FSDP shards the optimizer state too: asking for the distributed optimizer keeps it; switching it off does not.
        assertThat(every.toBuilder().distributedOptimizer(true).build().sharding()).isEqualTo(Sharding.FULL);
        assertThat(plain.toBuilder().distributedOptimizer(true).build().sharding()).isEqualTo(Sharding.OPTIMIZER);
        assertThat(every.toBuilder().distributedOptimizer(false).build().sharding()).isEqualTo(Sharding.NONE);
        // The builder checks once, at build(): a context-parallel layout without the fused kernel is refused there.
        ParallelLayout.Builder unfused = every.toBuilder().flashAttention(false);
        assertThatThrownBy(unfused::build)
                .hasMessageStartingWith("context_parallel is 2 but needs flash_attention true");
    }

    @Test
    void aRefusalCarriesItsFieldSoThatAFrontEndNamesItInItsOwnWords() {
        FieldNames options = new FieldNames() {
            @Override
            public String name(String field) {
                return "--" + field.replace('_', '-');
            }

            @Override
            public String mention(String field) {
                return name(field);
            }
        };
        assertThatThrownBy(() -> ParallelLayout.builder(2, 1, 4, 1, 8).expert(3).build())
                .isInstanceOfSatisfying(InvalidField.class, e -> {
                    assertThat(e.field()).isEqualTo("expert_parallel");
                    assertThat(e.named(options)).isEqualTo("--expert-parallel is 3 but must divide the tensor x context"
                            + " x data = 2 x 1 x 4 ranks of a pipeline stage (Megatron-Core's expert groups are drawn "
                            + "from them)");
                });
        // Another field the reason mentions is named in the same words; the message keeps the keys.
        assertThatThrownBy(() -> ParallelLayout.builder(1, 4, 1, 1, 6).virtualStages(2).build())
                .isInstanceOfSatisfying(InvalidField.class, e -> {
                    assertThat(e.field()).isEqualTo("virtual_stages");
                    assertThat(e.named(options)).startsWith("--virtual-stages is 2 but needs micro-batches per replica "
                            + "(6) divisible by --pipeline-parallel 4");
                    assertThat(e.getMessage()).isEqualTo(e.named(FieldNames.KEYS))
                            .startsWith("virtual_stages is 2 but needs micro-batches per replica (6) divisible by "
                                    + "pipeline_parallel 4");
                });
        assertThatThrownBy(() -> ParallelLayout.builder(1, 1, 0, 1, 1).build())
                .isInstanceOfSatisfying(InvalidField.class,
                        e -> assertThat(e.reason()).isEqualTo("must be at least 1, was 0"))
                .hasMessage("data_parallel must be at least 1, was 0");
        // A reason that starts with a colon follows the name directly.
        assertThat(new InvalidField("micro_batch", ": 8 does not divide 12").named(options))
                .isEqualTo("--micro-batch: 8 does not divide 12");
    }
}
