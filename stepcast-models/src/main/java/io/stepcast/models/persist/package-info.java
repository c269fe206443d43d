/**
 * The one versioned envelope of everything stepcast saves: a JSON object that opens with a {@code format} tag and a
 * {@code version} ({@link io.stepcast.models.persist.EnvelopeHeader}), then named fields written and read through
 * {@link io.stepcast.models.persist.PayloadWriter} and {@link io.stepcast.models.persist.PayloadReader}. Model files,
 * the payloads codecs write inside them and payloads nested in payloads (a split-conformal fit around its base's, a
 * hybrid around its base's) are all envelopes; the suite results the Spark engine ships carry the same header in
 * binary. Doubles are written so that they read back to the same bits.
 */
package io.stepcast.models.persist;
