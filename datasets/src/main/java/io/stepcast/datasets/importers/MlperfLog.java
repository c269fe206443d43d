package io.stepcast.datasets.importers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.datasets.io.DataFormatException;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One MLPerf Training result log ({@code result_N.txt} of a submission's {@code results/<system>/<benchmark>/}), read
 * one line at a time: the {@code :::MLLOG {json}} events of the MLPerf logging library, wherever they stand on a line
 * (a rank prefix such as {@code 0: } or {@code  7: } may precede them), and among them the few this importer needs;
 * every other line (the launcher's echo, the framework's progress lines) is skipped, except the dictionary NVIDIA's
 * BERT script prints when it stops, {@code {'e2e_time': ..., 'training_sequences_per_second': ...}}, and the first
 * {@code --dtype float16} (or {@code float32}) of a command line the launcher echoes (NVIDIA's MXNet ResNet-50), and
 * the first {@code --allreduce_post_accumulation_fp16} of one (NVIDIA's PyTorch BERT: it all-reduces float16
 * gradients).
 *
 * <p>The events read: {@code submission_benchmark}, {@code submission_platform}, {@code global_batch_size},
 * {@code train_samples}, {@code throughput} (one per epoch in NVIDIA's v1.0 MXNet ResNet-50) and the
 * {@code epoch_start}/{@code epoch_stop} pairs by their {@code metadata.epoch_num}, and {@code run_stop} (the last
 * event of a finished run). A line that has the marker but no complete JSON object after it (a log cut mid-line) is
 * refused with its file and line.
 */
final class MlperfLog {
    /** The marker of the MLPerf logging library's lines. */
    static final String MARKER = ":::MLLOG";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SEQUENCES_PER_SECOND = Pattern.compile(
            "'training_sequences_per_second':\\s*([-+]?[0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)");
    /** The training dtype of an echoed command line ({@code + exec ... train_imagenet.py ... --dtype float16}). */
    private static final Pattern DTYPE = Pattern.compile("\\s--dtype[ =]+(float16|float32)\\b");
    /** NVIDIA's BERT flag for float16 gradients in the all-reduce after accumulation (run_pretraining.py). */
    private static final Pattern ALLREDUCE_FP16 = Pattern.compile("\\s--allreduce_post_accumulation_fp16\\b");

    private MlperfLog() {
    }

    /**
     * A value of an event with the line it was read from.
     *
     * @param value the value
     * @param line  the file's line (1-based)
     */
    record At<T>(T value, long line) {
    }

    /**
     * What one log says.
     *
     * @param file                the log
     * @param benchmark           {@code submission_benchmark}
     * @param platform            {@code submission_platform}, when logged
     * @param globalBatch         {@code global_batch_size}, when logged
     * @param trainSamples        {@code train_samples}, when logged (ResNet: the training set's images)
     * @param throughputs         the {@code throughput} events' values, in file order
     * @param epochMillis         each epoch's {@code epoch_stop - epoch_start} in ms, by epoch number (pairs only)
     * @param sequencesPerSecond  the closing {@code training_sequences_per_second}, when printed
     * @param dtype               the first {@code --dtype} of an echoed command line, when there is one
     * @param allreduceFp16       the line of the first {@code --allreduce_post_accumulation_fp16} of an echoed
     *                            command line, when there is one
     * @param runStop             the {@code run_stop} event's {@code metadata.status} ({@code success},
     *                            {@code aborted}; empty text when it has none), when the log has the event
     * @param lines               the lines read
     */
    record Run(Path file, At<String> benchmark, Optional<At<String>> platform, Optional<At<Long>> globalBatch,
               OptionalLong trainSamples, List<Double> throughputs, Map<Integer, Long> epochMillis,
               OptionalDouble sequencesPerSecond, Optional<At<String>> dtype, OptionalLong allreduceFp16,
               Optional<At<String>> runStop, long lines) {
        Run {
            throughputs = List.copyOf(throughputs);
            epochMillis = Map.copyOf(epochMillis);
        }
    }

    /** Reads one log. */
    static Run read(Path file) throws IOException {
        String where = file.toString();
        At<String> benchmark = null;
        At<String> platform = null;
        At<Long> globalBatch = null;
        OptionalLong trainSamples = OptionalLong.empty();
        List<Double> throughputs = new ArrayList<>();
        Map<Integer, Long> starts = new TreeMap<>();
        Map<Integer, Long> stops = new TreeMap<>();
        OptionalDouble sequences = OptionalDouble.empty();
        At<String> dtype = null;
        OptionalLong allreduceFp16 = OptionalLong.empty();
        At<String> runStop = null;
        long lineNo = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                int at = line.indexOf(MARKER);
                if (at < 0) {
                    Matcher m = SEQUENCES_PER_SECOND.matcher(line);
                    if (m.find()) {
                        sequences = OptionalDouble.of(Double.parseDouble(m.group(1)));
                    }
                    Matcher d = DTYPE.matcher(line);
                    if (dtype == null && d.find()) {
                        dtype = new At<>(d.group(1), lineNo);
                    }
                    if (allreduceFp16.isEmpty() && ALLREDUCE_FP16.matcher(line).find()) {
                        allreduceFp16 = OptionalLong.of(lineNo);
                    }
                    continue;
                }
                JsonNode event = event(line.substring(at + MARKER.length()), where, lineNo);
                String key = event.path("key").asText("");
                JsonNode value = event.path("value");
                switch (key) {
                    case "submission_benchmark" -> benchmark = new At<>(text(value, where, lineNo, key), lineNo);
                    case "submission_platform" -> platform = new At<>(text(value, where, lineNo, key), lineNo);
                    case "global_batch_size" -> {
                        long b = positive(value, where, lineNo, key);
                        if (globalBatch != null && globalBatch.value() != b) {
                            throw DataFormatException.at(where, lineNo, "global_batch_size " + b + " after "
                                    + globalBatch.value() + " on line " + globalBatch.line()
                                    + ": one log holds one run; split it");
                        }
                        globalBatch = new At<>(b, lineNo);
                    }
                    case "run_stop" -> runStop = new At<>(event.path("metadata").path("status").asText(""), lineNo);
                    case "train_samples" -> trainSamples = OptionalLong.of(positive(value, where, lineNo, key));
                    case "throughput" -> throughputs.add(positiveNumber(value, where, lineNo, key));
                    case "epoch_start", "epoch_stop" -> {
                        JsonNode epoch = event.path("metadata").path("epoch_num");
                        JsonNode time = event.path("time_ms");
                        if (!epoch.canConvertToInt() || !time.canConvertToLong()) {
                            throw DataFormatException.at(where, lineNo, key + " without an integer metadata.epoch_num "
                                    + "and time_ms");
                        }
                        // Ranks that each log the event log it at the same moment; the first is rank 0's.
                        (key.equals("epoch_start") ? starts : stops).putIfAbsent(epoch.asInt(), time.asLong());
                    }
                    default -> {
                        // Every other event (hyper-parameters, evaluation, timing blocks) says nothing of speed.
                    }
                }
            }
        }
        if (lineNo == 0) {
            throw new DataFormatException(where, "the file is empty (an MLPerf Training result log was expected)");
        }
        if (benchmark == null) {
            throw new DataFormatException(where, "no ':::MLLOG' submission_benchmark event: not an MLPerf Training "
                    + "result log");
        }
        Map<Integer, Long> epochs = new TreeMap<>();
        for (Map.Entry<Integer, Long> s : starts.entrySet()) {
            Long stop = stops.get(s.getKey());
            if (stop != null && stop > s.getValue()) {
                epochs.put(s.getKey(), stop - s.getValue());
            }
        }
        return new Run(file, benchmark, Optional.ofNullable(platform), Optional.ofNullable(globalBatch), trainSamples,
                throughputs, epochs, sequences, Optional.ofNullable(dtype), allreduceFp16,
                Optional.ofNullable(runStop), lineNo);
    }

    private static JsonNode event(String json, String where, long line) throws DataFormatException {
        try {
            JsonNode n = JSON.readTree(json);
            if (n == null || !n.isObject()) {
                throw DataFormatException.at(where, line, "':::MLLOG' is not followed by a JSON object");
            }
            return n;
        } catch (JsonProcessingException e) {
            throw DataFormatException.at(where, line, "the ':::MLLOG' event is not complete JSON (a truncated line?): "
                    + e.getOriginalMessage());
        }
    }

    private static String text(JsonNode v, String where, long line, String key) throws DataFormatException {
        if (!v.isTextual() || v.asText().isBlank()) {
            throw DataFormatException.at(where, line, key + ": a text value was expected, was " + v);
        }
        return v.asText().trim();
    }

    private static long positive(JsonNode v, String where, long line, String key) throws DataFormatException {
        if (!v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < 1) {
            throw DataFormatException.at(where, line, key + ": a positive integer was expected, was " + v);
        }
        return v.asLong();
    }

    private static double positiveNumber(JsonNode v, String where, long line, String key)
            throws DataFormatException {
        if (!v.isNumber() || !(v.asDouble() > 0) || !Double.isFinite(v.asDouble())) {
            throw DataFormatException.at(where, line, key + ": a positive number was expected, was " + v);
        }
        return v.asDouble();
    }
}
