package io.stepcast.evaluation.suite;

import io.stepcast.api.EditDistance;
import io.stepcast.datasets.importers.TfCpuRecordings;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Loads suites: a built-in one by name (from the class path, {@code /suites/<name>.yaml}) or a JSON or
 * YAML file. Unknown keys are refused, so a typo fails with the file, line and key in the message.
 */
public final class Suites {
    /** The built-in suites, in the order the README lists them. */
    public static final List<String> BUILT_IN = List.of("default", "paper-courier", "paper-tf-async",
            "pollux-extrapolation", "gavel-cross-hardware", "gavel-isolated", "gavel-colocated", "batch-slo",
            "nccl-allreduce", "llm-megatron",
            TfCpuRecordings.SOURCE, KinetoProfilesReproduction.NAME);

    private Suites() {
    }

    /** A built-in suite when {@code nameOrFile} names one, otherwise the file at that path. */
    public static Suite load(String nameOrFile) throws IOException {
        if (BUILT_IN.contains(nameOrFile)) {
            String resource = "/suites/" + nameOrFile + ".yaml";
            try (InputStream in = Suites.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IOException("built-in suite " + nameOrFile + " is missing from the jar (" + resource + ")");
                }
                return parse(in, true, resource);
            }
        }
        Path file = Path.of(nameOrFile);
        if (!Files.isRegularFile(file)) {
            throw new IOException(unknown(nameOrFile));
        }
        String lower = file.getFileName().toString().toLowerCase(Locale.ROOT);
        try (InputStream in = Files.newInputStream(file)) {
            return parse(in, !lower.endsWith(".json"), file.toString());
        }
    }

    /** Whether {@code nameOrFile} names a built-in suite or an existing file. */
    public static boolean exists(String nameOrFile) {
        return BUILT_IN.contains(nameOrFile) || Files.isRegularFile(Path.of(nameOrFile));
    }

    /** The message for a name that is neither a built-in suite nor a file: the closest built-in names first. */
    public static String unknown(String nameOrFile) {
        Set<String> close = new LinkedHashSet<>(EditDistance.closest(nameOrFile, BUILT_IN, 3));
        BUILT_IN.stream().filter(b -> b.contains(nameOrFile) || nameOrFile.contains(b)).forEach(close::add);
        String hint = close.isEmpty() ? "" : "did you mean " + String.join(" or ", close.stream().limit(3).toList()) + "? ";
        return "no suite named '" + nameOrFile + "' and no such file (" + hint + "built-in: "
                + String.join(", ", BUILT_IN) + ")";
    }

    /** Parses a suite; {@code where} names the input in error messages. */
    public static Suite parse(InputStream in, boolean yaml, String where) throws IOException {
        ObjectMapper mapper = (yaml ? new ObjectMapper(new YAMLFactory()) : new ObjectMapper())
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        try {
            return mapper.readValue(in, Suite.class);
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof JsonProcessingException syntax && !(syntax instanceof JsonMappingException)) {
                throw new IOException(where + ", " + ParseErrors.oneLine(syntax), e);
            }
            String line = e.getLocation() == null ? "" : ", near line " + e.getLocation().getLineNr();
            String cause;
            if (e instanceof UnrecognizedPropertyException u) {
                cause = "unknown key '" + u.getPropertyName() + "' at " + path(e) + " (known: "
                        + String.join(", ", u.getKnownPropertyIds().stream().map(Object::toString).sorted().toList()) + ")";
            } else if (e.getCause() instanceof IllegalArgumentException iae) {
                cause = iae.getMessage();
            } else if (e instanceof MismatchedInputException m) {
                cause = mismatch(m);
            } else {
                cause = e.getOriginalMessage();
            }
            throw new IOException(where + line + ": " + firstLine(cause), e);
        } catch (JsonProcessingException e) {
            throw new IOException(where + ", " + ParseErrors.oneLine(e), e);
        } catch (IOException e) {
            throw new IOException(where + ": " + firstLine(e.getMessage()), e);
        }
    }

    /**
     * What a value of the wrong shape should have been, in the file's terms rather than Jackson's: e.g. a CSV file
     * given as a suite reads as one string where the suite's mapping of keys belongs.
     */
    private static String mismatch(MismatchedInputException m) {
        String at = path(m);
        String found = m.getProcessor() instanceof JsonParser p ? shape(p.currentToken()) : "";
        return "expected " + expected(m.getTargetType()) + (at.isEmpty() ? " at the top of the file" : " at " + at)
                + (found.isEmpty() ? "" : ", found " + found);
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "another value";
        }
        if (type.isRecord()) {
            return "a mapping of keys (" + String.join(", ", Arrays.stream(type.getRecordComponents())
                    .map(c -> PropertyNamingStrategies.SnakeCaseStrategy.INSTANCE.translate(c.getName())).toList()) + ")";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (Map.class.isAssignableFrom(type)) {
            return "a mapping";
        }
        if (CharSequence.class.isAssignableFrom(type)) {
            return "a text";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isPrimitive() || Number.class.isAssignableFrom(type)) {
            return "a number";
        }
        return "a value of type " + type.getSimpleName();
    }

    private static String shape(JsonToken token) {
        if (token == null) {
            return "";
        }
        return switch (token) {
            case START_OBJECT, FIELD_NAME -> "a mapping";
            case START_ARRAY -> "a list";
            case VALUE_STRING -> "a text";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "true or false";
            case VALUE_NULL -> "nothing";
            default -> "";
        };
    }

    /** The path of the offending key, e.g. {@code datasets[0].protocol}. */
    private static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                b.append(b.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "invalid suite";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
