package io.stepcast.datasets.timeline;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AllocationBytesTest {

    @Test
    void bytesOfPrefersRequestedOverAllocated() {
        assertThat(AllocationBytes.of("allocation_description {\n  requested_bytes: 600\n  allocated_bytes: 1024\n}"))
                .isEqualTo(600);
        assertThat(AllocationBytes.of("allocated_bytes: 4096\nallocator_name: mklcpu")).isEqualTo(4096);
        assertThat(AllocationBytes.of("dtype: DT_FLOAT")).isEqualTo(-1);
    }
}
