/**
 * Persistence of this module's predictors: a checksummed binary payload with Tribuo models as protobuf.
 */
package io.stepcast.ml.codec;
