package io.stepcast.datasets.parquet;

import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;

import java.util.List;

/** A synthetic two-layer step for tests of mechanics (not real data). */
public final class SyntheticOpTrace {
    private SyntheticOpTrace() {
    }

    /** Receives w1, w2; two compute ops; two gradient sends. Times start at 1000 us, the step lasts 400 us. */
    public static List<OpEvent> oneStep() {
        return List.of(
                new OpEvent(0, 0, "/job:ps", 0, "w1/read", "RecvTensor", OpCategory.RECEIVE, 1000, 50, "w1", 4000, null,
                        List.of()),
                new OpEvent(0, 0, "/job:ps", 0, "w2/read", "RecvTensor", OpCategory.RECEIVE, 1000, 80, "w2", 8000, null,
                        List.of()),
                new OpEvent(0, 0, "/gpu:0", 1, "layer1", "MatMul", OpCategory.COMPUTE, 1050, 100, null, -1, null,
                        List.of("w1")),
                new OpEvent(0, 0, "/gpu:0", 1, "layer2", "MatMul", OpCategory.COMPUTE, 1150, 100, null, -1, null,
                        List.of("w1", "w2")),
                new OpEvent(0, 0, "/job:ps", 2, "send_w2", "Send", OpCategory.SEND, 1250, 100, "w2", 8000, "layer2",
                        List.of()),
                new OpEvent(0, 0, "/job:ps", 2, "send_w1", "Send", OpCategory.SEND, 1250, 150, "w1", 4000, "layer1",
                        List.of()));
    }
}
