package io.stepcast.analytic.formula;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Parses Wilkinson-Rogers formulas as R and patsy read them, restricted to what a factorial analysis
 * needs: {@code y ~ a*b*c} (every main effect and interaction of a, b, c), {@code a:b} (that interaction
 * alone), {@code +} (union of terms), parentheses, and {@code 1} (the intercept, always present). Factor
 * names are letters, digits, underscores and dots.
 */
public final class FormulaParser {
    private final String text;
    private int pos;

    private FormulaParser(String text) {
        this.text = text;
    }

    /**
     * Parses a formula.
     *
     * @throws IllegalArgumentException naming the position of the first syntax error
     */
    public static Formula parse(String formula) {
        if (formula == null) {
            throw new IllegalArgumentException("formula must be given");
        }
        int tilde = formula.indexOf('~');
        if (tilde < 0) {
            throw new IllegalArgumentException("formula '" + formula + "' needs a '~' between response and terms");
        }
        String response = formula.substring(0, tilde).trim();
        if (!response.matches("[A-Za-z0-9_.]+")) {
            throw new IllegalArgumentException("formula '" + formula + "': response '" + response
                    + "' must be one column name");
        }
        FormulaParser p = new FormulaParser(formula.substring(tilde + 1));
        List<Set<String>> terms = p.sum();
        p.skipSpaces();
        if (p.pos < p.text.length()) {
            throw p.error("unexpected '" + p.text.charAt(p.pos) + "'");
        }
        return new Formula(response, ordered(terms, formula));
    }

    private static List<Term> ordered(List<Set<String>> sets, String formula) {
        Map<String, Integer> firstSeen = new LinkedHashMap<>();
        String rhs = formula.substring(formula.indexOf('~') + 1);
        for (String token : rhs.split("[^A-Za-z0-9_.]+")) {
            if (!token.isEmpty() && !token.equals("1")) {
                firstSeen.putIfAbsent(token, firstSeen.size());
            }
        }
        List<Term> out = new ArrayList<>();
        sets.stream()
                .filter(s -> !s.isEmpty())
                .distinct()
                .sorted(Comparator.<Set<String>>comparingInt(Set::size))
                .forEach(s -> {
                    List<String> factors = new ArrayList<>(s);
                    factors.sort(Comparator.comparingInt(firstSeen::get));
                    out.add(new Term(factors));
                });
        return out;
    }

    // sum := product ('+' product)*
    private List<Set<String>> sum() {
        List<Set<String>> out = new ArrayList<>(product());
        while (peek('+')) {
            pos++;
            for (Set<String> t : product()) {
                if (!out.contains(t)) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    // product := interaction ('*' interaction)* ; a*b = a + b + a:b
    private List<Set<String>> product() {
        List<Set<String>> out = interaction();
        while (peek('*')) {
            pos++;
            List<Set<String>> right = interaction();
            List<Set<String>> combined = new ArrayList<>(out);
            addAll(combined, right);
            addAll(combined, cross(out, right));
            out = combined;
        }
        return out;
    }

    // interaction := atom (':' atom)*
    private List<Set<String>> interaction() {
        List<Set<String>> out = atom();
        while (peek(':')) {
            pos++;
            out = cross(out, atom());
        }
        return out;
    }

    // atom := name | '1' | '(' sum ')'
    private List<Set<String>> atom() {
        skipSpaces();
        if (pos >= text.length()) {
            throw error("a factor name is missing");
        }
        if (text.charAt(pos) == '(') {
            pos++;
            List<Set<String>> inner = sum();
            if (!peek(')')) {
                throw error("missing ')'");
            }
            pos++;
            return inner;
        }
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_'
                || text.charAt(pos) == '.')) {
            pos++;
        }
        if (start == pos) {
            throw error("expected a factor name, found '" + text.charAt(pos) + "'");
        }
        String name = text.substring(start, pos);
        List<Set<String>> out = new ArrayList<>();
        out.add(name.equals("1") ? new TreeSet<>() : new TreeSet<>(Set.of(name)));
        return out;
    }

    private static List<Set<String>> cross(List<Set<String>> a, List<Set<String>> b) {
        List<Set<String>> out = new ArrayList<>();
        for (Set<String> x : a) {
            for (Set<String> y : b) {
                Set<String> t = new TreeSet<>(x);
                t.addAll(y);
                if (!out.contains(t)) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    private static void addAll(List<Set<String>> into, List<Set<String>> more) {
        for (Set<String> t : more) {
            if (!into.contains(t)) {
                into.add(t);
            }
        }
    }

    private boolean peek(char c) {
        skipSpaces();
        return pos < text.length() && text.charAt(pos) == c;
    }

    private void skipSpaces() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("formula right-hand side '" + text.trim() + "': " + what
                + " at position " + (pos + 1));
    }
}
