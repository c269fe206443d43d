package io.stepcast.evaluation.suite;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * YAML and JSON input errors in the file's terms, each in one line. A syntax error reads {@code line N: problem
 * (context)}: SnakeYAML's messages span several lines (what it was parsing and where that began, a snippet with a
 * caret, then the problem and where it was found), and their first line alone ("while parsing a block mapping") says
 * neither what is wrong nor where. A value of the wrong shape reads {@code expected a list at datasets, found a text}
 * instead of Jackson's words about constructors and Java types.
 */
public final class ParseErrors {
    private static final Pattern MARK = Pattern.compile("^\\s+in '[^']*', line (\\d+), column \\d+:\\s*$");
    // Jackson's own messages may quote a location with the source it does not show.
    private static final Pattern SOURCE = Pattern.compile("\\[Source: .*?; line: (\\d+), column: (\\d+)]");

    private ParseErrors() {
    }

    /** The error's line and problem, with what was being parsed when the parser says so. */
    public static String oneLine(JsonProcessingException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        List<String> statements = new ArrayList<>();
        int line = -1;
        for (String l : message.split("\n")) {
            Matcher m = MARK.matcher(l);
            if (m.matches()) {
                line = Integer.parseInt(m.group(1));
            } else if (!l.isBlank() && !Character.isWhitespace(l.charAt(0))) {
                statements.add(l.strip());
            }
        }
        if (line < 0) {
            JsonLocation at = e.getLocation();
            line = at == null ? -1 : at.getLineNr();
        }
        String problem = statements.isEmpty() ? "not valid YAML or JSON" : statements.get(statements.size() - 1);
        String context = statements.size() > 1 ? " (" + statements.get(0) + ")" : "";
        String text = SOURCE.matcher(problem + context).replaceAll("line $1, column $2");
        return (line > 0 ? "line " + line + ": " : "") + text;
    }

    /**
     * What a value of the wrong shape should have been, in the file's terms rather than Jackson's: e.g. a CSV file
     * given as a suite reads as one string where the suite's mapping of keys belongs. A record's keys are listed in
     * snake_case, as suite files spell them.
     */
    public static String mismatch(MismatchedInputException m) {
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
    public static String path(JsonMappingException e) {
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
}
