package io.stepcast.analytic.estimators;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pool a group too small for its own fit joins (synthetic keys, mechanics only): every job of its hardware and
 * architecture, whatever the model and the precision.
 */
class PoolKeyTest {
    @Test
    void aPoolKeyDropsTheModelAndThePrecisionAndKeepsTheFurtherSplit() {
        assertThat(GroupKey.machineOf("resnet50@dgx-1-v100")).isEqualTo("dgx-1-v100");
        assertThat(GroupKey.machineOf("resnet50@dgx-1-v100%fp32")).isEqualTo("dgx-1-v100");
        assertThat(GroupKey.machineOf("resnet50@dgx-a100-80gb%tf32#allreduce"))
                .isEqualTo("dgx-a100-80gb#allreduce");
        assertThat(GroupKey.machineOf("vgg16@dgx-a100-80gb#allreduce")).isEqualTo("dgx-a100-80gb#allreduce");
        assertThat(GroupKey.machineOf("bert-large@dgx-1-v100%amp#allreduce#b7"))
                .isEqualTo("dgx-1-v100#allreduce#b7");
    }

    @Test
    void twoPrecisionsOfOneModelOnOneMachineShareAPoolAsTwoJobs() {
        assertThat(GroupKey.machineOf("resnet50@dgx-2%fp32"))
                .isEqualTo(GroupKey.machineOf("resnet50@dgx-2"));
    }
}
