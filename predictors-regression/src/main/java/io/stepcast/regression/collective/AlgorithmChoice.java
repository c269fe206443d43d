package io.stepcast.regression.collective;

import io.stepcast.api.collective.CollectiveAlgorithm;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.RingAlgorithm;
import io.stepcast.api.collective.TreeAlgorithm;

/** The single-level algorithms a collective predictor can use, by hyper-parameter value. */
enum AlgorithmChoice {
    /** {@link RingAlgorithm}. */
    RING,
    /** {@link TreeAlgorithm} (NCCL's double binary tree for all-reduce). */
    TREE;

    static final String[] VALUES = {"ring", "tree"};

    static AlgorithmChoice parse(String value) {
        return valueOf(value.toUpperCase(java.util.Locale.ROOT));
    }

    CollectiveAlgorithm over(LinkCost link, double overheadS) {
        return this == RING ? new RingAlgorithm(link, overheadS) : new TreeAlgorithm(link, overheadS);
    }
}
