package io.stepcast.analytic.codec;

import io.stepcast.api.Predictor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the plain-text payloads that this module's codecs saved before the envelope, as lines of tab-separated
 * fields under a header line: UTF-8, every line ended by a line feed. Reading keeps each line's number (from 1), so
 * that every error says which estimator's payload is damaged and where ({@code corrupt <estimator> payload: line <n>
 * ...}): a user can then find the damage in the saved file. Also holds the refusal every codec of this module gives a
 * predictor of another estimator, {@link #cannotSave}. What the fields mean stays with each former reader.
 */
public final class TextPayload {
    private final String estimator;
    private final String[] lines;

    private TextPayload(String estimator, String[] lines) {
        this.estimator = estimator;
        this.lines = lines;
    }

    /**
     * The lines of a payload.
     *
     * @param estimator names the payload in every error
     */
    public static TextPayload read(String estimator, byte[] payload) {
        return new TextPayload(estimator, new String(payload, StandardCharsets.UTF_8).split("\n", -1));
    }

    /** Line 1, the header (of one empty field when the payload is empty). */
    public Line header() {
        return new Line(estimator, 1, lines[0].split("\t", -1));
    }

    /** The lines after the header, empty ones left out: the last line of a payload ends in a line feed too. */
    public List<Line> records() {
        List<Line> records = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            if (!lines[i].isEmpty()) {
                records.add(new Line(estimator, i + 1, lines[i].split("\t", -1)));
            }
        }
        return records;
    }

    /** {@code corrupt <estimator> payload: <problem>}, for damage no single line shows, such as a missing record. */
    public IOException corrupt(String problem) {
        return new IOException("corrupt " + estimator + " payload: " + problem);
    }

    /** {@code the <codec> codec cannot save a predictor of <its estimator>}, for another estimator's predictor. */
    public static IOException cannotSave(String codec, Predictor predictor) {
        return new IOException("the " + codec + " codec cannot save a predictor of "
                + predictor.provenance().estimator());
    }

    /**
     * One line of a payload, for reading its fields and saying what is wrong with it.
     *
     * @param estimator whose payload it is
     * @param number    the line's number, from 1
     * @param fields    its tab-separated fields, empty ones kept (a view for reading, not copied)
     */
    public record Line(String estimator, int number, String[] fields) {

        /** {@code corrupt <estimator> payload: line <n> is not <expected>}, for a line of the wrong shape. */
        public IOException isNot(String expected) {
            return new IOException("corrupt " + estimator + " payload: line " + number + " is not " + expected);
        }

        /** {@code corrupt <estimator> payload: line <n>: <problem>}. */
        public IOException corrupt(String problem) {
            return new IOException("corrupt " + estimator + " payload: line " + number + ": " + problem);
        }

        /** As {@link #corrupt(String)}, keeping the exception that found the problem. */
        public IOException corrupt(String problem, Throwable cause) {
            return new IOException("corrupt " + estimator + " payload: line " + number + ": " + problem, cause);
        }

        /** Field {@code index} (from 0) as a double, NaN and infinities included: the codec judges the range. */
        public double doubleField(int index) throws IOException {
            try {
                return Double.parseDouble(fields[index]);
            } catch (NumberFormatException e) {
                throw corrupt("'" + fields[index] + "' is not a number");
            }
        }
    }
}
