package io.stepcast.evaluation.suite;

import java.util.List;

/** The built-in reproductions by name. */
public final class Reproductions {
    /** Names accepted in a suite's {@code reproduction} list. */
    public static final List<String> NAMES = List.of("courier", "tf-benchmarks", TfCpuRecordings.SOURCE);

    private Reproductions() {
    }

    /** The reproduction called {@code name}. */
    public static Reproduction named(String name) {
        return switch (name) {
            case "courier" -> new CourierReproduction();
            case "tf-benchmarks" -> new PublishedTableReproduction("tf-benchmarks", "profile-only", "simulation",
                    "aws-distributed");
            case TfCpuRecordings.SOURCE -> new TfCpuProfilesReproduction();
            default -> throw new IllegalArgumentException("unknown reproduction '" + name + "' (known: "
                    + String.join(", ", NAMES) + ")");
        };
    }
}
