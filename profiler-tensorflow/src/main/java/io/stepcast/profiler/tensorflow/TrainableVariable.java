package io.stepcast.profiler.tensorflow;

import org.tensorflow.Operand;
import org.tensorflow.op.core.VarHandleOp;
import org.tensorflow.types.TFloat32;

/**
 * A resource variable of the training graph: the handle the update op writes to and the single
 * {@code ReadVariableOp} every consumer of the parameter reads through. Reading once per step and
 * differentiating with respect to that read is what makes each parameter appear in the trace exactly
 * once as a read and once as an update, like a parameter-server worker's receive and send.
 *
 * @param parameter name and shape
 * @param handle    the {@code VarHandleOp}
 * @param read      the output of the {@code ReadVariableOp} named {@code <variable>/read}
 */
record TrainableVariable(ModelParameter parameter, VarHandleOp handle, Operand<TFloat32> read) {
}
