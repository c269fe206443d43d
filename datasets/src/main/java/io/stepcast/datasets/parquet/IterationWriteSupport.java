package io.stepcast.datasets.parquet;

import io.stepcast.datasets.trace.IterationRecord;

import java.util.Map;

/** Writes {@link IterationRecord}s in the {@link Schemas#ITERATION} layout. */
final class IterationWriteSupport extends RowWriteSupport<IterationRecord> {

    IterationWriteSupport(Map<String, String> metadata) {
        super(Schemas.ITERATION, metadata);
    }

    @Override
    void writeFields(IterationRecord r) {
        string("kind", r.kind().label());
        string("job", r.job());
        int32("epoch", r.epoch());
        int64("iteration", r.iteration());
        float64("wall_clock_s", r.wallClockS());
        int64("records", r.records());
        float64("iteration_time_s", r.iterationTimeS());
        float64("throughput_records_s", r.throughputRecordsS());
        float64("loss", r.loss());
        float64("accuracy", r.accuracy());
        int64("correct", r.correct());
        int64("count", r.count());
    }
}
