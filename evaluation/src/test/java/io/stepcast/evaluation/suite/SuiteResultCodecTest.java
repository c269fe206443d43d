package io.stepcast.evaluation.suite;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;
import io.stepcast.api.evaluation.Split;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.api.selection.SelectorParameters;
import io.stepcast.evaluation.SyntheticObservations;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.protocol.Attributes;
import io.stepcast.evaluation.selection.Objective;
import io.stepcast.evaluation.selection.SelectionCase;
import io.stepcast.evaluation.selection.SelectionOutcome;
import io.stepcast.evaluation.selection.SelectionScorer;
import io.stepcast.models.selection.CourierSelectorFactory;
import io.stepcast.models.selection.RiskAwareSelectorFactory;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;

import io.stepcast.evaluation.metrics.ScalingPoint;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bytes a suite task's result crosses JVMs as (the Spark engine): a hold-out result and a selection result,
 * covering every optional field both present and absent, decode to equal values, and their bytes are the envelope
 * header followed by the bodies recorded below, so executors and a driver of different builds keep understanding
 * each other; the bodies of version 1, without the header (as written before it) or with it, still decode (a hold-out
 * point then has no extrapolation note, which version 2 added).
 */
class SuiteResultCodecTest {
    private static final Split SPLIT = SyntheticObservations.v100HeldOut();
    /** Never fitted: encoding and decoding only read the plan. */
    private static final Estimator STUB = new UnavailableEstimator("stub", "never fitted");

    /** The binary envelope header: {@code stepcast-suite-result}, version 2. */
    private static final String HEADER_HEX = "001573746570636173742d73756974652d726573756c7400000002";
    /** The header of version 1, before each point's extrapolation note. */
    private static final String HEADER_V1_HEX = "001573746570636173742d73756974652d726573756c7400000001";

    /** The hold-out result in version 2: version 1's layout with each point's optional extrapolation note. */
    private static final String HOLD_OUT_HEX =
            "3ff4000000000000000000000200000002000000033fcae147ae147ae2003fd7ae147ae147ae000001421dcd65000000"
            + "0000000000003fc47ae147ae147b003fc999999999999a013fc33333333333333fd0000000000000013feccccccccccc"
            + "cd01003fcae147ae147ae1013fc851eb851eb8523fcd70a3d70a3d710000000000000000000000000000000000000100"
            + "00002b776f726b657273203634206973206f7574736964652074686520747261696e65642072616e676520312d380000"
            + "00020000000740710572620ae4c401000000166f7574736964652074686520646f6d61696e3a20c2b500000000000000"
            + "0000000000000001405900000000000000405ee000000000000140590000000000004062c00000000000000000000000"
            + "0000000100405e00000000000001405b8000000000004060400000000000013fe999999999999a000000000000000000"
            + "00"
            // no request of the scaling charts: a count of 0
            + "00000000";

    /**
     * What {@code SuiteTasks.encode} wrote for these results before the codec was a class of its own, with each
     * point's optional peak memory (a presence byte and a double) added since: version 1.
     */
    private static final String HOLD_OUT_V1_HEX =
            "3ff4000000000000000000000200000002000000033fcae147ae147ae2003fd7ae147ae147ae000001421dcd65000000"
            + "00000000003fc47ae147ae147b003fc999999999999a013fc33333333333333fd0000000000000013feccccccccccccd"
            + "01003fcae147ae147ae1013fc851eb851eb8523fcd70a3d70a3d71000000000000000000000000000000000000000000"
            + "020000000740710572620ae4c401000000166f7574736964652074686520646f6d61696e3a20c2b50000000000000000"
            + "000000000001405900000000000000405ee000000000000140590000000000004062c000000000000000000000000000"
            + "000100405e00000000000001405b8000000000004060400000000000013fe999999999999a000000000000000000"
            // no request of the scaling charts: a count of 0
            + "00000000";
    private static final String SELECTION_HEX =
            "4004000000000000010000000b696e7465727275707465640000000100000000020000000d6669727374206661696c75"
            + "72650000000e7365636f6e64206661696c75726500000002000000000100000020010100000040013fd0000000000000"
            + "0000000003000000103fc999999999999a000000203fd999999999999a000000403fe666666666666600000001000000"
            + "0000000000000000000000000000000000010000001765766572792063616e6469646174652072656675736564000000"
            + "0000000001000000010000000101000000100101000000100100000000000000000000000001000000103fd333333333"
            + "3333";

    private final HoldOutTask holdOut = new HoldOutTask("synthetic", "cross-hardware", SPLIT, "stub", STUB,
            List.of(Target.STEP_TIME, Target.THROUGHPUT));
    private final BatchSizeSelection selection = new BatchSizeSelection("synthetic", Target.STEP_TIME,
            BatchScope.LOCAL, new SelectionScorer(Objective.THROUGHPUT), Optional.empty(),
            List.of(selectionCase(SPLIT.test().get(0)), selectionCase(SPLIT.test().get(15))), List.of(SPLIT),
            Map.of("stub", STUB), List.of(new SelectionRule(CourierSelectorFactory.NAME, new CourierSelectorFactory(),
                    new CourierSelectorFactory().defaults()), new SelectionRule(RiskAwareSelectorFactory.NAME,
                    new RiskAwareSelectorFactory(), new SelectorParameters(OptionalDouble.empty(),
                    OptionalDouble.of(0.1)))), Optional.empty());
    private final SuiteTasks tasks = new SuiteTasks(new SuitePlan(new Suite("codec", null, null, null, null, null),
            Map.of("stub", STUB), Map.of(), List.of(), List.of(holdOut), List.of(selection),
            List.of(new SelectionFits(List.of(selection), Map.of("stub", STUB), Optional.empty())), List.of(), List.of()),
            Optional.empty());

    @Test
    void aHoldOutResultRoundTripsInTheRecordedBytes() {
        SuiteTasks.HoldOutResult result = holdOutResult();
        byte[] bytes = SuiteResultCodec.encodeHoldOut(result, holdOut);
        assertRoundTrip(0, result, bytes, HOLD_OUT_HEX, SuiteResultCodec.decodeHoldOut(bytes, holdOut));
    }

    @Test
    void aHoldOutResultOfVersion1DecodesWithoutExtrapolationNotes() {
        SuiteTasks.HoldOutResult withoutNotes = new SuiteTasks.HoldOutResult(holdOutResult().points().stream()
                .map(target -> target.stream().map(p -> new ScoredPoint(p.dataset(), p.protocol(), p.split(),
                        p.predictor(), p.target(), p.observation(), p.measured(), p.prediction(), p.nativeInterval(),
                        p.peakMemoryBytes())).toList()).toList(), List.of(), 1.25, Optional.empty());
        assertThat(tasks.decode(0, HexFormat.of().parseHex(HOLD_OUT_V1_HEX))).as("without the header")
                .isEqualTo(withoutNotes);
        assertThat(tasks.decode(0, HexFormat.of().parseHex(HEADER_V1_HEX + HOLD_OUT_V1_HEX))).as("with the header")
                .isEqualTo(withoutNotes);
    }

    @Test
    void aSelectionResultRoundTripsInTheRecordedBytes() {
        SuiteTasks.SelectionResult result = selectionResult();
        List<List<SelectionCase>> casesByMember = List.of(selection.cases(0));
        byte[] bytes = SuiteResultCodec.encodeSelection(result, casesByMember);
        assertRoundTrip(1, result, bytes, SELECTION_HEX, SuiteResultCodec.decodeSelection(bytes, casesByMember));
        // A selection's body is the same in both versions: without the header it is read as version 1.
        assertThat(tasks.decode(1, HexFormat.of().parseHex(SELECTION_HEX))).as("the body without the header")
                .isEqualTo(result);
    }

    @Test
    void theScalingPointsOfAChartedSplitRoundTripOnTheTasksOwnRequests() {
        // Fitted on 1 and 8 workers of one node, held out 16 on two: 2 and 4 workers lie between.
        Split split = new Split("fold-1", io.stepcast.api.TrainingSet.of("train", List.of(
                SyntheticObservations.of("alpha", "k80", 1, 1, 32), SyntheticObservations.of("alpha", "k80", 8, 1, 32))),
                List.of(SyntheticObservations.of("alpha", "k80", 16, 2, 32)));
        HoldOutTask charted = new HoldOutTask("synthetic", "kfold:2", split, "stub", STUB, List.of(Target.STEP_TIME),
                ScalingGrid.plan(List.of(split), List.of(Target.STEP_TIME)).get(0));
        assertThat(charted.chart()).hasSizeGreaterThan(2);
        List<Prediction> answers = new java.util.ArrayList<>();
        for (int i = 0; i < charted.chart().size(); i++) {
            answers.add(i % 3 == 2 ? Prediction.notApplicable("outside the domain")
                    : i % 3 == 1 ? Prediction.of(0.1 * i, 0.05 * i, 0.2 * i, 0.9) : Prediction.of(0.1 * i));
        }
        SuiteTasks.HoldOutResult result = new SuiteTasks.HoldOutResult(List.of(List.of()), charted.scaling(answers),
                1.5, Optional.empty());
        SuiteTasks.HoldOutResult back = SuiteResultCodec.decodeHoldOut(SuiteResultCodec.encodeHoldOut(result, charted),
                charted);
        assertThat(back).isEqualTo(result);
        assertThat(back.scaling()).extracting(ScalingPoint::role).contains(ScalingPoint.Role.TRAIN);
    }

    @Test
    void aResultOfAnotherVersionIsRefused() {
        byte[] bytes = tasks.encode(0, holdOutResult());
        bytes[HEADER_HEX.length() / 2 - 1] = 3;
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> tasks.decode(0, bytes))
                .hasMessageContaining("stepcast-suite-result version 3 is not supported");
    }

    @Test
    void theResultsOfFailedTasksRoundTrip() {
        for (int i = 0; i < tasks.size(); i++) {
            SuiteTasks.Result failed = tasks.failed(i, "cannot fit: no data");
            assertThat(tasks.decode(i, tasks.encode(i, failed))).isEqualTo(failed);
        }
    }

    /**
     * The codec's {@code bytes} of {@code result} are the recorded ones and decode to it, and task {@code task} of
     * the set encodes and decodes through the codec.
     */
    private void assertRoundTrip(int task, SuiteTasks.Result result, byte[] bytes, String recorded,
                                 SuiteTasks.Result decoded) {
        assertThat(HexFormat.of().formatHex(bytes)).isEqualTo(HEADER_HEX + recorded);
        assertThat(decoded).isEqualTo(result);
        assertThat(tasks.encode(task, result)).isEqualTo(bytes);
        assertThat(tasks.decode(task, bytes)).isEqualTo(result);
    }

    /**
     * Two targets; points without and with an interval (stated coverage or not), a refusal, a native interval, a
     * peak-memory estimate, an extrapolation note.
     */
    private SuiteTasks.HoldOutResult holdOutResult() {
        List<Observation> test = SPLIT.test();
        return new SuiteTasks.HoldOutResult(List.of(
                List.of(point(Target.STEP_TIME, test.get(3), Prediction.of(0.37), Optional.empty())
                                .withPeakMemory(3.2e10),
                        noted(point(Target.STEP_TIME, test.get(0), Prediction.of(0.2, 0.15, 0.25, 0.9),
                                Optional.of((Prediction.Value) Prediction.of(0.21, 0.19, 0.23))),
                                "workers 64 is outside the trained range 1-8")),
                List.of(point(Target.THROUGHPUT, test.get(7), Prediction.notApplicable("outside the domain: µ"),
                        Optional.empty()),
                        point(Target.THROUGHPUT, test.get(1), Prediction.of(123.5, 100, 150),
                                Optional.of((Prediction.Value) Prediction.of(120, 110, 130, 0.8))))),
                1.25, Optional.empty());
    }

    private static ScoredPoint noted(ScoredPoint p, String extrapolation) {
        return new ScoredPoint(p.dataset(), p.protocol(), p.split(), p.predictor(), p.target(), p.observation(),
                p.measured(), p.prediction(), p.nativeInterval(), p.peakMemoryBytes(), Optional.of(extrapolation));
    }

    private ScoredPoint point(Target target, Observation o, Prediction p, Optional<Prediction.Value> own) {
        return new ScoredPoint(holdOut.dataset(), holdOut.protocol(), holdOut.split().id(), holdOut.label(), target,
                o, o.value(target).orElse(1.0), p, own);
    }

    /**
     * One member deciding two jobs: one decided with a regret, one undecided; one risk level; two failures and the
     * task's own failure.
     */
    private SuiteTasks.SelectionResult selectionResult() {
        List<SelectionCase> cases = selection.cases(0);
        SelectionOutcome decided = new SelectionOutcome(cases.get(0), OptionalInt.of(32), true, OptionalInt.of(64),
                OptionalDouble.of(0.25), Optional.empty(), Map.of(64, 0.7, 16, 0.2, 32, 0.4));
        SelectionOutcome undecided = new SelectionOutcome(cases.get(1), OptionalInt.empty(), false,
                OptionalInt.empty(), OptionalDouble.empty(), Optional.of("every candidate refused"), Map.of());
        SelectionOutcome atRisk = new SelectionOutcome(cases.get(1), OptionalInt.of(16), true, OptionalInt.of(16),
                OptionalDouble.of(0.0), Optional.empty(), Map.of(16, 0.3));
        return new SuiteTasks.SelectionResult(List.of(new BatchSizeSelection.FoldDecisions(
                List.of(List.of(decided, undecided), List.of(atRisk)), Set.of("second failure", "first failure"),
                false)), 2.5, Optional.of("interrupted"));
    }

    /** The job of {@code o} with its three measured batches, under an SLO of half a second. */
    private static SelectionCase selectionCase(Observation o) {
        String job = Attributes.job(o);
        Map<Integer, Double> latency = new TreeMap<>();
        SPLIT.test().stream().filter(x -> Attributes.job(x).equals(job))
                .forEach(x -> latency.put(x.config().localBatch(), x.value(Target.STEP_TIME).getAsDouble()));
        return new SelectionCase(job, o.config(), BatchScope.LOCAL, 0.5, latency, Map.of());
    }
}
