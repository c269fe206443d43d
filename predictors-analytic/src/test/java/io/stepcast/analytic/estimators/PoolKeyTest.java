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
        assertThat(GroupedEstimator.poolKey("resnet50@dgx-1-v100")).isEqualTo("dgx-1-v100");
        assertThat(GroupedEstimator.poolKey("resnet50@dgx-1-v100%fp32")).isEqualTo("dgx-1-v100");
        assertThat(GroupedEstimator.poolKey("resnet50@dgx-a100-80gb%tf32#allreduce"))
                .isEqualTo("dgx-a100-80gb#allreduce");
        assertThat(GroupedEstimator.poolKey("vgg16@dgx-a100-80gb#allreduce")).isEqualTo("dgx-a100-80gb#allreduce");
    }

    @Test
    void twoPrecisionsOfOneModelOnOneMachineShareAPoolAsTwoJobs() {
        assertThat(GroupedEstimator.poolKey("resnet50@dgx-2%fp32"))
                .isEqualTo(GroupedEstimator.poolKey("resnet50@dgx-2"));
    }
}
