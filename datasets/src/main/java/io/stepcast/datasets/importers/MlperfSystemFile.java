package io.stepcast.datasets.importers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.datasets.io.DataFormatException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The system description of an MLPerf Training submission ({@code <submitter>/systems/<system>.json}, beside
 * {@code <submitter>/results/<system>/<benchmark>/result_N.txt}): the fields that name the hardware, which the
 * logs' {@code submission_platform} does not (it writes {@code NVIDIA DGX A100} for the 40 and the 80 GB system).
 *
 * @param file                the system file
 * @param accelerator         {@code accelerator_model_name}, e.g. {@code NVIDIA A100-SXM4-80GB (400W)}
 * @param memory              {@code accelerator_memory_capacity}, e.g. {@code 80 GB} (empty when not stated)
 * @param acceleratorsPerNode {@code accelerators_per_node}
 * @param nodes               {@code number_of_nodes}
 */
record MlperfSystemFile(Path file, String accelerator, String memory, int acceleratorsPerNode, int nodes) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The system file of the submission a log lies in, when the log is {@code .../results/<system>/<benchmark>/X} and
     * {@code .../systems/<system>.json} exists; empty otherwise (a log outside a submission tree).
     */
    static Optional<MlperfSystemFile> beside(Path log) throws IOException {
        Path benchmark = log.toAbsolutePath().normalize().getParent();
        Path system = benchmark == null ? null : benchmark.getParent();
        Path results = system == null ? null : system.getParent();
        if (results == null || results.getFileName() == null || !results.getFileName().toString().equals("results")
                || results.getParent() == null) {
            return Optional.empty();
        }
        Path file = results.getParent().resolve("systems").resolve(system.getFileName() + ".json");
        return Files.isRegularFile(file) ? Optional.of(read(file)) : Optional.empty();
    }

    /** Reads a system file; a field missing or not a count is a one-line error naming the file and field. */
    static MlperfSystemFile read(Path file) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new DataFormatException(file.toString(), "not a JSON system description: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new DataFormatException(file.toString(), "not a JSON system description (an object was expected)");
        }
        String accelerator = root.path("accelerator_model_name").asText("").trim();
        if (accelerator.isEmpty()) {
            throw new DataFormatException(file.toString(), "accelerator_model_name: missing or empty");
        }
        return new MlperfSystemFile(file, accelerator, root.path("accelerator_memory_capacity").asText("").trim(),
                count(root, "accelerators_per_node", file), count(root, "number_of_nodes", file));
    }

    /** The GPU model without the power limit the files append ({@code NVIDIA A100-SXM4-80GB (400W)}). */
    String acceleratorModel() {
        return accelerator.replaceAll("\\s*\\([^)]*\\)\\s*$", "");
    }

    /** The system in the words of a note: {@code 8 x NVIDIA A100-SXM4-80GB (400W), 80 GB per node, 1 node}. */
    String described() {
        return acceleratorsPerNode + " x " + accelerator + (memory.isEmpty() ? "" : ", " + memory) + " per node, "
                + nodes + (nodes == 1 ? " node" : " nodes");
    }

    /** MLPerf's system files write counts as text ({@code "8"}); either form is read. */
    private static int count(JsonNode root, String field, Path file) throws DataFormatException {
        String v = root.path(field).asText("").trim();
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // Reported below with the value as written.
        }
        throw new DataFormatException(file.toString(), field + ": a positive count was expected, was '" + v + "'");
    }
}
