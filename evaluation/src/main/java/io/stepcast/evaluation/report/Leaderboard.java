package io.stepcast.evaluation.report;

import io.stepcast.evaluation.metrics.HoldOutScorer;
import io.stepcast.evaluation.metrics.Metrics;
import io.stepcast.evaluation.selection.SelectionScore;
import io.stepcast.evaluation.suite.MemoryEntry;
import io.stepcast.evaluation.suite.ScoreEntry;
import io.stepcast.evaluation.suite.SelectionEntry;
import io.stepcast.evaluation.suite.SuiteResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The leaderboard as text tables: for each dataset, protocol and target the predictors ranked by MAPE
 * (predictors that answered nothing last; under a table, a line for the predictors that answered none of its points
 * for one reason and for those that extrapolated some, {@link #extrapolated}), each beside the reference baseline's
 * MAPE on exactly the points it answered where the group has a baseline ({@link #sameRows}), then the batch-size
 * selection ranked by violation rate and regret, then, for each table of measured peak memory per GPU the suite scores, the predictors that estimate memory
 * ranked by the MAPE of that estimate, and (console only; the reports have their own table) the reproduced published
 * figures.
 * {@link #plain} aligns columns for the console; {@link #markdown} writes Markdown tables.
 */
public final class Leaderboard {
    private static final String[] HEAD = {"predictor", "n", "n/a", "MAPE %", "median %", "p90 %", "max %", "RMSE", "R^2"};
    private static final String[] SEL_HEAD = {"predictor", "decisions", "undecided", "violation rate", "regret",
        "feasible missed"};
    private static final String[] MEM_HEAD = {"predictor", "answered", "rows", "MAPE %", "max %"};

    private Leaderboard() {
    }

    /** Console text. */
    public static String plain(SuiteResult r) {
        return render(r, false);
    }

    /** Markdown text. */
    public static String markdown(SuiteResult r) {
        return render(r, true);
    }

    /** Accuracy groups: (dataset, protocol, target) to its entries ranked. */
    public static Map<String, List<ScoreEntry>> ranked(List<ScoreEntry> entries) {
        Map<String, List<ScoreEntry>> groups = new LinkedHashMap<>();
        for (ScoreEntry e : entries) {
            groups.computeIfAbsent(e.dataset() + " | " + e.protocol() + " | " + e.target(), k -> new ArrayList<>()).add(e);
        }
        groups.values().forEach(l -> l.sort(Comparator.comparingDouble((ScoreEntry e) ->
                Double.isNaN(e.metrics().mape()) ? Double.POSITIVE_INFINITY : e.metrics().mape())
                .thenComparing(ScoreEntry::predictor)));
        return groups;
    }

    /**
     * The predictors that answered no point of any entry, each with its most frequent refusal reason (and, when the
     * refusals differ, how many it covers and how many other reasons there are): listed once under "not applicable"
     * instead of as empty rows in every table. When the suite's datasets refuse it for different reasons, each dataset
     * gets its own, {@code [dataset] reason; [other] reason}: a reason names the dataset's models and layouts, and one
     * counted over every dataset stood under the suite's heading for datasets it does not describe.
     */
    public static Map<String, String> silent(List<ScoreEntry> entries) {
        Map<String, Map<String, Map<String, Integer>>> reasons = new TreeMap<>();
        Set<String> answered = new HashSet<>();
        for (ScoreEntry e : entries) {
            if (e.metrics().n() > 0) {
                answered.add(e.predictor());
            }
            Map<String, Integer> m = reasons.computeIfAbsent(e.predictor(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(e.dataset(), k -> new HashMap<>());
            e.reasons().forEach((why, n) -> m.merge(why, n, Integer::sum));
        }
        Map<String, String> out = new LinkedHashMap<>();
        reasons.forEach((p, byDataset) -> {
            if (!answered.contains(p)) {
                out.put(p, silentReason(byDataset));
            }
        });
        return out;
    }

    /**
     * One predictor's "not applicable" line from its refusal counts by dataset and reason: the most frequent reason
     * over all of them when every dataset's most frequent one is that same reason, else each dataset's own.
     */
    private static String silentReason(Map<String, Map<String, Integer>> byDataset) {
        Map<String, Integer> all = new HashMap<>();
        byDataset.values().forEach(m -> m.forEach((why, n) -> all.merge(why, n, Integer::sum)));
        Set<String> tops = new HashSet<>();
        byDataset.values().stream().filter(m -> !m.isEmpty()).forEach(m -> tops.add(top(m).getKey()));
        if (tops.size() <= 1) {
            return topReason(all);
        }
        List<String> each = new ArrayList<>();
        byDataset.forEach((dataset, m) -> {
            if (!m.isEmpty()) {
                each.add("[" + dataset + "] " + topReason(m));
            }
        });
        return String.join("; ", each);
    }

    /** The most frequent of {@code reasons}, ties to the first by name. */
    private static Map.Entry<String, Integer> top(Map<String, Integer> reasons) {
        return reasons.entrySet().stream().max(Map.Entry.<String, Integer>comparingByValue()
                .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder()))).orElseThrow();
    }

    /**
     * The most frequent of {@code reasons} (refusal counts by reason), with how many refusals it covers when there are
     * others: one reason can point at the wrong fix when the refusals differ (one precision's rows for a missing
     * precision, another's for the hardware).
     */
    private static String topReason(Map<String, Integer> reasons) {
        int total = reasons.values().stream().mapToInt(Integer::intValue).sum();
        return reasons.entrySet().stream().max(Map.Entry.<String, Integer>comparingByValue()
                        .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                .map(x -> rounded(x.getKey()) + (reasons.size() == 1 ? "" : " (" + x.getValue() + " of " + total
                        + " refusals; " + (reasons.size() - 1) + " other reason(s), each in --out's details.json)"))
                .orElse("no point to predict");
    }

    /**
     * What the line under a table says of an entry some of whose answers were flagged as extrapolations, after the
     * predictor's name: how many of its answered points, and why: the one note, or the most frequent one as an
     * example with how many distinct notes there are (each names the point's value, so notes differ from point to
     * point), e.g. {@code extrapolated 4 of 6 answered points: workers 64 is outside the trained range 1-8}. Empty
     * when none was flagged.
     */
    public static String extrapolated(ScoreEntry e) {
        if (e.extrapolated() == 0) {
            return "";
        }
        Map<String, Integer> notes = e.extrapolations();
        String top = notes.entrySet().stream().max(Map.Entry.<String, Integer>comparingByValue()
                .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder()))).orElseThrow().getKey();
        String head = "extrapolated " + e.extrapolated() + " of " + e.metrics().n() + " answered points";
        return notes.size() == 1 ? head + ": " + rounded(top)
                : head + ", e.g. " + rounded(top) + " (" + notes.size() + " distinct notes, each in --out's details.json)";
    }

    /** The entries' predictors by the line each would say under a table, in the entries' order: one line each. */
    private static Map<String, List<String>> sharingLines(Stream<ScoreEntry> entries,
                                                          Function<ScoreEntry, String> line) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        entries.forEach(e -> out.computeIfAbsent(line.apply(e), k -> new ArrayList<>()).add(e.predictor()));
        return out;
    }

    /**
     * Why nothing is ranked, when the suite had points to predict and no predictor answered any of them: the line the
     * console (stderr too), {@code report.md} and {@code report.html} show where the tables would be, so that an empty
     * leaderboard is never mistaken for a run that had nothing to score.
     */
    public static Optional<String> nothingRanked(SuiteResult r) {
        if (r.entries().isEmpty() || r.entries().stream().anyMatch(e -> e.metrics().n() > 0)) {
            return Optional.empty();
        }
        // A predictor that could not be fitted refuses every point for one reason of the training rows alone (too
        // few configurations), which the "not applicable" list already gives; the reasons of fitted predictors say
        // what relates the test points to the training rows (hardware, models, precision), so they come first.
        Map<String, Integer> fitted = new HashMap<>();
        Map<String, Integer> unfitted = new HashMap<>();
        int refusals = 0;
        for (ScoreEntry e : r.entries()) {
            for (Map.Entry<String, Integer> x : e.reasons().entrySet()) {
                if (!x.getKey().startsWith(e.predictor() + " does not predict")
                        && !x.getKey().startsWith("does not predict")) {
                    boolean fitFailed = x.getKey().startsWith(HoldOutScorer.CANNOT_FIT)
                            || x.getKey().startsWith(HoldOutScorer.FIT_FAILED);
                    (fitFailed ? unfitted : fitted).merge(x.getKey(), x.getValue(), Integer::sum);
                    refusals += x.getValue();
                }
            }
        }
        Map<String, Integer> reasons = fitted.isEmpty() ? unfitted : fitted;
        String head = "nothing is ranked: no predictor answered any test point (each predictor's reason is under"
                + " \"not applicable\")";
        int total = refusals;
        return Optional.of(reasons.entrySet().stream().max(Map.Entry.<String, Integer>comparingByValue()
                        .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                .map(x -> head + "; the most frequent reason" + (reasons == fitted ? " of a fitted predictor" : "")
                        + " (" + x.getValue() + " of " + total + " refusals): "
                        + rounded(x.getKey()))
                .orElse(head + "; with --train and --test, check that both files name the same models,"
                        + " architectures and hardware"));
    }

    private static String render(SuiteResult r, boolean md) {
        StringBuilder out = new StringBuilder();
        nothingRanked(r).ifPresent(why -> out.append('\n').append(why).append('\n'));
        Map<String, String> silent = silent(r.entries());
        // Each group's "answered none" reason, by predictor: printed in full the first time, and under a later table
        // that the same predictor answers for the same reason, named by the table it was first printed under.
        Map<String, Map<String, String>> said = new HashMap<>();
        ranked(r.entries()).forEach((group, all) -> {
            List<ScoreEntry> list = all.stream().filter(e -> !silent.containsKey(e.predictor())).toList();
            if (list.isEmpty()) {
                return;
            }
            out.append(md ? "\n#### " : "\n").append(group).append('\n');
            Optional<String> baseline = sameRowsHead(list);
            List<String[]> rows = new ArrayList<>();
            for (ScoreEntry e : list) {
                Metrics m = e.metrics();
                String[] row = {e.predictor(), Integer.toString(m.n()), Integer.toString(m.notApplicable()),
                    f(m.mape(), 1), f(m.medianApe(), 1), f(m.p90Ape(), 1), f(m.maxApe(), 1), g(m.rmse()), f(m.r2(), 3)};
                rows.add(baseline.isPresent() ? append(row, sameRows(e)) : row);
            }
            out.append(table(baseline.map(h -> append(HEAD, h)).orElse(HEAD), rows, md));
            // A predictor that answers elsewhere but none of this group's points: why, under its table (one that
            // answers nowhere is under "not applicable in this suite").
            // Predictors that give one reason share its line.
            sharingLines(list.stream().filter(e -> e.metrics().n() == 0 && !e.reasons().isEmpty()),
                    e -> topReason(e.reasons())).forEach((reason, predictors) -> {
                Set<String> before = new HashSet<>();
                predictors.forEach(p -> before.add(said.getOrDefault(p, Map.of()).get(reason)));
                String earlier = before.size() == 1 ? before.iterator().next() : null;
                out.append(md ? "- " : "  ").append(String.join(", ", predictors)).append(" answered none: ")
                        .append(earlier == null ? reason : "as under " + earlier).append('\n');
                predictors.forEach(p -> said.computeIfAbsent(p, k -> new HashMap<>()).putIfAbsent(reason, group));
            });
            // Predictors that answered points outside the range they were trained on: how many, once per table, those
            // with the same count and example sharing a line.
            sharingLines(list.stream().filter(e -> e.extrapolated() > 0), Leaderboard::extrapolated)
                    .forEach((what, predictors) -> out.append(md ? "- " : "  ")
                    .append(String.join(", ", predictors)).append(' ').append(what).append('\n'));
        });
        Map<String, List<SelectionEntry>> sel = new LinkedHashMap<>();
        r.selection().forEach(s -> sel.computeIfAbsent(s.dataset(), k -> new ArrayList<>()).add(s));
        sel.forEach((dataset, list) -> {
            list.sort(Comparator.comparingDouble((SelectionEntry s) -> nanLast(s.score().violationRate()))
                    .thenComparingDouble(s -> nanLast(s.score().regret())).thenComparing(SelectionEntry::predictor));
            out.append(md ? "\n#### " : "\n").append("batch-size selection | ").append(dataset).append('\n');
            List<String[]> rows = new ArrayList<>();
            for (SelectionEntry s : list) {
                SelectionScore sc = s.score();
                rows.add(new String[] {s.predictor(), Integer.toString(sc.decisions()), Integer.toString(sc.undecided()),
                    f(sc.violationRate(), 3), f(sc.regret(), 3), f(sc.feasibleMissed(), 3)});
            }
            out.append(table(SEL_HEAD, rows, md));
        });
        memory(r, md, out);
        if (!silent.isEmpty()) {
            out.append(md ? "\n#### " : "\n").append("not applicable in this suite\n");
            silent.forEach((p, why) -> out.append(md ? "- " : "").append(p).append(": ").append(why).append('\n'));
        }
        if (!md && !r.reproduction().isEmpty()) {
            out.append("\nreproduced figures (published, or measured on this machine)\n");
            List<String[]> rows = new ArrayList<>();
            for (io.stepcast.api.evaluation.ReproductionRow row : r.reproduction()) {
                rows.add(new String[] {row.quantity(), g(row.published()),
                    row.reproduced().isPresent() ? g(row.reproduced().getAsDouble()) : "-",
                    row.relativeDifference().isPresent() ? f(100 * row.relativeDifference().getAsDouble(), 1) + " %" : "-"});
            }
            out.append(table(new String[] {"quantity", "published/measured", "reproduced", "difference"}, rows, false));
        }
        return out.toString();
    }

    /**
     * Per peak-memory table, its predictors ranked by MAPE (those that answered no run last): the memory estimate's
     * error against the measured peak per GPU, beside the time leaderboard.
     */
    private static void memory(SuiteResult r, boolean md, StringBuilder out) {
        Map<String, List<MemoryEntry>> byTable = new LinkedHashMap<>();
        r.memory().forEach(m -> byTable.computeIfAbsent(m.table(), k -> new ArrayList<>()).add(m));
        byTable.forEach((name, list) -> {
            list.sort(Comparator.comparingDouble((MemoryEntry m) -> nanLast(m.mape()))
                    .thenComparing(MemoryEntry::predictor));
            out.append(md ? "\n#### " : "\n").append("peak memory per GPU vs measured | ").append(name).append('\n');
            List<String[]> rows = new ArrayList<>();
            for (MemoryEntry m : list) {
                rows.add(new String[] {m.predictor(), Integer.toString(m.answered()), Integer.toString(m.rows()),
                    f(m.mape(), 1), f(m.maxApe(), 1)});
            }
            out.append(table(MEM_HEAD, rows, md));
        });
    }

    /**
     * The heading of the same-rows column of a table of {@code entries}, naming their reference baseline; empty when
     * none of them has one (response time, or a run without the baseline), and the table goes without the column.
     */
    public static Optional<String> sameRowsHead(List<ScoreEntry> entries) {
        return entries.stream().flatMap(e -> e.baseline().stream()).findFirst()
                .map(b -> b.baseline() + " on the same rows %");
    }

    /**
     * The same-rows cell of an entry: the baseline's MAPE on the points the predictor answered, with "(k of n)" when
     * the baseline answered only k of those n points; a dash where there is nothing to compare.
     */
    public static String sameRows(ScoreEntry e) {
        if (e.baseline().isEmpty() || e.metrics().n() == 0) {
            return "-";
        }
        int k = e.baseline().get().n();
        String mape = f(e.baseline().get().mape(), 1);
        return k == e.metrics().n() ? mape : mape + " (" + k + " of " + e.metrics().n() + ")";
    }

    private static String[] append(String[] cells, String more) {
        String[] out = Arrays.copyOf(cells, cells.length + 1);
        out[cells.length] = more;
        return out;
    }

    private static double nanLast(double v) {
        return Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
    }

    /**
     * Fixed decimals, or a dash for NaN; four significant digits in e-notation from a million up, so that one
     * wildly wrong predictor (a learned curve extrapolated far outside its rows) does not widen a whole table.
     */
    public static String f(double v, int decimals) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        if (Math.abs(v) >= 1e6) {
            return String.format(Locale.ROOT, "%.3e", v);
        }
        String t = String.format(Locale.ROOT, "%." + decimals + "f", v);
        // A value that rounds to zero prints as 0.0, not -0.0.
        return t.startsWith("-") && t.chars().skip(1).allMatch(c -> c == '0' || c == '.') ? t.substring(1) : t;
    }

    private static final Pattern LONG_NUMBER =
            Pattern.compile("(?<![\\w.])-?\\d+\\.\\d{4,}(?:[eE][-+]?\\d+)?(?![\\w.])");

    /** {@code text} with every decimal number of more than four significant digits rounded to four. */
    public static String rounded(String text) {
        return LONG_NUMBER.matcher(text).replaceAll(m -> g(Double.parseDouble(m.group())));
    }

    /** Four significant digits, or a dash. */
    public static String g(double v) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        double a = Math.abs(v);
        return a != 0 && (a < 1e-3 || a >= 1e6) ? String.format(Locale.ROOT, "%.3e", v)
                : String.format(Locale.ROOT, "%.4g", v);
    }

    /** A table: aligned plain text or Markdown. */
    public static String table(String[] head, List<String[]> rows, boolean md) {
        int[] w = new int[head.length];
        boolean[] numeric = new boolean[head.length];
        for (int i = 0; i < head.length; i++) {
            w[i] = head[i].length();
            numeric[i] = true;
            for (String[] r : rows) {
                w[i] = Math.max(w[i], r[i].length());
                numeric[i] &= NUMBER.matcher(r[i]).matches();
            }
        }
        StringBuilder b = new StringBuilder();
        line(b, head, w, numeric, md);
        if (md) {
            b.append('|');
            for (int i = 0; i < head.length; i++) {
                b.append(numeric[i] ? "" : ":").append("-".repeat(Math.max(3, w[i]))).append(numeric[i] ? ":" : "")
                        .append('|');
            }
            b.append('\n');
        } else {
            int total = 0;
            for (int x : w) {
                total += x + 2;
            }
            b.append("-".repeat(total)).append('\n');
        }
        rows.forEach(r -> line(b, r, w, numeric, md));
        return b.toString();
    }

    /** A cell of a numeric column: a number (possibly with a unit sign) or a dash. */
    private static final Pattern NUMBER =
            Pattern.compile("-|[-+]?[0-9][0-9,.]*(?:[eE][-+]?[0-9]+)?(?: ?%)?");

    /** Text columns are left-aligned, numeric ones right-aligned. */
    private static void line(StringBuilder b, String[] cells, int[] w, boolean[] numeric, boolean md) {
        if (md) {
            b.append("| ").append(String.join(" | ", cells)).append(" |\n");
            return;
        }
        for (int i = 0; i < cells.length; i++) {
            String c = cells[i];
            b.append(numeric[i] ? " ".repeat(w[i] - c.length()) + c : c + " ".repeat(w[i] - c.length())).append("  ");
        }
        int end = b.length();
        while (end > 0 && b.charAt(end - 1) == ' ') {
            end--;
        }
        b.setLength(end);
        b.append('\n');
    }
}
