package io.stepcast.datasets.timeline;

import io.stepcast.datasets.trace.OpEvent;

import java.io.IOException;

/** Receives the op-trace events of a timeline, step by step. */
@FunctionalInterface
public interface OpEventSink {
    /** One event; all events of a step arrive before any event of the next step. */
    void accept(OpEvent event) throws IOException;
}
