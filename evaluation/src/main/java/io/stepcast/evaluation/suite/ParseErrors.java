package io.stepcast.evaluation.suite;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A YAML or JSON syntax error as one line, {@code line N: problem (context)}. SnakeYAML's messages span several lines
 * (what it was parsing and where that began, a snippet with a caret, then the problem and where it was found), and
 * their first line alone ("while parsing a block mapping") says neither what is wrong nor where.
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
}
