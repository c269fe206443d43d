package io.stepcast.datasets.zoo;

import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.Send;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ProfileSynthesizerTest {
    private final ModelZoo zoo = new ModelZoo();
    private final ProfileSynthesizer synth = new ProfileSynthesizer();

    @Test
    void lenetProfileHasExactTensorsAndFillsTheStep() {
        Profile p = synth.synthesise(zoo.get("lenet5"), 64, 0.5);
        assertThat(p.parameterBytes()).isEqualTo(22278L * 4);
        assertThat(p.gradientBytes()).isEqualTo(22278L * 4);
        assertThat(p.parameters()).hasSize(8);
        assertThat(p.sends()).hasSize(8);
        assertThat(p.receives()).isEmpty();
        assertThat(p.ops()).hasSize(8);
        assertThat(p.stepTimeUs()).isEqualTo(500_000.0);
        assertThat(p.computeUs()).isCloseTo(500_000.0, within(1e-6));
        assertThat(p.ops().get(p.ops().size() - 1).endUs()).isCloseTo(500_000.0, within(1e-6));
    }

    @Test
    void backwardIsTwiceForwardAndFollowsFlops() {
        ZooModel m = zoo.get("ResNet-50");
        Profile p = synth.synthesise(m, 64, 64 / 51.5);
        ComputeOp fwd = p.ops().stream().filter(o -> o.name().equals("fc/forward")).findFirst().orElseThrow();
        ComputeOp bwd = p.ops().stream().filter(o -> o.name().equals("fc/backward")).findFirst().orElseThrow();
        assertThat(bwd.durationUs()).isCloseTo(2 * fwd.durationUs(), within(1e-9));
        ZooLayer fc = m.layers().get(m.layers().size() - 1);
        assertThat(fwd.durationUs()).isCloseTo(p.stepTimeUs() / 3 * fc.forwardFlops() / m.forwardFlops(),
                within(1e-9));
        assertThat(fwd.requires()).containsExactlyInAnyOrder("fc.weight", "fc.bias");
        // the last layer's backward runs first
        assertThat(p.ops().get(m.layers().size()).name()).isEqualTo("fc/backward");
        Send s = p.sends().get(0);
        assertThat(s.tensor()).isEqualTo("fc.weight");
        assertThat(s.producer()).isEqualTo("fc/backward");
        assertThat(s.bytes()).isEqualTo(2048L * 1000 * 4);
        assertThat(s.startUs()).isCloseTo(bwd.endUs(), within(1e-9));
        assertThat(p.parameters().get(0).name()).isEqualTo("conv1.weight");
        assertThat(p.parameters().get(0).bytes()).isEqualTo(64L * 3 * 7 * 7 * 4);
    }
}
