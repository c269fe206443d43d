package io.stepcast.datasets.hardware;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A count that leads a hardware label, {@code 4 x NVIDIA DGX-2H With 32G}, {@code 4x DGX-1} or, as MLPerf Training's
 * result logs write their {@code submission_platform}, {@code 8xNVIDIA DGX A100}, apart from the rest.
 * Before a system's name such a count is of nodes, as READMEs head multi-node tables; inside a system's description,
 * {@code DGX-1 (8x V100 16G)}, or before a GPU, {@code 8x A100 40GB}, it is of GPUs. The catalog describes one node,
 * so a label with a node count is not a catalogued system: the count belongs in the {@code nodes} column, and the
 * label is left unresolved with a warning that says so rather than resolved to one node while its rows say otherwise
 * (an unknown label is an error under {@code evaluate --strict}, where a resolved one would pass unseen). A row whose
 * {@code nodes} column states the same count is read as the system ({@link HardwareLabels#canonical(String, int)}).
 * A count written onto a GPU's model, {@code 4xV100}, is of GPUs ({@link GpuCount}) and is no node count.
 *
 * @param count the leading count
 * @param rest  the label after it
 */
record NodeCount(int count, String rest) {
    /** A leading count, spaced ({@code 4 x}, {@code 4x }) or written onto a name that is not a GPU's model. */
    private static final Pattern LEADING = Pattern.compile("\\s*(\\d+)\\s*[x×](?:\\s+|(?![a-z]{1,3}\\d))(\\S.*)",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    /** The leading count of {@code label} and the rest, or empty when no count leads it. */
    static Optional<NodeCount> of(String label) {
        Matcher m = LEADING.matcher(label);
        return m.matches() ? Optional.of(new NodeCount(Integer.parseInt(m.group(1)), m.group(2).trim()))
                : Optional.empty();
    }
}
