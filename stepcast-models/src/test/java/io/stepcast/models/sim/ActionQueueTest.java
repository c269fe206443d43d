package io.stepcast.models.sim;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Synthetic schedules: the order actions run in, and the refusal of one scheduled in the past. */
class ActionQueueTest {
    @Test
    void actionsRunInTimeThenSchedulingOrderAndMayScheduleMore() {
        ActionQueue q = new ActionQueue();
        List<String> ran = new ArrayList<>();
        q.at(2, () -> ran.add("b@2"));
        q.at(1, () -> {
            ran.add("a@1");
            q.after(1, () -> ran.add("d@2"));
            q.after(0, () -> ran.add("c@1"));
        });
        q.at(2, () -> ran.add("e@2"));
        for (int i = 0; i < 40; i++) {
            int n = i;
            q.at(3 + (i % 4), () -> ran.add("x" + n));
        }
        assertThat(q.run()).isEqualTo(6);
        assertThat(ran.subList(0, 5)).containsExactly("a@1", "c@1", "b@2", "e@2", "d@2");
        assertThat(ran.subList(5, 9)).containsExactly("x0", "x4", "x8", "x12");
        assertThat(ran).hasSize(45);
    }

    @Test
    void anEventInThePastIsRefused() {
        ActionQueue q = new ActionQueue();
        q.at(2, () -> q.at(1, () -> { }));
        assertThatThrownBy(q::run).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("before the current time");
    }
}
