package io.stepcast.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Predictor;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.BatchSizeSelector;
import io.stepcast.api.selection.CandidateEstimate;
import io.stepcast.api.selection.SelectorParameters;
import io.stepcast.app.model.SavedPredictors;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.evaluation.BatchSelection;
import io.stepcast.models.selection.CourierJob;
import io.stepcast.models.selection.CourierSelector;
import io.stepcast.models.selection.RiskAwareSelector;
import io.stepcast.models.uncertainty.SplitConformalEstimator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * {@code stepcast select-batch}: Courier's real-time batch-size decision for a BigDL job (Albo Martinez et
 * al., ICPE 2021). Fits the chosen predictor on the Courier measurements (embedded, or from {@code --data})
 * or loads a saved one, then applies the registered selector named by {@code --selector} (Courier's rule, or the
 * risk-aware rule when only {@code --risk} is given) over the candidate global batch sizes.
 */
@Command(name = "select-batch", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Choose the batch size of a BigDL job that meets a latency SLO (Courier).")
final class SelectBatchCommand extends RegistryCommand {

    // Required: without an SLO no candidate can be called feasible, and a decision that says "feasible" of a
    // batch nobody bounded misleads (serve refuses a request without slo_s for the same reason).
    @Option(names = "--slo", paramLabel = "SECONDS", required = true,
            description = "Latency SLO of the whole training job in seconds (required).")
    private double slo;

    @Option(names = "--cpu", paramLabel = "CORES", required = true, description = "Total executor cores of the job (1-core executors).")
    private int cpu;

    @Option(names = "--njobs", paramLabel = "JOBS", required = true, description = "Identical jobs submitted together (tenancy).")
    private int njobs;

    @Option(names = "--network", paramLabel = "NETWORK", required = true, description = "lenet5 or mlp.")
    private String network;

    @Option(names = "--candidates", paramLabel = "BATCH", split = ",",
            description = "Candidate global batch sizes (default: Courier's, 64,128,256,512).")
    private List<Integer> candidates;

    @Option(names = "--selector", paramLabel = "NAME",
            description = "Registered batch-size selector: courier (Courier's rule on point predictions) or risk-aware"
                    + " (on the upper end of each candidate's interval), or a plugin's (default: risk-aware when"
                    + " --risk is given, else courier).")
    private String selector;

    @Option(names = "--alpha", paramLabel = "WEIGHT",
            description = "Weight of accuracy in Courier's trade-off without an SLO, in [0, 1]; no effect now that --slo"
                    + " is required, accepted so that existing scripts still run (default: "
                    + CourierSelector.DEFAULT_ALPHA + ").")
    private Double alpha;

    @Option(names = "--risk", paramLabel = "ALPHA",
            description = "Risk-aware selection: a batch is feasible when the upper end of its split-conformal interval"
                    + " at 1 - ALPHA is under the SLO (ALPHA in (0, 1); default with --selector risk-aware: "
                    + RiskAwareSelector.DEFAULT_RISK + ").")
    Double risk;

    @Option(names = "--model", paramLabel = "MODEL", description = "A predictor saved by 'stepcast fit'.")
    private Path model;

    @Option(names = "--predictor", paramLabel = "NAME", defaultValue = BatchSelection.DEFAULT_PREDICTOR,
            description = "Predictor to fit on the Courier data when no --model is given (default: ${DEFAULT-VALUE}).")
    private String predictorName;

    @Option(names = "--data", paramLabel = "DIR",
            description = "Folder laid out like shared/data; default: the Courier tables embedded in stepcast.")
    private Path data;

    @Option(names = "--json", description = "Print {batch, feasible, candidates: [{batch, time_s, accuracy}]}.")
    private boolean json;

    SelectBatchCommand(PluginRegistry registry) {
        super(registry);
    }

    @Override
    public Integer call() throws Exception {
        if (!CourierJob.knows(network)) {
            throw new IllegalArgumentException("--network must be lenet5 or mlp, was '" + network + "'");
        }
        if (!(slo > 0) || Double.isInfinite(slo)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--slo must be a positive number of seconds, was "
                    + slo);
        }
        if (risk != null && !(risk > 0 && risk < 1)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--risk must be in (0, 1), was " + risk);
        }
        // Before any fit: a mistyped selector should fail in a moment, naming the known ones.
        BatchSelection choice = BatchSelection.resolve(registry::selector, Optional.ofNullable(selector),
                new SelectorParameters(optional(alpha), optional(risk)));
        Predictor predictor = model != null ? SavedPredictors.load(registry, model) : fitOnCourier(choice);
        BatchSizeSelector rule = choice.selector(predictor);
        Config job = CourierJob.of(network, cpu, njobs).config();
        List<Integer> batches = candidates != null ? candidates : CourierJob.DEFAULT_CANDIDATES;
        long start = System.nanoTime();
        BatchDecision decision = rule.select(job, batches, OptionalDouble.of(slo));
        double micros = (System.nanoTime() - start) / 1e3;
        print(decision, choice, predictor, micros);
        noteOutsideMeasured(batches);
        return 0;
    }

    /**
     * A note on stderr for candidates outside the batches Courier measured: the predictors interpolate, and a tree
     * gives such a batch the figures of the nearest measured one, so a decision among them is a guess.
     */
    private void noteOutsideMeasured(List<Integer> batches) {
        int least = CourierJob.DEFAULT_CANDIDATES.get(0);
        int most = CourierJob.DEFAULT_CANDIDATES.get(CourierJob.DEFAULT_CANDIDATES.size() - 1);
        List<String> outside = batches.stream().filter(b -> b < least || b > most).map(String::valueOf).toList();
        if (!outside.isEmpty()) {
            PrintWriter err = spec.commandLine().getErr();
            err.printf(Locale.ROOT, "note: candidate batch(es) %s lie outside the %d to %d of Courier's measurements; "
                    + "the predictors extrapolate there (a tree repeats the nearest measured batch's figures)%n",
                    String.join(", ", outside), least, most);
            err.flush();
        }
    }

    private static OptionalDouble optional(Double value) {
        return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
    }

    private Predictor fitOnCourier(BatchSelection choice) throws IOException {
        var observations = new DefaultObservationCatalog().observations("courier", Optional.ofNullable(data));
        Estimator e = registry.estimator(predictorName);
        // A selector that judges intervals gets them calibrated on the same table (refit mode: the points are the
        // plain fit's).
        return (choice.needsIntervals() ? new SplitConformalEstimator(e) : e)
                .fit(TrainingSet.of("courier", observations));
    }

    private void print(BatchDecision d, BatchSelection choice, Predictor predictor, double micros) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            ObjectNode root = choice.json(mapper, d, predictor.provenance().estimator());
            out.println(mapper.writeValueAsString(root));
        } else {
            TextTable t = new TextTable("BATCH", "PREDICTED TIME (s)", "PREDICTED ACCURACY", "MEETS SLO");
            for (CandidateEstimate c : d.candidates()) {
                t.row(String.valueOf(c.batch()), String.format(Locale.ROOT, "%.1f", c.timeS())
                                + (c.upperS().isPresent() ? String.format(Locale.ROOT, " (upper %.1f)",
                                c.upperS().getAsDouble()) : ""),
                        c.accuracy().isPresent() ? String.format(Locale.ROOT, "%.4f", c.accuracy().getAsDouble()) : "-",
                        d.slo().isPresent() ? (c.feasible() ? "yes" : "no") : "-");
            }
            t.print(out);
            d.skipped().forEach(s -> out.println("skipped " + s));
            out.printf(Locale.ROOT, "chosen batch: %d (%s)%n", d.batch(), d.rationale());
            if (d.slo().isPresent() && !d.sloAttainable()) {
                out.printf(Locale.ROOT, "SLO of %.0f s is not attainable by any candidate%n", d.slo().getAsDouble());
            }
            out.printf(Locale.ROOT, "predictor: %s; decision took %.0f microseconds (fit excluded)%n",
                    predictor.provenance().estimator(), micros);
        }
        out.flush();
    }
}
