package io.stepcast.api.plugin;

import io.stepcast.api.Observation;

import java.util.List;

/**
 * What an {@link ObservationImporter} read: the observations, how many entries it skipped on purpose and
 * why (for example Gavel's pairs of jobs that did not fit on one GPU, published as 0 steps/s).
 *
 * @param observations the imported observations, in file order
 * @param skipped      entries deliberately not imported
 * @param notes        warnings: one line per reason for skipping, with counts, or per suspect value or assumption
 *                     the user should check ({@code datasets import} prints them as {@code warning:})
 * @param information  informational notes: how the input was read, where nothing is suspect (printed as
 *                     {@code note:})
 */
public record ImportedObservations(List<Observation> observations, int skipped, List<String> notes,
                                   List<String> information) {
    public ImportedObservations {
        observations = List.copyOf(observations);
        notes = List.copyOf(notes);
        information = List.copyOf(information);
        if (skipped < 0) {
            throw new IllegalArgumentException("skipped must not be negative");
        }
    }

    /** A result whose notes are all warnings. */
    public ImportedObservations(List<Observation> observations, int skipped, List<String> notes) {
        this(observations, skipped, notes, List.of());
    }

    /** A result with nothing skipped. */
    public static ImportedObservations of(List<Observation> observations) {
        return new ImportedObservations(observations, 0, List.of());
    }
}
