/**
 * Persistence of this module's predictors: envelopes of named fields, with each Tribuo model as its deflated protobuf
 * in Base64; the former checksummed binary payload is still read.
 */
package io.stepcast.ml.codec;
