/**
 * The model zoo as predictors see it: a read-only {@link io.stepcast.api.zoo.ModelCatalog} of known models
 * with their parameter counts, gradient bytes per layer in backward order and forward FLOPs, bound by the
 * datasets module. Predictors read the zoo only through these types, never by importing datasets.
 */
package io.stepcast.api.zoo;
