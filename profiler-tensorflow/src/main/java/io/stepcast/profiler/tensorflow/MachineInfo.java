package io.stepcast.profiler.tensorflow;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The machine a recording ran on.
 *
 * @param cpuModel     the processor's model name ({@code model name} in {@code /proc/cpuinfo}, else the
 *                     architecture)
 * @param logicalCpus  processors available to the JVM
 * @param os           operating system name and version
 * @param java         Java runtime version
 */
public record MachineInfo(String cpuModel, int logicalCpus, String os, String java) {

    /** This machine. */
    public static MachineInfo detect() {
        return new MachineInfo(cpuModel(Path.of("/proc/cpuinfo")), Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("java.version"));
    }

    static String cpuModel(Path cpuinfo) {
        try {
            List<String> lines = Files.readAllLines(cpuinfo);
            for (String line : lines) {
                if (line.startsWith("model name")) {
                    int colon = line.indexOf(':');
                    String model = line.substring(colon + 1).trim().replaceAll("\\s+", " ");
                    if (!model.isEmpty()) {
                        return model;
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or not readable: fall back to the architecture.
        }
        return System.getProperty("os.arch", "unknown");
    }
}
