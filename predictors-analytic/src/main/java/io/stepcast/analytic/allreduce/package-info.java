/**
 * All-reduce training step time from one node: {@code allreduce-analytic} (compute fitted on single-GPU rows,
 * communication from the model zoo's gradient bytes through the collective cost model over the hardware
 * catalog's links, an overlap fraction) and {@code pollux-topo} (Pollux's step-time model with its
 * synchronisation split into an intra-node and an inter-node term, the inter-node term from the catalog when
 * the training data has one node only).
 */
package io.stepcast.analytic.allreduce;
