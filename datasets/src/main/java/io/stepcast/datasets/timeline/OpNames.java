package io.stepcast.datasets.timeline;

import io.stepcast.datasets.trace.OpCategory;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What an op of a TensorFlow 1.x graph is, read from its type, its node name and its inputs: its category for
 * the op trace, the parameter tensor a receive reads or an update writes, the gradient an update applies, and the
 * node an input reference names. Stateless.
 *
 * <p>It follows TensorFlow's own conventions:
 * <ul>
 *   <li>input references are written as {@code NodeDef.input} documents them ({@code node_def.proto}):
 *       {@code node:k} for output {@code k} of {@code node}, {@code ^node} for a control input;</li>
 *   <li>a reference variable is read through its {@code <variable>/read} {@code Identity} node (as
 *       {@code tf.Variable} builds it), a resource variable through {@code ReadVariableOp};</li>
 *   <li>a receive inserted when the graph is partitioned across devices ({@code _Recv}, {@code _HostRecv}) is
 *       named after the node whose output it carries plus a {@code /_k} suffix (the session's partition
 *       naming);</li>
 *   <li>the gradient of an {@code Apply*} training op is the input its op definition
 *       ({@code tensorflow/core/ops/training_ops.cc}) places at the index {@code GRADIENT_INPUT} holds; the
 *       {@code Resource} variants have the same inputs, the {@code Sparse} ones add the indices after the
 *       gradient, so one index serves all four.</li>
 * </ul>
 * A {@code RecvTensor} event (a worker fetching a tensor from a parameter server) carries the tensor's name as
 * its node name.
 */
final class OpNames {
    /** Index of the gradient among the inputs of each {@code Apply*} op, from its op definition. */
    private static final Map<String, Integer> GRADIENT_INPUT = gradientInputs();

    private OpNames() {
    }

    /**
     * The op trace's category of an op: reading a variable is a receive, an {@code Apply*} update a send (of the
     * gradient to the variable's owner), a variable handle neither, anything else compute.
     */
    static OpCategory classify(String type, String node) {
        if (type.equals("RecvTensor") || type.equals("_Recv") || type.equals("_HostRecv")
                || type.equals("ReadVariableOp")) {
            return OpCategory.RECEIVE;
        }
        if (node.endsWith("/read") && (type.equals("Identity") || type.equals("unknown"))) {
            return OpCategory.RECEIVE;
        }
        if (type.startsWith("Apply") || type.startsWith("ResourceApply") || type.startsWith("SparseApply")
                || type.startsWith("ResourceSparseApply")) {
            return OpCategory.SEND;
        }
        if (type.equals("VarHandleOp")) {
            return OpCategory.OTHER;
        }
        return OpCategory.COMPUTE;
    }

    /** The variable a receive reads; null for a {@code RecvTensor} call that does not say which. */
    static String receivedTensor(String type, String node, String[] inputs) {
        if (type.equals("RecvTensor")) {
            return node.equals("RecvTensor") ? null : node;
        }
        if (type.equals("_Recv") || type.equals("_HostRecv")) {
            int cut = node.indexOf("/_");
            return stripRead(cut > 0 ? node.substring(0, cut) : node);
        }
        if (inputs.length > 0 && !inputs[0].isEmpty()) {
            return stripRead(inputs[0]);
        }
        if (node.endsWith("/ReadVariableOp")) {
            return node.substring(0, node.length() - "/ReadVariableOp".length());
        }
        return stripRead(node);
    }

    /** The variable of its {@code /read} node; any other name as it is. */
    static String stripRead(String name) {
        return name.endsWith("/read") ? name.substring(0, name.length() - 5) : name;
    }

    /**
     * The input of an update that holds its gradient: the one its op definition says, else (an optimizer the
     * table does not know) the first whose name mentions a gradient, else the last; null without inputs.
     */
    static String gradientInput(String type, String[] inputs) {
        if (inputs.length == 0) {
            return null;
        }
        String base = type.startsWith("Resource") ? type.substring("Resource".length()) : type;
        base = base.startsWith("Sparse") ? base.substring("Sparse".length()) : base;
        Integer k = GRADIENT_INPUT.get(base);
        if (k != null && k < inputs.length) {
            return inputs[k];
        }
        for (String in : inputs) {
            if (in.toLowerCase(Locale.ROOT).contains("grad")) {
                return in;
            }
        }
        return inputs[inputs.length - 1];
    }

    /** The node an input names: without the control marker {@code ^} and the output index {@code :k}. */
    static String nodeName(String input) {
        int from = input.startsWith("^") ? 1 : 0;
        int to = input.length();
        int colon = input.lastIndexOf(':');
        if (colon > from && colon < input.length() - 1) {
            boolean digits = true;
            for (int i = colon + 1; i < input.length(); i++) {
                if (!Character.isDigit(input.charAt(i))) {
                    digits = false;
                    break;
                }
            }
            if (digits) {
                to = colon;
            }
        }
        return from == 0 && to == input.length() ? input : input.substring(from, to);
    }

    private static Map<String, Integer> gradientInputs() {
        Map<String, Integer> m = new HashMap<>();
        m.put("ApplyGradientDescent", 2);
        m.put("ApplyProximalGradientDescent", 4);
        m.put("ApplyMomentum", 3);
        m.put("ApplyKerasMomentum", 3);
        m.put("ApplyAdagrad", 3);
        m.put("ApplyAdagradV2", 4);
        m.put("ApplyProximalAdagrad", 5);
        m.put("ApplyAdagradDA", 3);
        m.put("ApplyAdadelta", 6);
        m.put("ApplyAdam", 9);
        m.put("ApplyAdamWithAmsgrad", 10);
        m.put("ApplyAdaMax", 8);
        m.put("ApplyRMSProp", 7);
        m.put("ApplyCenteredRMSProp", 8);
        m.put("ApplyFtrl", 3);
        m.put("ApplyFtrlV2", 3);
        m.put("ApplyAddSign", 6);
        m.put("ApplyPowerSign", 6);
        return Map.copyOf(m);
    }
}
