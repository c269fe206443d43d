package io.stepcast.analytic;

import io.stepcast.api.Observation;

import java.io.IOException;
import java.util.List;

/**
 * The real Courier tables (test fixture), read once per test class: the published response-time cells, the
 * batch x njobs accuracy means and the authors' live runs.
 */
record CourierTables(List<Observation> cells, List<Observation> means, List<Observation> live) {

    /** The three tables of the {@code courier} source. */
    static CourierTables load() throws IOException {
        List<Observation> courier = RealData.source("courier");
        return new CourierTables(RealData.table(courier, "cells"), RealData.table(courier, "batch_njobs"),
                RealData.table(courier, "live"));
    }
}
