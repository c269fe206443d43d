package io.stepcast.evaluation.suite;

import io.stepcast.api.PeakMemory;
import io.stepcast.datasets.memory.MeasuredPeakMemory;
import io.stepcast.evaluation.metrics.MemoryAccuracy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table of measured peak memory per GPU and the predictors of a suite that estimate memory, planned once: each
 * predictor's estimator ({@link PeakMemory}) is asked for every run of the table. Nothing is fitted, neither to the
 * measured memory nor to a time: the estimate is a closed form of the configuration, so the score does not depend on
 * the suite's datasets, and a suite without any transformer time still scores it.
 *
 * @param table      the table's name
 * @param runs       its measured runs
 * @param predictors predictor label to its memory estimate, in the suite's order
 */
record MemoryScoring(String table, List<MeasuredPeakMemory> runs, Map<String, PeakMemory> predictors) {
    MemoryScoring {
        runs = List.copyOf(runs);
        predictors = Collections.unmodifiableMap(new LinkedHashMap<>(predictors));
    }

    /** One entry per predictor, in the suite's order. */
    List<MemoryEntry> entries() {
        List<MemoryEntry> out = new ArrayList<>(predictors.size());
        predictors.forEach((label, memory) -> out.add(MemoryEntry.of(MemoryAccuracy.score(table, label, memory,
                runs))));
        return out;
    }
}
