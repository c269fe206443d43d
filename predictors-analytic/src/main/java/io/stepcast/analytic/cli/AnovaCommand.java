package io.stepcast.analytic.cli;

import io.stepcast.analytic.formula.Formula;
import io.stepcast.analytic.ols.Cells;
import io.stepcast.analytic.ols.FactorialAnalysis;
import io.stepcast.analytic.ols.PairwiseMannWhitney;
import io.stepcast.analytic.ols.PairwiseTest;
import io.stepcast.analytic.table.CsvTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code stepcast anova}: the factorial analysis of any CSV (Jain's method as Courier applies it): OLS of
 * the response on every main effect and interaction of the numeric factors, with the Type-II ANOVA table.
 * With {@code --runs} and {@code --sd} each row is a cell of several runs and the within-cell variance
 * enters the residual, which reproduces the analysis of the raw runs; without them each row is one run and
 * the pairwise Mann-Whitney U tests per factor level are added.
 */
@Command(name = "anova", mixinStandardHelpOptions = true,
        description = "Factorial analysis of a CSV: OLS with interactions and Type-II ANOVA (Courier/Jain).")
public final class AnovaCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--input", required = true, paramLabel = "FILE.csv", description = "CSV with a header row")
    private Path input;

    @Option(names = "--response", required = true, paramLabel = "COLUMN",
            description = "response column (the cell mean with --runs)")
    private String response;

    @Option(names = "--factors", required = true, split = ",", paramLabel = "a,b,c",
            description = "numeric factor columns; the model has all their interactions")
    private List<String> factors;

    @Option(names = "--terms", paramLabel = "RHS",
            description = "model terms instead of the full factorial, e.g. 'cpu*batch + njobs'")
    private String terms;

    @Option(names = "--runs", paramLabel = "COLUMN", description = "runs per row (aggregated cells)")
    private String runs;

    @Option(names = "--sd", paramLabel = "COLUMN", description = "standard deviation of the runs per row")
    private String sd;

    @Option(names = "--json", description = "print one JSON object instead of tables")
    private boolean json;

    @Override
    public Integer call() throws Exception {
        if ((runs == null) != (sd == null)) {
            throw new IllegalArgumentException("--runs and --sd go together: the within-cell variance needs both");
        }
        CsvTable table = CsvTable.read(input);
        if (table.size() == 0) {
            throw new IllegalArgumentException(input + ": no data rows");
        }
        Map<String, double[]> values = new LinkedHashMap<>();
        for (String f : factors) {
            values.put(f.trim(), table.numbers(f.trim()));
        }
        double[] y = table.numbers(response);
        Cells cells = runs == null ? Cells.raw(values, y) : new Cells(values, y, table.numbers(sd), table.numbers(runs));
        Formula formula = terms == null
                ? Formula.fullFactorial(response, List.copyOf(values.keySet()))
                : Formula.parse(response + " ~ " + terms);
        for (String f : formula.factors()) {
            if (!values.containsKey(f)) {
                throw new IllegalArgumentException("--terms uses '" + f + "', which is not among --factors "
                        + String.join(",", values.keySet()));
            }
        }
        FactorialAnalysis analysis;
        try {
            analysis = FactorialAnalysis.of(formula, cells);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(input + ": " + e.getMessage(), e);
        }
        List<PairwiseTest> pairwise = runs == null
                ? PairwiseMannWhitney.tests(cells, formula.factors()) : List.of();
        AnovaReport report = new AnovaReport(input.toString(), table.size(), analysis, pairwise);
        spec.commandLine().getOut().print(json ? report.json() + System.lineSeparator() : report.text());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
