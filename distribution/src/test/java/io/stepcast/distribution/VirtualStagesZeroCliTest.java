package io.stepcast.distribution;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --virtual-stages 0} is bad input, named by its option, in {@code plan-llm} as in {@code sweep}
 * (SweepRefusedValueTest): the README's exit code 1, not the usage error's 2 plan-llm gave before (probe24).
 */
class VirtualStagesZeroCliTest {
    private final CliSession cli = new CliSession();

    @Test
    void planLlmRefusesZeroVirtualStagesAsSweepDoes() {
        assertThat(cli.run("plan-llm", "--model", "llama3-70b", "--global-batch", "128", "--gpus", "64",
                "--hardware", "dgx-h100", "--virtual-stages", "0")).isEqualTo(1);
        assertThat(cli.err().strip()).isEqualTo("stepcast: error: --virtual-stages: 0 is not at least 1");
        assertThat(cli.out()).isEmpty();
    }
}
