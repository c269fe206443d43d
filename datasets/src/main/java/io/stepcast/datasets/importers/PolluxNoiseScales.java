package io.stepcast.datasets.importers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The gradient noise scale of every Pollux job (the reader; the efficiency it implies is
 * {@code io.stepcast.models.selection.NoiseScaleEfficiency}), from its validation curves
 * ({@code pollux/<job>/validation-<global batch>.csv}), as the statistical efficiency of Pollux's goodput
 * (Qiao et al., OSDI 2021, section 3.1). The reference batch {@code M0} is the smallest global batch with a
 * curve; the traces' {@code grad_var / grad_sqr} is stated relative to it (as AdaptDL's {@code GoodputFunction}
 * reads it: {@code EFFICIENCY(M) = (r + 1) / (r + M / M0)}), so the noise scale in samples is
 * {@code phi = M0 x r}. Our choice where Pollux adapts {@code r} as training goes: the median of
 * {@code grad_var / grad_sqr} over the reference curve, one number per job for the whole run.
 */
public final class PolluxNoiseScales {
    private PolluxNoiseScales() {
    }

    /**
     * One job's noise scale.
     *
     * @param noiseScale     {@code phi}, samples
     * @param referenceBatch {@code M0}, the global batch of the reference curve
     */
    public record Scale(double noiseScale, int referenceBatch) {
    }

    /**
     * The noise scale of every job under {@code dataDir/pollux}, keyed by the model names of the Pollux importer;
     * empty when the folder is missing or no job has curves.
     *
     * @throws IOException when a validation file cannot be read (the message names it)
     */
    public static Map<String, Scale> read(Path dataDir) throws IOException {
        Path pollux = dataDir.resolve("pollux");
        if (!Files.isDirectory(pollux)) {
            return Map.of();
        }
        List<Path> jobs;
        try (Stream<Path> s = Files.list(pollux)) {
            jobs = s.filter(Files::isDirectory).sorted().toList();
        }
        Map<String, Scale> scales = new TreeMap<>();
        for (Path job : jobs) {
            try (Stream<Path> s = Files.list(job)) {
                if (s.noneMatch(p -> p.getFileName().toString().startsWith("validation-"))) {
                    continue;
                }
            }
            List<PolluxValidation.Point> points = new PolluxValidation().read(job);
            int m0 = points.get(0).globalBatch();
            double[] ratios = points.stream().filter(p -> p.globalBatch() == m0)
                    .mapToDouble(PolluxValidation.Point::noiseScale).filter(Double::isFinite).sorted().toArray();
            if (ratios.length == 0) {
                continue;
            }
            double median = ratios.length % 2 == 1 ? ratios[ratios.length / 2]
                    : (ratios[ratios.length / 2 - 1] + ratios[ratios.length / 2]) / 2;
            if (median > 0) {
                scales.put(PolluxImporter.modelOf(job.getFileName().toString()), new Scale(m0 * median, m0));
            }
        }
        return scales;
    }
}
