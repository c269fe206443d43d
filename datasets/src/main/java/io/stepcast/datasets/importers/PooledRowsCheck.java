package io.stepcast.datasets.importers;

import io.stepcast.api.Config;
import io.stepcast.api.Workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Warns when measured rows of one file are one job to every predictor although they state different frameworks or
 * datasets. No predictor reads those two columns, so a table that compares frameworks on one cluster (one row per
 * framework for each GPU count, as DLPerf's and other cross-framework benchmark reports are laid out) is fitted as
 * repeats of one job, each framework's 1-GPU speed averaged with the others', and every framework's held-out row gets
 * the same answer. The rows are kept, as a file's replications are; one warning names the first such group's lines
 * and what differs, and says how to score one framework (or dataset) at a time. A suite that already splits its
 * dataset by the column can drop the warning ({@link #columns}).
 */
public final class PooledRowsCheck {
    /** Lines a warning lists before it stops. */
    private static final int LINES_SHOWN = 6;
    /** What differs, as {@link #notes} words it: {@code differ in framework (a, b) and dataset (c, d), which}. */
    private static final Pattern DIFFERS = Pattern.compile(" are one job to every predictor \\(.*\\) but differ in (.*), "
            + "which no predictor reads: ");
    /** One column in {@link #DIFFERS}' list. */
    private static final Pattern COLUMN = Pattern.compile("(?:^| and )(framework|dataset) \\(");

    /** Each job (the configuration without framework and dataset), with the lines of its rows in file order. */
    private final Map<Config, List<Long>> lines = new LinkedHashMap<>();
    /** Each job's frameworks, in file order. */
    private final Map<Config, Set<String>> frameworks = new LinkedHashMap<>();
    /** Each job's datasets, in file order. */
    private final Map<Config, Set<String>> datasets = new LinkedHashMap<>();

    PooledRowsCheck() {
    }

    /**
     * The columns a note of this check says the pooled rows differ in ({@code framework}, {@code dataset}), so that a
     * caller that splits the file's rows by all of them (a suite's protocol or {@code where}) can drop it; empty for
     * any other note.
     */
    public static List<String> columns(String note) {
        Matcher m = DIFFERS.matcher(note);
        if (!m.find()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        Matcher c = COLUMN.matcher(m.group(1));
        while (c.find()) {
            out.add(c.group(1));
        }
        return List.copyOf(out);
    }

    /** Records the measured row on {@code line}. */
    void row(long line, Config config) {
        Workload w = config.workload();
        Config job = new Config(new Workload(w.model(), null, null, w.parameterBytes()), config.deployment(),
                config.localBatch());
        lines.computeIfAbsent(job, k -> new ArrayList<>()).add(line);
        frameworks.computeIfAbsent(job, k -> new LinkedHashSet<>()).add(w.framework());
        datasets.computeIfAbsent(job, k -> new LinkedHashSet<>()).add(w.dataset());
    }

    /** At most one warning: the first pooled job's lines and what differs, with the count of such jobs. */
    List<String> notes() {
        List<Config> pooled = lines.keySet().stream()
                .filter(j -> frameworks.get(j).size() > 1 || datasets.get(j).size() > 1).toList();
        if (pooled.isEmpty()) {
            return List.of();
        }
        Config first = pooled.get(0);
        List<String> differs = new ArrayList<>();
        List<String> columns = new ArrayList<>();
        if (frameworks.get(first).size() > 1) {
            differs.add("framework (" + String.join(", ", frameworks.get(first)) + ")");
            columns.add("framework");
        }
        if (datasets.get(first).size() > 1) {
            differs.add("dataset (" + String.join(", ", datasets.get(first)) + ")");
            columns.add("dataset");
        }
        String column = columns.get(0);
        List<Long> ls = lines.get(first);
        String shown = ls.stream().limit(LINES_SHOWN).map(String::valueOf).collect(Collectors.joining(", "))
                + (ls.size() > LINES_SHOWN ? ", ..." : "");
        String others = pooled.size() == 1 ? "" : "; " + (pooled.size() - 1) + " more such job(s) in the file";
        return List.of("lines " + shown + " are one job to every predictor (" + first.model() + ", "
                + first.deployment().workers() + " worker(s) on " + first.deployment().nodes() + " node(s), local batch "
                + first.localBatch() + ") but differ in " + String.join(" and ", differs) + ", which no predictor reads:"
                + " every fit takes them for repeats of one job and every prediction answers them alike" + others
                + "; to keep each " + column + " apart give each its own file, or name this file in an evaluate suite"
                + " with where: {" + column + ": NAME} or a protocol split by it (extrapolation:nodes<=1:" + column
                + ")");
    }
}
