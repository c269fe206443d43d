/**
 * The discrete-event core shared by the simulation engines of the predictor modules: one future-event list
 * ({@link io.stepcast.models.sim.EventQueue}, typed primitive events) and a scheduler of actions on it
 * ({@link io.stepcast.models.sim.ActionQueue}). Self-contained: it depends on nothing else in the API, so that it can
 * move to a module of its own.
 */
package io.stepcast.models.sim;
