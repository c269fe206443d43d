package io.stepcast.analytic.collective;

import io.stepcast.api.collective.CollectiveAlgorithm;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.models.collective.RingAlgorithm;
import io.stepcast.models.collective.TreeAlgorithm;

import java.util.List;
import java.util.Locale;

/** The single-level algorithms a collective predictor can use, by hyper-parameter value. */
enum AlgorithmChoice {
    /** {@link RingAlgorithm}. */
    RING,
    /** {@link TreeAlgorithm} (NCCL's double binary tree for all-reduce). */
    TREE;

    static final List<String> VALUES = List.of("ring", "tree");

    static AlgorithmChoice parse(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    CollectiveAlgorithm over(LinkCost link, double overheadS) {
        return this == RING ? new RingAlgorithm(link, overheadS) : new TreeAlgorithm(link, overheadS);
    }
}
