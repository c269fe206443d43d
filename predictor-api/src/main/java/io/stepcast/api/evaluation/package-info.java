/**
 * The evaluation's extension points a plugin can contribute to, by name through
 * {@link io.stepcast.api.plugin.StepcastPlugin}: protocols (how a dataset is split into training and test
 * sides) and reproductions of published figures.
 */
package io.stepcast.api.evaluation;
