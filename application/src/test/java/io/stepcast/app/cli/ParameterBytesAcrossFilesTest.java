package io.stepcast.app.cli;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A model's size stated in one of evaluate's two files fills the other's blank cells where it is one figure. */
class ParameterBytesAcrossFilesTest {
    private static Observation row(String model, Long bytes) {
        Config.Builder b = Config.builder().model(model).workers(1).localBatch(32);
        if (bytes != null) {
            b.parameterBytes(bytes);
        }
        return new Observation(b.build(), Measurements.builder().stepTimeS(0.1).build(), "synthetic");
    }

    @Test
    void aBlankCellTakesTheOtherFilesSingleFigureOfItsModel() {
        List<Observation> other = List.of(row("Jasper-Large", 1_332_000_000L), row("jasper_large", 1_332_000_000L),
                row("two-sizes", 10L), row("two-sizes", 20L));
        List<String> notes = new ArrayList<>();
        List<Observation> out = ParameterBytesAcrossFiles.fill(List.of(row("Jasper-Large", null),
                row("Jasper-Large", 7L), row("two-sizes", null), row("unstated", null)), "test.csv", other,
                "train.csv", notes);
        assertThat(out.get(0).config().workload().parameterBytes().getAsLong()).isEqualTo(1_332_000_000L);
        // What a row states stays; two figures of one model single out none; a model the other file lacks stays blank.
        assertThat(out.get(1).config().workload().parameterBytes().getAsLong()).isEqualTo(7L);
        assertThat(out.get(2).config().workload().parameterBytes()).isEmpty();
        assertThat(out.get(3).config().workload().parameterBytes()).isEmpty();
        assertThat(notes).containsExactly("test.csv: parameter_bytes of model Jasper-Large is blank in 1 row(s), taken"
                + " from train.csv (1332000000), which states it for that model");
    }

    @Test
    void twoFilesStatingAModelAtDifferentFiguresAreNoted() {
        // Synthetic rows: the ML-20m NCF and the zoo's Pollux NCF share a name and differ twentyfold in size.
        List<Observation> train = List.of(row("ncf", 128_000_000L), row("ncf", 128_000_000L), row("same", 5L),
                row("only-train", 9L));
        List<Observation> test = List.of(row("NCF", 6_400_000L), row("same", 5L), row("blank", null));
        assertThat(ParameterBytesAcrossFiles.conflicts(train, "train.csv", test, "test.csv")).containsExactly(
                "test.csv: parameter_bytes of model NCF is 6400000 here but 128000000 in train.csv; each row keeps its"
                        + " own figure, so check which one is the model's");
    }

    @Test
    void aModelsNotesAtTwoPrecisionsNameBothMixedPrecisionToo() {
        // Synthetic rows: one model stated at fp32 and at mixed precision, as a table's two columns state it.
        List<Observation> train = List.of(at("jasper", Precision.FP32, 10L), at("jasper", Precision.FP16, 10L));
        List<Observation> test = List.of(at("jasper", Precision.FP32, 5L), at("jasper", Precision.FP16, 5L));
        assertThat(ParameterBytesAcrossFiles.conflicts(train, "train.csv", test, "test.csv")).containsExactly(
                "test.csv: parameter_bytes of model jasper at fp32 is 5 here but 10 in train.csv; each row keeps its"
                        + " own figure, so check which one is the model's",
                "test.csv: parameter_bytes of model jasper at mixed precision is 5 here but 10 in train.csv; each row"
                        + " keeps its own figure, so check which one is the model's");
    }

    private static Observation at(String model, Precision precision, long bytes) {
        Config c = Config.builder().model(model).workers(1).parameterBytes(bytes)
                .parallel(ParallelLayout.builderForGlobalBatch(1, 1, 1, 32, 32).precision(precision).build())
                .build();
        return new Observation(c, Measurements.builder().stepTimeS(0.1).build(), "synthetic");
    }
}
