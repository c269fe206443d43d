package io.stepcast.datasets.timeline;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OpNamesTest {

    @Test
    void inputNamesLoseControlMarkersAndOutputIndexes() {
        assertThat(OpNames.nodeName("^gradients/x")).isEqualTo("gradients/x");
        assertThat(OpNames.nodeName("l1/MatMul:1")).isEqualTo("l1/MatMul");
        assertThat(OpNames.nodeName("a:b")).isEqualTo("a:b");
    }
}
