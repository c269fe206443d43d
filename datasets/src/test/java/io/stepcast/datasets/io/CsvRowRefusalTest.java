package io.stepcast.datasets.io;

import io.stepcast.api.FieldNames;
import io.stepcast.api.InvalidField;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A row's refusal of one column carries the column, which another front end names in its own words. */
class CsvRowRefusalTest {
    /** A synthetic row of two layout columns. */
    private static final CsvRow ROW = new CsvRow("synthetic.csv", 3, Map.of("micro_batch", 0, "workers", 1),
            List.of("0", "4"));
    /** Synthetic front-end names: {@code <field>} quoted, mentions upper-cased. */
    private static final FieldNames ANGLED = new FieldNames() {
        @Override
        public String name(String field) {
            return "<" + field + ">";
        }

        @Override
        public String mention(String field) {
            return field.toUpperCase(java.util.Locale.ROOT);
        }
    };

    @Test
    void aCellOutOfRangeCarriesItsColumn() {
        assertThatThrownBy(() -> ROW.positiveInteger("micro_batch"))
                .hasMessage("synthetic.csv:3: column 'micro_batch' must be at least 1, was 0")
                .isInstanceOfSatisfying(DataFormatException.class, e -> {
                    assertThat(e.problem()).isEqualTo("column 'micro_batch' must be at least 1, was 0");
                    assertThat(e.field()).hasValueSatisfying(f -> assertThat(f.named(ANGLED))
                            .isEqualTo("<micro_batch> must be at least 1, was 0"));
                });
        assertThat(DataFormatException.at("synthetic.csv", 3, "no measurement").field()).isEmpty();
    }

    @Test
    void aDomainRefusalIsLocatedAtTheColumnThatStatesItsField() {
        // The layout's data_parallel is the row's workers; the field a reason mentions is mapped too.
        InvalidField refused = new InvalidField("data_parallel",
                names -> "is 4 but needs " + names.mention("micro_batches"));
        DataFormatException e = ROW.invalid(refused, f -> f.equals("data_parallel") ? "workers" : f + "_column");
        assertThat(e).hasMessage("synthetic.csv:3: column 'workers' is 4 but needs micro_batches_column");
        assertThat(e.field().orElseThrow().field()).isEqualTo("workers");
        assertThat(e.field().orElseThrow().named(ANGLED)).isEqualTo("<workers> is 4 but needs MICRO_BATCHES_COLUMN");
    }
}
