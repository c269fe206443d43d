/**
 * Feature engineering: named features of a configuration ({@link io.stepcast.ml.features.Features}), the
 * set an estimator declares ({@link io.stepcast.ml.features.FeatureSet}) and its fitted, standardised
 * encoding ({@link io.stepcast.ml.features.FittedFeatures}), and target transforms.
 */
package io.stepcast.ml.features;
