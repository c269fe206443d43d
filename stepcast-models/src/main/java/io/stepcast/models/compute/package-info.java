/**
 * What a worker's compute costs where the measurements of its machine cannot show it, shared by the queueing and the
 * regression predictors: the line of the step in the batch ({@link io.stepcast.models.compute.BatchLine}), the
 * fixed part another machine's steps show, carried by memory bandwidth
 * ({@link io.stepcast.models.compute.FixedPartTransfer}), the device's passes over the parameters as its lower
 * bound ({@link io.stepcast.models.compute.ParameterPasses}), the slope of one node's rows
 * ({@link io.stepcast.models.compute.OneNodeSlope}) and the noise of published measurements
 * ({@link io.stepcast.models.compute.MeasurementNoise}); and how a step carries from one machine to another by the
 * catalog's device figures ({@link io.stepcast.models.compute.DeviceSpeed},
 * {@link io.stepcast.models.compute.CrossMachinePrecision}).
 */
package io.stepcast.models.compute;
