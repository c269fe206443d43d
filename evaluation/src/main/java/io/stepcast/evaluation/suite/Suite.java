package io.stepcast.evaluation.suite;

import io.stepcast.datasets.importers.TfCpuRecordings;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.stepcast.api.Validate;
import io.stepcast.evaluation.selection.SloPolicy;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An evaluation suite, as written in a JSON or YAML file (keys in snake_case): which datasets, scored
 * with which protocols on which targets, by which predictors with which hyper-parameters, which
 * batch-size selections to score, which published figures to reproduce, and which tables of measured peak memory
 * per GPU to score the predictors' memory estimate on.
 *
 * <pre>{@code
 * name: my-suite
 * description: Pollux extrapolation with two predictors
 * datasets:
 *   - name: pollux
 *     source: pollux              # a source of the observation catalog
 *     where: {split: placements}  # optional attribute filter (config fields or tags)
 *     protocols: [kfold:5, extrapolation:nodes<=4]
 *     targets: [step-time]
 * predictors:                     # absent or empty: every registered predictor
 *   - name: pollux
 *   - name: random-forest
 *     label: rf-50
 *     hyper_parameters: {trees: "50"}
 * selection:
 *   - dataset: pollux
 *     latency: step-time
 *     slo: {type: midpoints}
 *     selectors: [courier, risk-aware:0.05]  # registered selectors; absent: Courier's rule (and risk: levels)
 * reproduction: [courier]
 * memory: [megatron-lm-ci]       # measured peak memory per GPU (embedded tables)
 * hardware_file: lab-hardware.yaml  # the user's hardware, relative to this file (docs/hardware-file.md)
 * }</pre>
 *
 * @param name         suite name, used in results.json
 * @param description  one line shown in the report
 * @param datasets     the datasets and how each is scored
 * @param predictors   predictors with their hyper-parameters; empty for every registered one
 * @param selection    batch-size selection scorings
 * @param reproduction reproductions by name: of published figures ({@code courier} from the regression plugin,
 *                     {@code tf-benchmarks}), of figures measured on this machine ({@code tf-cpu-profiles}, see
 *                     {@link TfCpuRecordings}), or any a plugin registers ({@link Reproductions#resolve})
 * @param memory       embedded tables of measured peak memory per GPU by name
 *                     ({@link io.stepcast.datasets.memory.PeakMemoryTables#NAMED}): each predictor of the suite whose
 *                     estimator estimates memory ({@link io.stepcast.api.PeakMemory}) is scored on every run of each,
 *                     nothing fitted ({@link MemoryScoring})
 * @param hardwareFile the user's hardware file whose entries the run's catalog adds, relative to the suite file's
 *                     folder; empty for none (the command line's {@code --hardware-file} is the other way to name it)
 */
public record Suite(String name, String description, List<DatasetSpec> datasets, List<PredictorSpec> predictors,
                    List<SelectionSpec> selection, List<String> reproduction, List<String> memory,
                    String hardwareFile) {
    /** A suite that names no hardware file. */
    public Suite(String name, String description, List<DatasetSpec> datasets, List<PredictorSpec> predictors,
                 List<SelectionSpec> selection, List<String> reproduction, List<String> memory) {
        this(name, description, datasets, predictors, selection, reproduction, memory, null);
    }

    /** A suite that scores no memory (the form before {@code memory} was added). */
    public Suite(String name, String description, List<DatasetSpec> datasets, List<PredictorSpec> predictors,
                 List<SelectionSpec> selection, List<String> reproduction) {
        this(name, description, datasets, predictors, selection, reproduction, null);
    }

    public Suite {
        Validate.text(name, "suite name");
        description = description == null ? "" : description;
        datasets = List.copyOf(Objects.requireNonNullElse(datasets, List.of()));
        predictors = List.copyOf(Objects.requireNonNullElse(predictors, List.of()));
        selection = List.copyOf(Objects.requireNonNullElse(selection, List.of()));
        reproduction = List.copyOf(Objects.requireNonNullElse(reproduction, List.of()));
        memory = List.copyOf(Objects.requireNonNullElse(memory, List.of()));
        hardwareFile = hardwareFile == null ? "" : hardwareFile.trim();
    }

    /**
     * A dataset of the suite.
     *
     * @param name      name in the results
     * @param source    observation-catalog source ({@code courier-cells}, {@code pollux}, ...)
     * @param where     attribute filter: every entry must equal (see
     *                  {@link io.stepcast.evaluation.protocol.Attributes})
     * @param protocols protocol names (see {@link io.stepcast.evaluation.protocol.Protocols}); empty for a
     *                  dataset that is only a reference (for example an accuracy table)
     * @param targets   target labels scored
     */
    public record DatasetSpec(String name, String source, Map<String, String> where, List<String> protocols,
                              List<String> targets) {
        public DatasetSpec {
            Validate.text(name, "dataset name");
            Validate.text(source, "source of dataset " + name);
            where = Map.copyOf(Objects.requireNonNullElse(where, Map.of()));
            protocols = List.copyOf(Objects.requireNonNullElse(protocols, List.of()));
            targets = List.copyOf(Objects.requireNonNullElse(targets, List.of()));
        }
    }

    /**
     * A predictor of the suite.
     *
     * @param name            registered estimator name
     * @param label           name in the results (defaults to {@code name}); lets one estimator appear
     *                        twice with different hyper-parameters
     * @param hyperParameters overrides of the estimator's hyper-parameters
     */
    public record PredictorSpec(String name, String label,
                                @JsonProperty("hyper_parameters") Map<String, String> hyperParameters) {
        public PredictorSpec {
            Validate.text(name, "predictor name");
            label = label == null || label.isBlank() ? name : label;
            hyperParameters = Map.copyOf(Objects.requireNonNullElse(hyperParameters, Map.of()));
        }

        /** A predictor with its defaults. */
        public static PredictorSpec of(String name) {
            return new PredictorSpec(name, null, null);
        }
    }

    /**
     * A batch-size selection scoring.
     *
     * @param dataset       dataset whose jobs are decided
     * @param latency       the latency the SLO constrains: {@code response-time} or {@code step-time}
     * @param scope         {@code local} or {@code global} batch sizes
     * @param slo           where the SLOs come from
     * @param objective     {@code accuracy} or {@code throughput}: what the oracle maximises
     * @param accuracyTable where measured accuracy comes from, for the accuracy objective
     * @param protocol      how jobs are held out from the time predictor's fit (default {@code kfold:5:job})
     * @param predictors    predictor labels scored (default: every predictor of the suite)
     * @param knownBatch    {@code none} (default): a job is decided only by a fit that saw none of its
     *                      batches; {@code smallest}: the fit also sees the job's smallest-batch observation
     *                      (and, for recordings, its profile), as a profile-driven method has by
     *                      construction, and decides among all of the job's batches
     * @param risk          risk levels alpha, each scored as a risk-aware selector per predictor (the upper end of
     *                      a split-conformal interval at {@code 1 - alpha} must meet the SLO) besides Courier's rule;
     *                      fixed in the suite, never chosen on the scored decisions; empty for none. The form before
     *                      {@code selectors}: {@code risk: [a, b]} decides as {@code selectors: [courier,
     *                      risk-aware:a, risk-aware:b]}
     * @param selectors     registered selectors, each {@code NAME} or {@code NAME:RISK} ({@link SelectorSpec}), that
     *                      decide every job with every predictor, in this order; empty for Courier's rule and the
     *                      risk-aware one at each of {@code risk}'s levels. Names are checked against the registry
     *                      when the suite is read ({@link Suites#check})
     */
    public record SelectionSpec(String dataset, String latency, String scope, SloSpec slo, String objective,
                                @JsonProperty("accuracy_table") AccuracyTableSpec accuracyTable, String protocol,
                                List<String> predictors, @JsonProperty("known_batch") String knownBatch,
                                List<Double> risk, List<String> selectors) {
        /** A selection without risk-aware selectors (the form before {@code risk} was added). */
        public SelectionSpec(String dataset, String latency, String scope, SloSpec slo, String objective,
                             AccuracyTableSpec accuracyTable, String protocol, List<String> predictors,
                             String knownBatch) {
            this(dataset, latency, scope, slo, objective, accuracyTable, protocol, predictors, knownBatch, null);
        }

        /** A selection by Courier's rule and risk levels (the form before {@code selectors} was added). */
        public SelectionSpec(String dataset, String latency, String scope, SloSpec slo, String objective,
                             AccuracyTableSpec accuracyTable, String protocol, List<String> predictors,
                             String knownBatch, List<Double> risk) {
            this(dataset, latency, scope, slo, objective, accuracyTable, protocol, predictors, knownBatch, risk, null);
        }

        public SelectionSpec {
            risk = List.copyOf(Objects.requireNonNullElse(risk, List.of()));
            for (double r : risk) {
                if (!(r > 0 && r < 1)) {
                    throw new IllegalArgumentException("selection risk must be in (0, 1), was " + r);
                }
            }
            selectors = List.copyOf(Objects.requireNonNullElse(selectors, List.of()));
            // Read now, so that a malformed entry is reported with the file's line.
            selectors.forEach(SelectorSpec::parse);
            if (!risk.isEmpty() && !selectors.isEmpty()) {
                throw new IllegalArgumentException("a selection lists either risk (Courier's rule and the risk-aware"
                        + " one at each level) or selectors, not both: write risk-aware:LEVEL among its selectors");
            }
            Validate.text(dataset, "selection dataset");
            latency = latency == null ? "step-time" : latency;
            scope = scope == null ? "local" : scope;
            slo = Objects.requireNonNullElse(slo, new SloSpec("midpoints", null, null, null, null, null));
            objective = objective == null ? "throughput" : objective;
            protocol = protocol == null ? "kfold:5:job" : protocol;
            predictors = List.copyOf(Objects.requireNonNullElse(predictors, List.of()));
            knownBatch = knownBatch == null ? "none" : knownBatch;
            if (!knownBatch.equals("none") && !knownBatch.equals("smallest")) {
                throw new IllegalArgumentException("selection known_batch must be none or smallest, was '" + knownBatch
                        + "'");
            }
        }

        /** The {@code selectors} entries, read. */
        public List<SelectorSpec> selectorSpecs() {
            return selectors.stream().map(SelectorSpec::parse).toList();
        }
    }

    /**
     * SLO policy: {@code normal} (mean, sd, draws, seed), {@code midpoints} or {@code fixed} (values).
     */
    public record SloSpec(String type, Double mean, Double sd, Integer draws, Long seed, List<Double> values) {
        public SloSpec {
            type = type == null ? "midpoints" : type;
            switch (type) {
                case "normal" -> {
                    Objects.requireNonNull(mean, "slo.mean");
                    Objects.requireNonNull(sd, "slo.sd");
                }
                case "fixed" -> Objects.requireNonNull(values, "slo.values");
                case "midpoints" -> {
                }
                default -> throw new IllegalArgumentException("slo.type must be normal, midpoints or fixed, was '"
                        + type + "'");
            }
        }

        /** The policy this spec describes (normal: 10 draws and seed 2021 unless given). */
        public SloPolicy policy() {
            return switch (type) {
                case "normal" -> new SloPolicy.Normal(mean, sd, draws == null ? 10 : draws, seed == null ? 2021L : seed);
                case "fixed" -> new SloPolicy.Fixed(values);
                default -> new SloPolicy.Midpoints();
            };
        }
    }

    /**
     * Measured accuracy from another dataset of the suite, matched on attributes.
     *
     * @param dataset the dataset holding the accuracy rows
     * @param match   attributes that must agree, e.g. {@code [global_batch, tenants]}
     */
    public record AccuracyTableSpec(String dataset, List<String> match) {
    }
}
